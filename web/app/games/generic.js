// The generic renderer: a game's view as a folding tree. Moves are offered by the table's
// move list; a game gets its own renderer in games/<id>/render.js.

import { h } from '../dom.js';

/**
 * @param {unknown} value
 * @param {string} key
 * @param {number} depth
 * @returns {HTMLElement}
 */
function tree(value, key, depth) {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    const short = entries.length === 0 || entries.every(([, v]) => v === null || typeof v !== 'object');
    if (short && JSON.stringify(value).length < 80) {
      return h('div', { class: 'tree-leaf' }, h('span', { class: 'tree-key' }, key), ' ', JSON.stringify(value));
    }
    const d = h('details', depth < 1 ? { open: true } : {},
      h('summary', {}, h('span', { class: 'tree-key' }, key), Array.isArray(value) ? ` [${entries.length}]` : ''));
    for (const [k, v] of entries) d.append(tree(v, k, depth + 1));
    return d;
  }
  return h('div', { class: 'tree-leaf' }, h('span', { class: 'tree-key' }, key), ' ', JSON.stringify(value));
}

/** @type {import('./index.js').Renderer} */
const generic = {
  render(root, scene) {
    root.append(
      h('p', { class: 'muted' }, 'This game has no board drawn yet: its view is shown as data, and its moves are listed beside it.'),
      scene.view === null
        ? h('p', { class: 'muted' }, 'A spectator sees the moves every seat sees (in the log).')
        : tree(scene.view, 'view', 0),
    );
  },
};

export default generic;
