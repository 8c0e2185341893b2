// Abagio: the frog race's board from the seat's view. The 6×6 board laid out as in
// docs/rules/abagio.md (the outer path round the edge from the root, Eight and One on the
// inner path's diamonds, each player's safe sector, the pond in the centre), every stack
// of frogs, the Top Frog, the dice left to play; the moves on the board: pick a frog, then
// where it lands; the Top Frog's squares; setting it aside.

import { h, s, SEAT_COLOURS, SEAT_SHAPES } from '../../dom.js';
import { clickable, dieFace } from '../parts.js';

/**
 * The seat's view (crates/games/abagio/src/view.rs): the whole state, nothing is hidden.
 * @typedef {Object} State
 * @property {'opening' | 'roll' | 'leap' | 'top-frog' | 'over'} phase
 * @property {'red' | 'purple'} to_move
 * @property {number[]} dice
 * @property {[number, number]} root
 * @property {[number, number]} pond
 * @property {Record<string, string>} board   square → stack from the bottom up, `rrp`
 * @property {string | null} top_frog
 * @property {number} turn
 * @property {'red' | 'purple' | null} winner
 *
 * @typedef {{player: number, colour: 'red' | 'purple', state: State}} View
 */

/** @typedef {{action: string, from: string, to: string, die: number, pip: number}} Leap */

const FROGS = 12;
const ROOT = 26;

/** The players' colours: seat 0 red, seat 1 purple (never told by colour alone: R and P). */
const FROG = /** @type {Record<string, {name: string, fill: string, ink: string, letter: string, tint: string}>} */ ({
  r: { name: 'red', fill: '#D55E00', ink: '#ffffff', letter: 'R', tint: 'rgba(213, 94, 0, 0.16)' },
  p: { name: 'purple', fill: '#6A3D9A', ink: '#ffffff', letter: 'P', tint: 'rgba(106, 61, 154, 0.18)' },
});

/** The board as drawn, top row first, with the narrow diamonds' column between c and d. */
const LAYOUT = [
  ['21', '20', '19', '→', '18', '17', '16'],
  ['22', 'r3', 'r2', '1', 'p2', 'p3', '15'],
  ['23', 'r4', 'pond', 'pond', 'pond', 'p4', '14'],
  ['24', 'r5', 'pond', 'pond', 'pond', 'p5', '13'],
  ['25', 'r6', 'r7', '8', 'p7', 'p6', '12'],
  ['root', 'roots', 'roots', 'roots', '9', '10', '11'],
];
const COLW = [100, 100, 100, 72, 100, 100, 100];
const ROWH = 100;
const M = 4;
const COLX = COLW.reduce((xs, w, i) => [...xs, xs[i] + w], [M]);
const WIDTH = COLX[COLX.length - 1] + M;
const HEIGHT = 6 * ROWH + 2 * M;

/** Each place's next place along the path (Eight forks: each player turns into their own sector). */
const NEXT = /** @type {Record<string, string>} */ ({ root: '25' });
for (let n = 25; n > 8; n--) NEXT[String(n)] = String(n - 1);
for (const c of ['r', 'p']) {
  for (let n = 7; n > 2; n--) NEXT[`${c}${n}`] = `${c}${n - 1}`;
  NEXT[`${c}2`] = '1';
}

/**
 * Where a place is drawn: its cell's box.
 * @param {string} key
 */
function cellOf(key) {
  for (let r = 0; r < LAYOUT.length; r++) {
    const c = LAYOUT[r].indexOf(key);
    if (c >= 0) return { x: COLX[c], y: M + r * ROWH, w: COLW[c], h: ROWH };
  }
  return null;
}

/**
 * The place numbered `pip` on the path of `me` (`r` or `p`): the root, a shared square, or
 * one of my safe sector's squares.
 * @param {number} pip
 * @param {string} me
 */
function placeKey(pip, me) {
  if (pip >= ROOT) return 'root';
  if (pip >= 2 && pip <= 7) return `${me}${pip}`;
  return String(pip);
}

/**
 * A place's distance to the pond (the number the notation uses).
 * @param {string} key
 */
function pipOf(key) {
  if (key === 'root') return ROOT;
  if (key === 'pond') return 0;
  return Number(key.replace(/^[rp]/, ''));
}

/**
 * A place in words: `the root`, `21`, `red's 5`, `Eight (8)`, `the pond`.
 * @param {string} key
 */
function placeName(key) {
  if (key === 'root') return 'the root';
  if (key === 'pond') return 'the pond';
  if (key === '8') return 'Eight (8)';
  if (key === '1') return 'One (1)';
  const m = /^([rp])(\d)$/.exec(key);
  if (m) return `${FROG[m[1]].name}’s ${m[2]}`;
  return key;
}

/**
 * Reads a leap's notation: `21/17`, `root/22`, `9/5`, `3/pond`, `3/pond(5)`.
 * @param {string} a
 * @param {string} me  the leaping player's letter
 * @returns {Leap | null}
 */
function parseLeap(a, me) {
  const m = /^(root|start|\d+)\/(pond|off|0|\d+)(?:\((\d)\))?$/.exec(a);
  if (!m) return null;
  const fromPip = m[1] === 'root' || m[1] === 'start' ? ROOT : Number(m[1]);
  const pond = m[2] === 'pond' || m[2] === 'off' || m[2] === '0';
  const toPip = pond ? 0 : Number(m[2]);
  const die = m[3] ? Number(m[3]) : fromPip - toPip;
  return { action: a, from: placeKey(fromPip, me), to: pond ? 'pond' : placeKey(toPip, me), die, pip: fromPip };
}

/**
 * The run of one colour on top of a stack, and that colour.
 * @param {string} stack
 */
function topRun(stack) {
  const top = stack.charAt(stack.length - 1);
  let n = 0;
  while (n < stack.length && stack.charAt(stack.length - 1 - n) === top) n++;
  return { top, run: n };
}

/**
 * What stands on a square, in words.
 * @param {string} stack
 */
function stackWords(stack) {
  if (!stack) return 'empty';
  const { top, run } = topRun(stack);
  const c = FROG[top].name;
  if (stack.length === 1) return `a ${c} blot (one frog alone: it can be hit)`;
  const what = run === 1 ? `a ${c} blot on top (it can be hit)` : run === 2 ? `a ${c} pair on top (it can be covered)` : `a ${c} heap of ${run} on top (the other player may not land)`;
  return `${stack.length} frogs, ${[...stack].map((f) => FROG[f].letter).join('')} from the bottom up: ${what}`;
}

/**
 * What a leap does: where it lands and what happens there.
 * @param {State} st
 * @param {string} me
 * @param {Leap} l
 * @param {string} opponent
 */
function leapWords(st, me, l, opponent) {
  if (l.to === 'pond') {
    const home = st.pond[me === 'r' ? 0 : 1] + 1;
    return `into the pond${l.die > l.pip ? ' (a larger number: only the farthest frog may use it)' : ''}: ${home} of ${FROGS} home`;
  }
  const stack = st.board[l.to] ?? '';
  const { top, run } = topRun(stack);
  const bits = [];
  if (stack && top !== me && run === 1) bits.push(`hits ${opponent}’s frog back to the root`);
  else if (stack && top !== me) bits.push(`covers ${opponent}’s pair`);
  else if (stack && !/^[rp]\d$/.test(l.to)) bits.push(run + 1 >= 3 ? `makes a heap of ${run + 1}` : 'makes a pair');
  const entering = /^[rp]\d$/.test(l.to) && !/^[rp]\d$/.test(l.from);
  return `to ${placeName(l.to)}${entering ? ', into your safe sector' : ''}${bits.length ? `: ${bits.join(', ')}` : ''}`;
}

/** What the seat picked: a place with frogs that may leap; kept while the legal moves stay the same. */
let picked = /** @type {string | null} */ (null);
let pickedFor = '';
/** Where the seat's last leap landed: the next pick starts there when that frog may leap again. */
let landed = /** @type {string | null} */ (null);

/**
 * One frog as a disc seen from the side, its colour's letter on it; `eyes` for a top frog.
 * @param {string} code  `r` or `p`
 * @param {number} cx
 * @param {number} y  top edge
 * @param {number} w
 * @param {number} ht
 * @param {boolean} eyes
 */
function frog(code, cx, y, w, ht, eyes) {
  // Each frog is drawn with its letter: colour is never the only cue.
  const f = FROG[code];
  const g = s('g', { class: `ab-frog ab-${code}` });
  g.append(s('rect', { x: cx - w / 2, y, width: w, height: ht, rx: ht / 2, fill: f.fill, stroke: '#1d1d1f', 'stroke-width': 1 }));
  if (eyes) {
    for (const dx of [-w * 0.22, w * 0.22]) {
      g.append(s('circle', { cx: cx + dx, cy: y + 1, r: ht * 0.3, fill: '#ffffff', stroke: '#1d1d1f', 'stroke-width': 1 }));
      g.append(s('circle', { cx: cx + dx, cy: y + 1, r: ht * 0.13, fill: '#1d1d1f' }));
    }
  }
  g.append(s('text', { x: cx, y: y + ht / 2 + 0.5, 'text-anchor': 'middle', 'dominant-baseline': 'central',
    'font-size': ht * 0.8, 'font-weight': 700, style: `fill:${f.ink}` }, f.letter));
  return g;
}

/**
 * The Top Frog: the neutral frog with a crown.
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 */
function topFrog(cx, cy, r) {
  const g = s('g', { class: 'ab-topfrog' });
  g.append(s('circle', { cx, cy, r, fill: '#009E73', stroke: '#1d1d1f', 'stroke-width': 1.5 }));
  g.append(s('path', { d: `M ${cx - r * 0.6} ${cy - r * 0.15} L ${cx - r * 0.6} ${cy - r * 0.75} L ${cx - r * 0.3} ${cy - r * 0.45} L ${cx} ${cy - r * 0.85} L ${cx + r * 0.3} ${cy - r * 0.45} L ${cx + r * 0.6} ${cy - r * 0.75} L ${cx + r * 0.6} ${cy - r * 0.15} Z`,
    fill: '#F0E442', stroke: '#1d1d1f', 'stroke-width': 1 }));
  g.append(s('text', { x: cx, y: cy + r * 0.35, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': r * 0.9,
    'font-weight': 800, style: 'fill:#ffffff' }, 'T'));
  g.append(s('title', {}, 'The Top Frog: no frog may land on this square, and the frogs under it may not leap, until it is set aside at the end of the next turn.'));
  return g;
}

/**
 * A die on its own, as a picture named by its value.
 * @param {number} n
 */
function die(n) {
  return s('svg', { viewBox: '0 0 40 40', class: 'ab-die', role: 'img', 'aria-label': `a ${n}` }, dieFace(2, 2, 36, n));
}

/** @type {import('../index.js').Renderer['render']} */
function render(root, scene) {
  const v = /** @type {View | null} */ (scene.view);
  // A spectator gets the public view: the whole state, its `player` and `colour` mean nothing.
  const spectator = scene.seat === null;
  const names = scene.names;
  const name = (/** @type {number} */ i) => names[i] ?? `seat ${i + 1}`;
  const st = v?.state ?? null;
  const me = v ? (v.colour === 'red' ? 'r' : 'p') : 'r';
  const mySeat = v ? v.player : 0;
  const oppName = v ? name(1 - mySeat) : '';

  // The legal moves, read.
  /** @type {Leap[]} */
  const leaps = [];
  /** @type {Map<string, string>} */
  const tops = new Map();
  let pass = null;
  for (const a of scene.legal) {
    const l = parseLeap(a, me);
    if (l) leaps.push(l);
    else if (a.startsWith('top ')) tops.set(a.slice(4), a);
    else if (a === 'pass') pass = a;
  }
  const movable = [...new Set(leaps.map((l) => l.from))].sort((a, b) => pipOf(b) - pipOf(a));
  const key = `${scene.seat}|${scene.legal.join(',')}`;
  if (key !== pickedFor) {
    pickedFor = key;
    picked = landed && movable.includes(landed) ? landed : movable[0] ?? null;
  }
  if (picked && !movable.includes(picked)) picked = movable[0] ?? null;
  const from = picked;
  const targets = leaps.filter((l) => l.from === from);
  const redraw = (/** @type {string} */ focus) => {
    root.replaceChildren();
    render(root, scene);
    /** @type {HTMLElement | SVGElement | null} */ (root.querySelector(`[data-pick="${focus}"]`))?.focus();
  };
  const act = (/** @type {string} */ a) => {
    const l = parseLeap(a, me);
    landed = l && l.to !== 'pond' ? l.to : null;
    scene.act(a);
  };

  // The board.
  const svg = s('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'ab-board', role: 'group', 'aria-label': 'The Abagio board' });
  svg.append(s('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 12, class: 'ab-bg' }));

  // Regions: the pond and the tree roots.
  const pond = { x: COLX[2], y: M + 2 * ROWH, w: COLX[5] - COLX[2], h: 2 * ROWH };
  svg.append(s('rect', { x: pond.x + 3, y: pond.y + 3, width: pond.w - 6, height: pond.h - 6, rx: 40, class: 'ab-pond' }));
  for (let k = 0; k < 3; k++) {
    svg.append(s('path', { d: `M ${pond.x + 40} ${pond.y + 150 + k * 14} q 22 -8 44 0 t 44 0 t 44 0 t 44 0`, class: 'ab-ripple' }));
  }
  const roots = { x: COLX[1], y: M + 5 * ROWH, w: COLX[4] - COLX[1], h: ROWH };
  svg.append(s('rect', { x: roots.x + 3, y: roots.y + 3, width: roots.w - 6, height: roots.h - 6, rx: 10, class: 'ab-roots' }));
  for (let k = 0; k < 5; k++) {
    const x = roots.x + 30 + k * 48;
    svg.append(s('path', { d: `M ${x} ${roots.y + 10} c 10 20 -14 30 -4 50 s 16 20 8 32`, class: 'ab-rootline' }));
  }
  svg.append(s('text', { x: roots.x + roots.w / 2, y: roots.y + 46, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 600, class: 'ab-muted' }, 'tree roots'));
  svg.append(s('text', { x: roots.x + roots.w / 2, y: roots.y + 66, 'text-anchor': 'middle', 'font-size': 13, class: 'ab-muted' }, 'scenery, not squares'));
  svg.append(s('title', {}, 'The tree roots are scenery: frogs leap from the root (26) straight to 25, up the left side.'));


  const leaping = st?.phase === 'leap' && leaps.length > 0;
  const topping = tops.size > 0 || pass !== null;

  /** Controls drawn over the squares, after them (a pick of a frog whose square is also a landing). */
  /** @type {SVGElement[]} */
  const overlays = [];
  // The squares.
  for (let r = 0; r < LAYOUT.length; r++) {
    for (let c = 0; c < LAYOUT[r].length; c++) {
      const k = LAYOUT[r][c];
      if (k === 'pond' || k === 'roots') continue;
      const x = COLX[c];
      const y = M + r * ROWH;
      const w = COLW[c];
      if (k === '→') {
        svg.append(s('text', { x: x + w / 2, y: y + ROWH / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 26, class: 'ab-muted' }, '→'));
        continue;
      }
      svg.append(place(k, x, y, w));
    }
  }

  /**
   * A place of the board (a square or the root), with its stack and its moves.
   * @param {string} k
   * @param {number} x
   * @param {number} y
   * @param {number} w
   */
  function place(k, x, y, w) {
    const g = s('g', { class: 'ab-place', 'data-place': k });
    const diamond = k === '8' || k === '1';
    const sector = /^[rp]\d$/.exec(k)?.[0]?.charAt(0) ?? null;
    const stack = k === 'root' ? '' : st?.board[k] ?? '';
    const cx = x + w / 2;
    const shape = `M ${cx} ${y + 4} L ${x + w - 2} ${y + ROWH / 2} L ${cx} ${y + ROWH - 4} L ${x + 2} ${y + ROWH / 2} Z`;
    // Highlights go under the frogs, so that a target never hides what stands there.
    const under = s('g', {});
    const hilite = () => under.append(diamond
      ? s('path', { d: shape, class: 'ab-hilite' })
      : s('rect', { x: x + 3, y: y + 3, width: w - 6, height: ROWH - 6, rx: 8, class: 'ab-hilite' }));
    if (diamond) {
      g.append(s('path', { d: shape, class: 'ab-diamond' }), under);
      g.append(s('text', { x: cx, y: y + 24, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 700 }, k));
    } else {
      g.append(s('rect', { x: x + 3, y: y + 3, width: w - 6, height: ROWH - 6, rx: 8, class: k === 'root' ? 'ab-square ab-rootsq' : 'ab-square' }));
      if (sector) g.append(s('rect', { x: x + 3, y: y + 3, width: w - 6, height: ROWH - 6, rx: 8, fill: FROG[sector].tint }));
      g.append(under);
      const label = k === 'root' ? 'root 26' : sector ? `${sector}${pipOf(k)}` : k;
      g.append(s('text', { x: x + 9, y: y + 20, 'font-size': 15, 'font-weight': 700, class: sector ? '' : 'ab-num' }, label));
    }
    // What stands here.
    if (k === 'root' && st) {
      ['r', 'p'].forEach((code, i) => {
        const n = st.root[i];
        const fx = x + 30 + i * 44;
        for (let j = 0; j < Math.min(n, 3); j++) g.append(frog(code, fx, y + 80 - j * 12, 34, 11, j === Math.min(n, 3) - 1));
        if (n === 0) g.append(s('rect', { x: fx - 17, y: y + 80, width: 34, height: 11, rx: 5.5, class: 'ab-none' }));
        g.append(s('text', { x: fx, y: y + 74 - Math.min(n, 3) * 12, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 700 }, `×${n}`));
      });
    } else if (stack) {
      const fw = diamond ? 46 : 64;
      const fh = 13;
      const base = diamond ? y + 66 : y + ROWH - 4;
      const fx = cx + (diamond ? 0 : 10);
      [...stack].forEach((f, i) => {
        g.append(frog(f, fx, base - (i + 1) * (fh + 1), fw, fh, i === stack.length - 1));
      });
      const max = diamond ? 2 : 5;
      if (stack.length >= max) {
        // On a pill of its own, in the top row beside the number (under One and Eight).
        const [mx, my] = diamond ? [cx, y + 84] : [x + 50, y + 17];
        g.append(s('rect', { x: mx - 14, y: my - 10, width: 28, height: 14, rx: 7, class: 'ab-maxbg' }),
          s('text', { x: mx, y: my, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, class: 'ab-maxtext' }, 'max'));
      }
    }
    // The way on: an arrow to the next square of the path.
    const next = NEXT[k];
    const there = next ? cellOf(next) : null;
    if (there && !diamond) {
      const dx = Math.sign(there.x - x);
      const dy = Math.sign(there.y - y);
      const arrow = dx > 0 ? '→' : dx < 0 ? '←' : dy > 0 ? '↓' : '↑';
      g.append(s('text', { x: x + w - 13, y: y + 19, 'text-anchor': 'middle', 'font-size': 15, class: `ab-arrow${sector ? ` ab-arrow-${sector}` : ''}` }, arrow));
    }
    if (st && st.top_frog === k) {
      const height = stack.length * 14;
      g.append(topFrog(cx + (diamond ? 0 : 10), stack ? Math.max(y + 20, y + ROWH - 4 - height - 15) : y + ROWH / 2 + 8, 15));
    }
    // Its tooltip.
    const about = k === 'root'
      ? `The root (26): where both players start and where hit frogs return. Red ${st?.root[0] ?? 0}, purple ${st?.root[1] ?? 0}.`
      : `${placeName(k)}${sector ? ` (${FROG[sector].name}’s safe sector: only ${FROG[sector].name} frogs land here)` : diamond ? (k === '8' ? ' — Eight: the paths fork here into the safe sectors; at most 2 frogs' : ' — One: the last square before the pond; at most 2 frogs') : ''}: ${stackWords(stack)}${st?.top_frog === k ? '; the Top Frog sits here' : ''}.`;
    g.append(s('title', {}, about));

    // Its moves.
    const t = targets.filter((l) => l.to === k);
    if (leaping && movable.includes(k)) {
      const chosen = k === from;
      g.classList.add(chosen ? 'ab-picked' : 'ab-movable');
      g.prepend(s('rect', { x: x + 1, y: y + 1, width: w - 2, height: ROWH - 2, rx: 10, class: 'ab-ring' }));
      const n = leaps.filter((l) => l.from === k).length;
      const pickWords = `Your frog on ${placeName(k)}: ${n} leap${n > 1 ? 's' : ''}. Choose it, then where it lands.`;
      const pick = () => { picked = k; redraw(k); };
      if (t.length === 1) {
        // The square is also where the picked frog may land: the square plays that leap,
        // and a button of its own in the corner picks this frog instead.
        const b = s('g', { class: 'ab-pickbtn', 'data-pick': k, 'aria-pressed': String(chosen) },
          s('circle', { cx: x + 16, cy: y + ROWH - 16, r: 12 }),
          s('text', { x: x + 16, y: y + ROWH - 16, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 13, 'font-weight': 800 }, '↱'));
        clickable(b, pickWords, pick);
        overlays.push(b);
      } else {
        g.setAttribute('data-pick', k);
        g.setAttribute('aria-pressed', String(chosen));
        clickable(g, pickWords, pick);
      }
    }
    if (t.length === 1) {
      const l = t[0];
      const words = leapWords(/** @type {State} */ (st), me, l, oppName);
      g.classList.add('legal-target', 'ab-target');
      g.setAttribute('data-action', l.action);
      hilite();
      g.append(s('text', { x: cx, y: y + ROWH / 2 - 4, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': diamond ? 19 : 24, 'font-weight': 800, class: 'ab-dielabel' },
        `${l.die}`));
      const effect = /hits/.test(words) ? 'hit!' : /covers/.test(words) ? 'cover' : /heap/.test(words) ? 'heap' : /pair/.test(words) ? 'pair' : '';
      if (effect) {
        g.append(s('text', { x: cx, y: y + ROWH / 2 + 16, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': diamond ? 11 : 14, 'font-weight': 700, class: 'ab-dielabel' }, effect));
      }
      clickable(g, `Leap ${placeName(l.from)} ${words} (uses the ${l.die})`, () => act(l.action));
      const title = g.querySelector('title');
      if (title) title.textContent = `Leap with the ${l.die} from ${placeName(l.from)} ${words}.`;
    }
    const top = tops.get(k);
    if (top) {
      g.classList.add('legal-target', 'ab-target');
      g.setAttribute('data-action', top);
      hilite();
      g.append(s('text', { x: cx, y: y + ROWH / 2 + 4, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 22, 'font-weight': 800, class: 'ab-dielabel' }, 'T'));
      const what = stack ? `guards your frog${stack.length > 1 ? 's' : ''} there` : `blocks square ${k}`;
      clickable(g, `Put the Top Frog on ${k}: it ${what} during ${oppName}’s next turn`, () => act(top));
    }
    return g;
  }

  // The pond: each player's frogs home, and the final leaps into it.
  const pg = s('g', { class: 'ab-pondinfo' });
  pg.append(s('text', { x: pond.x + pond.w / 2, y: pond.y + 30, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700 }, 'the pond'));
  if (st) {
    ['r', 'p'].forEach((code, i) => {
      const fx = pond.x + pond.w / 2 + (i ? 56 : -56);
      const n = st.pond[i];
      pondFrogs(fx, code, n);
    });
  }
  pg.append(s('title', {}, `The pond: the goal. The first to bring all twelve frogs here wins.${st ? ` Red ${st.pond[0]} of 12, purple ${st.pond[1]} of 12.` : ''}`));
  svg.append(pg, ...overlays);
  /**
   * @param {number} fx
   * @param {string} code
   * @param {number} n
   */
  function pondFrogs(fx, code, n) {
    pg.append(frog(code, fx, pond.y + 48, 44, 15, true));
    pg.append(s('text', { x: fx, y: pond.y + 86, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 700 }, `${n}/${FROGS}`));
  }
  const pondLeaps = targets.filter((l) => l.to === 'pond');
  pondLeaps.forEach((l, i) => {
    const bw = 200;
    const bx = pond.x + (pond.w - bw) / 2;
    const by = pond.y + 104 + i * 44;
    const g = s('g', { class: 'legal-target ab-target ab-pondtarget', 'data-action': l.action });
    g.append(s('rect', { x: bx, y: by, width: bw, height: 38, rx: 19, class: 'ab-hilite ab-chip' }));
    g.append(s('text', { x: bx + bw / 2, y: by + 19, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 15, 'font-weight': 700 },
      `into the pond · ${l.die}`));
    const words = leapWords(/** @type {State} */ (st), me, l, oppName);
    g.append(s('title', {}, `Final leap with the ${l.die} from ${placeName(l.from)} ${words}`));
    clickable(g, `Final leap from ${placeName(l.from)} ${words} (uses the ${l.die})`, () => act(l.action));
    svg.append(g);
  });

  // Above the board: who is who, whose turn, the dice, the race.
  const info = h('div', { class: 'ab-info' });
  const seatTag = (/** @type {number} */ i) => {
    const code = i === 0 ? 'r' : 'p';
    return h('span', { class: 'ab-seat' },
      h('span', { style: `color:${SEAT_COLOURS[i % SEAT_COLOURS.length]}`, 'aria-hidden': 'true' }, SEAT_SHAPES[i % SEAT_SHAPES.length]), ' ',
      name(i), v && !spectator && i === v.player ? ' (you)' : '', ' plays ',
      h('span', { class: 'ab-chipfrog', style: `background:${FROG[code].fill};color:${FROG[code].ink}` }, FROG[code].letter), ` ${FROG[code].name}`);
  };
  info.append(h('div', { class: 'ab-who' }, seatTag(0), h('span', { class: 'muted' }, ' · '), seatTag(1),
    st && st.phase !== 'opening' ? h('span', { class: 'muted' }, ` · turn ${st.turn}`) : null));
  if (st) {
    const mover = st.to_move === 'red' ? 0 : 1;
    const you = v !== null && !spectator && mover === v.player;
    let say = '';
    switch (st.phase) {
      case 'opening': say = 'The opening roll: each player rolls one die, and the higher plays first.'; break;
      case 'roll': say = `${you ? 'You roll' : `${name(mover)} rolls`} the dice…`; break;
      case 'leap': say = you && leaping ? 'Your leaps: pick a frog (ringed), then the square it lands on (numbered by the die).' : `${name(mover)} leaps.`; break;
      case 'top-frog': say = you && topping ? 'None of your frogs is at the root: you may put the Top Frog on an empty outer square or on your own frogs, or set it aside.' : `${name(mover)} may place the Top Frog.`; break;
      default: say = st.winner ? `${st.winner === v?.colour && !spectator ? 'You win' : `${name(st.winner === 'red' ? 0 : 1)} wins`}: all twelve frogs are in the pond.` : `A draw: the turn limit is reached after ${st.turn} turns.`;
    }
    const dice = h('span', { class: 'ab-dice', 'aria-label': `dice left to play: ${st.dice.join(', ') || 'none'}` });
    if (st.phase === 'leap') st.dice.forEach((d) => dice.append(die(d)));
    info.append(h('div', { class: 'ab-now' },
      st.phase === 'leap' && st.dice.length ? h('span', { class: 'ab-dicebox', title: 'The dice left to play this turn: each is one leap of one frog; a double gives four leaps.' }, 'Dice to play ', dice) : null,
      h('span', { class: 'ab-say' }, say)));
    const pips = (/** @type {string} */ code, /** @type {number} */ i) => st.root[i] * ROOT
      + Object.entries(st.board).reduce((sum, [sq, stack]) => sum + [...stack].filter((f) => f === code).length * pipOf(sq), 0);
    info.append(h('div', { class: 'ab-race muted', title: 'The race: the sum of the distances of a player’s frogs to the pond (fewer is better).' },
      `Race to go: ${name(0)} ${pips('r', 0)} · ${name(1)} ${pips('p', 1)} · in the pond: ${st.pond[0]} and ${st.pond[1]} of 12`));
    if (spectator) {
      info.prepend(h('p', { class: 'ab-watching' },
        h('strong', {}, scene.replay ? 'Seen as a spectator:' : 'You are watching:'),
        ` ${scene.replay ? 'what' : 'you see what'} every player sees (in Abagio nothing is hidden).`));
    }
  } else {
    info.append(scene.replay
      ? h('p', {}, h('strong', {}, 'Seen as a spectator:'), ' the board is drawn from a player’s seat; choose one in “Seen from”.')
      : h('p', {}, h('strong', {}, 'You are watching.'), ' The board is drawn for the players’ seats only: spectators follow the game in the log.'));
  }

  // Moves without a square: setting the Top Frog aside; what the picked frog may do.
  const bar = h('div', { class: 'ab-bar' });
  if (pass) {
    const p = pass;
    const b = h('button', { type: 'button', class: 'legal-target', 'data-action': p, 'aria-label': 'Set the Top Frog aside (pass)' }, 'Set the Top Frog aside (pass)');
    b.addEventListener('click', () => act(p));
    bar.append(b);
    if (tops.size) bar.append(h('span', { class: 'muted' }, ' or click a square marked T.'));
  }
  if (leaping && from && st) {
    bar.append(h('span', {}, `Frog on ${placeName(from)}: `,
      targets.flatMap((l, i) => [i ? '; ' : '', h('span', {}, `${l.die} → ${leapWords(st, me, l, oppName).replace(/ \(a larger[^)]*\)/, '')}`)])));
  }

  root.append(h('div', { class: 'ab' }, info, bar.childNodes.length ? bar : null, svg,
    h('p', { class: 'ab-legend muted' },
      'Frogs leap from the root (lower left) up, along the top and down the right side to Eight (8), then through their own safe sector (R or P) to One (1) and the pond. ',
      'Squares are numbered by their distance to the pond. Only the top frog of a stack leaps; landing on a lone enemy frog sends it back to the root, on two covers them, three or more block you; five frogs (two on 8 and 1) fill a square.')));
}

/** @param {string} a */
function label(a) {
  if (a === 'pass') return 'Set the Top Frog aside';
  const t = /^top (\d+)$/.exec(a);
  if (t) return `Top Frog on ${t[1]}`;
  const m = /^(root|\d+)\/(pond|\d+)(?:\((\d)\))?$/.exec(a);
  if (m) return `Leap ${m[1]}→${m[2]}${m[3] ? ` (with ${m[3]})` : ''}`;
  const r = /^roll (\d)-(\d)$/.exec(a);
  if (r) return `Roll ${r[1]}-${r[2]}`;
  const o = /^open r(\d) p(\d)$/.exec(a);
  if (o) return `Opening: red ${o[1]}, purple ${o[2]}`;
  return a;
}

/** @type {import('../index.js').Renderer} */
/**
 * The game's end in words, for the table's banner: who brought how many frogs into the pond.
 * @param {import('../index.js').Scene} scene
 * @returns {string | null}
 */
function result(scene) {
  const st = scene.view?.state ?? null;
  if (!st || st.phase !== 'over') return null;
  const n = (/** @type {number} */ i) => scene.names[i] ?? `seat ${i + 1}`;
  if (!st.winner) return `A draw: the turn limit came after ${st.turn} turns, with ${st.pond[0]} and ${st.pond[1]} of twelve frogs in the pond.`;
  const w = st.winner === 'red' ? 0 : 1;
  return `${n(w)} brought all twelve frogs into the pond; ${n(1 - w)} had ${st.pond[1 - w]}.`;
}

/**
 * The places the last move touched: a leap's square left and square reached, the square
 * the Top Frog went on.
 * @param {import('../index.js').Entry} entry
 * @returns {string[]}
 */
function last(entry) {
  const a = entry.action;
  if (typeof entry.actor !== 'number' || !a) return [];
  const top = /^top (\d+)$/.exec(a);
  if (top) return [`[data-place="${top[1]}"]`];
  const l = parseLeap(a, entry.actor === 1 ? 'p' : 'r');
  return l ? [`[data-place="${l.from}"]`, `[data-place="${l.to}"]`] : [];
}

export default { render, label, result, last };
