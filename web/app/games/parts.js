// What every game's renderer shares: making a piece of the board a control that a mouse,
// a keyboard and a screen reader can all use, named the way accessibility checkers ask; a
// button that plays a move; a die. The page itself (table.js) draws the rest every game
// has in common: the log's lines, the last move's mark and its animation (a piece slides,
// a card flies: the renderer's `last` and `motion` hooks say from where to where).

import { h, s } from '../dom.js';

/**
 * Makes an element of the board a control: focusable, run by a click, Enter or Space, and
 * named `label` for a screen reader. An SVG element is named by a `<title>` (its tooltip
 * too), so its name need not repeat the numbers and letters drawn inside it; an HTML
 * element with text of its own keeps that text as its name and gets `label` as its tooltip
 * and description (a control's visible words must be part of its name), one without text
 * gets `label` as its name.
 * @template {Element} E
 * @param {E} el
 * @param {string} label
 * @param {() => void} run
 * @param {{action?: string, pressed?: boolean, stop?: boolean}} [o]
 *   `action`: the move it plays (marked as a legal target); `pressed`: a toggle's state;
 *   `stop`: the click goes no further (a control inside another's area)
 * @returns {E}
 */
export function clickable(el, label, run, o = {}) {
  if (o.action !== undefined) {
    el.classList.add('legal-target');
    if (o.action) el.setAttribute('data-action', o.action);
  }
  if (o.pressed !== undefined) el.setAttribute('aria-pressed', o.pressed ? 'true' : 'false');
  el.addEventListener('click', (e) => {
    if (o.stop) e.stopPropagation();
    e.preventDefault();
    run();
  });
  // A button is focusable and presses on Enter and Space by itself; others are taught to.
  if (!(el instanceof HTMLButtonElement)) {
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.addEventListener('keydown', (e) => {
      const k = /** @type {KeyboardEvent} */ (e).key;
      if (k === 'Enter' || k === ' ') {
        e.preventDefault();
        run();
      }
    });
  }
  name(el, label);
  // The element may be filled after this call, within the same drawing.
  if (!(el instanceof SVGElement)) queueMicrotask(() => name(el, label));
  return el;
}

/**
 * Names a control (see [`clickable`]).
 * @param {Element} el
 * @param {string} label
 */
export function name(el, label) {
  if (el instanceof SVGElement) {
    let title = [...el.children].find((c) => c.tagName.toLowerCase() === 'title');
    if (!title) {
      title = s('title', {});
      el.prepend(title);
    }
    title.textContent = label;
    el.removeAttribute('aria-label');
    return;
  }
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!text) {
    el.setAttribute('aria-label', label);
    el.removeAttribute('title');
  } else if (label.toLowerCase().includes(text.toLowerCase())) {
    el.setAttribute('aria-label', label);
  } else {
    el.removeAttribute('aria-label');
    el.setAttribute('title', label);
  }
}

/**
 * A button that plays a move, marked as a legal target (`data-action` is the move).
 * @param {(action: string) => void} act  plays a move (the scene's `act`)
 * @param {string} action
 * @param {string} text  its words
 * @param {{tip?: string, cls?: string, stop?: boolean}} [o]
 *   `tip`: what it does, as its tooltip and after its words in its name; `cls`: the game's
 *   classes for it; `stop`: the click goes no further (a button inside a control's area)
 * @returns {HTMLButtonElement}
 */
export function moveButton(act, action, text, o = {}) {
  const b = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: o.cls ?? null, title: o.tip ?? null }, text));
  const label = text && o.tip ? `${text}: ${o.tip}` : text || o.tip || action;
  return clickable(b, label, () => act(action), { action, stop: o.stop });
}

/** Where a die's pips lie, as fractions of its side, for each face. */
const PIPS = /** @type {Record<number, [number, number][]>} */ ({
  1: [[0.5, 0.5]],
  2: [[0.25, 0.25], [0.75, 0.75]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.73, 0.22], [0.27, 0.5], [0.73, 0.5], [0.27, 0.78], [0.73, 0.78]],
});

/**
 * A die's face in SVG, `size` wide with its top left corner at (`x`, `y`): a rounded square
 * (class `die-body`) with its pips (`die-pip`) — a 0 is written, not dotted (`die-zero`) —
 * struck through when it has been used (`die-strike`). The game's sheet paints these.
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} value
 * @param {{cls?: string, title?: string, used?: boolean}} [o]
 *   `cls`: the game's classes for the die; `title`: what it is, as its tooltip (its value and
 *   whether it is used are said after it); `used`: spent this turn
 * @returns {SVGGElement}
 */
export function dieFace(x, y, size, value, o = {}) {
  const g = /** @type {SVGGElement} */ (s('g', { class: `die${o.cls ? ` ${o.cls}` : ''}${o.used ? ' used' : ''}` }));
  if (o.title) g.append(s('title', {}, `${o.title}: ${value}${o.used ? ' (used)' : ''}`));
  g.append(s('rect', { x, y, width: size, height: size, rx: size * 0.18, class: 'die-body' }));
  for (const [px, py] of PIPS[value] ?? []) {
    g.append(s('circle', { cx: x + px * size, cy: y + py * size, r: size * 0.1, class: 'die-pip' }));
  }
  if (value === 0) {
    g.append(s('text', { x: x + size / 2, y: y + size / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size / 2, class: 'die-zero' }, '0'));
  }
  if (o.used) g.append(s('line', { x1: x + 2, y1: y + 2, x2: x + size - 2, y2: y + size - 2, class: 'die-strike' }));
  return g;
}
