// An interactive tutorial (`/learn/{id}/tutorial`): a short game of the engine whose dice,
// draws and opponents' moves are fixed (docs/tutorials/<id>.json). The learner plays one
// seat on the game's own board; each lesson says what to do, a wrong move is refused with
// the rule's words, and the log tells what just happened as at a real table.

import { h, fill } from './dom.js';
import { api, game } from './api.js';
import { renderer } from './games/index.js';
import { logItem } from './table.js';
import { crumb, connection } from './nav.js';

/**
 * @typedef {Object} Step  one lesson
 * @property {string[]} [play]  played first, for the learner to watch
 * @property {string} say       what the page says
 * @property {string[]} [do]    the moves the learner may make here
 * @property {string} [hint]    said when another move is tried
 */

/**
 * @param {HTMLElement} main
 * @param {string} id  the game
 * @returns {Promise<() => void>}
 */
export async function showTutorial(main, id) {
  const g = await game(id);
  if (!g) throw new Error(`this server does not know the game ${id}`);
  /** @type {{title: string, options: Record<string, unknown>, seat: number, steps: Step[]}} */
  const t = await api(`/api/games/${encodeURIComponent(id)}/tutorial`);
  const r = await renderer(id);
  crumb(`${g.name}: tutorial`);
  connection('');
  document.title = `${t.title} — tabula`;

  const board = h('div', { class: 'board', id: 'board', tabindex: '-1' });
  const counter = h('p', { class: 'muted', id: 'lesson-count' });
  const text = h('p', { id: 'lesson-text' });
  const note = h('p', { class: 'notice', id: 'lesson-note', role: 'alert' });
  const buttons = h('div', { class: 'row', id: 'lesson-buttons' });
  const moves = h('div', { class: 'moves', id: 'moves' });
  const movesBox = h('div', { class: 'moves-box' }, h('h2', {}, 'Your moves'), moves);
  const log = h('ol', { class: 'log', id: 'log', 'aria-label': 'Moves so far', tabindex: '0' });
  fill(main,
    h('div', { class: 'table-page tutorial', 'data-game': g.id },
      // The lesson above the board: read first, then look down at what it points to (on a
      // phone too, where the side column falls below the board).
      h('section', { class: 'play' }, h('h1', { class: 'tutorial-title' }, t.title),
        h('section', { class: 'lesson', 'aria-live': 'polite' }, counter, text, note, buttons),
        board),
      h('aside', { class: 'side' },
        movesBox,
        h('h2', {}, 'Log'), log,
        h('p', { class: 'row' },
          h('a', { href: `/learn/${g.id}`, target: '_blank', rel: 'noopener' }, 'The guide'),
          h('a', { href: `/rules/${g.id}`, target: '_blank', rel: 'noopener' }, 'Complete rules'),
          h('a', { href: '/', 'data-link': true }, 'Lobby')))));

  /** The actions played so far, chance outcomes included. */
  /** @type {string[]} */
  const actions = [];
  let k = 0;
  let busy = false;
  let left = false;

  /**
   * Opens lesson `i`: its moves are played, the board drawn, its words said.
   * @param {number} i
   */
  async function open(i) {
    k = i;
    const step = t.steps[i];
    actions.push(...(step.play ?? []));
    /** @type {import('../types/protocol.js').Position} */
    const p = await api(`/api/games/${encodeURIComponent(id)}/position`, { options: t.options, actions, seat: t.seat });
    if (left) return;
    const asks = (step.do ?? []).length > 0;
    const legal = asks ? p.legal : [];
    board.replaceChildren();
    r.render(board, {
      view: p.view, seat: t.seat, legal, turn: p.turn, names: p.names, options: p.options, replay: !asks, act: move,
    });
    fill(log, p.history.map((e) => logItem(/** @type {import('./games/index.js').Entry} */ (e), p.names, t.seat)));
    log.scrollTop = log.scrollHeight;
    counter.textContent = `Lesson ${i + 1} of ${t.steps.length}`;
    text.textContent = step.say;
    note.textContent = '';
    fill(moves, legal.length
      ? legal.map((a) => h('button', { type: 'button', class: 'move', 'data-action': a, onclick: () => move(a) }, r.label ? r.label(a) : a))
      : h('p', { class: 'muted' }, asks ? 'No move.' : 'Nothing to play: read on.'));
    movesBox.classList.toggle('yours', asks);
    if (i === t.steps.length - 1) {
      fill(buttons,
        h('a', { class: 'button primary', href: '/', 'data-link': true, id: 'lesson-done' }, 'To the lobby: Play now'),
        h('button', { type: 'button', onclick: () => restart() }, 'Start again'));
    } else if (!asks) {
      const next = h('button', { type: 'button', class: 'primary', id: 'lesson-next', onclick: () => open(i + 1) }, 'Next');
      fill(buttons, next);
      next.focus();
    } else {
      fill(buttons);
    }
  }

  /**
   * The learner's move: the lesson's, or refused with its hint.
   * @param {string} action
   */
  async function move(action) {
    const step = t.steps[k];
    if (busy || !(step.do ?? []).length) return;
    if (!(step.do ?? []).includes(action)) {
      note.textContent = `Not this move. ${step.hint ?? ''}`.trim();
      return;
    }
    busy = true;
    try {
      actions.push(action);
      await open(k + 1);
    } finally {
      busy = false;
    }
  }

  function restart() {
    actions.length = 0;
    open(0);
  }

  await open(0);
  return () => { left = true; };
}
