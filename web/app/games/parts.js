// What every game's renderer shares: making a piece of the board a control that a mouse,
// a keyboard and a screen reader can all use, named the way accessibility checkers ask.

import { s } from '../dom.js';

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
