// A finished game step by step (← and → keys, Home and End), from any seat's viewpoint or
// a spectator's, with its log; from any step, play on against bots ("branch").

import { h, s, fill } from './dom.js';
import { api, game, createTable } from './api.js';
import { renderer } from './games/index.js';
import { go, crumb, connection } from './nav.js';
import { logItem, markLast } from './table.js';

/** How many steps on each side of the one shown a replay fetches at once. */
const AROUND = 40;

/**
 * @param {HTMLElement} main
 * @param {string} id
 * @param {URLSearchParams} params  `seat` (a seat, or absent: a spectator), `step`
 * @returns {Promise<() => void>}
 */
export async function showReplay(main, id, params) {
  connection('');
  const seatParam = params.get('seat');
  const seat = seatParam !== null && seatParam !== '' ? Number(seatParam) : null;
  fill(main, h('p', { class: 'muted' }, 'Replaying the game…'));
  const base = `/api/tables/${encodeURIComponent(id)}/replay?${seat === null ? '' : `seat=${seat}&`}around=${AROUND}`;
  const asked = params.get('step');
  /** @type {import('../types/protocol.js').ReplayAnswer} */
  const rep = await api(`${base}${asked !== null ? `&at=${Number(asked) || 0}` : ''}`);
  // The views come a window at a time (a long game's every view is large): the steps
  // fetched so far, by number.
  /** @type {Map<number, import('../types/protocol.js').ReplayStep>} */
  const frames = new Map();
  /** @param {import('../types/protocol.js').ReplayAnswer} got */
  const keep = (got) => got.steps.forEach((f, k) => frames.set(got.steps_from + k, f));
  keep(rep);
  const g = await game(rep.game);
  if (!g) throw new Error(`this server does not know the game ${rep.game}`);
  const r = await renderer(g.id);
  crumb(`${g.name} — replay`);
  /** @type {string[]} */
  const names = rep.names;
  const last = rep.step_count - 1;
  let step = Math.min(Math.max(Number(params.get('step') ?? last) || 0, 0), last);

  const board = h('div', { class: 'board', id: 'board' });
  const where = h('span', { id: 'step' });
  const slider = /** @type {HTMLInputElement} */ (h('input', { type: 'range', min: 0, max: last, value: step, 'aria-label': 'Step' }));
  const log = h('ol', { class: 'log', id: 'log', 'aria-label': 'Moves to this step', tabindex: '0' });
  /** @type {import('./chat.js').ChatLine[]} */
  const said = rep.chat ?? [];
  const chat = h('ol', { class: 'chat-lines', id: 'chat-lines', 'aria-label': 'What was said by this step', tabindex: '0' });
  const notice = h('p', { class: 'notice', role: 'alert' });
  const viewpoint = /** @type {HTMLSelectElement} */ (h('select', { id: 'viewpoint', 'aria-label': 'Seen from' },
    h('option', { value: '' }, 'a spectator'),
    names.map((n, i) => h('option', { value: String(i) }, `${n} (seat ${i + 1})`))));
  viewpoint.value = seat === null ? '' : String(seat);
  viewpoint.addEventListener('change', () => go(`/replay/${id}?${viewpoint.value ? `seat=${viewpoint.value}&` : ''}step=${step}`));

  /** The step last asked for: a window that comes back late draws only if still wanted. */
  let wanted = step;

  const prev = h('button', { type: 'button', id: 'prev', title: 'Previous step (←)', onclick: () => show(wanted - 1) }, '←');
  const next = h('button', { type: 'button', id: 'next', title: 'Next step (→)', onclick: () => show(wanted + 1) }, '→');
  const branch = h('button', {
    type: 'button', id: 'branch', title: 'A new table from this position, you against bots',
    onclick: async () => {
      try {
        const actions = rep.actions.slice(0, step);
        const me = seat ?? 0;
        const seats = names.map((_, i) => (i === me ? 'human' : 'medium'));
        const held = await createTable({ game: g.id, options: rep.options, seats, seed: rep.seed, actions });
        go(`/table/${held.table}`);
      } catch (e) {
        notice.textContent = e instanceof Error ? e.message : String(e);
      }
    },
  }, 'Play on from here');
  slider.addEventListener('input', () => show(Number(slider.value)));

  fill(main,
    h('div', { class: 'table-page replay', 'data-game': g.id },
      h('section', { class: 'play' },
        h('div', { class: 'banner' }, `Replay: ${names.join(' vs ')}`),
        board, notice),
      h('aside', { class: 'side' },
        h('label', {}, 'Seen from ', viewpoint),
        h('div', { class: 'row stepper' },
          h('button', { type: 'button', id: 'first', onclick: () => show(0), title: 'Start (Home)', 'aria-label': 'To the start' }, icon('start')),
          prev, where, next,
          h('button', { type: 'button', id: 'last', onclick: () => show(last), title: 'End (End)', 'aria-label': 'To the end' }, icon('end'))),
        slider,
        h('div', { class: 'row' }, branch),
        h('h2', {}, 'Log'), log,
        said.length ? [h('h2', {}, 'Chat'), chat] : null)));

  /** The step shown before: stepping forward by one slides the move. */
  let shown = step;

  /** Whether a window is on its way (one at a time: steps asked meanwhile wait for it). */
  let fetching = false;

  /** @param {number} k */
  async function show(k) {
    const target = Math.min(Math.max(k, 0), last);
    wanted = target;
    if (!frames.has(target)) {
      where.textContent = `step ${target} of ${last}…`;
      if (fetching) return;
      fetching = true;
      try {
        keep(await api(`${base}&at=${target}`));
      } catch (e) {
        notice.textContent = e instanceof Error ? e.message : String(e);
        return;
      } finally {
        fetching = false;
      }
      // Stepped on meanwhile: show where the person is now (fetching its window if need be).
      if (wanted !== target) return show(wanted);
    }
    shown = step;
    step = target;
    slider.value = String(step);
    where.textContent = `step ${step} of ${last}`;
    const frame = /** @type {import('../types/protocol.js').ReplayStep} */ (frames.get(step));
    board.replaceChildren();
    try {
      const scene = {
        view: frame.view, seat, legal: [], turn: frame.turn, names, options: rep.options, replay: true, act: () => {},
      };
      r.render(board, scene);
      markLast(board, r, rep.history.slice(0, step), scene, step === shown + 1);
    } catch (e) {
      board.append(h('p', { class: 'error' }, `The board cannot be drawn: ${e instanceof Error ? e.message : e}`));
    }
    fill(log, rep.history.slice(0, step).map((/** @type {import('./games/index.js').Entry} */ e) => logItem(e, names, seat)));
    log.scrollTop = log.scrollHeight;
    // What had been said by this step (as this seat heard it).
    fill(chat, said.filter((l) => l.seq <= step).map((l) => {
      const tag = l.channel === 'team' ? ' (team)' : l.channel === 'spectators' ? ' (spectator)' : '';
      return h('li', { class: `chat-line ${l.channel}` }, h('span', { class: 'chat-who' }, `${l.name}${tag}`), ': ', l.text);
    }));
    chat.scrollTop = chat.scrollHeight;
    branch.toggleAttribute('disabled', step === last);
    history.replaceState(null, '', `/replay/${id}?${seat !== null ? `seat=${seat}&` : ''}step=${step}`);
  }

  /** @param {KeyboardEvent} e */
  const keys = (e) => {
    if (e.target instanceof HTMLInputElement && e.target.type !== 'range') return;
    if (e.target instanceof HTMLSelectElement) return;
    // From the step asked for last, even while its views are on their way.
    if (e.key === 'ArrowLeft') show(wanted - 1);
    else if (e.key === 'ArrowRight') show(wanted + 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(last);
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', keys);
  show(step);
  return () => document.removeEventListener('keydown', keys);
}

/**
 * A drawn icon (no font has to hold the glyph): to the start or to the end.
 * @param {'start' | 'end'} which
 */
function icon(which) {
  // A bar and a triangle pointing at it.
  const d = which === 'start' ? 'M3 2h2v12H3zM14 2v12L6 8z' : 'M11 2h2v12h-2zM2 2v12l8-6z';
  return s('svg', { class: 'icon', viewBox: '0 0 16 16', 'aria-hidden': 'true' }, s('path', { d }));
}
