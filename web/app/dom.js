// Small helpers to build the page: elements and SVG from plain data, never from HTML text
// (so nothing a player typed, nor any view, is ever read as markup).

/** @typedef {string | number | boolean | null | undefined} AttrValue */
/** @typedef {Node | string | number | null | undefined | false} Child */

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Sets attributes, properties starting with `on` as listeners.
 * @param {Element} el
 * @param {Record<string, AttrValue | EventListener>} attrs
 */
function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    } else if (k === 'text') {
      el.textContent = String(v);
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'object' ? /** @type {Node} */ (c) : String(c));
  }
}

/**
 * An HTML element.
 * @param {string} tag
 * @param {Record<string, AttrValue | EventListener>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, /** @type {Child[]} */ (children));
  return el;
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, AttrValue | EventListener>} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(el, attrs);
  append(el, /** @type {Child[]} */ (children));
  return el;
}

/**
 * Replaces an element's children.
 * @param {Element} el
 * @param {...(Child | Child[])} children
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, /** @type {Child[]} */ (children));
}

/**
 * The element with this id (it must exist).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no element #${id}`);
  return el;
}

/**
 * Seat colours that colour-blind players can tell apart (Okabe and Ito's palette), each
 * with a shape so that colour is never the only cue.
 */
export const SEAT_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
export const SEAT_SHAPES = ['●', '▲', '■', '◆', '★', '⬟', '⬢', '✚'];
