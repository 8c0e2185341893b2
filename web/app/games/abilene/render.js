// Abilene in the browser: the hex board of six ranches around the town (board.js, the
// crate's board data), the cows with what this seat knows of their brands and values, the
// cowboys, the prison and the dice on the board; beside it the ranchers' money and loans,
// the sale at the corral, and the moves that are no piece's (release, pass, sell, corral
// cards, loans). A piece's move is two clicks: the cow or cowboy, then a field lit up for it
// (and the die, when two dice reach the same field). Everything comes from the seat's view:
// a cow this seat does not know is `?`, another seat's corral card too until the reveal.

import { h, s, SEAT_COLOURS, SEAT_SHAPES } from '../../dom.js';
import { clickable, dieFace, moveButton } from '../parts.js';
import { FIELDS, BY_NAME, RANCHES_IN_PLAY } from './board.js';

/** @typedef {import('../index.js').Scene} Scene */
/** @typedef {import('./board.js').Field} Field */

/** The hexes' size: centre to corner. */
const R = 20;
const SQ3 = Math.sqrt(3);
/** The board's picture: the hex board and its four corners (prison, dice, legend). */
const VIEW = { x: -270, y: -266, w: 540, h: 532 };
const HERD = [1000, 600, 600, 600, 300, 300, 100, 500, 500];
const FEES = [0, 300, 500, 600, 700, 800];

/** @param {number} q @param {number} r */
const px = (q, r) => R * SQ3 * (q + r / 2);
/** @param {number} q @param {number} r */
const py = (q, r) => R * 1.5 * r;

/**
 * A hexagon's corners (pointy top) around (x, y).
 * @param {number} x
 * @param {number} y
 * @param {number} [size]
 */
function corners(x, y, size = R) {
  const out = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 90);
    out.push([x + size * Math.cos(a), y + size * Math.sin(a)]);
  }
  return out;
}

/** @param {number[][]} pts */
const points = (pts) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/** $1,000. @param {number} n */
function dollars(n) {
  const a = Math.abs(n).toLocaleString('en-US');
  return n < 0 ? `-$${a}` : `$${a}`;
}

/** @param {number} seat */
const colour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
/** @param {number} seat */
const shape = (seat) => SEAT_SHAPES[seat % SEAT_SHAPES.length];

/**
 * What the seat is choosing: a piece (its start, and whether a cow or a cowboy), then a field
 * for which two dice would do. Reset when the legal moves change.
 */
const pick = { key: '', kind: '', from: '', to: '' };

/** How far the board is scrolled sideways on a narrow screen (-1: not yet), and whether it is zoomed in there. */
const view = { scroll: -1, zoom: false };

/** Where the board was last drawn, and from what, to draw it again after a choice. */
/** @type {{root: HTMLElement | null, scene: Scene | null}} */
const drawn = { root: null, scene: null };

/**
 * Keeps the whole map in sight on a laptop screen: its height is what the window leaves
 * below where it starts (the status line above it wraps to one, two or three lines by the
 * move and the width), measured after each drawing and each change of the window's size.
 */
function fitBoard() {
  const wrap = drawn.root?.querySelector('.ab-board-wrap');
  const game = drawn.root?.querySelector('.abilene');
  if (!(wrap instanceof HTMLElement) || !(game instanceof HTMLElement) || !wrap.isConnected) return;
  const top = `${Math.round(wrap.getBoundingClientRect().top + window.scrollY)}px`;
  if (game.style.getPropertyValue('--ab-top') !== top) game.style.setProperty('--ab-top', top);
}
// A notice or a banner above the map, or a new window size, moves where it starts: the
// page's size changes, and the map is fitted again (which cannot move where it starts).
if (typeof ResizeObserver !== 'undefined') new ResizeObserver(fitBoard).observe(document.body);

/**
 * A move of a piece: `cow a52 a21 3`, `boy abilene c31 2`.
 * @typedef {{action: string, kind: 'cow' | 'boy', from: string, to: string, die: number}} PieceMove
 */

/**
 * The piece moves among the legal ones.
 * @param {string[]} legal
 * @returns {PieceMove[]}
 */
function pieceMoves(legal) {
  /** @type {PieceMove[]} */
  const out = [];
  for (const a of legal) {
    const m = /^(cow|boy) (\S+) (\S+) (\d)$/.exec(a);
    if (m) out.push({ action: a, kind: /** @type {'cow' | 'boy'} */ (m[1]), from: m[2], to: m[3], die: Number(m[4]) });
  }
  return out;
}

/**
 * The seats' ranches (0 = A … 5 = F), by the number of seats.
 * @param {number} players
 */
function ranchesOf(players) {
  return RANCHES_IN_PLAY[players] ?? RANCHES_IN_PLAY[4];
}

/** @param {number} ranch */
const letter = (ranch) => 'ABCDEF'[ranch] ?? '?';

/**
 * A cow's public id: its herd's letter and number (`B4`).
 * @param {number[]} ranches
 * @param {number} i
 */
function cowId(ranches, i) {
  return `${letter(ranches[Math.floor(i / 9)])}${(i % 9) + 1}`;
}

/**
 * A cow's sticker in words: `$600, brand B`, `$500, no brand`, or null when unknown.
 * @param {string} id
 */
function stickerWords(id) {
  if (!id || id === '?') return null;
  const [brand, value] = id.split(' ');
  return `${dollars(Number(value))}, ${brand === '-' ? 'no brand' : `brand ${brand}`}`;
}

/** @param {Scene} scene */
function redraw(scene) {
  const root = drawn.root;
  if (!root || drawn.scene !== scene) return;
  root.replaceChildren();
  renderer.render(root, scene);
  const next = root.querySelector('.ab-target, .ab-dice-choice .legal-target');
  if (next instanceof HTMLElement || next instanceof SVGElement) next.focus({ preventScroll: true });
}

/** @type {import('../index.js').Renderer} */
const renderer = {
  result,
  render(root, scene) {
    drawn.root = root;
    drawn.scene = scene;
    const v = scene.view;
    if (!v || !Array.isArray(v.ranchers)) {
      root.append(h('div', { class: 'abilene' }, h('p', { class: 'ab-placeholder' },
        'Spectators do not see the cows\' brands: the moves every seat sees are in the log.')));
      return;
    }
    const key = `${v.turns}|${v.stage}|${scene.legal.join(',')}`;
    if (pick.key !== key) Object.assign(pick, { key, kind: '', from: '', to: '' });
    // A spectator gets the public view (a cow's id is `?` unless every seat knows it, the
    // corral cards of a sale face down; its `player` means nothing): no seat is "you".
    const spectator = scene.seat === null;
    const me = spectator ? -1 : typeof v.player === 'number' ? v.player : scene.seat ?? 0;
    const ranches = ranchesOf(v.players);
    const actor = scene.turn.kind === 'player' ? scene.turn.player : null;
    const yours = actor === me && scene.legal.length > 0 && !scene.replay;
    const wrap = h('div', { class: 'abilene' });
    if (spectator) {
      wrap.append(h('p', { class: 'ab-watching' },
        h('strong', {}, scene.replay ? 'Seen as a spectator:' : 'You are watching:'),
        ` ${scene.replay ? 'what' : 'you see what'} every player sees ("?": a cow whose brand and value not every rancher knows).`));
    }
    wrap.append(h('div', { class: `ab-status${yours ? ' yours' : ''}` }, statusLine(v, scene, me, ranches, yours)));
    const moves = pieceMoves(scene.replay ? [] : scene.legal);
    // On a phone the whole map shows at once; zoomed in, it is wider than the screen and
    // scrolls sideways (the choice is kept from one move to the next).
    const scroller = h('div', {
      class: `ab-board-wrap${view.zoom ? ' zoomed' : ''}`, role: 'region', tabindex: '0',
      'aria-label': view.zoom ? 'The map (zoomed in: it scrolls sideways)' : 'The map',
    }, boardSvg(v, scene, me, ranches, moves));
    const zoom = h('button', {
      type: 'button', class: 'ab-zoom', 'aria-pressed': String(view.zoom),
      onclick: () => {
        view.zoom = !view.zoom;
        view.scroll = -1;
        redraw(scene);
      },
    }, view.zoom ? 'Show the whole map' : 'Zoom in on the map');
    wrap.append(h('div', { class: 'ab-main' },
      h('div', { class: 'ab-board-col' }, zoom, scroller),
      h('div', { class: 'ab-side' },
        spectator ? null : choicePanel(v, scene, me, ranches, moves),
        salePanel(v, scene, me, ranches))),
    ranchersPanel(v, scene, me, ranches));
    root.append(wrap);
    // On a narrow screen the board is wider than the page and scrolls: keep where the player
    // left it, or start on his own ranch (a spectator on the town, in the middle).
    scroller.addEventListener('scroll', () => { view.scroll = scroller.scrollLeft; });
    fitBoard();
    requestAnimationFrame(() => {
      if (scroller.scrollWidth <= scroller.clientWidth) return;
      if (view.scroll >= 0) { scroller.scrollLeft = view.scroll; return; }
      if (spectator) {
        scroller.scrollLeft = Math.max(0, scroller.scrollWidth / 2 - scroller.clientWidth / 2);
        return;
      }
      const f = FIELDS.find((x) => x.ranch === ranches[me] && x.ring === 5 && x.pos === 2);
      if (!f) return;
      const frac = (px(f.q, f.r) - VIEW.x) / VIEW.w;
      scroller.scrollLeft = Math.max(0, frac * scroller.scrollWidth - scroller.clientWidth / 2);
    });
  },

  label(action) {
    return labelOf(action);
  },

  last,
};

/**
 * The game's end in words, for the table's banner: the ranchers' places and money.
 * @param {import('../index.js').Scene} scene
 * @returns {string | null}
 */
function result(scene) {
  const v = scene.view;
  if (!v || v.stage !== 'over') return null;
  const standing = v.ranchers.map((/** @type {any} */ rr, /** @type {number} */ p) => ({ p, net: netMoney(v, p), out: rr.bankrupt }))
    .sort((/** @type {any} */ a, /** @type {any} */ b) => (a.out === null) !== (b.out === null) ? (a.out === null ? -1 : 1)
      : a.out !== null ? b.out - a.out : b.net - a.net);
  const place = ['1st', '2nd', '3rd', '4th', '5th', '6th'];
  return `Places: ${standing.map((/** @type {any} */ x, /** @type {number} */ i) =>
    `${place[i]} ${scene.names[x.p] ?? `seat ${x.p + 1}`} (${x.out !== null ? 'bankrupt' : dollars(x.net)})`).join(', ')}.`;
}

/**
 * The fields the last move touched: a cow's or a cowboy's field left and reached, a piece
 * placed.
 * @param {import('../index.js').Entry} entry
 * @returns {string[]}
 */
function last(entry) {
  const a = entry.action ?? '';
  const m = /^(?:cow|boy) (\S+) (\S+) \d+$/.exec(a) ?? /^place (\S+)$/.exec(a);
  if (typeof entry.actor !== 'number' || !m) return [];
  return m.slice(1).map((f) => `[data-field="${f}"]`);
}


export default renderer;

// ---------------------------------------------------------------------------------------
// What the game waits for.

/**
 * The status line: what the game waits for, and from whom.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {number[]} ranches
 * @param {boolean} yours
 */
function statusLine(v, scene, me, ranches, yours) {
  const name = (/** @type {number} */ p) => (p === me ? 'You' : who(scene, p));
  const turnNote = v.stage !== 'setup' && v.stage !== 'over'
    ? h('span', { class: 'muted' }, ` · turn ${v.turns + 1} · ${v.turn === me ? 'your' : `${who(scene, v.turn)}'s`} turn (ranch ${letter(ranches[v.turn])}) · ${v.sold} cow${v.sold === 1 ? '' : 's'} sold`)
    : null;
  /** @type {string} */
  let text;
  let help = '';
  const head = v.tasks?.[0];
  const verb = (/** @type {number} */ p, /** @type {string} */ you, /** @type {string} */ other) => (p === me ? you : other);
  if (v.stage === 'over') {
    const standing = v.ranchers.map((/** @type {any} */ rr, /** @type {number} */ p) => ({ p, net: netMoney(v, p), out: rr.bankrupt }))
      .sort((/** @type {any} */ a, /** @type {any} */ b) => (a.out === null) !== (b.out === null) ? (a.out === null ? -1 : 1)
        : a.out !== null ? b.out - a.out : b.net - a.net);
    text = 'The game is over';
    help = `Final money (cash less debts, plus loans owed): ${standing.map((/** @type {any} */ x) =>
      `${x.p === me ? 'you' : who(scene, x.p)} ${x.out !== null ? 'bankrupt' : dollars(x.net)}`).join(', ')}.`;
  } else if (v.stage === 'setup' && v.first === null) {
    text = 'Who starts is drawn';
  } else if (v.stage === 'setup') {
    text = `${name(v.turn)} ${verb(v.turn, 'place', 'places')} the herd, cow by cow`;
    help = v.turn === me
      ? 'Choose the value of the cow to put on the lit cow-head field. Only you know your cows\' values; the others see "?".'
      : 'The others see only "?": each rancher alone knows his cows\' values.';
  } else if (v.duel) {
    text = `A duel on ${v.duel.field}: ${who(scene, v.duel.attacker)} against ${who(scene, v.duel.defender)}`;
  } else if (v.asked) {
    const borrower = head?.task === 'pay' ? head.payer : v.turn;
    text = `${name(v.asked.seat)} ${verb(v.asked.seat, 'decide', 'decides')} whether to lend ${dollars(v.asked.amount)} to ${who(scene, borrower)} (repaid ${dollars(v.asked.repay)} at the end)`;
  } else if (head?.task === 'pay' && v.ranchers[head.payer].cash < head.amount) {
    const short = head.amount - v.ranchers[head.payer].cash;
    const to = head.to === null ? 'the bank' : head.to === me ? 'you' : who(scene, head.to);
    text = `${name(head.payer)} ${verb(head.payer, 'owe', 'owes')} ${dollars(head.amount)} to ${to} and ${verb(head.payer, 'are', 'is')} ${dollars(short)} short`;
    help = 'Borrow from the bank (25% interest, repaid at the end), ask another rancher for a loan, or go bankrupt.';
  } else if (head?.task === 'place-cow') {
    text = `${name(v.cows[head.cow].owner)} ${verb(v.cows[head.cow].owner, 'put', 'puts')} the stolen cow ${cowId(ranches, head.cow)} on a field`;
    help = 'A stolen cow goes on a free cow-head field of the thief\'s ranch, else on its outer edge.';
  } else if (head?.task === 'place-boy') {
    const whose = head.owner === head.by ? 'a released cowboy' : `${head.owner === me ? 'your' : `${who(scene, head.owner)}'s`} cowboy who lost the duel`;
    text = `${name(head.by)} ${verb(head.by, 'put', 'puts')} ${whose} on a field`;
  } else if (v.stage === 'roll') {
    text = `${name(v.turn)} ${verb(v.turn, 'roll', 'rolls')} the five dice`;
  } else if (v.stage === 'prison') {
    text = `${name(v.turn)} ${verb(v.turn, 'decide', 'decides')} how many cowboys to release from prison`;
    help = 'With three or more in prison, each release costs $1,500; the food fees are paid for those who stay.';
  } else if (v.stage === 'cattle') {
    text = `${name(v.turn)} ${verb(v.turn, 'move', 'moves')} cows with the light dice`;
    help = yours
      ? 'Click one of your cows, then a lit field: each light die moves a different cow up to its number, straight with at most one turn. A cow that reaches Abilene is sold this turn. The dice must be used while a cow can move; a die no cow can use is lost.'
      : 'Each light die moves a different cow of his up to its number of fields.';
  } else if (v.stage === 'cowboys') {
    text = `${name(v.turn)} ${verb(v.turn, 'move', 'moves')} cowboys with the dark dice`;
    help = yours
      ? 'Click one of your cowboys, then a lit field: exactly the die\'s number of steps. Ending on another rancher\'s cow steals it; on his cowboy, a duel. Every die must be used while it can be.'
      : 'Each dark die moves a different cowboy exactly its number of fields.';
  } else if (v.stage === 'sales' && v.sale) {
    const waiting = v.sale.cards.map((/** @type {string} */ c, /** @type {number} */ p) => p).filter((/** @type {number} */ p) =>
      p < v.players && p !== v.turn && v.sale.cards[p] === '-' && v.ranchers[p].bankrupt === null);
    text = `The corral: cow ${cowId(ranches, v.sale.cow)} is sold`;
    help = waiting.length ? `Waiting for the corral card${waiting.length > 1 ? 's' : ''} of ${waiting.map((/** @type {number} */ p) => (p === me ? 'you' : who(scene, p))).join(', ')}.` : '';
  } else if (v.stage === 'sales') {
    text = `${name(v.turn)} ${verb(v.turn, 'choose', 'chooses')} which cow is sold first`;
  } else {
    text = String(v.stage);
  }
  return [h('strong', {}, text), turnNote, help ? h('div', { class: 'ab-help' }, help) : null];
}

// ---------------------------------------------------------------------------------------
// The board.

/**
 * The board: the fields of the six ranches, the town, the pieces, the prison and the dice,
 * with the moves on it.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {number[]} ranches
 * @param {PieceMove[]} moves
 */
function boardSvg(v, scene, me, ranches, moves) {
  /** @type {Record<number, number>} the seat of each ranch in play */
  const owner = {};
  ranches.forEach((r, seat) => { owner[r] = seat; });
  const layers = { fields: s('g', { class: 'ab-fields' }), lines: s('g', { class: 'ab-lines' }), marks: s('g', {}), pieces: s('g', {}), targets: s('g', {}), hits: s('g', {}) };

  // Fields: a tint of the owner's colour (none for a free ranch), the kind's mark.
  for (const f of FIELDS) {
    const x = px(f.q, f.r), y = py(f.q, f.r);
    const seat = owner[f.ranch];
    const free = seat === undefined;
    const kindWords = { boot: 'a boot field: cowboys start here; a released or beaten cowboy may be put here', 'cow-head': 'a cow-head field: cows start here; stolen cows are put here', 'outer-edge': 'the outer edge of the ranch', plain: 'a field' }[f.kind];
    const whose = free ? 'a free ranch (pasture: cowboys may cross it, cows never enter it)' : `ranch ${letter(f.ranch)}, ${seat === me ? 'yours' : `${scene.names[seat]}'s`}`;
    layers.fields.append(s('polygon', {
      points: points(corners(x, y)), class: `ab-hex${free ? ' free' : ''} kind-${f.kind}`,
      style: free ? undefined : `--tint:${colour(seat)}`, 'data-field': f.name,
    }, s('title', {}, `${f.name}: ${kindWords}; ${whose}`)));
    const mark = kindMark(f.kind, x, y);
    if (mark) layers.marks.append(mark);
  }
  // Lines between ranches, around the town and the board.
  layers.lines.append(...borderPaths());

  // The town of Abilene over the seven central hexes.
  const town = s('g', { class: 'ab-town' });
  for (const [q, r] of [[0, 0], [0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]]) {
    town.append(s('polygon', { points: points(corners(px(q, r), py(q, r), R + 0.6)), class: 'ab-town-hex' }));
  }
  town.append(s('title', {}, 'Abilene: cows brought here are sold at the corral this turn; cowboys may stop here and never fight (the sheriff keeps the peace).'));
  town.append(s('text', { x: 0, y: -38, 'text-anchor': 'middle', class: 'ab-town-name' }, 'ABILENE'));
  layers.fields.append(town);

  // Ranch labels, outside the board in each ranch's direction (beside it for the four on
  // the sides, where the board's corners leave room).
  for (let r = 0; r < 6; r++) {
    const [dq, dr] = [[1, -2], [2, -1], [1, 1], [-1, 2], [-2, 1], [-1, -1]][r];
    const k = 4.15;
    const side = r === 0 || r === 3 ? 0 : r < 3 ? 1 : -1;
    const x = side === 0 ? px(dq * k, dr * k) : side * 186;
    const y = side === 0 ? py(dq * k, dr * k) : r === 1 || r === 5 ? -168 : 164;
    const anchor = side === 0 ? 'middle' : side > 0 ? 'start' : 'end';
    const seat = owner[r];
    const g = s('g', { class: 'ab-ranch-label' },
      s('title', {}, seat === undefined ? `Ranch ${letter(r)}: free pasture` : `Ranch ${letter(r)}: ${scene.names[seat]}'s`),
      s('text', { x, y: y - 2, 'text-anchor': anchor, class: 'ab-ranch-letter' }, letter(r)),
      s('text', { x, y: y + 12, 'text-anchor': anchor, class: 'ab-ranch-owner', style: seat === undefined ? undefined : `fill:${colour(seat)}` },
        seat === undefined ? 'free' : `${shape(seat)} ${short(seat === me ? 'you' : scene.names[seat] ?? '')}`));
    layers.marks.append(g);
  }

  // Who stands where.
  /** @type {Map<string, {cows: number[], boys: number[]}>} */
  const at = new Map();
  const put = (/** @type {string} */ where, /** @type {'cows' | 'boys'} */ kind, /** @type {number} */ n) => {
    const e = at.get(where) ?? { cows: [], boys: [] };
    e[kind].push(n);
    at.set(where, e);
  };
  v.cows.forEach((/** @type {any} */ c, /** @type {number} */ i) => put(c.at, 'cows', i));
  v.ranchers.forEach((/** @type {any} */ rr, /** @type {number} */ seat) => rr.cowboys.forEach((/** @type {any} */ b) => put(b.at, 'boys', seat)));

  // The moves: a piece chosen, its fields lit.
  const froms = new Set(moves.map((m) => `${m.kind} ${m.from}`));
  const chosen = moves.filter((m) => m.kind === pick.kind && m.from === pick.from);
  const places = scene.replay ? [] : scene.legal.filter((a) => a.startsWith('place ')).map((a) => a.slice(6));
  const sells = scene.replay ? [] : scene.legal.filter((a) => /^sell \d$/.test(a));

  for (const f of FIELDS) {
    const here = at.get(f.name);
    if (!here) continue;
    const x = px(f.q, f.r), y = py(f.q, f.r);
    const duel = v.duel && v.duel.field === f.name;
    here.cows.forEach((i) => {
      const el = cowToken(v, scene, me, ranches, i, x, y, 1);
      const k = `cow ${f.name}`;
      if (froms.has(k)) choosable(el, scene, 'cow', f.name, `Choose ${cowLabel(v, ranches, i)} on ${f.name} to move`);
      if (pick.kind === 'cow' && pick.from === f.name) el.classList.add('ab-chosen');
      layers.pieces.append(el);
    });
    here.boys.forEach((seat, n) => {
      const dx = duel ? (n === 0 ? -7 : 7) : 0;
      const el = boyToken(seat, x + dx, y, 11, `${seat === me ? 'Your' : `${scene.names[seat]}'s`} cowboy on ${f.name}${duel ? ' (a duel!)' : ''}`);
      const k = `boy ${f.name}`;
      if (froms.has(k) && seat === me) choosable(el, scene, 'boy', f.name, `Choose your cowboy on ${f.name} to move`);
      if (pick.kind === 'boy' && pick.from === f.name && seat === me) el.classList.add('ab-chosen');
      layers.pieces.append(el);
    });
  }

  // Pieces in town: the cows brought to be sold, the cowboys.
  const inTown = at.get('abilene') ?? { cows: [], boys: [] };
  const townG = s('g', { class: 'ab-town-pieces' });
  inTown.cows.forEach((i, n) => {
    const el = cowToken(v, scene, me, ranches, i, (n - (inTown.cows.length - 1) / 2) * 30, -12, 1);
    const order = v.town.indexOf(i) + 1;
    const sell = order > 0 ? `sell ${order}` : '';
    if (sell && sells.includes(sell)) {
      clickable(el, `Sell ${cowLabel(v, ranches, i)} first`, () => scene.act(sell), { action: sell, stop: true });
    }
    townG.append(el);
  });
  const boys = inTown.boys;
  boys.forEach((seat, n) => {
    const cols = Math.min(boys.length, 6);
    const row = Math.floor(n / cols), col = n % cols;
    const el = boyToken(seat, (col - (cols - 1) / 2) * 15, 14 + row * 15, 7, `${seat === me ? 'Your' : `${scene.names[seat]}'s`} cowboy in Abilene`);
    if (seat === me && froms.has('boy abilene') && !townG.querySelector('.ab-from-town')) {
      el.classList.add('ab-from-town');
      choosable(el, scene, 'boy', 'abilene', 'Choose one of your cowboys in Abilene to move');
      if (pick.kind === 'boy' && pick.from === 'abilene') el.classList.add('ab-chosen');
    }
    townG.append(el);
  });
  layers.pieces.append(townG);

  // The fields lit for the chosen piece (with the dice that reach them), or for a placement.
  /** @type {Map<string, PieceMove[]>} */
  const byTo = new Map();
  for (const m of chosen) byTo.set(m.to, [...(byTo.get(m.to) ?? []), m]);
  for (const [to, list] of byTo) {
    const dice = [...new Set(list.map((m) => m.die))].sort();
    const run = () => {
      if (list.length === 1) scene.act(list[0].action);
      else { pick.to = to; redraw(scene); }
    };
    const what = pick.kind === 'cow' ? 'the cow' : 'the cowboy';
    const aria = `Move ${what} from ${pick.from} to ${to} with ${dice.length > 1 ? `the ${dice.join(' or the ')}` : `the ${dice[0]}`}`;
    const [under, over] = targetMark(to, run, list.length === 1 ? list[0].action : '', aria, dice.join('/'), pick.to === to);
    layers.targets.append(under);
    layers.hits.append(over);
  }
  for (const to of places) {
    const [under, over] = targetMark(to, () => scene.act(`place ${to}`), `place ${to}`, `Put the piece on ${to}`, '', false);
    layers.targets.append(under);
    layers.hits.append(over);
  }
  // Setup: the cow-head field the next cow goes on.
  if (v.stage === 'setup' && v.first !== null && v.turn === me) {
    const next = nextHerdField(v, me, ranches);
    if (next) layers.targets.append(s('polygon', { points: points(corners(px(next.q, next.r), py(next.q, next.r), R - 2)), class: 'ab-next' },
      s('title', {}, `Your next cow goes on ${next.name}`)));
  }

  return s('svg', {
    viewBox: `${VIEW.x} ${VIEW.y} ${VIEW.w} ${VIEW.h}`, class: 'ab-board', role: 'group',
    'aria-label': 'The board: six ranches around the town of Abilene',
    onclick: () => { if (pick.from) { Object.assign(pick, { kind: '', from: '', to: '' }); redraw(scene); } },
  }, layers.fields, layers.marks, layers.lines, layers.targets, layers.pieces, layers.hits,
  prisonBox(v, scene, me), diceBox(v), legendBox());
}

/**
 * A seat's name with its shape, so that two bots of one name stay apart: `▲ random (bot)`.
 * @param {Scene} scene
 * @param {number} p
 */
function who(scene, p) {
  return `${shape(p)} ${scene.names[p] ?? `seat ${p + 1}`}`;
}

/** @param {string} name */
function short(name) {
  return name.length > 10 ? `${name.slice(0, 9)}…` : name;
}

/**
 * Makes a piece choosable: a click chooses it (or unchooses it), and its fields light up.
 * @param {SVGElement} el
 * @param {Scene} scene
 * @param {'cow' | 'boy'} kind
 * @param {string} from
 * @param {string} aria
 */
function choosable(el, scene, kind, from, aria) {
  clickable(el, aria, () => {
    if (pick.kind === kind && pick.from === from) Object.assign(pick, { kind: '', from: '', to: '' });
    else Object.assign(pick, { kind, from, to: '' });
    redraw(scene);
  }, { action: '', stop: true });
  el.setAttribute('data-from', `${kind} ${from}`);
}

/**
 * A lit field: a move ends there.
 * @param {string} to
 * @param {() => void} run
 * @param {string} action
 * @param {string} aria
 * @param {string} dice
 * @param {boolean} chosen
 * @returns {SVGElement[]}
 */
function targetMark(to, run, action, aria, dice, chosen) {
  let x = 0, y = 0, size = R - 1.5;
  if (to === 'abilene') { size = R * 1.55; } else {
    const f = BY_NAME.get(to);
    if (!f) return [s('g'), s('g')];
    x = px(f.q, f.r); y = py(f.q, f.r);
  }
  const shapeOf = (/** @type {string} */ cls) => (to === 'abilene'
    ? s('circle', { cx: 0, cy: 0, r: size, class: cls })
    : s('polygon', { points: points(corners(x, y, size)), class: cls }));
  // The fill lies under the pieces (a cow to steal, a cowboy to fight stays visible); the
  // outline and the die's number over them, and that is what is clicked.
  const under = s('g', { class: `ab-target-fill${chosen ? ' chosen' : ''}` }, shapeOf('ab-target-shape'));
  const over = s('g', { class: `ab-target${chosen ? ' chosen' : ''}`, 'data-to': to },
    s('title', {}, aria),
    shapeOf('ab-target-hit'),
    dice ? s('text', { x, y: to === 'abilene' ? 40 : y + 17, 'text-anchor': 'middle', class: 'ab-target-die' }, dice) : null);
  clickable(over, aria, run, { action, stop: true });
  return [under, over];
}

/**
 * A field kind's faint mark: a boot, a cow's head, a fence.
 * @param {string} kind
 * @param {number} x
 * @param {number} y
 */
function kindMark(kind, x, y) {
  if (kind === 'boot') {
    return s('path', { class: 'ab-mark', d: `M${x - 3},${y - 9} h6 v9 h6 q2,0 2,3 v2 h-14 Z` });
  }
  if (kind === 'cow-head') {
    return s('g', { class: 'ab-mark' },
      s('ellipse', { cx: x, cy: y + 1, rx: 5, ry: 7 }),
      s('path', { d: `M${x - 5},${y - 4} q-6,-1 -7,-6 M${x + 5},${y - 4} q6,-1 7,-6`, class: 'ab-mark-line' }));
  }
  if (kind === 'outer-edge') {
    return s('path', { class: 'ab-mark-line ab-fence', d: `M${x - 8},${y + 3} h16 M${x - 8},${y - 2} h16 M${x - 5},${y - 6} v12 M${x + 5},${y - 6} v12` });
  }
  return null;
}

/**
 * The lines between ranches, around the town and around the board: the edges of the hexes
 * whose two sides differ.
 */
function borderPaths() {
  /** @type {Map<string, {a: number[], b: number[], sides: string[]}>} */
  const edges = new Map();
  const add = (/** @type {number} */ q, /** @type {number} */ r, /** @type {string} */ side) => {
    const c = corners(px(q, r), py(q, r));
    for (let k = 0; k < 6; k++) {
      const a = c[k], b = c[(k + 1) % 6];
      const key = [a, b].map(([x, y]) => `${Math.round(x * 2)},${Math.round(y * 2)}`).sort().join('|');
      const e = edges.get(key) ?? { a, b, sides: [] };
      e.sides.push(side);
      edges.set(key, e);
    }
  };
  for (const f of FIELDS) add(f.q, f.r, 'abcdef'[f.ranch]);
  for (const [q, r] of [[0, 0], [0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]]) add(q, r, 'town');
  let ranch = '', town = '', edge = '';
  for (const e of edges.values()) {
    const seg = `M${e.a[0].toFixed(1)},${e.a[1].toFixed(1)}L${e.b[0].toFixed(1)},${e.b[1].toFixed(1)}`;
    if (e.sides.length === 1) edge += seg;
    else if (e.sides.includes('town') && e.sides[0] !== e.sides[1]) town += seg;
    else if (e.sides[0] !== e.sides[1]) ranch += seg;
  }
  return [s('path', { d: ranch, class: 'ab-border-ranch' }), s('path', { d: town, class: 'ab-border-town' }), s('path', { d: edge, class: 'ab-border-edge' })];
}

/**
 * A cow: a cream body edged in its owner's colour, horns, what this seat knows of it.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {number[]} ranches
 * @param {number} i
 * @param {number} x
 * @param {number} y
 * @param {number} k   scale
 */
function cowToken(v, scene, me, ranches, i, x, y, k) {
  const c = v.cows[i];
  const seat = c.owner;
  const known = c.id !== '?';
  const [brand, value] = known ? c.id.split(' ') : ['?', '?'];
  const text = known ? (value === '1000' ? '1000' : value) : '?';
  const whose = seat === me ? 'Your' : `${scene.names[seat]}'s`;
  const herd = Math.floor(i / 9);
  const stolen = herd !== seat ? ` (from ${herd === me ? 'your' : `${scene.names[herd]}'s`} herd)` : '';
  const unknown = scene.seat === null ? 'brand and value not known to every rancher' : 'brand and value unknown to you';
  const title = `${whose} cow ${cowId(ranches, i)}${stolen}: ${known ? stickerWords(c.id) : unknown}${c.moved ? '; it moved this turn' : ''}`;
  return s('g', { class: 'ab-cow', transform: `translate(${x} ${y}) scale(${k})` },
    s('title', {}, title),
    s('path', { d: 'M-9,-7 q-5,-2 -6,-7 M9,-7 q5,-2 6,-7', class: 'ab-horn' }),
    s('rect', { x: -13, y: -9, width: 26, height: 18, rx: 7, class: 'ab-cow-body', style: `stroke:${colour(seat)}` }),
    s('text', { x: 0, y: known ? 1 : 4, 'text-anchor': 'middle', class: `ab-cow-value${text.length > 3 ? ' long' : ''}` }, text),
    known ? s('text', { x: 0, y: 7.5, 'text-anchor': 'middle', class: 'ab-cow-brand' }, brand === '-' ? 'no brand' : `brand ${brand}`) : null,
    s('text', { x: 11, y: -6, 'text-anchor': 'middle', class: 'ab-cow-owner', style: `fill:${colour(seat)}` }, shape(seat)));
}

/**
 * A cowboy: a disc of his rancher's colour with the rancher's shape.
 * @param {number} seat
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {string} title
 */
function boyToken(seat, x, y, r, title) {
  return s('g', { class: 'ab-boy' },
    s('title', {}, title),
    s('circle', { cx: x, cy: y, r, class: 'ab-boy-disc', style: `fill:${colour(seat)}` }),
    s('text', { x, y: y + r * 0.38, 'text-anchor': 'middle', class: 'ab-boy-shape', style: `font-size:${r * 1.1}px` }, shape(seat)));
}

/**
 * The prison, in the board's upper left corner: how many cowboys of each rancher are in it.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 */
function prisonBox(v, scene, me) {
  const x = -266, y = -262, w = 118, hgt = 66;
  const g = s('g', { class: 'ab-prison' },
    s('title', {}, 'The prison: a cowboy who loses a duel in his winner\'s ranch goes here. One or two cost their rancher fees each turn ($300, $500); from three on he may release them at $1,500 each.'),
    s('rect', { x, y, width: w, height: hgt, rx: 6, class: 'ab-prison-box' }),
    s('text', { x: x + 8, y: y + 15, class: 'ab-corner-title' }, 'PRISON'));
  for (let k = 0; k < 7; k++) g.append(s('line', { x1: x + 8 + k * 17, y1: y + 20, x2: x + 8 + k * 17, y2: y + hgt - 4, class: 'ab-bars' }));
  let n = 0;
  v.ranchers.forEach((/** @type {any} */ rr, /** @type {number} */ seat) => {
    const count = rr.cowboys.filter((/** @type {any} */ b) => b.at === 'prison').length;
    for (let k = 0; k < count; k++) {
      const col = n % 7, row = Math.floor(n / 7);
      g.append(boyToken(seat, x + 12 + col * 16, y + 32 + row * 16, 7, `${seat === me ? 'Your' : `${scene.names[seat]}'s`} cowboy in prison`));
      n++;
    }
  });
  if (!n) g.append(s('text', { x: x + w / 2, y: y + 45, 'text-anchor': 'middle', class: 'ab-corner-note' }, 'empty'));
  return g;
}

/**
 * The five dice of the turn, in the lower left corner: used ones dimmed and struck.
 * @param {any} v
 */
function diceBox(v) {
  const x = -266, y = 196;
  const g = s('g', { class: 'ab-dice' }, s('text', { x, y: y - 4, class: 'ab-corner-title' }, 'DICE'));
  const rolled = !['setup', 'roll'].includes(v.stage) && v.stage !== 'over';
  if (!rolled) {
    g.append(s('text', { x, y: y + 16, class: 'ab-corner-note' }, v.stage === 'over' ? '' : 'not rolled yet'));
    return g;
  }
  v.dice.light.forEach((/** @type {number} */ n, /** @type {number} */ k) => g.append(dieFace(x + k * 26, y + 2, 22, n, { cls: 'ab-die-light', used: v.dice.light_used[k], title: 'A light die: moves one cow up to this many fields' })));
  v.dice.dark.forEach((/** @type {number} */ n, /** @type {number} */ k) => g.append(dieFace(x + k * 26, y + 30, 22, n, { cls: 'ab-die-dark', used: v.dice.dark_used[k], title: 'A dark die: moves one cowboy exactly this many fields' })));
  g.append(s('text', { x: x + 56, y: y + 17, class: 'ab-corner-note' }, 'cows'));
  g.append(s('text', { x: x + 80, y: y + 45, class: 'ab-corner-note' }, 'cowboys'));
  return g;
}


/** The legend, in the lower right corner. */
function legendBox() {
  const x = 152, y = 194;
  const row = (/** @type {number} */ k, /** @type {string} */ kind, /** @type {string} */ text) => s('g', {},
    s('polygon', { points: points(corners(x + 8, y + k * 22, 9)), class: `ab-hex kind-${kind}` }),
    kindMark(kind, x + 8, y + k * 22) ? s('g', { transform: `translate(${x + 8} ${y + k * 22}) scale(0.5) translate(${-(x + 8)} ${-(y + k * 22)})` }, kindMark(kind, x + 8, y + k * 22)) : null,
    s('text', { x: x + 22, y: y + k * 22 + 4, class: 'ab-corner-note' }, text));
  return s('g', { class: 'ab-legend' },
    row(0, 'boot', 'boot: cowboys start'),
    row(1, 'cow-head', 'cow head: cows start'),
    row(2, 'outer-edge', 'outer edge'));
}

/**
 * The cow-head field the seat's next cow goes on at setup.
 * @param {any} v
 * @param {number} me
 * @param {number[]} ranches
 * @returns {Field | undefined}
 */
function nextHerdField(v, me, ranches) {
  const placed = v.cows.slice(9 * me, 9 * me + 9).filter((/** @type {any} */ c) => c.at !== 'unplaced').length;
  const heads = FIELDS.filter((f) => f.ranch === ranches[me] && f.kind === 'cow-head');
  return heads[placed];
}

/**
 * A cow for a label: `cow B4 ($600, brand B)` or `cow B4`.
 * @param {any} v
 * @param {number[]} ranches
 * @param {number} i
 */
function cowLabel(v, ranches, i) {
  const words = stickerWords(v.cows[i].id);
  return `cow ${cowId(ranches, i)}${words ? ` (${words})` : ''}`;
}

// ---------------------------------------------------------------------------------------
// Beside the board.

/**
 * The moves that are no piece's: the herd's values, releases, pass, the dice of a field two
 * dice reach, the order of sales, corral cards, loans.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {number[]} ranches
 * @param {PieceMove[]} moves
 */
function choicePanel(v, scene, me, ranches, moves) {
  const legal = scene.replay ? [] : scene.legal;
  const box = h('div', { class: 'ab-panel ab-choices', role: 'group', 'aria-label': 'Your choices' });
  // The die, when two dice take the chosen piece to the chosen field.
  if (pick.to) {
    const list = moves.filter((m) => m.kind === pick.kind && m.from === pick.from && m.to === pick.to);
    box.append(h('div', { class: 'ab-dice-choice' }, h('span', {}, `To ${pick.to} with: `),
      list.map((m) => moveButton(scene.act, m.action, `the ${m.die}`, { tip: `${m.kind === 'cow' ? 'light' : 'dark'} die ${m.die}`, cls: 'ab-act' })),
      h('button', { type: 'button', class: 'ghost', onclick: () => { pick.to = ''; redraw(scene); } }, 'Cancel')));
  } else if (pick.from) {
    const n = new Set(moves.filter((m) => m.kind === pick.kind && m.from === pick.from).map((m) => m.to)).size;
    box.append(h('p', { class: 'ab-hint' }, `${pick.kind === 'cow' ? 'Cow' : 'Cowboy'} on ${pick.from} chosen: click one of the ${n} lit field${n > 1 ? 's' : ''}, or the piece again to let go.`));
  } else if (moves.length) {
    const kinds = new Set(moves.map((m) => m.kind));
    box.append(h('p', { class: 'ab-hint' }, `Click one of your ${kinds.has('cow') ? 'cows' : 'cowboys'} that glow on the board.`));
  }
  // A piece to place: what it is, where it may go.
  if (legal.some((a) => a.startsWith('place '))) {
    const head = v.tasks?.[0];
    const what = head?.task === 'place-cow' ? `the stolen ${cowLabel(v, ranches, head.cow)}: on a free cow-head field of your ranch, else on its outer edge`
      : head?.task === 'place-boy' && head.owner === head.by ? 'your released cowboy: on a free boot or outer-edge field of your ranch'
        : head?.task === 'place-boy' ? `${who(scene, head.owner)}'s cowboy, who lost the duel: on a ${head.place === 'outer-edge' ? 'free outer-edge field' : 'free boot field (else the outer edge)'} of his ranch`
          : 'the piece';
    box.append(h('p', { class: 'ab-hint' }, `Click a lit field to put ${what}.`));
  }
  // Setup: the values left in the herd.
  const herd = legal.filter((a) => a.startsWith('herd '));
  if (herd.length) {
    const left = new Map();
    for (const value of HERD) left.set(value, (left.get(value) ?? 0) + 1);
    for (const c of v.cows.slice(9 * me, 9 * me + 9)) {
      if (c.at !== 'unplaced' && c.id !== '?') {
        const value = Number(c.id.split(' ')[1]);
        left.set(value, left.get(value) - 1);
      }
    }
    const next = nextHerdField(v, me, ranches);
    box.append(h('p', { class: 'ab-hint' }, `The cow for ${next ? next.name : 'the next cow-head field'} (lit on the board):`),
      h('div', { class: 'ab-row' }, herd.map((a) => {
        const value = Number(a.split(' ')[1]);
        return moveButton(scene.act, a, `${dollars(value)}${value === 500 ? ' –' : ''} (${left.get(value)} left)`, { tip: value === 500 ? 'an unbranded cow worth $500' : `a cow of your brand worth ${dollars(value)}`, cls: 'ab-act' });
      })));
  }
  // Prison: releases.
  const releases = legal.filter((a) => a.startsWith('release '));
  if (releases.length) {
    const n = v.ranchers[me].cowboys.filter((/** @type {any} */ b) => b.at === 'prison').length;
    box.append(h('p', { class: 'ab-hint' }, `${n} of your cowboys are in prison.`),
      h('div', { class: 'ab-row' }, releases.map((a) => {
        const k = Number(a.split(' ')[1]);
        const cost = 1500 * k + (FEES[n - k] ?? 800);
        return moveButton(scene.act, a, `${k === 0 ? 'Release none' : `Release ${k}`}: ${dollars(cost)}`, { tip: `${k ? `${dollars(1500 * k)} for the release, ` : ''}${dollars(cost - 1500 * k)} of fees for the ${n - k} who stay`, cls: 'ab-act' });
      })));
  }
  if (legal.includes('pass')) box.append(h('div', { class: 'ab-row' }, moveButton(scene.act, 'pass', 'Stop moving cows', { tip: 'give up the light dice left; the cowboys move next', cls: 'ab-act quiet' })));
  // Sales: the order.
  const sells = legal.filter((a) => /^sell \d$/.test(a));
  if (sells.length) {
    box.append(h('p', { class: 'ab-hint' }, 'Which cow is sold first? (Or click it in Abilene.)'),
      h('div', { class: 'ab-row' }, sells.map((a) => {
        const i = v.town[Number(a.split(' ')[1]) - 1];
        return moveButton(scene.act, a, `Sell ${i === undefined ? a : cowLabel(v, ranches, i)} first`, { cls: 'ab-act' });
      })));
  }
  // Corral cards.
  const corral = legal.filter((a) => a.startsWith('corral '));
  if (corral.length && v.sale) {
    box.append(h('p', { class: 'ab-hint' }, `Your corral card for ${cowLabel(v, ranches, v.sale.cow)}, sold by ${who(scene, v.turn)} (ranch ${letter(ranches[v.turn])}): what brand do you think it carries?`),
      h('div', { class: 'ab-row' }, corral.map((a) => corralButton(scene, a, v, ranches))));
  }
  // Money: short of money, or asked for a loan.
  const money = moneyChoices(v, scene, me, legal);
  if (money) box.append(money);
  if (!box.childNodes.length) return h('div', { class: 'ab-panel ab-choices empty' });
  return box;
}

/**
 * A corral card as a button: its printed sign and what it says.
 * @param {Scene} scene
 * @param {string} a
 * @param {any} v
 * @param {number[]} ranches
 */
function corralButton(scene, a, v, ranches) {
  const card = a.split(' ')[1];
  const seller = letter(ranches[v.turn]);
  const [sign, says] = /** @type {Record<string, [string, string]>} */ ({
    own: ['OK', `the seller's brand (${seller})`],
    none: ['–', 'no brand'],
    other: ['?', 'another rancher\'s brand: you contest the sale'],
  })[card] ?? [card, ''];
  return h('button', {
    type: 'button', class: `legal-target ab-corral-card card-${card}`, 'data-action': a,
    // The name holds the words shown, in their order.
    'aria-label': `Corral card: ${sign} ${says}`, title: `Corral card ${sign}: the cow carries ${says}`,
    onclick: () => scene.act(a),
  }, h('span', { class: 'ab-corral-sign' }, sign), ' ', h('span', { class: 'ab-corral-says' }, says));
}

/**
 * Loans: a rancher short of money borrows, asks, or goes bankrupt; one asked answers.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {string[]} legal
 */
function moneyChoices(v, scene, me, legal) {
  const borrow = legal.filter((a) => a.startsWith('borrow '));
  const ask = legal.filter((a) => a.startsWith('ask '));
  const box = h('div', { class: 'ab-money' });
  if (legal.includes('accept') || legal.includes('refuse')) {
    const asked = v.asked;
    const head = v.tasks?.[0];
    const asker = head?.task === 'pay' ? who(scene, head.payer) : 'a rancher';
    box.append(h('p', { class: 'ab-hint' }, asked
      ? `${asker} asks you to lend ${dollars(asked.amount)} now, repaid ${dollars(asked.repay)} at the end of the game.`
      : 'A loan is asked of you.'),
    h('div', { class: 'ab-row' },
      legal.includes('accept') ? moveButton(scene.act, 'accept', 'Lend the money', { tip: 'you pay it now and are repaid at the end', cls: 'ab-act' }) : null,
      legal.includes('refuse') ? moveButton(scene.act, 'refuse', 'Refuse', { tip: 'the borrower chooses again', cls: 'ab-act quiet' }) : null));
  }
  if (!borrow.length && !ask.length && !legal.includes('bankrupt')) return box.childNodes.length ? box : null;
  const head = v.tasks?.[0];
  if (head?.task === 'pay') {
    const short = head.amount - v.ranchers[me].cash;
    box.append(h('p', { class: 'ab-hint' }, `You must pay ${dollars(head.amount)} to ${head.to === null ? 'the bank' : who(scene, head.to)} and have ${dollars(v.ranchers[me].cash)}: ${dollars(short)} short.`));
  }
  if (borrow.length) {
    const select = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'How much to borrow from the bank' },
      borrow.map((a) => {
        const n = Number(a.split(' ')[1]);
        return h('option', { value: a }, `${dollars(n)} (repay ${dollars(n + Math.ceil(n * 0.25 / 100) * 100)})`);
      })));
    const go = h('button', { type: 'button', class: 'ab-act legal-target', 'data-action': select.value, onclick: () => scene.act(select.value), title: 'The bank lends at once; 25% interest, rounded up to $100, repaid at the end' }, 'Borrow');
    select.addEventListener('change', () => go.setAttribute('data-action', select.value));
    box.append(h('div', { class: 'ab-row' }, h('span', {}, 'Bank loan: '), select, go));
  }
  if (ask.length) {
    const select = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': 'Which loan to ask for' },
      ask.map((a) => {
        const [, seat, n, rep] = a.split(' ').map(Number);
        return h('option', { value: a }, `${who(scene, seat)}: ${dollars(n)}, repay ${dollars(rep)}`);
      })));
    const go = h('button', { type: 'button', class: 'ab-act legal-target', 'data-action': select.value, onclick: () => scene.act(select.value), title: 'He may accept or refuse' }, 'Ask');
    select.addEventListener('change', () => go.setAttribute('data-action', select.value));
    box.append(h('div', { class: 'ab-row' }, h('span', {}, 'Ask a rancher: '), select, go));
  }
  if (legal.includes('bankrupt')) {
    box.append(h('div', { class: 'ab-row' }, moveButton(scene.act, 'bankrupt', 'Go bankrupt', { tip: 'out of the game, ranked last; your cows stay on the board', cls: 'ab-act danger' })));
  }
  return box;
}

/**
 * The sale in progress (who has played a corral card), or the last sale revealed.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {number[]} ranches
 */
function salePanel(v, scene, me, ranches) {
  const box = h('div', { class: 'ab-panel ab-sale' });
  const signOf = (/** @type {string} */ c) => ({ own: 'OK', none: '–', other: '?' })[c] ?? c;
  if (v.sale) {
    box.append(h('h3', {}, `At the corral: ${cowLabel(v, ranches, v.sale.cow)}, sold by ${who(scene, v.turn)}`),
      h('ul', {}, v.ranchers.map((/** @type {any} */ rr, /** @type {number} */ p) => {
        if (p === v.turn || rr.bankrupt !== null) return null;
        const slot = v.sale.cards[p];
        const state = slot === '-' ? 'thinking…' : slot === '?' ? 'a card face down' : `plays ${signOf(slot)} (face down until all have played)`;
        return h('li', {}, seatLabel(p, scene, me), `: ${state}`);
      })));
  }
  const last = v.last_sale;
  if (last) {
    const cow = v.cows[last.cow];
    const brand = cow.id !== '?' ? cow.id.split(' ')[0] : '?';
    const seller = letter(ranches[last.seller]);
    const kind = brand === '-' ? 'no brand' : brand === seller ? `the seller's brand (${brand})` : `another brand (${brand})`;
    box.append(h('h3', {}, `Last sale: ${cowLabel(v, ranches, last.cow)} by ${who(scene, last.seller)}`),
      h('p', { class: 'ab-small' }, `It carried ${kind}. The bank paid ${dollars(last.bank)}.`),
      h('ul', {}, last.cards.map((/** @type {string} */ c, /** @type {number} */ p) => {
        if (p >= v.players || c === '-') return null;
        const t = last.transfers[p];
        const money = t === 0 ? 'nothing' : t > 0 ? `received ${dollars(t)}` : `paid ${dollars(-t)}`;
        return h('li', {}, seatLabel(p, scene, me), `: ${signOf(c)} — ${money}`);
      })));
  }
  if (!box.childNodes.length) {
    box.append(h('p', { class: 'ab-small muted' }, 'No cow sold yet. At a sale each other rancher plays a corral card face down: OK (the seller\'s brand), – (no brand) or ? (another brand).'));
  }
  return box;
}

/**
 * A seat's mark and name.
 * @param {number} p
 * @param {Scene} scene
 * @param {number} me
 */
function seatLabel(p, scene, me) {
  return h('span', { class: 'ab-seat' },
    h('span', { style: `color:${colour(p)}`, 'aria-hidden': 'true' }, shape(p)), ' ',
    p === me ? 'you' : scene.names[p] ?? `seat ${p + 1}`);
}

/**
 * A rancher's money if the game ended now: cash less debts, plus loans owed to him.
 * @param {any} v
 * @param {number} p
 */
function netMoney(v, p) {
  const rr = v.ranchers[p];
  const owes = rr.bank_debt + rr.owes.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0);
  const owed = v.ranchers.reduce((/** @type {number} */ a, /** @type {any} */ o) => a + (o.owes[p] ?? 0), 0);
  return rr.cash - owes + owed;
}

/**
 * Every rancher: ranch, cash, loans, cows left, cowboys in prison.
 * @param {any} v
 * @param {Scene} scene
 * @param {number} me
 * @param {number[]} ranches
 */
function ranchersPanel(v, scene, me, ranches) {
  const rows = v.ranchers.map((/** @type {any} */ rr, /** @type {number} */ p) => {
    const cows = v.cows.filter((/** @type {any} */ c) => c.owner === p && (BY_NAME.has(c.at) || c.at === 'abilene' || c.at === 'held')).length;
    const prison = rr.cowboys.filter((/** @type {any} */ b) => b.at === 'prison').length;
    const owes = rr.bank_debt + rr.owes.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0);
    const owed = v.ranchers.reduce((/** @type {number} */ a, /** @type {any} */ o) => a + (o.owes[p] ?? 0), 0);
    const net = netMoney(v, p);
    const loans = owes || owed ? `; loans: owes ${dollars(owes)} (the bank ${dollars(rr.bank_debt)}), is owed ${dollars(owed)}` : '';
    return h('tr', { class: `${p === v.turn && v.stage !== 'over' ? 'turn' : ''}${rr.bankrupt !== null ? ' bankrupt' : ''}` },
      h('td', {}, seatLabel(p, scene, me), h('span', { class: 'muted', title: 'His ranch' }, ` · ${letter(ranches[p])}`)),
      h('td', { class: 'num', title: 'Cash in hand' }, dollars(rr.cash)),
      h('td', { class: 'num', title: `Money if the game ended now: cash less debts, plus loans owed to him${loans}` }, owes || owed ? `${dollars(net)} *` : dollars(net)),
      h('td', { class: 'num', title: 'Cows in his ranch (and in Abilene)' }, rr.bankrupt !== null ? 'bankrupt' : String(cows)),
      h('td', { class: 'num', title: 'His cowboys in prison' }, prison ? String(prison) : '—'));
  });
  return h('div', { class: 'ab-panel ab-ranchers', role: 'region', 'aria-label': 'The ranchers', tabindex: '0' },
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, 'Rancher'), h('th', { class: 'num' }, 'Cash'), h('th', { class: 'num', title: 'Final money if the game ended now (* with loans)' }, 'Net'), h('th', { class: 'num' }, 'Cows'), h('th', { class: 'num', title: 'Cowboys in prison' }, 'Prison'))),
      h('tbody', {}, rows)),
    v.stage === 'over' ? h('p', { class: 'ab-small' }, 'The richest rancher (cash less debts, plus loans owed to him) wins; bankrupt ranchers rank last.') : null);
}

// ---------------------------------------------------------------------------------------
// Labels and the log.

/** @param {string} text */
function money(text) {
  return dollars(Number(text));
}

/**
 * A move's short label.
 * @param {string} a
 */
function labelOf(a) {
  const p = a.split(' ');
  switch (p[0]) {
    case 'herd': return `Cow worth ${money(p[1])}`;
    case 'release': return p[1] === '0' ? 'Release none' : `Release ${p[1]}`;
    case 'place': return `Place on ${p[1]}`;
    case 'cow': return p[2] === 'abilene' ? `Cow ${p[1]}→Abilene (${p[3]})` : `Cow ${p[1]}→${p[2]} (${p[3]})`;
    case 'pass': return 'Pass (stop moving cows)';
    case 'boy': return `Cowboy ${p[1] === 'abilene' ? 'Abilene' : p[1]}→${p[2] === 'abilene' ? 'Abilene' : p[2]} (${p[3]})`;
    case 'sell': return `Sell cow ${p[1]} first`;
    case 'corral': return `Corral ${({ own: 'OK', none: '–', other: '?' })[p[1]] ?? p[1]}`;
    case 'borrow': return `Borrow ${money(p[1])}`;
    case 'ask': return `Ask seat ${Number(p[1]) + 1}: ${money(p[2])} for ${money(p[3])}`;
    case 'accept': return 'Lend';
    case 'refuse': return 'Refuse the loan';
    case 'bankrupt': return 'Go bankrupt';
  }
  return a;
}

