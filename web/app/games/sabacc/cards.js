// Sabacc's cards for the browser: reading a card's text (`T21`, `Nc`, `idiot`, `7-sabres`,
// `demise`, `?`), what a hand makes under each rule set (a port of the engine's
// crates/games/sabacc/src/hand.rs, so that a player sees what his cards are worth), and a
// card drawn as SVG (face or back) with its badges.

import { s } from '../../dom.js';

/**
 * A card read from its notation.
 * @typedef {Object} Card
 * @property {'hidden'|'trump'|'suited'|'idiot'|'canon'|'face'} kind
 * @property {string} text      the notation (`T21`, `Kd`, `?`)
 * @property {number} rank      trump number; suit rank 1–14; canon rank 1–15; face index 0–13
 * @property {string} suit      `s`, `b`, `c`, `d`; `sabres`, `staves`, `flasks`, `coins`; ''
 */

/**
 * The deck whose values count (the engine's DeckKind).
 * @typedef {'tarot'|'french'|'canonical'|'theory'|'west-end'} DeckKind
 */

const FACE_NAMES = ['queen', 'endurance', 'balance', 'demise', 'moderation', 'evil-one', 'star',
  'smuggler', 'bounty-hunter', 'jedi-knight', 'jedi-master', 'dark-jedi', 'sith-lord', 'rancor'];
/** What each face card is called on the table. */
const FACE_TITLES = ['Queen of Air and Darkness', 'Endurance', 'Balance', 'Demise', 'Moderation', 'The Evil One',
  'The Star', 'Smuggler', 'Bounty Hunter', 'Jedi Knight', 'Jedi Master', 'Dark Jedi', 'Sith Lord', 'Rancor'];
const FACE_SHORT = ['Queen', 'Endur.', 'Balance', 'Demise', 'Moder.', 'Evil One', 'Star',
  'Smuggler', 'Bounty', 'J.Knight', 'J.Master', 'Dark Jedi', 'Sith', 'Rancor'];
const CANONICAL_FACE_VALUE = [-2, -8, -13, -11, -13, -15, -17];
const WEST_END_FACE_VALUE = [-2, -8, -11, -13, -14, -15, -17];
const THEORY_FACE_VALUE = [2, 8, 11, 13, 14, 15, 17];
const CANON_RANKS = { commander: 12, mistress: 13, master: 14, ace: 15 };
const SUIT_NAMES = { s: 'swords', b: 'batons', c: 'cups', d: 'deniers' };
const RANK_NAMES = ['', 'ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'valet', 'cavalier', 'dame', 'roi'];
const RANK_LETTERS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'N', 'Q', 'K'];

/**
 * Reads a card's notation.
 * @param {string} text
 * @returns {Card}
 */
export function parseCard(text) {
  const t = String(text).trim();
  const low = t.toLowerCase();
  /** @type {Card} */
  const card = { kind: 'hidden', text: t, rank: 0, suit: '' };
  if (low === '?' || low === '') return card;
  if (low === 'idiot' || low === 'excuse' || low === 'joker') return { ...card, kind: 'idiot', text: 'idiot' };
  let m = /^t(\d{1,2})$/.exec(low);
  if (m) return { ...card, kind: 'trump', rank: Number(m[1]) };
  m = /^(a|[2-9]|10|j|n|q|k)([sbcd])$/.exec(low);
  if (m) {
    const rank = RANK_LETTERS.indexOf(m[1].toUpperCase());
    return { ...card, kind: 'suited', rank, suit: m[2] };
  }
  m = /^(\d{1,2}|commander|mistress|master|ace)-(sabres|staves|flasks|coins)$/.exec(low);
  if (m) {
    const r = /** @type {Record<string, number>} */ (CANON_RANKS)[m[1]] ?? Number(m[1]);
    return { ...card, kind: 'canon', rank: r, suit: m[2] };
  }
  const f = FACE_NAMES.indexOf(low);
  if (f >= 0) return { ...card, kind: 'face', rank: f };
  return card;
}

/**
 * A rank's value in the tarot decks (54 cards: no cavalier, dame 12, roi 13).
 * @param {DeckKind} deck
 * @param {number} rank
 */
function rankValue(deck, rank) {
  if (deck === 'french') return [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 12, 13][rank];
  return rank;
}

/** @param {DeckKind} deck */
function aceHigh(deck) {
  return deck === 'french' ? 14 : 15;
}

/**
 * A card's value in the canonical decks (and its plain number in the tarot ones).
 * @param {Card} c
 * @param {DeckKind} deck
 */
export function valueIn(c, deck) {
  switch (c.kind) {
    case 'canon': return c.rank;
    case 'face':
      if (c.rank >= 7) return THEORY_FACE_VALUE[c.rank - 7];
      return deck === 'west-end' ? WEST_END_FACE_VALUE[c.rank] : CANONICAL_FACE_VALUE[c.rank];
    case 'trump': return c.rank;
    case 'suited': return rankValue(deck, c.rank);
    default: return 0;
  }
}

/** @param {string} suit */
export function isArme(suit) {
  return suit === 's' || suit === 'b';
}

/**
 * A card's name in words: `trump 21`, `roi of deniers`, `the Idiot`, `commander of staves`.
 * @param {Card} c
 * @param {DeckKind} deck
 */
export function cardName(c, deck) {
  switch (c.kind) {
    case 'hidden': return 'a card face down';
    case 'trump': return `trump ${c.rank}`;
    case 'idiot': return 'the Idiot';
    case 'suited': {
      const name = deck === 'french' ? ['', 'ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', '', 'queen', 'king'][c.rank] : RANK_NAMES[c.rank];
      return `${name} of ${/** @type {Record<string, string>} */ (SUIT_NAMES)[c.suit]}`;
    }
    case 'canon': {
      const names = { 12: 'commander', 13: 'mistress', 14: 'master', 15: 'ace' };
      return `${/** @type {Record<number, string>} */ (names)[c.rank] ?? c.rank} of ${c.suit}`;
    }
    case 'face': return FACE_TITLES[c.rank];
  }
  return c.text;
}

/**
 * What one card is worth, in words for a tooltip.
 * @param {Card} c
 * @param {DeckKind} deck
 */
export function cardWorth(c, deck) {
  switch (c.kind) {
    case 'hidden': return 'Only its holder knows it.';
    case 'trump': return `A trump: always adds ${c.rank}.`;
    case 'idiot': return 'Worth 0; with a 2 and a 3 it makes the Idiot\'s Sabacc.';
    case 'suited': {
      const v = rankValue(deck, c.rank);
      const tint = isArme(c.suit) ? 'Armes (swords and batons)' : 'Richesses (cups and deniers)';
      const ace = c.rank === 1 ? ` (1 or ${aceHigh(deck)}, the best for the hand)` : '';
      return `Worth ${c.rank === 1 ? 1 : v}${ace}. A card of the ${tint}: one tint adds, the other subtracts, as suits the hand best.`;
    }
    case 'canon': return `Worth +${c.rank}.`;
    case 'face': {
      const v = valueIn(c, deck);
      return `Worth ${v > 0 ? '+' : ''}${v}.`;
    }
  }
  return '';
}

// ---------------------------------------------------------------------------------------
// Hands (rules §Hands), as crates/games/sabacc/src/hand.rs counts them.

export const LOSING = 0;
export const TRIPLE_IDIOT = 24;
export const IDIOT_SABACC = 25;
export const PETIT_SABACC = 26;
export const GRAND_SABACC = 27;

/**
 * @typedef {{rank: number, value: number, armesAdd: boolean | null, acesHigh: number, communal: Card | null}} TarotHand
 */

/**
 * A tarot hand (any number of cards; special Sabaccs need three), with how the best value
 * is made (which tint adds, how many aces count high).
 * @param {Card[]} cards
 * @param {DeckKind} deck
 * @returns {TarotHand}
 */
export function tarotHand(cards, deck) {
  let trumps = 0, armes = 0, riches = 0, armeAces = 0, richeAces = 0, idiots = 0;
  let two = false, three = false, t1 = false, t21 = false, suits = false;
  for (const c of cards) {
    if (c.kind === 'trump') {
      trumps += c.rank;
      if (c.rank === 2) two = true;
      if (c.rank === 3) three = true;
      if (c.rank === 1) t1 = true;
      if (c.rank === 21) t21 = true;
    } else if (c.kind === 'suited') {
      suits = true;
      const v = rankValue(deck, c.rank);
      if (c.rank === 2) two = true;
      if (c.rank === 3) three = true;
      if (isArme(c.suit)) { armes += v; if (c.rank === 1) armeAces++; } else { riches += v; if (c.rank === 1) richeAces++; }
    } else if (c.kind === 'idiot') idiots++;
  }
  const extra = aceHigh(deck) - 1;
  let best = -1, over = Infinity;
  for (let ha = 0; ha <= armeAces; ha++) {
    for (let hr = 0; hr <= richeAces; hr++) {
      const a = armes + ha * extra, r = riches + hr * extra;
      for (const total of [trumps + a - r, trumps - a + r]) {
        const v = Math.abs(total);
        if (v <= 23) best = Math.max(best, v); else over = Math.min(over, v);
      }
    }
  }
  // How the best value is made, a positive total first (the sign does not matter, but a
  // positive sum reads more easily).
  /** @type {[boolean, number] | null} */
  let way = null;
  for (const positive of [true, false]) {
    for (let ha = 0; ha <= armeAces && !way; ha++) {
      for (let hr = 0; hr <= richeAces && !way; hr++) {
        const a = armes + ha * extra, r = riches + hr * extra;
        for (const [add, total] of /** @type {[boolean, number][]} */ ([[true, trumps + a - r], [false, trumps - a + r]])) {
          if (!way && (positive ? total : Math.abs(total)) === best) way = [add, ha + hr];
        }
      }
    }
  }
  const armesAdd = suits && way ? way[0] : null;
  const acesHigh = way ? way[1] : 0;
  /** @param {number} rank @param {number} value */
  const out = (rank, value) => ({ rank, value, armesAdd, acesHigh, communal: null });
  if (best === 23) return out(GRAND_SABACC, 23);
  if (cards.length === 3) {
    const value = Math.max(best, 0);
    if (deck === 'tarot' && t21 && t1 && idiots === 1) return out(PETIT_SABACC, value);
    if (idiots === 1 && two && three) return out(IDIOT_SABACC, value);
    if (idiots >= 2) return out(TRIPLE_IDIOT, value);
  }
  if (best >= 0) return out(best + 1, best);
  return { rank: LOSING, value: over, armesAdd: null, acesHigh: 0, communal: null };
}

/**
 * The best tarot hand with one communal card of the player's choice (hold'em, stud).
 * @param {Card[]} own
 * @param {Card[]} communal
 * @param {DeckKind} deck
 */
export function tarotHandWith(own, communal, deck) {
  if (!communal.length) return tarotHand(own, deck);
  /** @type {TarotHand | null} */
  let best = null;
  for (const c of communal) {
    const h = tarotHand([...own, c], deck);
    if (!best || h.rank > best.rank || (h.rank === best.rank && h.value < best.value)) best = { ...h, communal: c };
  }
  return /** @type {TarotHand} */ (best);
}

/**
 * A tarot hand in words: `19 — Armes add, Richesses subtract`, `grand Sabacc (23)`.
 * @param {TarotHand} h
 * @param {Card[]} cards
 */
export function tarotWords(h, cards) {
  let text;
  switch (h.rank) {
    case LOSING: return `over 23 (${h.value}): it loses`;
    case GRAND_SABACC: text = 'grand Sabacc (23)!'; break;
    case PETIT_SABACC: return 'petit Sabacc (T21, T1 and the Idiot)!';
    case IDIOT_SABACC: return 'the Idiot\'s Sabacc (Idiot, 2, 3)!';
    case TRIPLE_IDIOT: return 'the triple Idiot\'s Sabacc!';
    default: text = String(h.value);
  }
  const all = h.communal ? [...cards, h.communal] : cards;
  const hasA = all.some((c) => c.kind === 'suited' && isArme(c.suit));
  const hasR = all.some((c) => c.kind === 'suited' && !isArme(c.suit));
  if (h.armesAdd !== null && (hasA || hasR)) {
    const [first, second] = h.armesAdd ? ['Armes', 'Richesses'] : ['Richesses', 'Armes'];
    if (hasA && hasR) text += ` — ${first} add, ${second} subtract`;
    else if (hasA) text += ` — Armes ${h.armesAdd ? 'add' : 'subtract'}`;
    else text += ` — Richesses ${h.armesAdd ? 'subtract' : 'add'}`;
    if (h.acesHigh === 1) text += ', an ace high';
    else if (h.acesHigh > 1) text += `, ${h.acesHigh} aces high`;
  }
  if (h.communal) text += ` · with the communal ${h.communal.text}`;
  return text;
}

/**
 * A canonical (Cloud City) hand in words.
 * @param {Card[]} cards
 * @param {DeckKind} deck
 */
export function canonWords(cards, deck) {
  const total = cards.reduce((n, c) => n + valueIn(c, deck), 0);
  const array = cards.length === 3 && cards.some((c) => c.kind === 'idiot') &&
    cards.some((c) => c.kind === 'canon' && c.rank === 2) && cards.some((c) => c.kind === 'canon' && c.rank === 3);
  if (array) return 'the Idiot\'s Array!';
  if (total === 23) return 'pure Sabacc (+23)!';
  if (total === -23) return 'pure Sabacc (−23)!';
  if (total === 0 || Math.abs(total) > 23) return `${signed(total)}: bombs out`;
  return signed(total);
}

/**
 * A hand of the four-card theory game in words.
 * @param {Card[]} cards
 * @param {DeckKind} deck
 */
export function pointsWords(cards, deck) {
  const sum = cards.reduce((n, c) => n + valueIn(c, deck), 0);
  const combo = cards.length === 4 && cards.some((c) => c.kind === 'idiot') &&
    [1, 2, 3].every((r) => cards.some((c) => c.kind === 'canon' && c.rank === r));
  if (sum === 23) return 'pure Sabacc (23)!';
  if (sum === 46) return 'impure Sabacc (46): scores 23';
  if (combo) return 'the Idiot\'s combination: scores 23';
  if (sum > 46) return `${sum}: over 46, loses ${sum - 46}`;
  if (sum > 23) return `${sum}: scores ${sum - 23}`;
  return String(sum);
}

/** `+7`, `−13`, `0`. @param {number} n */
export function signed(n) {
  return n === 0 ? '0' : n > 0 ? `+${n}` : `−${-n}`;
}

// ---------------------------------------------------------------------------------------
// Drawing.

const INK = '#1d1d1f';
const PAPER = '#fbf8ef';
const ARMES = '#1f5fa8';   // blue: swords and batons
const RICHES = '#b35900';  // orange-brown: cups and deniers
const TRUMP = '#6b3fa0';
const CANON = { sabres: '#1f5fa8', staves: '#2e7d4f', flasks: '#9c2f6b', coins: '#9a6a00' };

/**
 * A suit's little picture, centred at (x, y), size `r`.
 * @param {string} suit
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} colour
 */
function suitIcon(suit, x, y, r, colour) {
  const st = `stroke:${colour};fill:none;stroke-width:${Math.max(1.2, r / 4)};stroke-linecap:round`;
  const fillSt = `fill:${colour};stroke:none`;
  switch (suit) {
    case 's': case 'sabres':
      // A sword: blade, cross-guard, pommel.
      return s('g', {},
        s('line', { x1: x, y1: y - r, x2: x, y2: y + r * 0.55, style: st }),
        s('line', { x1: x - r * 0.5, y1: y + r * 0.35, x2: x + r * 0.5, y2: y + r * 0.35, style: st }),
        s('circle', { cx: x, cy: y + r * 0.85, r: r * 0.18, style: fillSt }));
    case 'b': case 'staves':
      // A baton: a thick staff with knots.
      return s('g', {},
        s('line', { x1: x - r * 0.55, y1: y + r * 0.9, x2: x + r * 0.55, y2: y - r * 0.9, style: `${st};stroke-width:${Math.max(2, r / 2.2)}` }),
        s('circle', { cx: x, cy: y, r: r * 0.2, style: `fill:${PAPER};stroke:none` }));
    case 'c':
      // A cup: bowl, stem, foot.
      return s('g', {},
        s('path', { d: `M${x - r * 0.6},${y - r * 0.8} L${x + r * 0.6},${y - r * 0.8} Q${x + r * 0.6},${y + r * 0.1} ${x},${y + r * 0.15} Q${x - r * 0.6},${y + r * 0.1} ${x - r * 0.6},${y - r * 0.8} Z`, style: fillSt }),
        s('line', { x1: x, y1: y + r * 0.1, x2: x, y2: y + r * 0.7, style: st }),
        s('line', { x1: x - r * 0.4, y1: y + r * 0.8, x2: x + r * 0.4, y2: y + r * 0.8, style: st }));
    case 'flasks':
      return s('g', {},
        s('circle', { cx: x, cy: y + r * 0.3, r: r * 0.6, style: fillSt }),
        s('rect', { x: x - r * 0.18, y: y - r * 0.95, width: r * 0.36, height: r * 0.8, style: fillSt }));
    case 'd': case 'coins':
      // A coin: a ring with a square hole.
      return s('g', {},
        s('circle', { cx: x, cy: y, r: r * 0.8, style: fillSt }),
        s('circle', { cx: x, cy: y, r: r * 0.55, style: `fill:none;stroke:${PAPER};stroke-width:${Math.max(0.8, r / 7)}` }),
        s('rect', { x: x - r * 0.18, y: y - r * 0.18, width: r * 0.36, height: r * 0.36, style: `fill:${PAPER}` }));
  }
  return null;
}

/**
 * A text on a card (its colour set inline: the page's `svg text` rule would paint it with the
 * theme's ink otherwise).
 * @param {number} x
 * @param {number} y
 * @param {string | number} text
 * @param {number} size
 * @param {string} colour
 * @param {string} [anchor]
 * @param {string} [weight]
 */
function label(x, y, text, size, colour, anchor = 'middle', weight = '700') {
  return s('text', {
    x, y, 'text-anchor': anchor, style: `fill:${colour};font-size:${size}px;font-weight:${weight}`,
  }, String(text));
}

/**
 * Options of a drawn card.
 * @typedef {Object} CardLook
 * @property {DeckKind} deck
 * @property {boolean} [up]        face up on the table (everyone sees it)
 * @property {boolean} [blocked]   under a blocking token (tarot) or in the interference field (canonical)
 * @property {boolean} [field]     the blocked mark reads "field" (canonical)
 * @property {boolean} [pending]   about to be replaced by the change
 * @property {boolean} [selected]
 * @property {string} [note]       a line added to the tooltip
 * @property {string} [cls]
 */

/**
 * One card as an SVG element (viewBox 60 × 86), face or back, with its badges and a tooltip.
 * @param {Card} c
 * @param {CardLook} look
 * @returns {SVGElement}
 */
export function cardSvg(c, look) {
  return s('svg', {
    viewBox: '0 0 60 86', class: `sabacc-card${look.selected ? ' selected' : ''}${look.cls ? ` ${look.cls}` : ''}`,
    role: 'img', 'aria-label': c.kind === 'hidden' ? 'a card face down' : cardName(c, look.deck),
  }, cardParts(c, look));
}

/**
 * One card as an SVG group inside a bigger picture, its top left at (x, y), `w` wide.
 * @param {Card} c
 * @param {CardLook} look
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @returns {SVGElement}
 */
export function cardGroup(c, look, x, y, w) {
  return s('g', { transform: `translate(${x} ${y}) scale(${w / 60})`, class: 'sabacc-card' }, cardParts(c, look));
}

/**
 * What a card is drawn with: its tooltip, its face or back, its badges.
 * @param {Card} c
 * @param {CardLook} look
 * @returns {SVGElement[]}
 */
function cardParts(c, look) {
  const parts = [];
  const title = c.kind === 'hidden'
    ? 'A card face down: only its holder knows it.'
    : `${cap(cardName(c, look.deck))} (${c.text}). ${cardWorth(c, look.deck)}`;
  const extra = [
    look.up ? 'Face up: everyone sees it.' : '',
    look.blocked && !look.field ? 'Blocked under a token: it lies face up and does not change on a roll.' : '',
    look.blocked && look.field ? 'In the interference field: face up, frozen — no shift replaces it, it cannot be traded.' : '',
    look.pending ? 'Being replaced by the change.' : '',
    look.note ?? '',
  ].filter(Boolean).join(' ');
  parts.push(s('title', {}, extra ? `${title} ${extra}` : title));
  if (c.kind === 'hidden') {
    parts.push(
      s('rect', { x: 1, y: 1, width: 58, height: 84, rx: 6, class: 'sabacc-back' }),
      s('rect', { x: 6, y: 6, width: 48, height: 74, rx: 4, class: 'sabacc-back-inner' }),
      s('path', { d: 'M30,20 L42,43 L30,66 L18,43 Z', class: 'sabacc-back-mark' }),
      label(30, 48, '?', 16, '#ffffff'));
  } else {
    parts.push(s('rect', { x: 1, y: 1, width: 58, height: 84, rx: 6, style: `fill:${PAPER};stroke:${INK};stroke-width:1.2` }));
    parts.push(...face(c, look.deck));
  }
  if (look.blocked) {
    // A token: a round disc at the top right, marked B (or F for the field).
    parts.push(
      s('circle', { cx: 49, cy: 11, r: 9, style: 'fill:#222;stroke:#ffd54a;stroke-width:2' }),
      label(49, 15, look.field ? 'F' : 'B', 11, '#ffd54a'));
  }
  if (look.up && !look.blocked && c.kind !== 'hidden') {
    // An open eye: everyone sees this card.
    parts.push(
      s('path', { d: 'M41,11 Q49,3 57,11 Q49,19 41,11 Z', style: `fill:#fff;stroke:${INK};stroke-width:1` }),
      s('circle', { cx: 49, cy: 11, r: 2.6, style: `fill:${INK}` }));
  }
  if (look.pending) {
    parts.push(s('rect', { x: 3, y: 3, width: 54, height: 80, rx: 5, style: 'fill:none;stroke:#d55e00;stroke-width:2.5;stroke-dasharray:5 3' }));
  }
  return parts;
}

/** @param {string} t */
function cap(t) {
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

/**
 * The face of a card.
 * @param {Card} c
 * @param {DeckKind} deck
 * @returns {SVGElement[]}
 */
function face(c, deck) {
  switch (c.kind) {
    case 'trump':
      return [
        s('rect', { x: 4, y: 4, width: 52, height: 78, rx: 4, style: `fill:none;stroke:${TRUMP};stroke-width:1.5` }),
        label(8, 17, c.rank, 12, TRUMP, 'start'),
        s('path', { d: star(30, 38, 13, 5.5), style: `fill:${TRUMP}` }),
        label(30, 66, c.rank, 18, TRUMP),
        label(30, 78, 'TRUMP', 8, TRUMP, 'middle', '600'),
      ];
    case 'idiot':
      return [
        // A jester's cap: three points with bells.
        s('path', { d: 'M16,48 L12,26 L24,38 L30,18 L36,38 L48,26 L44,48 Z', style: `fill:${TRUMP}` }),
        s('circle', { cx: 12, cy: 25, r: 3, style: 'fill:#e69f00' }),
        s('circle', { cx: 30, cy: 17, r: 3, style: 'fill:#e69f00' }),
        s('circle', { cx: 48, cy: 25, r: 3, style: 'fill:#e69f00' }),
        label(30, 66, '0', 18, INK),
        label(30, 78, 'IDIOT', 8, INK, 'middle', '600'),
      ];
    case 'suited': {
      const colour = isArme(c.suit) ? ARMES : RICHES;
      const letter = deck === 'french' ? ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', '', 'Q', 'K'][c.rank] : RANK_LETTERS[c.rank];
      const value = c.rank === 1 ? `1/${aceHigh(deck)}` : String(rankValue(deck, c.rank));
      return [
        label(7, 17, letter, 13, colour, 'start'),
        suitIcon(c.suit, 13, 28, 6, colour) ?? s('g'),
        suitIcon(c.suit, 32, 46, 14, colour) ?? s('g'),
        label(30, 79, `${isArme(c.suit) ? 'ARME' : 'RICH.'} ${value}`, 8.5, colour, 'middle', '700'),
      ];
    }
    case 'canon': {
      const colour = /** @type {Record<string, string>} */ (CANON)[c.suit] ?? INK;
      const names = /** @type {Record<number, string>} */ ({ 12: 'COMMANDER', 13: 'MISTRESS', 14: 'MASTER', 15: 'ACE' });
      return [
        label(7, 17, c.rank, 12, colour, 'start'),
        suitIcon(c.suit, 30, 40, 13, colour) ?? s('g'),
        label(30, 68, `+${c.rank}`, 15, colour),
        label(30, 79, names[c.rank] ?? c.suit.toUpperCase(), 7, colour, 'middle', '600'),
      ];
    }
    case 'face': {
      const v = valueIn(c, deck);
      return [
        s('rect', { x: 4, y: 4, width: 52, height: 78, rx: 4, style: `fill:none;stroke:${TRUMP};stroke-width:1.5` }),
        s('path', { d: star(30, 32, 12, 5), style: `fill:${TRUMP}` }),
        label(30, 62, v > 0 ? `+${v}` : `−${-v}`, 16, TRUMP),
        label(30, 77, FACE_SHORT[c.rank], 8, INK, 'middle', '600'),
      ];
    }
  }
  return [];
}

/**
 * A five-pointed star's path.
 * @param {number} cx
 * @param {number} cy
 * @param {number} R
 * @param {number} r
 */
function star(cx, cy, R, r) {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rad = i % 2 ? r : R;
    d += `${i ? 'L' : 'M'}${(cx + rad * Math.cos(a)).toFixed(1)},${(cy + rad * Math.sin(a)).toFixed(1)}`;
  }
  return `${d}Z`;
}
