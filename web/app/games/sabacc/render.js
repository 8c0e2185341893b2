// Sabacc in the browser: the seats round the table (their money, bets, announcements and
// the cards everyone may see), the pots and the communal cards in the middle, the seat's
// own hand with what it is worth, and the moves on the cards (block, discard, show, field,
// trade, exchange) and as buttons (bets, announces, the redeal…). The last hand's end
// (the hands laid down, who won which pot) stays on the table until the next one ends.
// Everything comes from the seat's view: other players' hidden cards are `?` in it.

import { h, s, SEAT_COLOURS, SEAT_SHAPES } from '../../dom.js';
import { clickable, dieFace, moveButton } from '../parts.js';
import {
  parseCard, cardSvg, cardGroup, cardName, tarotHand, tarotHandWith, tarotWords, canonWords, pointsWords,
} from './cards.js';

/** @typedef {import('../index.js').Scene} Scene */
/** @typedef {import('./cards.js').Card} Card */
/** @typedef {import('./cards.js').DeckKind} DeckKind */

/**
 * The game's options, with the defaults of crates/games/sabacc/src/config.rs filled in (a
 * table keeps only the options it was created with).
 * @typedef {Object} Cfg
 * @property {string} rules
 * @property {string} deal
 * @property {string} deck
 * @property {string} dice
 * @property {string} limit
 * @property {string} scoring
 * @property {string} table
 * @property {number} min_bet
 * @property {number} mouche
 * @property {number} raises
 * @property {number} tours
 * @property {number} hands
 * @property {number} exchange
 * @property {boolean} contract
 * @property {boolean} escalating_mouche
 * @property {boolean} circuit_change
 */

/** @type {Cfg} */
const DEFAULTS = {
  rules: 'tarot', deal: 'classic', deck: 'full', dice: '2d6', limit: 'limit', scoring: 'money',
  table: 'friendly-single', min_bet: 2, mouche: 1, raises: 3, tours: 6, hands: 10, exchange: 3,
  contract: false, escalating_mouche: false, circuit_change: false,
};

/** The largest roll of each dice option: the cards change on it. */
const DICE_MAX = /** @type {Record<string, number>} */ ({ '2d6': 12, d12: 12, '3d6': 18, d20: 20 });

/**
 * What the seat is choosing on its cards: one card with several moves (field or trade), the
 * cards marked for an exchange. Kept between draws while the legal moves stay the same.
 */
const pick = { key: '', card: -1, /** @type {Set<number>} */ marked: new Set() };

/** Where the board was last drawn, and from what, to draw it again after a choice. */
/** @type {{root: HTMLElement | null, scene: Scene | null}} */
const drawn = { root: null, scene: null };

/** @param {Record<string, unknown>} options @returns {Cfg} */
function config(options) {
  return /** @type {Cfg} */ ({ ...DEFAULTS, ...options });
}

/** @param {Cfg} cfg @returns {DeckKind} */
function deckKind(cfg) {
  if (cfg.rules === 'canonical') {
    if (cfg.deck === 'west-end') return 'west-end';
    if (cfg.deck === 'theory') return 'theory';
    if (cfg.deck === 'canonical') return 'canonical';
    return cfg.scoring === 'money' ? 'canonical' : 'theory';
  }
  return cfg.deck === '54' ? 'french' : 'tarot';
}

/** @param {number} mask @param {number} i */
const bit = (mask, i) => ((mask >>> i) & 1) === 1;

/**
 * A seat's name with its mark (shape and colour), for the panels.
 * @param {number} seat
 * @param {string[]} names
 */
function seatMark(seat, names) {
  return [
    h('span', { class: 'sab-mark', style: `color:${SEAT_COLOURS[seat % SEAT_COLOURS.length]}`, 'aria-hidden': 'true' }, SEAT_SHAPES[seat % SEAT_SHAPES.length]),
    h('span', { class: 'sab-name' }, names[seat] ?? `seat ${seat + 1}`),
  ];
}

/**
 * A seat's name with its shape, so that two bots of one name stay apart: `▲ random (bot)`.
 * @param {Scene} scene
 * @param {number} p
 */
function who(scene, p) {
  return `${SEAT_SHAPES[p % SEAT_SHAPES.length]} ${scene.names[p] ?? `seat ${p + 1}`}`;
}

/**
 * What a hand makes, in words, under the rules; null when a card is hidden.
 * @param {Cfg} cfg
 * @param {Card[]} cards
 * @param {Card[]} communal
 */
function handWords(cfg, cards, communal) {
  if (!cards.length || cards.some((c) => c.kind === 'hidden')) return null;
  const deck = deckKind(cfg);
  if (cfg.rules === 'canonical') return cfg.scoring === 'money' ? canonWords(cards, deck) : pointsWords(cards, deck);
  const h = cfg.rules === 'tarot' ? tarotHandWith(cards, communal, deck) : tarotHand(cards, deck);
  return tarotWords(h, cards);
}

/**
 * Whether a hand is a Sabacc or about to lose (for the colour of its line).
 * @param {Cfg} cfg
 * @param {Card[]} cards
 * @param {Card[]} communal
 * @returns {'sabacc' | 'bust' | ''}
 */
function handMood(cfg, cards, communal) {
  const words = handWords(cfg, cards, communal) ?? '';
  if (words.includes('!')) return 'sabacc';
  if (/loses|bombs out|over 46/.test(words)) return 'bust';
  return '';
}

/**
 * The words of a phase.
 * @param {any} v
 * @param {Cfg} cfg
 */
function phaseWords(v, cfg) {
  const canonical = cfg.rules === 'canonical';
  switch (v.phase) {
    case 'deal': return 'The deal';
    case 'bet': return canonical && v.called ? 'The last betting round' : 'Betting';
    case 'window': return 'Blocking, before the roll';
    case 'roll': return canonical ? 'The shift roll' : 'The change roll';
    case 'replace': return canonical ? 'The shift: new cards' : 'The change: new cards';
    case 'announce': return 'The announce';
    case 'offer': case 'offer-card': case 'discard': case 'show': return 'The redeal';
    case 'stud-card': return 'A new communal card';
    case 'sudden': return 'Sudden death';
    case 'draw': case 'draw-card': return 'The draw';
    case 'exchange': case 'exchange-card': return 'The exchange';
    case 'wager': return 'Bets against the banker';
    case 'hit': case 'hit-card': return 'Hit or stand';
    case 'banker-card': return 'The banker draws';
    case 'over': return 'The session is over';
  }
  return String(v.phase);
}

/**
 * ` · tour 2 of 6` where the rules play tours.
 * @param {any} v
 * @param {Cfg} cfg
 */
function tourText(v, cfg) {
  if (cfg.rules === 'tarot') return ` · tour ${v.tour} of ${cfg.tours}`;
  if (cfg.rules === 'canonical' && cfg.scoring === 'money') return ` · tour ${v.tour}${v.tour < 4 ? ' (the hand may be called from tour 4)' : ''}`;
  return '';
}

/**
 * What the phase asks of a player, for the one who acts (`you`) or the others.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {boolean} you
 */
function phaseHelp(v, cfg, you) {
  const max = DICE_MAX[cfg.dice] ?? 12;
  switch (v.phase) {
    case 'bet': {
      const me = v.seats[v.player];
      const need = v.level - me.bet;
      if (!you) return 'Each player calls the highest bet, raises it, or folds.';
      if (need <= 0) return 'Nothing to add: stay (call), raise, or fold.';
      return `Call ${Math.min(need, me.stack)} to match the highest bet (${v.level})${me.stack <= need ? ' — all you have: all in' : ''}, raise, or fold.`;
    }
    case 'window': return you
      ? `Before the roll: block the cards you want to keep (a blocked card lies face up and does not change), then say Ready. On a ${max} every other card changes.`
      : `Each player may block cards before the roll; on a ${max} the unblocked cards change.`;
    case 'roll': return cfg.rules === 'canonical'
      ? 'The dealer rolls two dice: on a double every card outside the interference field is replaced.'
      : `The dealer rolls (${cfg.dice}): on a ${max} every unblocked card is replaced.`;
    case 'announce': return you
      ? (v.tour >= cfg.tours
        ? 'The last tour: continue to the showdown, see (out if two or more continue), fold, or lay down a Sabacc (a false one costs five mouches).'
        : 'Continue (another tour), see (compare the hands now), fold, or lay down a Sabacc (a false one costs five mouches).')
      : 'Each player says continue, see, fold, or lays down a Sabacc.';
    case 'offer': return you ? 'The dealer offers you a card, unseen: take it (then discard one), or decline.' : 'The dealer offers each player a card.';
    case 'discard': return you ? 'Discard one of your cards, the new one included (click it).' : 'The player discards a card.';
    case 'show': return you ? 'You discarded a face-up card: turn one of your face-down cards face up (click it).' : 'The player turns a card face up.';
    case 'draw': return you
      ? 'You may freeze cards in the interference field, then draw, trade a card, stand, or call the hand.'
      : 'The player draws, trades, stands or calls the hand.';
    case 'exchange': return you ? `Mark up to ${cfg.exchange} cards to exchange (click them), then exchange, or keep all four.` : 'The player exchanges cards.';
    case 'wager': return you ? 'Bet against the banker.' : 'Each player bets against the banker.';
    case 'hit': return you ? 'Hit for another card, or stand. Over 23 you bust at once.' : 'The player hits or stands.';
    case 'banker-card': return 'The banker draws while his hand is worth 19 or less.';
    case 'sudden': return 'The tied players get three new cards each, face up; the best wins.';
    case 'stud-card': return 'A new communal card is laid face up.';
    case 'deal': return 'The cards are dealt one at a time.';
  }
  return '';
}

/**
 * A seat's state in a word or two.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {number} p
 */
function statusWords(v, cfg, p) {
  const seat = v.seats[p];
  const bk = cfg.rules === 'black-knight';
  if (seat.status === 'out') return 'out of the session';
  if (v.phase === 'over') return '';
  if (bk && p === v.dealer) return 'banker';
  if (seat.status === 'active') {
    const allIn = seat.stack === 0 && cfg.scoring !== 'points' ? ' · all in' : '';
    if (seat.announce === 'continue') return `continues${allIn}`;
    if (seat.announce === 'see') return `wants to see${allIn}`;
    if (seat.announce === 'sabacc') return 'Sabacc!';
    if (v.phase === 'sudden' && bit(v.tied, p)) return 'sudden death';
    if (bk && seat.acted) return 'stands';
    return `in the hand${allIn}`;
  }
  if (seat.announce === 'fold') return 'folded';
  if (seat.announce === 'see') return 'dropped out';
  if (seat.announce === 'sabacc') return 'false Sabacc';
  if (bk && !seat.hand.cards.length) return 'sits out';
  if (bk) return 'bust';
  return 'folded';
}

/**
 * The verbs of the card moves, for buttons and tooltips.
 * @type {Record<string, [string, string]>}
 */
const CARD_VERBS = {
  block: ['Block', 'lay it face up under a token: it does not change on a roll'],
  unblock: ['Unblock', 'take the token off: it may change on a roll (it stays known)'],
  discard: ['Discard', 'it goes under the deck'],
  show: ['Turn face up', 'in place of the face-up card you discarded'],
  field: ['Freeze', 'put it in the interference field: face up, no shift replaces it'],
  trade: ['Trade', 'discard it face down and draw a new card'],
};

/**
 * A hand's cards as the view shows them, with their marks.
 * @param {any} hand
 * @returns {{card: Card, up: boolean, blocked: boolean, pending: boolean, public: boolean}[]}
 */
function handCards(hand) {
  return (hand.cards ?? []).map((/** @type {string} */ t, /** @type {number} */ i) => ({
    card: parseCard(t),
    up: bit(hand.up, i),
    blocked: bit(hand.blocked, i),
    pending: bit(hand.pending, i),
    public: ((hand.known?.[i] ?? 0) & 0x80000000) !== 0,
  }));
}

/** @type {import('../index.js').Renderer} */
const renderer = {
  result,
  render(root, scene) {
    drawn.root = root;
    drawn.scene = scene;
    const cfg = config(scene.options);
    const v = scene.view;
    if (!v || !Array.isArray(v.seats)) {
      root.append(h('div', { class: 'sabacc' },
        h('p', { class: 'sab-placeholder' }, 'Spectators do not see the cards: the moves every seat sees are in the log.')));
      return;
    }
    const deck = deckKind(cfg);
    // A spectator gets the public view (every card not shown to all is `?`, its `player`
    // means nothing): every seat is drawn as another's, from seat 0, and none is "you".
    const spectator = scene.seat === null;
    const me = spectator ? -1 : typeof v.player === 'number' ? v.player : scene.seat ?? 0;
    const n = v.seats.length;
    const communal = (v.communal?.cards ?? []).map(parseCard);
    const actor = scene.turn.kind === 'player' ? scene.turn.player : null;
    const key = `${v.hand_no}|${v.phase}|${scene.legal.join(',')}`;
    if (pick.key !== key) {
      pick.key = key;
      pick.card = -1;
      pick.marked = new Set();
    }
    const wrap = h('div', { class: 'sabacc' });

    // The status line: the phase, the hand, the dealer, what is asked.
    const yours = actor === me && scene.legal.length > 0;
    const handNo = v.phase === 'over' ? cfg.hands : v.hand_no + 1;
    if (spectator) {
      wrap.append(h('p', { class: 'sab-watching' },
        h('strong', {}, scene.replay ? 'Seen as a spectator:' : 'You are watching:'),
        ` ${scene.replay ? 'what' : 'you see what'} every player sees: the cards face down in a hand stay hidden.`));
    }
    const dealerWord = cfg.rules === 'black-knight' ? 'banker' : 'dealer';
    wrap.append(h('div', { class: `sab-status${yours ? ' yours' : ''}` },
      h('strong', {}, phaseWords(v, cfg)),
      v.phase !== 'over' ? h('span', { class: 'muted' },
        ` · hand ${handNo} of ${cfg.hands}${tourText(v, cfg)} · ${dealerWord}: ${v.dealer === me ? 'you' : who(scene, v.dealer)}`) : null,
      v.phase !== 'over' ? h('div', { class: 'sab-help' },
        actor !== null && !yours ? `${who(scene, actor)} to act. ` : '',
        phaseHelp(v, cfg, yours)) : null));

    if (v.phase === 'over') {
      wrap.append(finalPanel(v, cfg, scene));
      if (v.showdown) wrap.append(lastHand(v, cfg, scene, deck));
      root.append(wrap);
      return;
    }

    // The other seats, from this seat's left (the order of play); a spectator's, every seat from seat 0.
    if (spectator) {
      wrap.append(h('div', { class: 'sab-seats sab-all', role: 'list', 'aria-label': 'The players' },
        v.seats.map((/** @type {any} */ _, /** @type {number} */ p) => seatPanel(v, cfg, scene, p, actor, communal))));
    } else {
      const others = h('div', { class: 'sab-seats', role: 'list', 'aria-label': 'The other players' });
      for (let k = 1; k < n; k++) {
        const p = (me + k) % n;
        others.append(seatPanel(v, cfg, scene, p, actor, communal));
      }
      wrap.append(others);
    }

    // The middle of the table: pots, communal cards, the dice (the points game has none).
    if (!(cfg.rules === 'canonical' && cfg.scoring === 'points')) wrap.append(tableSvg(v, cfg, communal, deck));

    if (!spectator) {
      // This seat: its hand, its worth, the moves on its cards.
      wrap.append(myPanel(v, cfg, scene, me, actor, communal, deck));

      // The moves that are not on a card.
      const bar = actionBar(v, cfg, scene, me);
      if (bar) wrap.append(bar);
    }

    // How the last hand ended.
    if (v.showdown) wrap.append(lastHand(v, cfg, scene, deck));
    root.append(wrap);
  },

  label(action) {
    return labelOf(action);
  },

  last,
  motion,
};

/**
 * The game's end in words, for the table's banner: each player's money won or lost (or points).
 * @param {import('../index.js').Scene} scene
 * @returns {string | null}
 */
function result(scene) {
  const v = scene.view;
  if (!v || v.phase !== 'over') return null;
  const cfg = config(scene.options);
  const points = cfg.rules === 'canonical' && cfg.scoring === 'points';
  const rows = v.seats.map((/** @type {any} */ seat, /** @type {number} */ p) => ({ p, r: points ? seat.points : seat.stack - seat.bought }))
    .sort((/** @type {{r: number}} */ a, /** @type {{r: number}} */ b) => b.r - a.r);
  const list = rows.map((/** @type {{p: number, r: number}} */ x) => `${scene.names[x.p] ?? `seat ${x.p + 1}`} ${x.r > 0 ? '+' : ''}${x.r}`).join(', ');
  return points ? `Points at the end: ${list}.` : `Money won or lost over the session: ${list}.`;
}

/**
 * The seat that made the last move.
 * @param {import('../index.js').Entry} entry
 * @returns {string[]}
 */
function last(entry) {
  return typeof entry.actor === 'number' ? [`[data-seat="${entry.actor}"]`] : [];
}

/**
 * What the last move carried: a card flies from the table to the seat that drew it (or
 * back, discarded), a chip from the seat that bet to the hand pot.
 * @param {import('../index.js').Entry} entry
 * @returns {import('../index.js').Motion | null}
 */
function motion(entry) {
  const a = entry.action ?? '';
  if (typeof entry.actor !== 'number') return null;
  const seat = `[data-seat="${entry.actor}"]`;
  const verb = a.split(' ')[0];
  if (['draw', 'trade', 'take', 'hit', 'exchange'].includes(verb)) return { from: '.sab-table', to: seat, what: 'card' };
  if (verb === 'discard') return { from: seat, to: '.sab-table', what: 'card' };
  if (verb === 'bet' || verb === 'raise' || a === 'call') return { from: seat, to: '[data-pot="hand"]', what: 'chip' };
  return null;
}


export default renderer;

/**
 * One other seat: name, money, bet, state, cards.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {Scene} scene
 * @param {number} p
 * @param {number | null} actor
 * @param {Card[]} communal
 */
function seatPanel(v, cfg, scene, p, actor, communal) {
  const seat = v.seats[p];
  const deck = deckKind(cfg);
  const cards = handCards(seat.hand);
  const words = handWords(cfg, cards.map((c) => c.card), cfg.rules === 'tarot' ? communal : []);
  const status = statusWords(v, cfg, p);
  const inHand = seat.status === 'active';
  const partner = cfg.contract ? ` · partner of ${scene.seat !== null && (p + 2) % 4 === v.player ? 'you' : who(scene, (p + 2) % 4)}` : '';
  return h('div', {
    class: `sab-seat${actor === p ? ' to-act' : ''}${inHand ? '' : ' idle'}`, role: 'listitem', 'data-seat': p,
  },
  h('div', { class: 'sab-seat-head' },
    seatMark(p, scene.names),
    p === v.dealer ? dealerChip(cfg) : null,
    actor === p ? h('span', { class: 'sab-badge act' }, 'to act') : null),
  h('div', { class: 'sab-seat-money' }, moneyLine(seat, cfg), status || partner ? h('span', { class: 'muted' }, ` · ${status}${partner}`) : null),
  cards.length ? h('div', { class: 'sab-cards small' }, cards.map((c) => cardSvg(c.card, {
    deck, up: c.up || c.public, blocked: c.blocked, field: cfg.rules === 'canonical', pending: c.pending,
  }))) : h('div', { class: 'sab-cards small muted' }, 'no cards'),
  words && cards.length ? h('div', { class: 'sab-words' }, words) : null);
}

/** @param {Cfg} cfg */
function dealerChip(cfg) {
  const bk = cfg.rules === 'black-knight';
  return h('span', {
    class: 'sab-badge dealer', title: bk ? 'The banker: every other player bets against him' : 'The dealer: he rolls the dice and offers the redeal; play starts on his left',
  }, bk ? 'B banker' : 'D dealer');
}

/**
 * `money 97 · bet 6` (or points).
 * @param {any} seat
 * @param {Cfg} cfg
 */
function moneyLine(seat, cfg) {
  if (cfg.rules === 'canonical' && cfg.scoring === 'points') {
    return h('span', { title: 'Points scored so far' }, `${seat.points} points`);
  }
  return h('span', {},
    h('span', { class: 'sab-money', title: 'Money in front of the player' }, `money ${seat.stack}`),
    seat.bet ? h('span', { title: 'This betting round\'s bet (the money is in the hand pot)' }, ` · bet ${seat.bet}`) : null,
    seat.staked && seat.staked !== seat.bet ? h('span', { class: 'muted', title: 'Everything put in the hand pot this hand' }, ` · in the pot ${seat.staked}`) : null);
}

/**
 * The middle of the table: the pots, the communal cards, the highest bet, the dice.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {Card[]} communal
 * @param {DeckKind} deck
 */
function tableSvg(v, cfg, communal, deck) {
  const points = cfg.rules === 'canonical' && cfg.scoring === 'points';
  const lines = [];
  if (v.phase === 'bet' || v.level > 0) {
    lines.push(cfg.rules === 'black-knight' ? `bets up to ${v.level}` : `highest bet ${v.level}`);
    if (cfg.rules !== 'black-knight') lines.push(`raises ${v.raises} of ${cfg.raises}`);
  }
  if (cfg.rules === 'tarot') lines.push(cfg.dice === 'none' ? 'no change roll' : `${cfg.dice}: change on ${DICE_MAX[cfg.dice] ?? 12}`);
  else if (cfg.rules === 'canonical' && !points) lines.push('a double shifts');
  if (cfg.escalating_mouche && cfg.rules === 'tarot') lines.push(`mouche ${cfg.mouche * v.tour}`);
  const W = 420, H = communal.length ? 104 + 18 * lines.length : 130;
  const items = [s('rect', { x: 2, y: 2, width: W - 4, height: H - 4, rx: 60, class: 'sab-felt' })];
  const potY = communal.length ? 40 : 0;
  if (!points) {
    items.push(pot('hand', 70, potY, 'Hand pot', v.hand_pot, 'The hand pot: the bets of this hand. The best hand wins it.'));
    if (cfg.rules !== 'black-knight') {
      items.push(pot('sabacc', W - 70, potY, 'Sabacc pot', v.sabacc_pot,
        cfg.rules === 'canonical'
          ? 'The Sabacc pot: antes and penalties. Only a pure Sabacc (±23) or the Idiot\'s Array wins it.'
          : 'The Sabacc pot: the mouches. Only a winning Sabacc takes it.'));
    }
  }
  let top = H / 2 - (lines.length - 1) * 9 + 5;
  // Communal cards (hold'em, stud), centred above the lines.
  if (communal.length) {
    const cw = 40, gap = 6;
    const x0 = W / 2 - (communal.length * cw + (communal.length - 1) * gap) / 2;
    items.push(s('text', { x: W / 2, y: 17, 'text-anchor': 'middle', class: 'sab-small' }, 'communal'));
    communal.forEach((c, i) => {
      items.push(cardGroup(c, { deck, up: true, pending: bit(v.communal.pending ?? 0, i), note: 'A communal card: each player plays his own cards with the communal card that suits him best.' },
        x0 + i * (cw + gap), 22, cw));
    });
    top = 104;
  } else if (cfg.rules !== 'black-knight' && !points) {
    items.push(dieFace(W / 2 - 8, 16, 16, 5, { cls: 'sab-die' }));
  }
  lines.forEach((t, i) => items.push(s('text', { x: W / 2, y: top + i * 18, 'text-anchor': 'middle', class: 'sab-mid' }, t)));
  return s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'sab-table', role: 'img', 'aria-label': `Hand pot ${v.hand_pot}, Sabacc pot ${v.sabacc_pot}` },
    s('title', {}, 'The table: the pots and the communal cards'), items);
}

/**
 * A pot: a pile of chips with its name and amount.
 * @param {string} key  `hand` or `sabacc`
 * @param {number} x
 * @param {number} dy  how much lower than in the plain table
 * @param {string} name
 * @param {number} amount
 * @param {string} title
 */
function pot(key, x, dy, name, amount, title) {
  const chips = Math.min(6, Math.ceil(amount / 10));
  const stack = [];
  for (let i = 0; i < chips; i++) {
    stack.push(s('ellipse', { cx: x, cy: dy + 62 - i * 5, rx: 18, ry: 6, class: i % 2 ? 'sab-chip alt' : 'sab-chip' }));
  }
  return s('g', { 'data-pot': key }, s('title', {}, title), stack,
    s('text', { x, y: dy + 90, 'text-anchor': 'middle', class: 'sab-pot-amount' }, String(amount)),
    s('text', { x, y: dy + 106, 'text-anchor': 'middle', class: 'sab-small' }, name));
}

/**
 * This seat's own panel: its cards (with the moves on them) and what they make.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {Scene} scene
 * @param {number} me
 * @param {number | null} actor
 * @param {Card[]} communal
 * @param {DeckKind} deck
 */
function myPanel(v, cfg, scene, me, actor, communal, deck) {
  const seat = v.seats[me];
  const cards = handCards(seat.hand);
  /** @type {Map<number, string[]>} */
  const onCard = new Map();
  for (const a of scene.legal) {
    const m = /^(block|unblock|discard|show|field|trade) (\d+)$/.exec(a);
    if (m) {
      const i = Number(m[2]) - 1;
      onCard.set(i, [...(onCard.get(i) ?? []), a]);
    }
  }
  const exchanging = scene.legal.some((a) => a === 'keep' || a.startsWith('exchange'));
  const row = h('div', { class: 'sab-cards mine' });
  cards.forEach((c, i) => {
    const acts = onCard.get(i) ?? [];
    const marked = pick.marked.has(i + 1);
    const el = cardSvg(c.card, {
      deck, up: c.up || c.public, blocked: c.blocked, field: cfg.rules === 'canonical', pending: c.pending,
      selected: pick.card === i || marked,
      note: c.up || c.public ? '' : 'Face down: only you see it.',
    });
    const box = h('div', { class: `sab-slot${pick.card === i ? ' chosen' : ''}` }, el, h('span', { class: 'sab-pos' }, String(i + 1)));
    const name = cardName(c.card, deck);
    if (exchanging && !scene.replay) {
      clickable(box, `${marked ? 'Unmark' : 'Mark'} ${name} for the exchange`, () => {
        if (pick.marked.has(i + 1)) pick.marked.delete(i + 1);
        else pick.marked.add(i + 1);
        redraw(scene);
      }, { action: '' });
      box.setAttribute('aria-pressed', String(marked));
    } else if (acts.length === 1) {
      const [verb, why] = CARD_VERBS[acts[0].split(' ')[0]];
      clickable(box, `${verb} ${name} (${why})`, () => scene.act(acts[0]), { action: acts[0] });
      box.setAttribute('title', `${verb} ${name}: ${why}`);
      box.append(h('span', { class: 'sab-verb' }, verb));
    } else if (acts.length > 1) {
      clickable(box, `Choose a move for ${name}`, () => {
        pick.card = pick.card === i ? -1 : i;
        redraw(scene);
      }, { action: '' });
      box.append(h('span', { class: 'sab-verb' }, 'choose'));
    }
    row.append(box);
  });
  const words = handWords(cfg, cards.map((c) => c.card), cfg.rules === 'tarot' ? communal : []);
  const mood = handMood(cfg, cards.map((c) => c.card), cfg.rules === 'tarot' ? communal : []);
  const status = statusWords(v, cfg, me);
  const panel = h('div', { class: `sab-me${actor === me ? ' to-act' : ''}`, 'data-seat': me },
    h('div', { class: 'sab-seat-head' },
      seatMark(me, scene.names), h('span', { class: 'muted' }, ' (you)'),
      me === v.dealer ? dealerChip(cfg) : null,
      cfg.contract ? h('span', { class: 'muted' }, ` · partner: ${who(scene, (me + 2) % 4)}`) : null),
    h('div', { class: 'sab-seat-money' }, moneyLine(seat, cfg), status ? h('span', { class: 'muted' }, ` · ${status}`) : null),
    cards.length ? row : h('p', { class: 'muted' }, 'No cards.'),
    words ? h('div', { class: `sab-worth${mood ? ` is-${mood}` : ''}`, title: 'What your hand makes now (the best choice of tints and aces is made for you)' },
      'Your hand: ', h('strong', {}, words)) : null);
  // The moves of the card chosen (field or trade).
  if (pick.card >= 0 && onCard.has(pick.card)) {
    const c = cards[pick.card];
    const name = c ? cardName(c.card, deck) : `card ${pick.card + 1}`;
    panel.append(h('div', { class: 'sab-choice' }, h('span', {}, `${name}: `),
      (onCard.get(pick.card) ?? []).map((a) => {
        const [verb, why] = CARD_VERBS[a.split(' ')[0]];
        return moveButton(scene.act, a, verb, { tip: why, cls: 'sab-act' });
      }),
      h('button', { type: 'button', class: 'ghost', onclick: () => { pick.card = -1; redraw(scene); } }, 'Cancel')));
  }
  // The exchange: the cards marked.
  if (exchanging) {
    const marked = [...pick.marked].sort((a, b) => a - b);
    const action = marked.length ? `exchange ${marked.join(' ')}` : 'keep';
    const ok = scene.legal.includes(action);
    panel.append(h('div', { class: 'sab-choice' },
      marked.length && ok ? moveButton(scene.act, action, `Exchange ${marked.length} card${marked.length > 1 ? 's' : ''}`, { tip: 'for as many new ones', cls: 'sab-act' }) : null,
      marked.length && !ok ? h('span', { class: 'error' }, `At most ${cfg.exchange} cards.`) : null,
      scene.legal.includes('keep') ? moveButton(scene.act, 'keep', 'Keep all four', { tip: 'exchange nothing', cls: 'sab-act' }) : null));
  }
  return panel;
}

/**
 * The render is redone from the last scene when a choice on the cards changes.
 * @param {Scene} scene
 */
function redraw(scene) {
  const board = drawn.root;
  if (!board || drawn.scene !== scene) return;
  board.replaceChildren();
  renderer.render(board, scene);
  const first = board.querySelector('.sab-slot.legal-target, .sab-choice .legal-target');
  if (first instanceof HTMLElement) first.focus({ preventScroll: true });
}

/**
 * The buttons for the moves that are not on a card.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {Scene} scene
 * @param {number} me
 */
function actionBar(v, cfg, scene, me) {
  const legal = scene.legal.filter((a) => !/^(block|unblock|discard|show|field|trade) \d+$/.test(a) && a !== 'keep' && !a.startsWith('exchange'));
  if (!legal.length || scene.replay) return null;
  const seat = v.seats[me];
  const mouche = cfg.escalating_mouche ? cfg.mouche * v.tour : cfg.mouche;
  const tarot = cfg.rules === 'tarot';
  const bar = h('div', { class: 'sab-bar', role: 'group', 'aria-label': 'Your moves' });
  const raises = legal.filter((a) => /^raise \d+$/.test(a));
  const bets = legal.filter((a) => /^bet \d+$/.test(a));
  for (const a of legal) {
    if (raises.includes(a) && raises.length > 8) continue;
    if (bets.includes(a) && bets.length > 8) continue;
    let text = labelOf(a);
    let title = '';
    if (a === 'call') {
      const need = v.level - seat.bet;
      if (need <= 0) { text = 'Stay'; title = 'nothing to add to your bet'; } else {
        text = `Call ${Math.min(need, seat.stack)}`;
        title = seat.stack <= need ? 'all you have: you are all in, and can win only what you matched' : `match the highest bet, ${v.level}`;
      }
    } else if (a === 'fold') {
      title = mouche > 0 && cfg.rules !== 'black-knight' ? `leave the hand (mouche ${mouche} to the Sabacc pot)` : 'leave the hand';
    } else if (/^raise /.test(a)) {
      const by = a === 'raise max' ? null : Number(a.split(' ')[1]);
      text = by === null ? 'Raise max' : `Raise +${by}`;
      title = by === null ? 'the most you may raise' : `bet ${v.level + by}, ${by} over the highest bet${tarot && mouche ? `, and pay the mouche (${mouche})` : ''}`;
    } else if (a.startsWith('announce ')) {
      title = ({
        'announce continue': v.tour >= cfg.tours ? 'stay in: the last tour, so the hands are compared' : 'go on to another tour (the redeal)',
        'announce see': 'compare the hands (you drop out if two or more continue)',
        'announce fold': 'leave the hand',
        'announce sabacc': 'lay down your cards: a false Sabacc costs five mouches',
      })[a] ?? '';
    }
    bar.append(moveButton(scene.act, a, text, { tip: title || undefined, cls: a === 'fold' || a === 'announce fold' ? 'sab-act quiet' : 'sab-act' }));
  }
  // The announce decides who stays in: what each choice does is said in view, not only in
  // a tooltip (a See can drop you out of the hand).
  if (legal.some((a) => a === 'announce see')) {
    bar.append(h('p', { class: 'sab-hint sab-announce-help', id: 'announce-help' },
      v.tour >= cfg.tours
        ? 'This is the last tour: Continue stays in for the showdown. See: be compared too — if two or more players continue, you drop out of the hand. '
        : 'Continue: play another tour. See: compare the hands now — if two or more players continue, you drop out of the hand. ',
      'Sabacc: lay your cards down (a false Sabacc costs five mouches).'));
  }
  for (const [list, word] of /** @type {[string[], string][]} */ ([[raises, 'Raise by'], [bets, 'Bet']])) {
    if (list.length <= 8) continue;
    const select = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': `${word} how much` },
      list.map((a) => h('option', { value: a }, a.split(' ')[1]))));
    const play = h('button', {
      type: 'button', class: 'legal-target sab-act', 'data-action': select.value, 'aria-label': `${word} the amount chosen`,
      onclick: () => scene.act(select.value),
    }, 'Play');
    select.addEventListener('change', () => play.setAttribute('data-action', select.value));
    bar.append(h('span', { class: 'sab-amount' }, `${word} `, select, ' ', play));
  }
  return bar;
}

/**
 * The record of the last hand's end: the hands laid down, who won, the pots.
 * @param {any} v
 * @param {Cfg} cfg
 * @param {Scene} scene
 * @param {DeckKind} deck
 */
function lastHand(v, cfg, scene, deck) {
  const rec = v.showdown;
  const communal = (rec.communal ?? []).map(parseCard);
  const st = rec.settlement ?? { winners: 0, pot: 0, sabacc: 0 };
  const points = cfg.rules === 'canonical' && cfg.scoring === 'points';
  const bk = cfg.rules === 'black-knight';
  const winners = rec.seats.map((/** @type {any} */ _, /** @type {number} */ p) => p).filter((/** @type {number} */ p) => bit(st.winners, p));
  const rows = rec.seats.map((/** @type {any} */ laid, /** @type {number} */ p) => {
    if (!laid.cards.length) return null;
    const cards = laid.cards.map(parseCard);
    const contender = bit(rec.contenders, p) || points || bk;
    const won = bit(st.winners, p) || (bk && versusBank(rec, deck, p) === 'wins');
    const alone = rec.contenders === (1 << p) && !points && !bk;
    let words = !contender ? 'out before the showdown'
      : handWords(cfg, cards, cfg.rules === 'tarot' ? communal : [])
        ?? (alone ? 'the last one in: wins without showing' : 'not shown (it lost)');
    if (bk && p === rec.dealer) words += ' (the bank)';
    else if (bk) {
      const how = versusBank(rec, deck, p);
      if (how) words += ` — ${how === 'push' ? 'a push: the bet comes back' : `${how} against the bank`}`;
    }
    return h('div', { class: `sab-last-row${won ? ' won' : ''}` },
      h('span', { class: 'sab-last-who' }, won ? h('span', { class: 'sab-star', title: 'won' }, '★ ') : null, seatMark(p, scene.names)),
      h('span', { class: 'sab-cards tiny' }, cards.map((/** @type {Card} */ c, /** @type {number} */ i) => cardSvg(c, { deck, up: bit(laid.shown, i) }))),
      h('span', { class: 'sab-last-words' }, words),
      (laid.sudden ?? []).some((/** @type {string[]} */ d) => d.length) ? h('span', { class: 'sab-last-sudden' }, 'sudden death: ',
        laid.sudden.filter((/** @type {string[]} */ d) => d.length).map((/** @type {string[]} */ d) => d.join(' ')).join(' / ')) : null,
      !points ? h('span', { class: 'muted' }, ` money ${laid.stack}`) : null);
  });
  const won = winners.map((/** @type {number} */ p) => who(scene, p)).join(' and ') || 'nobody';
  const summary = points ? `best hand: ${won}`
    : bk ? `the bank: ${who(scene, rec.dealer)}`
      : `hand pot ${st.pot} to ${won}${st.sabacc ? `; Sabacc pot ${st.sabacc} too!` : ''}`;
  const pots = (st.pots ?? []).length > 1 ? h('ul', { class: 'sab-pots' }, st.pots.map((/** @type {any} */ pt, /** @type {number} */ i) => {
    const seats = (/** @type {number} */ mask) => rec.seats.map((/** @type {any} */ _, /** @type {number} */ p) => p).filter((/** @type {number} */ p) => bit(mask, p)).map((/** @type {number} */ p) => who(scene, p)).join(', ');
    const name = i === 0 ? 'main pot' : `side pot ${i}`;
    return h('li', {}, `${name} (${pt.amount}, open to ${seats(pt.eligible)}): ${pt.winners ? seats(pt.winners) : 'no hand could win it: to the Sabacc pot'}`);
  })) : null;
  return h('details', { class: 'sab-last', open: true },
    h('summary', {}, `How hand ${rec.hand + 1} ended — ${summary}`),
    communal.length ? h('div', { class: 'sab-last-row' }, h('span', { class: 'sab-last-who muted' }, 'communal'),
      h('span', { class: 'sab-cards tiny' }, communal.map((/** @type {Card} */ c) => cardSvg(c, { deck, up: true })))) : null,
    rows, pots);
}

/**
 * How a Black Knight player's hand did against the banker's, when both are known.
 * @param {any} rec
 * @param {DeckKind} deck
 * @param {number} p
 * @returns {'wins' | 'loses' | 'push' | null}
 */
function versusBank(rec, deck, p) {
  const mine = rec.seats[p]?.cards.map(parseCard) ?? [];
  const bank = rec.seats[rec.dealer]?.cards.map(parseCard) ?? [];
  if (p === rec.dealer || !mine.length || !bank.length) return null;
  if ([...mine, ...bank].some((c) => c.kind === 'hidden')) return null;
  const a = tarotHand(mine, deck), b = tarotHand(bank, deck);
  if (a.rank === 0) return 'loses';
  if (b.rank === 0 || a.rank > b.rank) return 'wins';
  return a.rank === b.rank ? 'push' : 'loses';
}

/**
 * The session's result: each seat's money won or lost (or points).
 * @param {any} v
 * @param {Cfg} cfg
 * @param {Scene} scene
 */
function finalPanel(v, cfg, scene) {
  const points = cfg.rules === 'canonical' && cfg.scoring === 'points';
  const results = v.seats.map((/** @type {any} */ seat, /** @type {number} */ p) => ({
    p, r: points ? seat.points : seat.stack - seat.bought,
  })).sort((/** @type {{r: number}} */ a, /** @type {{r: number}} */ b) => b.r - a.r);
  return h('div', { class: 'sab-final' },
    h('strong', {}, points ? 'Points at the end:' : 'Money won or lost over the session:'),
    h('ol', {}, results.map((/** @type {{p: number, r: number}} */ x) => h('li', {}, seatMark(x.p, scene.names), ` ${x.r > 0 ? '+' : ''}${x.r}`))));
}

// ---------------------------------------------------------------------------------------
// Labels and the log.

/**
 * A move's short label.
 * @param {string} a
 */
function labelOf(a) {
  const [w, ...rest] = a.split(' ');
  const arg = rest.join(' ');
  switch (w) {
    case 'call': return a === 'call hand' ? 'Call the hand' : 'Call';
    case 'fold': return 'Fold';
    case 'raise': return arg === 'max' ? 'Raise max' : `Raise by ${arg}`;
    case 'block': return `Block card ${arg}`;
    case 'unblock': return `Unblock card ${arg}`;
    case 'ready': return 'Ready for the roll';
    case 'announce': return ({ continue: 'Continue', see: 'See', fold: 'Fold (announce)', sabacc: 'Sabacc!' })[arg] ?? a;
    case 'take': return 'Take the card';
    case 'decline': return 'Decline the card';
    case 'discard': return `Discard card ${arg}`;
    case 'show': return `Turn card ${arg} up`;
    case 'field': return `Freeze card ${arg}`;
    case 'draw': return 'Draw a card';
    case 'trade': return `Trade card ${arg}`;
    case 'stand': return 'Stand';
    case 'keep': return 'Keep all';
    case 'exchange': return `Exchange ${rest.length > 1 ? 'cards' : 'card'} ${rest.join(', ')}`;
    case 'bet': return `Bet ${arg}`;
    case 'hit': return 'Hit';
  }
  return a;
}

