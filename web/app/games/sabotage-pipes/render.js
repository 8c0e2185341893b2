// Sabotage (Robert Abbott): the seat's table. Both roofs (3×3 boards of pipe cards, each
// line scored as the rulebook says), the seat's hand, the table's counts, the discard pile,
// the scores by round; the moves on the board: pick a card of the hand, then a square of a
// roof (or discard it); end/draw and the partner's answer as buttons.
// Drawn from `scene.view` alone: the other hands are only counts.

import { h, s, SEAT_COLOURS, SEAT_SHAPES } from '../../dom.js';
import { clickable } from '../parts.js';

/**
 * The seat's view (crates/games/sabotage-pipes/src/view.rs).
 * @typedef {Object} RoundResult
 * @property {[number, number]} values
 * @property {[number, number]} points
 * @property {number | null} closer
 *
 * @typedef {Object} View
 * @property {number} player
 * @property {number} players
 * @property {boolean} demontage
 * @property {number} rounds
 * @property {number} round
 * @property {number} dealer
 * @property {'deal' | 'start' | 'draw' | 'play' | 'consent' | 'over'} phase
 * @property {number} to_move
 * @property {string[]} hand
 * @property {number[]} hand_sizes
 * @property {number} stock
 * @property {[(string | null)[], (string | null)[]]} roofs
 * @property {[number, number]} values
 * @property {string[]} discards
 * @property {string | null} top_discard
 * @property {boolean} refused
 * @property {RoundResult[]} results
 * @property {(string | null)[][]} [last_roofs]  each team's roof as the last round ended
 * @property {[number, number]} totals
 */

/** @typedef {'own' | 'opp'} Side */
/** A card's legal placement: the action, which roof (relative to the seat) and square index. */
/** @typedef {{action: string, side: Side, square: number}} Placement */

const LETTERS = 'ABCDEFGHI';

/** The pipe colours: name, card colour, ink on it, family (related colours score 1). */
const COLOURS = /** @type {Record<string, {name: string, fill: string, ink: string, family: string, mark: string}>} */ ({
  o: { name: 'orange', fill: '#E69F00', ink: '#1d1d1f', family: 'warm', mark: '●' },
  r: { name: 'red', fill: '#D55E00', ink: '#ffffff', family: 'warm', mark: '▲' },
  b: { name: 'blue', fill: '#0072B2', ink: '#ffffff', family: 'cool', mark: '■' },
  l: { name: 'lilac', fill: '#CC79A7', ink: '#1d1d1f', family: 'cool', mark: '◆' },
});

/** The eight scoring lines of a roof, with their names. */
const LINES = /** @type {{squares: number[], name: string}[]} */ ([
  { squares: [0, 1, 2], name: 'row A B C' },
  { squares: [3, 4, 5], name: 'row D E F' },
  { squares: [6, 7, 8], name: 'row G H I' },
  { squares: [0, 3, 6], name: 'column A D G' },
  { squares: [1, 4, 7], name: 'column B E H' },
  { squares: [2, 5, 8], name: 'column C F I' },
  { squares: [0, 4, 8], name: 'diagonal A E I' },
  { squares: [2, 4, 6], name: 'diagonal C E G' },
]);

// ---------------------------------------------------------------------------------------
// Cards and scoring.

/**
 * A card's parts: kind (a letter A–I, X, W) and colour code, or the special card.
 * @param {string} code
 * @returns {{kind: string, colour: string | null}}
 */
function parts(code) {
  if (code === 'sab' || code === 'dem') return { kind: code, colour: null };
  return { kind: code.charAt(0), colour: code.charAt(1) };
}

/**
 * A card in words: `orange A`, `red X`, `blue wrench`, `Sabotage`, `Démontage`.
 * @param {string} code
 */
export function cardName(code) {
  if (code === 'sab') return 'Sabotage';
  if (code === 'dem') return 'Démontage';
  const { kind, colour } = parts(code);
  const c = COLOURS[colour ?? '']?.name ?? colour;
  if (kind === 'X') return `${c} X`;
  if (kind === 'W') return `${c} wrench`;
  return `${c} ${kind}`;
}

/**
 * What a card does, in a sentence.
 * @param {string} code
 */
function cardHelp(code) {
  const { kind } = parts(code);
  if (code === 'sab') return 'Removes the card on a square of either roof (yours or theirs).';
  if (code === 'dem') return 'Removes the card on a square of your own roof.';
  if (kind === 'X') return 'X pipe: goes on any empty square of your own roof.';
  if (kind === 'W') return 'Wrench pipe: goes on any square of your own roof, replacing the card there.';
  return `Letter pipe: goes on the empty square ${kind} of either roof.`;
}

/**
 * The points of a line: 2 for one colour, 1 for related colours, 0 otherwise.
 * @param {(string | null)[]} roof
 * @param {number[]} line
 */
function linePoints(roof, line) {
  const cs = line.map((i) => roof[i]).map((c) => (c ? parts(c).colour : null));
  if (cs.some((c) => !c)) return 0;
  if (cs.every((c) => c === cs[0])) return 2;
  const fam = cs.map((c) => COLOURS[c ?? '']?.family);
  return fam.every((f) => f === fam[0]) ? 1 : 0;
}

/**
 * A roof's value: the sum of its eight lines.
 * @param {(string | null)[]} roof
 */
function roofValue(roof) {
  return LINES.reduce((sum, l) => sum + linePoints(roof, l.squares), 0);
}

/**
 * What a roof worth `v` scores at the end of a round: every point above 5 counts double.
 * @param {number} v
 */
function roundScore(v) {
  return v <= 5 ? v : 5 + 2 * (v - 5);
}

// ---------------------------------------------------------------------------------------
// Moves.

/**
 * Reads the legal moves: the decisions, and each card's placements and discard.
 * @param {string[]} legal
 */
function readMoves(legal) {
  /** @type {string[]} */
  const decisions = [];
  /** @type {Map<string, {plays: Placement[], discard: string | null}>} */
  const byCard = new Map();
  /** @param {string} card */
  const entry = (card) => {
    let e = byCard.get(card);
    if (!e) {
      e = { plays: [], discard: null };
      byCard.set(card, e);
    }
    return e;
  };
  for (const a of legal) {
    const w = a.split(' ');
    if (w.length === 1) {
      decisions.push(a);
    } else if (w[0] === 'discard') {
      entry(w[1]).discard = a;
    } else if (w[0] === 'sab' && w.length === 3) {
      entry('sab').plays.push({ action: a, side: /** @type {Side} */ (w[1]), square: LETTERS.indexOf(w[2]) });
    } else if (w[0] === 'dem') {
      entry('dem').plays.push({ action: a, side: 'own', square: LETTERS.indexOf(w[1]) });
    } else if (w[1] === 'own' || w[1] === 'opp') {
      entry(w[0]).plays.push({ action: a, side: w[1], square: LETTERS.indexOf(w[0].charAt(0)) });
    } else if (w.length === 2 && LETTERS.includes(w[1])) {
      entry(w[0]).plays.push({ action: a, side: 'own', square: LETTERS.indexOf(w[1]) });
    }
  }
  return { decisions, byCard };
}

/**
 * The roofs after a placement: (own, opp) order relative to the seat.
 * @param {[(string | null)[], (string | null)[]]} rel  the seat's roof and the other
 * @param {string} card
 * @param {Placement} p
 */
function after(rel, card, p) {
  const next = /** @type {[(string | null)[], (string | null)[]]} */ ([rel[0].slice(), rel[1].slice()]);
  const roof = p.side === 'own' ? next[0] : next[1];
  roof[p.square] = card === 'sab' || card === 'dem' ? null : card;
  return next;
}

// ---------------------------------------------------------------------------------------
// Drawing.

/** What the seat picked in its hand, kept between draws while the legal moves stay the same. */
let picked = /** @type {string | null} */ (null);
let pickedFor = '';

/**
 * A card face as SVG, `w` × `ht` at (x, y).
 * @param {string} code
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} ht
 */
function cardFace(code, x, y, w, ht) {
  const { kind, colour } = parts(code);
  const c = colour ? COLOURS[colour] : null;
  const g = s('g', { class: 'sp-cardface' });
  if (c) {
    g.append(s('rect', { x, y, width: w, height: ht, rx: w * 0.1, fill: c.fill, stroke: '#1d1d1f', 'stroke-width': 1.2 }));
    // A pipe through the card: the colour is what scores, the pipe is the picture.
    g.append(s('rect', { x: x + w * 0.08, y: y + ht * 0.44, width: w * 0.84, height: ht * 0.12, fill: c.ink, opacity: 0.18 }));
    g.append(s('text', {
      x: x + w / 2, y: y + ht * 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      'font-size': ht * 0.42, 'font-weight': 700, style: `fill:${c.ink}`,
    }, kind));
    g.append(s('text', {
      x: x + w * 0.1, y: y + ht * 0.15, 'dominant-baseline': 'central', 'font-size': ht * 0.14, style: `fill:${c.ink}`,
    }, c.mark));
    if (kind === 'W' || kind === 'X') {
      g.append(s('text', {
        x: x + w * 0.3, y: y + ht * 0.15, 'dominant-baseline': 'central', 'font-size': ht * 0.12, style: `fill:${c.ink}`,
      }, kind === 'W' ? 'wrench' : 'any'));
    }
    g.append(s('text', {
      x: x + w / 2, y: y + ht * 0.86, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      'font-size': ht * 0.15, style: `fill:${c.ink}`,
    }, c.name));
  } else {
    g.append(s('rect', { x, y, width: w, height: ht, rx: w * 0.1, class: 'sp-special', 'stroke-width': 1.2 }));
    g.append(s('text', {
      x: x + w / 2, y: y + ht * 0.42, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      'font-size': ht * 0.3, 'font-weight': 700,
    }, code === 'sab' ? '✂' : '⚒'));
    g.append(s('text', {
      x: x + w / 2, y: y + ht * 0.78, 'text-anchor': 'middle', 'dominant-baseline': 'central',
      'font-size': ht * 0.11, 'font-weight': 600,
    }, code === 'sab' ? 'Sabotage' : 'Démontage'));
  }
  return g;
}

/**
 * A roof: the 3×3 grid, each line's points beside it, the squares the picked card may go on
 * as targets.
 * @param {(string | null)[]} roof
 * @param {Side} side
 * @param {{card: string | null, plays: Placement[], rel: [(string | null)[], (string | null)[]], act: (a: string) => void, label?: string}} o
 *   `label`: the roof's name for a spectator (whose roof it is); a seat's says your/the opponents'
 */
function roofSvg(roof, side, o) {
  const cell = 96;
  const x0 = 44;
  const y0 = 6;
  const svg = s('svg', { viewBox: '0 0 384 344', class: 'sp-roof', role: 'group',
    'aria-label': o.label ?? `${side === 'own' ? 'your' : 'the opponents’'} roof` });
  svg.append(s('rect', { x: x0 - 5, y: y0 - 5, width: 3 * cell + 10, height: 3 * cell + 10, rx: 10, class: 'sp-roofbg' }));
  const targets = new Map(o.plays.filter((p) => p.side === side).map((p) => [p.square, p]));
  for (let i = 0; i < 9; i++) {
    const x = x0 + (i % 3) * cell;
    const y = y0 + Math.floor(i / 3) * cell;
    const card = roof[i];
    const g = s('g', { class: 'sp-square', 'data-square': LETTERS[i] });
    g.append(s('rect', { x: x + 2, y: y + 2, width: cell - 4, height: cell - 4, rx: 8, class: 'sp-slot' }));
    if (card) {
      g.append(cardFace(card, x + 5, y + 5, cell - 10, cell - 10));
      g.append(s('title', {}, `square ${LETTERS[i]}: ${cardName(card)} (${card})`));
    } else {
      g.append(s('text', { x: x + cell / 2, y: y + cell / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        'font-size': 34, class: 'sp-letter' }, LETTERS[i]));
      g.append(s('title', {}, `square ${LETTERS[i]}: empty`));
    }
    if (card) {
      g.append(s('circle', { cx: x + cell - 13, cy: y + 14, r: 10, class: 'sp-cornerbg' }));
      g.append(s('text', { x: x + cell - 13, y: y + 14, 'text-anchor': 'middle', 'dominant-baseline': 'central',
        'font-size': 13, 'font-weight': 700 }, LETTERS[i]));
    }
    const t = targets.get(i);
    if (t && o.card) {
      const rel = after(o.rel, o.card, t);
      const mine = roofValue(rel[0]);
      const theirs = roofValue(rel[1]);
      const dv = [];
      if (mine !== roofValue(o.rel[0])) dv.push(`your roof ${roofValue(o.rel[0])}→${mine}`);
      if (theirs !== roofValue(o.rel[1])) dv.push(`their roof ${roofValue(o.rel[1])}→${theirs}`);
      const where = `${side === 'own' ? 'your' : 'their'} roof, square ${LETTERS[i]}`;
      const what = o.card === 'sab' || o.card === 'dem'
        ? `${cardName(o.card)}: remove ${card ? cardName(card) : 'the card'} from ${where}`
        : `Play ${cardName(o.card)} on ${where}${card ? `, replacing ${cardName(card)}` : ''}`;
      const label = `${what}${dv.length ? ` (${dv.join(', ')})` : ''}`;
      g.classList.add('legal-target');
      g.setAttribute('data-action', t.action);
      g.append(s('rect', { x: x + 3, y: y + 3, width: cell - 6, height: cell - 6, rx: 8, class: card ? 'sp-hilite sp-over' : 'sp-hilite' }));
      if (!card) {
        g.append(s('text', { x: x + cell / 2, y: y + cell * 0.8, 'text-anchor': 'middle', 'font-size': 13, class: 'sp-hint' },
          dv.length ? dv.map((d) => d.replace('your roof ', 'you ').replace('their roof ', 'them ')).join(' ') : 'here'));
      } else {
        // A badge in the corner: the card stays readable under it.
        g.append(s('circle', { cx: x + 20, cy: y + cell - 20, r: 15, class: 'sp-badgehi' }));
        g.append(s('text', { x: x + 20, y: y + cell - 20, 'text-anchor': 'middle', 'dominant-baseline': 'central',
          'font-size': 18, 'font-weight': 700, class: 'sp-badgetext' }, o.card === 'sab' || o.card === 'dem' ? '✕' : '⇄'));
      }
      const title = g.querySelector('title');
      if (title) title.textContent = label;
      clickable(g, label, () => o.act(t.action));
    }
    svg.append(g);
  }
  // The lines' points: rows on the right, columns below, diagonals at their lower ends.
  const gx = x0 + 3 * cell;
  const gy = y0 + 3 * cell;
  LINES.forEach((l, k) => {
    const pts = linePoints(roof, l.squares);
    let x;
    let y;
    if (k < 3) { x = gx + 24; y = y0 + k * cell + cell / 2; }
    else if (k < 6) { x = x0 + (k - 3) * cell + cell / 2; y = gy + 24; }
    else if (k === 6) { x = gx + 24; y = gy + 24; }
    else { x = x0 - 24; y = gy + 24; }
    const g = s('g', { class: `sp-line${pts ? ' scores' : ''}` });
    if (k >= 6) {
      const d = k === 6 ? -1 : 1;
      g.append(s('line', { x1: x + d * 10, y1: y - 10, x2: x + d * 20, y2: y - 20, class: 'sp-diag' }));
    }
    g.append(s('circle', { cx: x, cy: y, r: 14, class: 'sp-badge' }));
    g.append(s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 15, 'font-weight': 700 },
      pts ? `+${pts}` : '0'));
    const why = pts === 2 ? 'three cards of one colour: 2 points' : pts === 1 ? 'three related colours (orange/red or blue/lilac): 1 point'
      : l.squares.some((i) => !roof[i]) ? 'not full: 0 points' : 'mixed colours: 0 points';
    g.append(s('title', {}, `${l.name}: ${why}`));
    svg.append(g);
  });
  return svg;
}

/**
 * A team's name: the seat's, or both partners'.
 * @param {View} v
 * @param {string[]} names
 * @param {number} team
 */
function teamName(v, names, team) {
  const n = (/** @type {number} */ i) => names[i] ?? `seat ${i + 1}`;
  return v.players === 4 ? `${n(team)} & ${n(team + 2)}` : n(team);
}

/**
 * A seat's name with its mark (shape and colour).
 * @param {number} seat
 * @param {string[]} names
 */
function seatTag(seat, names) {
  return h('span', { class: 'sp-seat' },
    h('span', { style: `color:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}`, 'aria-hidden': 'true' }, SEAT_SHAPES[seat % SEAT_SHAPES.length]),
    ' ', names[seat] ?? `seat ${seat + 1}`);
}

/**
 * The sentence for whose turn it is and what they do.
 * @param {View} v
 * @param {string[]} names
 */
function phaseText(v, names) {
  const who = (/** @type {number} */ i) => (i === v.player ? 'You' : names[i] ?? `seat ${i + 1}`);
  const partner = (v.to_move + 2) % 4;
  switch (v.phase) {
    case 'deal': return `${who(v.dealer)} ${v.dealer === v.player ? 'deal' : 'deals'} eight cards to each player…`;
    case 'start': return `${who(v.to_move)} may end the round (the roof is worth 5 or more) or draw and play on.`;
    case 'draw': return `${who(v.to_move)} ${v.to_move === v.player ? 'draw' : 'draws'} a card…`;
    case 'play': return `${who(v.to_move)} ${v.to_move === v.player ? 'play' : 'plays'} or ${v.to_move === v.player ? 'discard' : 'discards'} one card.`;
    case 'consent': return `${who(v.to_move)} ${v.to_move === v.player ? 'ask' : 'asks'} ${partner === v.player ? 'you' : names[partner]} to end the round.`;
    default: return '';
  }
}

/**
 * The score table: each finished round, the round in play, the totals.
 * @param {View} v
 * @param {string[]} names
 * @param {number} own   the team drawn first (the seat's; team 0 for a spectator)
 * @param {boolean} [spectator]   no team is "you"
 */
function scoreTable(v, names, own, spectator = false) {
  const order = [own, 1 - own];
  const rows = [];
  for (let r = 0; r < v.rounds; r++) {
    const res = v.results[r];
    if (res) {
      rows.push(h('tr', {}, h('th', { scope: 'row' }, `${r + 1}`), order.map((t) => {
        const closed = res.closer !== null && res.closer % 2 === t;
        const full = roundScore(res.values[t]);
        return h('td', { title: `roof value ${res.values[t]} → ${full}${closed ? ' − 1 (ended the round)' : ''} = ${res.points[t]}` },
          h('strong', {}, String(res.points[t])), h('span', { class: 'muted' }, ` [${res.values[t]}]${closed ? '*' : ''}`));
      })));
    } else if (r === v.round && v.phase !== 'over') {
      rows.push(h('tr', { class: 'sp-now' }, h('th', { scope: 'row' }, `${r + 1}`), order.map((t) =>
        h('td', { title: `roof value ${v.values[t]} now: it would score ${roundScore(v.values[t])}` },
          h('span', { class: 'muted' }, `[${v.values[t]}] → ${roundScore(v.values[t])}?`)))));
    } else {
      rows.push(h('tr', {}, h('th', { scope: 'row' }, `${r + 1}`), order.map(() => h('td', { class: 'muted' }, '·'))));
    }
  }
  return h('table', { class: 'sp-scores' },
    h('caption', {}, 'Scores by round'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'round'), order.map((t) => h('th', { scope: 'col' }, t === own && !spectator ? `${teamName(v, names, t)} (you)` : teamName(v, names, t))))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'total'), order.map((t) => h('td', {}, h('strong', {}, String(v.totals[t])))))));
}

/**
 * A small card as its own SVG (for the hand and the discard pile).
 * @param {string} code
 * @param {string} cls
 */
function smallCard(code, cls) {
  const svg = s('svg', { viewBox: '0 0 64 90', class: cls });
  svg.append(cardFace(code, 2, 2, 60, 86));
  return svg;
}

/** @type {import('../index.js').Renderer['render']} */
function render(root, scene) {
  const view = /** @type {View | null} */ (scene.view);
  if (!view) {
    root.append(h('div', { class: 'sp-watch' },
      scene.replay
        ? h('p', {}, h('strong', {}, 'Seen as a spectator:'), ' the hands are secret, so no table is drawn; choose a player’s seat in “Seen from” to see theirs.')
        : h('p', {}, h('strong', {}, 'You are watching.'), ' Each player’s hand is secret, so a spectator sees no table: follow the moves in the log.'),
      h('p', { class: 'muted' }, 'Each player lays pipe cards on a 3×3 roof; every row, column and diagonal of one colour scores 2, of related colours (orange/red, blue/lilac) 1.')));
    return;
  }
  if (scene.seat === null) {
    spectatorTable(root, scene, view);
    return;
  }
  const v = view;
  const names = scene.names;
  const own = v.player % 2;
  const rel = /** @type {[(string | null)[], (string | null)[]]} */ ([v.roofs[own], v.roofs[1 - own]]);
  const moves = readMoves(scene.legal);
  const key = `${scene.seat}|${scene.legal.join(',')}`;
  if (key !== pickedFor) {
    pickedFor = key;
    picked = null;
  }
  if (picked && !moves.byCard.has(picked)) picked = null;
  if (!picked && moves.byCard.size) {
    // The first card of the hand that goes somewhere; else the first card at all.
    picked = [...moves.byCard.entries()].find(([, e]) => e.plays.length)?.[0] ?? [...moves.byCard.keys()][0];
  }
  const redraw = (/** @type {string | null} */ focus) => {
    root.replaceChildren();
    render(root, scene);
    if (focus) /** @type {HTMLElement | null} */ (root.querySelector(`[data-pick="${focus}"]`))?.focus();
  };
  const card = picked;
  const plays = card ? moves.byCard.get(card)?.plays ?? [] : [];
  const act = scene.act;

  // The table: round, dealer, whose turn, the pile, the other hands.
  const info = h('div', { class: 'sp-info' },
    h('div', {}, h('strong', {}, v.phase === 'over' ? `Game over after ${v.rounds} round${v.rounds === 1 ? '' : 's'}` : `Round ${v.round + 1} of ${v.rounds}`),
      v.phase !== 'over' ? h('span', {}, ' · dealer ', seatTag(v.dealer, names)) : null),
    h('div', { class: 'sp-turn' }, phaseText(v, names)),
    v.refused ? h('div', { class: 'muted' }, 'The partner refused to end the round: this turn goes on.') : null);

  // The roofs, yours first.
  const roofBox = (/** @type {number} */ t) => {
    const side = /** @type {Side} */ (t === own ? 'own' : 'opp');
    const acting = v.phase !== 'over' && v.phase !== 'deal' && v.to_move % 2 === t;
    const title = t === own
      ? (v.players === 4 ? 'Your team’s roof' : 'Your roof')
      : (v.players === 4 ? 'Their team’s roof' : `${names[1 - own] ?? 'Their'}’s roof`);
    const members = [t, t + 2].filter((i) => i < v.players);
    const val = v.values[t];
    return h('figure', { class: `sp-roofbox${t === own ? ' mine' : ''}`, 'data-roof': side, 'data-team': String(t) },
      h('figcaption', {},
        h('strong', {}, title), ' ',
        h('span', { class: 'sp-members' }, members.flatMap((m, i) => [i ? ' + ' : '', seatTag(m, names)])),
        acting ? h('span', { class: 'sp-acting' }, ' ◀ to play') : null),
      roofSvg(v.roofs[t], side, { card, plays, rel, act }),
      h('div', { class: 'sp-value', title: 'The roof’s value is the sum of its eight lines; at the end of the round every point above 5 counts double.' },
        'value ', h('strong', { class: val >= 5 ? 'sp-five' : '' }, String(val)), ` → scores ${roundScore(val)}`,
        val >= 5 ? h('span', { class: 'sp-five' }, ' ✓ may end') : h('span', { class: 'muted' }, ' (5 to end)')));
  };

  // The decisions of the moment.
  const decisions = h('div', { class: 'sp-decisions' });
  for (const d of moves.decisions) {
    let text = d;
    let cls = 'legal-target';
    if (d === 'end') {
      const mine = roundScore(v.values[own]) - 1;
      text = v.players === 4
        ? `Ask your partner to end the round (you would score ${mine}, they ${roundScore(v.values[1 - own])})`
        : `End the round now (you score ${mine} = ${roundScore(v.values[own])} − 1, they ${roundScore(v.values[1 - own])})`;
      cls += ' primary';
    } else if (d === 'draw') {
      text = 'Draw a card and play on';
    } else if (d === 'agree') {
      text = `Yes, end the round (your team scores ${roundScore(v.values[own]) - 1}, they ${roundScore(v.values[1 - own])})`;
      cls += ' primary';
    } else if (d === 'refuse') {
      text = 'No, play on';
    }
    const b = h('button', { type: 'button', class: cls, 'data-action': d, 'aria-label': text }, text);
    b.addEventListener('click', () => act(d));
    decisions.append(b);
  }

  // The hand: pick a card, then its square (or discard it).
  const hand = h('div', { class: 'sp-hand', role: 'group', 'aria-label': 'Your hand', 'data-hand': v.player });
  v.hand.forEach((c, i) => {
    const e = moves.byCard.get(c);
    const first = v.hand.indexOf(c) === i;
    const isPicked = c === card && first;
    // A card with no square to go on now can only be discarded: dimmed.
    const stuck = moves.byCard.size > 0 && (!e || e.plays.length === 0);
    const wrap = h('div', { class: `sp-handcard${e ? ' sp-pickable' : ''}${isPicked ? ' picked' : ''}${stuck ? ' sp-stuck' : ''}`, title: `${cardName(c)} (${c}). ${cardHelp(c)}` },
      smallCard(c, 'sp-card'));
    if (e && first) {
      wrap.setAttribute('data-pick', c);
      wrap.setAttribute('aria-pressed', String(isPicked));
      clickable(wrap, `${cardName(c)}: ${e.plays.length ? `${e.plays.length} place${e.plays.length > 1 ? 's' : ''} to play it` : 'can only be discarded'}. ${cardHelp(c)}`,
        () => { picked = c; redraw(c); });
    }
    hand.append(wrap);
  });
  if (!v.hand.length) hand.append(h('p', { class: 'muted' }, 'Your hand is empty.'));

  // What the picked card does, and its discard.
  const pickedBox = h('div', { class: 'sp-picked' });
  if (card && moves.byCard.size) {
    const e = moves.byCard.get(card);
    pickedBox.append(h('span', {}, h('strong', {}, cardName(card)), ': ', cardHelp(card), ' ',
      e?.plays.length ? h('span', { class: 'muted' }, 'Click a highlighted square.') : h('span', { class: 'muted' }, 'It has no square to go on now.')));
    if (e?.discard) {
      const d = e.discard;
      const b = h('button', { type: 'button', class: 'legal-target', 'data-action': d, 'aria-label': `Discard ${cardName(card)} face up` }, `Discard ${cardName(card)}`);
      b.addEventListener('click', () => act(d));
      pickedBox.append(' ', b);
    }
  } else if (!scene.legal.length && v.phase !== 'over' && !scene.replay) {
    pickedBox.append(h('span', { class: 'muted' }, 'Meanwhile, hover a card to see what it does.'));
  }

  // The pile, the discards, the other hands.
  const [table, discardList] = pileBox(v, names);

  // The last round's result, while the next is being dealt or just begun.
  const lastLine = lastRound(v, names, own);

  let over = null;
  if (v.phase === 'over') {
    const [a, b] = [v.totals[own], v.totals[1 - own]];
    over = h('p', { class: 'sp-over' }, h('strong', {}, a > b ? `${v.players === 4 ? 'Your team wins' : 'You win'}, ${a} to ${b}.` : a < b ? `${teamName(v, names, 1 - own)} ${v.players === 4 ? 'win' : 'wins'}, ${b} to ${a}.` : `A tie, ${a} to ${b}.`));
  }

  const legend = legendLine();
  if (v.phase === 'over') {
    root.append(h('div', { class: 'sp' }, info, over, lastLine, scoreTable(v, names, own), legend));
    return;
  }
  root.append(h('div', { class: 'sp' },
    info, lastLine, decisions,
    h('div', { class: 'sp-roofs' }, roofBox(own), roofBox(1 - own)),
    h('div', { class: 'sp-handbox' }, h('div', { class: 'sp-handhead' }, h('strong', {}, `Your hand (${v.hand.length})`)), hand, pickedBox),
    table, discardList,
    scoreTable(v, names, own),
    legend));
}

/**
 * The table beside the roofs: the pile, the discard pile, the hands of the seats other than
 * `v.player` (every seat's for a spectator); and the list of every discarded card.
 * @param {View} v
 * @param {string[]} names
 */
function pileBox(v, names) {
  const others = v.hand_sizes.map((n, i) => (i === v.player ? null : h('span', { class: 'sp-count', 'data-hand': i }, seatTag(i, names), ` holds ${n} card${n === 1 ? '' : 's'}`)));
  const groups = new Map();
  for (const c of v.discards) groups.set(c, (groups.get(c) ?? 0) + 1);
  const table = h('div', { class: 'sp-table' },
    h('div', { class: 'sp-pile', title: 'The face-down pile: each turn begins with a draw from it. When it runs out, play goes on with the cards in hand.' },
      h('span', { class: 'sp-back', 'aria-hidden': 'true' }), h('span', {}, h('strong', {}, String(v.stock)), ` card${v.stock === 1 ? '' : 's'} in the pile`)),
    h('div', { class: 'sp-discard', 'data-pile': 'discard', title: 'The discard pile, face up: discarded, replaced and removed cards. They never come back.' },
      v.top_discard ? smallCard(v.top_discard, 'sp-card sp-top') : h('span', { class: 'sp-empty' }),
      h('span', {}, h('strong', {}, String(v.discards.length)), ' discarded', v.top_discard ? ` (top: ${cardName(v.top_discard)})` : '')),
    h('div', { class: 'sp-others' }, others));
  const discardList = v.discards.length
    ? h('details', { class: 'sp-discards' }, h('summary', {}, `Every discarded card (${v.discards.length})`),
      h('p', {}, [...groups.entries()].map(([c, n]) => h('span', { class: 'sp-chip', style: chipStyle(c), title: cardName(c) }, `${c}${n > 1 ? ` ×${n}` : ''}`))))
    : null;
  return [table, discardList];
}

/**
 * The last round's result, while the next is being dealt or just begun (null otherwise).
 * @param {View} v
 * @param {string[]} names
 * @param {number} own   the team named first
 */
function lastRound(v, names, own) {
  const last = v.results[v.results.length - 1];
  if (!last || !(v.phase === 'over' || (v.results.length === v.round
    && v.roofs.every((r) => r.filter(Boolean).length <= 1)))) return null;
  const words = h('p', { class: 'sp-last' }, `Round ${v.results.length} ended${last.closer !== null ? ` by ${names[last.closer] ?? 'a player'} (−1)` : ' when the cards ran out'}: `,
    [own, 1 - own].flatMap((t, i) => [i ? '; ' : '', `${teamName(v, names, t)}’s roof ${last.values[t]} → ${last.points[t]} point${last.points[t] === 1 ? '' : 's'}`]), '.');
  // The roofs as the round ended, small, so that the next deal does not hide them.
  const roofs = v.last_roofs;
  if (!roofs) return words;
  const mini = (/** @type {number} */ t) => h('figure', { class: 'sp-finalroof', 'data-final': String(t) },
    h('figcaption', {}, `${teamName(v, names, t)}: ${last.values[t]}`),
    h('div', { class: 'sp-minigrid' }, roofs[t].map((/** @type {string | null} */ c, /** @type {number} */ i) =>
      c ? h('span', { title: `${LETTERS[i]}: ${cardName(c)}` }, smallCard(c, 'sp-minicard'))
        : h('span', { class: 'sp-miniempty', title: `${LETTERS[i]}: empty` }))));
  return h('div', { class: 'sp-lastbox' }, words, h('div', { class: 'sp-finalroofs', 'aria-label': 'The final roofs' }, mini(own), mini(1 - own)));
}

/** The scoring rules in two sentences, under the table. */
function legendLine() {
  return h('p', { class: 'sp-legend muted' },
    'Each row, column and diagonal of three cards scores 2 if one colour, 1 if related colours (orange ● & red ▲, blue ■ & lilac ◆). ',
    'A roof worth 5 or more may end the round at the start of its turn (the closer scores 1 less); points above 5 count double. [n] is a roof’s value, * the team that ended the round.');
}

/**
 * A spectator's table, from the public view (no hand in it; its `player` means nothing):
 * both roofs, seat 0's team first, named by their seats; every hand's size; the pile, the
 * discards, the scores. Nothing to play.
 * @param {HTMLElement} root
 * @param {import('../index.js').Scene} scene
 * @param {View} view
 */
function spectatorTable(root, scene, view) {
  // No seat is "you": phaseText and pileBox compare with `player`.
  const v = { ...view, player: -1 };
  const names = scene.names;
  const watch = h('p', { class: 'sp-watching' },
    h('strong', {}, scene.replay ? 'Seen as a spectator:' : 'You are watching:'),
    ` ${scene.replay ? 'what' : 'you see what'} every player sees. The hands are secret.`);
  const info = h('div', { class: 'sp-info' },
    h('div', {}, h('strong', {}, v.phase === 'over' ? `Game over after ${v.rounds} round${v.rounds === 1 ? '' : 's'}` : `Round ${v.round + 1} of ${v.rounds}`),
      v.phase !== 'over' ? h('span', {}, ' · dealer ', seatTag(v.dealer, names)) : null),
    h('div', { class: 'sp-turn' }, phaseText(v, names)),
    v.refused ? h('div', { class: 'muted' }, 'The partner refused to end the round: this turn goes on.') : null);
  const lastLine = lastRound(v, names, 0);
  const legend = legendLine();
  if (v.phase === 'over') {
    const [a, b] = v.totals;
    const over = h('p', { class: 'sp-over' }, h('strong', {}, a === b ? `A tie, ${a} to ${b}.`
      : `${teamName(v, names, a > b ? 0 : 1)} ${v.players === 4 ? 'win' : 'wins'}, ${Math.max(a, b)} to ${Math.min(a, b)}.`));
    root.append(h('div', { class: 'sp sp-spectator' }, watch, info, over, lastLine, scoreTable(v, names, 0, true), legend));
    return;
  }
  const roofBox = (/** @type {number} */ t) => {
    const acting = v.phase !== 'deal' && v.to_move % 2 === t;
    const members = [t, t + 2].filter((i) => i < v.players);
    const title = `${teamName(v, names, t)}’s roof`;
    const val = v.values[t];
    return h('figure', { class: 'sp-roofbox', 'data-roof': String(t), 'data-team': String(t) },
      h('figcaption', {},
        h('strong', {}, v.players === 4 ? `Team ${t + 1}’s roof:` : 'Roof of'), ' ',
        h('span', { class: 'sp-members' }, members.flatMap((m, i) => [i ? ' + ' : '', seatTag(m, names)])),
        acting ? h('span', { class: 'sp-acting' }, ' ◀ to play') : null),
      roofSvg(v.roofs[t], t === 0 ? 'own' : 'opp', { card: null, plays: [], rel: [v.roofs[0], v.roofs[1]], act: () => {}, label: title }),
      h('div', { class: 'sp-value', title: 'The roof’s value is the sum of its eight lines; at the end of the round every point above 5 counts double.' },
        'value ', h('strong', { class: val >= 5 ? 'sp-five' : '' }, String(val)), ` → scores ${roundScore(val)}`,
        val >= 5 ? h('span', { class: 'sp-five' }, ' ✓ may end') : h('span', { class: 'muted' }, ' (5 to end)')));
  };
  const [table, discardList] = pileBox(v, names);
  root.append(h('div', { class: 'sp sp-spectator' },
    watch, info, lastLine,
    h('div', { class: 'sp-roofs' }, roofBox(0), roofBox(1)),
    table, discardList,
    scoreTable(v, names, 0, true),
    legend));
}

/**
 * An inline style for a card chip.
 * @param {string} code
 */
function chipStyle(code) {
  const c = COLOURS[parts(code).colour ?? ''];
  return c ? `background:${c.fill};color:${c.ink}` : '';
}

/** @param {string} a */
function label(a) {
  const w = a.split(' ');
  switch (a) {
    case 'end': return 'End the round';
    case 'draw': return 'Draw and play on';
    case 'agree': return 'Agree to end';
    case 'refuse': return 'Refuse, play on';
    default: break;
  }
  if (w[0] === 'discard') return `Discard ${w[1]}`;
  if (w[0] === 'card') return `Card ${w[1]}`;
  if (w[0] === 'sab') return `Sabotage ${w[1] === 'opp' ? 'their' : 'your'} ${w[2]}`;
  if (w[0] === 'dem') return `Démontage your ${w[1]}`;
  if (w[1] === 'own') return `${w[0]} → your ${w[0].charAt(0)}`;
  if (w[1] === 'opp') return `${w[0]} → their ${w[0].charAt(0)}`;
  if (w.length === 2) return `${w[0]} → your ${w[1]}`;
  return a;
}

/** @type {import('../index.js').Renderer} */
/**
 * The game's end in words, for the table's banner: the final points of each roof.
 * @param {import('../index.js').Scene} scene
 * @returns {string | null}
 */
function result(scene) {
  const v = scene.view;
  if (!v || v.phase !== 'over') return null;
  const own = scene.seat === null ? 0 : v.player % 2;
  const rounds = v.results.map((/** @type {any} */ r, /** @type {number} */ i) => `round ${i + 1} ${r.points[own]}–${r.points[1 - own]}`).join(', ');
  return `Final points: ${teamName(v, scene.names, own)} ${v.totals[own]}, ${teamName(v, scene.names, 1 - own)} ${v.totals[1 - own]}${rounds ? ` (${rounds})` : ''}.`;
}

/**
 * The roof square the last card went on (or was taken from).
 * @param {import('../index.js').Entry} entry
 * @returns {string[]}
 */
function last(entry) {
  const at = squareOf(entry);
  return at ? [`[data-team="${at[0]}"] [data-square="${at[1]}"]`] : [];
}

/**
 * The roof and square a move names (a card played there, or taken from there), if any.
 * @param {import('../index.js').Entry} entry
 * @returns {[number, string] | null}
 */
function squareOf(entry) {
  const a = entry.action ?? '';
  if (typeof entry.actor !== 'number') return null;
  const team = entry.actor % 2;
  const roof = (/** @type {string} */ side) => (side === 'opp' ? 1 - team : team);
  const letter = /^([A-I])[a-z] (own|opp)$/.exec(a);
  const placed = /^(?:[XW][a-z]|dem) ([A-I])$/.exec(a);
  const sab = /^sab (own|opp) ([A-I])$/.exec(a);
  return letter ? [roof(letter[2]), letter[1]] : placed ? [team, placed[1]] : sab ? [roof(sab[1]), sab[2]] : null;
}

/**
 * What the last move carried: a card flies from the hand that played it to its square, or
 * to the discard pile; a sabotaged or dismantled square's card to the discard pile.
 * @param {import('../index.js').Entry} entry
 * @returns {import('../index.js').Motion | null}
 */
function motion(entry) {
  const a = entry.action ?? '';
  if (typeof entry.actor !== 'number') return null;
  const hand = `[data-hand="${entry.actor}"]`;
  if (a.startsWith('discard ')) return { from: hand, to: '[data-pile="discard"]', what: 'card' };
  const at = squareOf(entry);
  if (!at) return null;
  const square = `[data-team="${at[0]}"] [data-square="${at[1]}"]`;
  return /^(sab|dem) /.test(a) ? { from: square, to: '[data-pile="discard"]', what: 'card' } : { from: hand, to: square, what: 'card' };
}

export default { render, label, result, last, motion };
