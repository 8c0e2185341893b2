// The lobby: the games, a new table's form (generated from the game's option spec), the
// open tables to join or watch, this browser's recent tables and the finished games.

import { h, fill } from './dom.js';
import { YOUR_MOVE_TITLE } from './table.js';
import { api, games, createTable, joinTable, heldSeats, heldAt, myName, setMyName, ApiError } from './api.js';
import { ABOUT } from './games/index.js';
import { go, crumb, connection } from './nav.js';

/** The clocks offered, as Lichess names them (minutes + seconds added per move). */
const CLOCKS = [
  { label: 'No clock', value: null },
  { label: '3 min + 2 s', value: { initial_s: 180, increment_s: 2 } },
  { label: '5 min + 3 s', value: { initial_s: 300, increment_s: 3 } },
  { label: '10 min + 5 s', value: { initial_s: 600, increment_s: 5 } },
  { label: '20 min + 10 s', value: { initial_s: 1200, increment_s: 10 } },
];

/** Bot levels first, then the named bots. */
const LEVELS = ['easy', 'medium', 'hard'];

/**
 * @param {import('./api.js').GameInfo} g
 * @returns {string[]}
 */
function botChoices(g) {
  return [...LEVELS.filter((l) => g.bots.includes(l)), ...g.bots.filter((b) => !LEVELS.includes(b))];
}

/**
 * How many seats a game has with these options.
 * @param {import('./api.js').GameInfo} g
 * @param {Record<string, unknown>} options
 */
function seatCount(g, options) {
  const p = options.players;
  return typeof p === 'number' ? p : g.min_players;
}

/**
 * The new-table form of a game.
 * @param {import('./api.js').GameInfo} g
 * @returns {HTMLElement}
 */
function tableForm(g) {
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const o of g.options) options[o.name] = o.default;
  const seatsBox = h('div', { class: 'seats-form' });
  const error = h('p', { class: 'error', role: 'alert' });
  /** @type {HTMLSelectElement[]} */
  let seatSelects = [];

  function drawSeats() {
    const n = seatCount(g, options);
    const old = seatSelects.map((s) => s.value);
    seatSelects = [];
    fill(seatsBox);
    for (let i = 0; i < n; i++) {
      if (i === 0) {
        seatsBox.append(h('div', { class: 'seat-row' }, h('span', {}, 'Seat 1'), h('strong', {}, 'you')));
        continue;
      }
      const sel = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': `Seat ${i + 1}`, name: `seat${i}` },
        h('option', { value: 'human' }, 'a person (share the link)'),
        botChoices(g).map((b) => h('option', { value: b }, `bot: ${b}`))));
      sel.value = old[i - 1] || 'medium';
      seatSelects.push(sel);
      seatsBox.append(h('label', { class: 'seat-row' }, h('span', {}, `Seat ${i + 1}`), sel));
    }
  }

  const fields = g.options.map((o) => {
    const id = `opt-${g.id}-${o.name}`;
    /** @type {HTMLElement} */
    let input;
    if (o.type === 'bool') {
      input = h('input', { type: 'checkbox', id, name: o.name, checked: o.default === true });
      input.addEventListener('change', () => { options[o.name] = /** @type {HTMLInputElement} */ (input).checked; });
    } else if (o.type === 'choice') {
      input = h('select', { id, name: o.name }, o.values.map((v) => h('option', { value: v }, v)));
      /** @type {HTMLSelectElement} */ (input).value = String(o.default);
      input.addEventListener('change', () => { options[o.name] = /** @type {HTMLSelectElement} */ (input).value; });
    } else if (o.type === 'int-choice') {
      // A number from a short list (the players a game allows: 2 or 4): offered as such.
      input = h('select', { id, name: o.name }, o.values.map((v) => h('option', { value: v }, String(v))));
      /** @type {HTMLSelectElement} */ (input).value = String(o.default);
      input.addEventListener('change', () => {
        options[o.name] = Number(/** @type {HTMLSelectElement} */ (input).value);
        if (o.name === 'players') drawSeats();
      });
    } else {
      input = h('input', { type: 'number', id, name: o.name, min: o.min, max: o.max, step: 1, value: String(o.default), required: true });
      input.addEventListener('input', () => {
        const v = Number(/** @type {HTMLInputElement} */ (input).value);
        options[o.name] = Number.isInteger(v) ? v : o.default;
        if (o.name === 'players') drawSeats();
      });
    }
    return h('div', { class: 'field' },
      h('label', { for: id }, o.name.replace(/_/g, ' ')), input,
      h('small', { class: 'muted' }, o.doc));
  });

  const clock = /** @type {HTMLSelectElement} */ (h('select', { name: 'clock', 'aria-label': 'Clock' },
    CLOCKS.map((c, i) => h('option', { value: String(i) }, c.label))));

  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create the table');
  const form = h('form', { class: 'new-table', 'data-game': g.id },
    h('h3', {}, `New table: ${g.name}`),
    fields,
    h('fieldset', {}, h('legend', {}, 'Seats'), seatsBox),
    h('div', { class: 'field' }, h('label', {}, 'Clock'), clock,
      h('small', { class: 'muted' }, 'For people only: bots never run out of time.')),
    submit, error);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.setAttribute('disabled', '');
    try {
      const held = await createTable({
        game: g.id,
        options,
        seats: ['human', ...seatSelects.map((s) => s.value)],
        clock: CLOCKS[Number(clock.value)].value,
      });
      go(`/table/${held.table}`);
    } catch (err) {
      error.textContent = err instanceof Error ? err.message : String(err);
      submit.removeAttribute('disabled');
    }
  });
  drawSeats();
  return form;
}

/**
 * A seat as the lobby names it (a finished table's seats are names already).
 * @param {import('./api.js').SeatInfo | string} x
 */
function seatLabel(x) {
  if (typeof x === 'string') return x;
  return x.kind === 'bot' ? x.label ?? `bot ${x.name}` : x.name || 'free seat';
}

/**
 * @param {HTMLElement} main
 * @returns {Promise<() => void>}
 */
export async function showLobby(main) {
  crumb('');
  connection('');
  const list = await games();
  const formBox = h('div', { id: 'form-box' });
  const name = /** @type {HTMLInputElement} */ (h('input', { id: 'name', value: myName(), maxlength: 40, placeholder: 'guest', autocomplete: 'nickname' }));
  name.addEventListener('change', () => setMyName(name.value));

  const cards = list.map((g) => h('article', { class: 'game-card', 'data-game': g.id },
    h('h3', {}, g.name),
    h('p', {}, ABOUT[g.id]?.summary ?? ''),
    h('p', { class: 'muted' }, g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`),
    h('div', { class: 'row' },
      h('button', {
        type: 'button', class: 'primary', 'data-new': g.id,
        onclick: () => {
          fill(formBox, tableForm(g));
          formBox.scrollIntoView({ block: 'nearest' });
          const first = formBox.querySelector('input, select');
          if (first instanceof HTMLElement) first.focus();
        },
      }, 'New table'),
      h('a', { href: `/learn/${g.id}`, target: '_blank', rel: 'noopener' }, 'How to play'),
      h('a', { href: `/rules/${g.id}`, target: '_blank', rel: 'noopener', class: 'muted' }, 'Complete rules'))));

  const open = h('div', { id: 'open-tables' }, h('p', { class: 'muted' }, 'Loading…'));
  const mine = h('div', { id: 'my-tables' });
  const done = h('div', { id: 'finished' });
  // Someone coming back finds their tables first; a newcomer, the games.
  const mineBox = h('section', { id: 'mine-box', hidden: !heldSeats().length }, h('h2', {}, 'Your tables'), mine);
  fill(main,
    h('section', { class: 'hello' },
      h('label', { for: 'name' }, 'Your name '), name),
    mineBox,
    h('section', {}, h('h2', {}, 'Games'), h('div', { class: 'cards' }, cards), formBox),
    h('section', {}, h('h2', {}, 'Open tables'), open),
    h('section', {}, h('h2', {}, 'Finished games'), done));

  /** @param {string} id */
  const gameName = (id) => list.find((g) => g.id === id)?.name ?? id;

  // The lobby is paged by the server: the newest 50 first, more on asking.
  let pages = 1;
  async function refresh() {
    try {
      /** @type {import('./api.js').TableInfo[]} */
      const tables = [];
      let total = 0;
      for (let page = 0; page < pages; page++) {
        /** @type {import('../types/protocol.js').TablesPage} */
        const got = await api(`/api/tables?per_page=50&page=${page}`);
        tables.push(...got.tables);
        total = got.total;
        if (got.tables.length < 50) break;
      }
      const more = total > tables.length
        ? h('p', { class: 'muted' }, `The ${tables.length} newest of ${total} tables. `,
          h('button', { type: 'button', 'data-more': true, onclick: () => { pages += 1; refresh(); } }, 'Show more'))
        : null;
      if (!tables.length) {
        fill(open, h('p', { class: 'muted' }, 'No open table: create one above.'));
      } else {
        fill(open, h('ul', { class: 'tables' }, tables.map((/** @type {import('./api.js').TableInfo} */ t) => {
          const seats = t.seats;
          const free = seats.filter((s) => s.kind === 'human' && !s.name).length;
          const who = seats.map(seatLabel).join(', ');
          const held = heldAt(t.table);
          return h('li', { 'data-table': t.table },
            h('strong', {}, gameName(t.game)), ' ', h('span', { class: 'muted' }, `${t.status} · ${who}`), ' ',
            held ? h('a', { href: `/table/${t.table}`, 'data-link': true }, 'Back to your seat') : null,
            !held && free > 0 ? h('button', {
              type: 'button', 'data-join': t.table,
              onclick: async () => {
                try {
                  await joinTable(t.table, t.game);
                  go(`/table/${t.table}`);
                } catch (e) {
                  alert(e instanceof ApiError ? e.message : String(e));
                }
              },
            }, 'Join') : null, ' ',
            h('a', { href: `/table/${t.table}`, 'data-link': true, 'data-watch': t.table }, held ? '' : 'Watch'));
        })), more);
      }
    } catch (e) {
      fill(open, h('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    }
    const held = heldSeats().slice(0, 10);
    mineBox.hidden = !held.length;
    // Each table as it stands now: whose move, who else sits there.
    const now = await Promise.all(held.map(async (s) => {
      try {
        return /** @type {import('./api.js').TableAnswer} */ (await api(`/api/tables/${encodeURIComponent(s.table)}`));
      } catch {
        return null;
      }
    }));
    let yours = 0;
    fill(mine, held.length
      ? h('ul', { class: 'tables' }, held.map((s, i) => {
        const t = now[i];
        /** @type {(import('./api.js').SeatInfo | string)[]} */
        const seats = t ? t.seats : [];
        const others = seats.filter((_, k) => k !== s.seat).map(seatLabel);
        const turn = t && 'turn' in t ? t.turn : null;
        const myMove = t?.status === 'playing' && turn?.kind === 'player' && turn.player === s.seat;
        if (myMove) yours += 1;
        let state = 'no longer on this server';
        if (t?.status === 'over') state = 'over';
        else if (t?.status === 'expired') state = 'closed: its players never came';
        else if (t?.status === 'open') state = 'waiting for players';
        else if (myMove) state = 'your move';
        else if (t?.status === 'playing') {
          state = turn?.kind === 'player' && turn.player !== null ? `${seatLabel(seats[turn.player])} to play` : 'playing';
        }
        return h('li', { 'data-table': s.table, class: myMove ? 'your-move' : '' },
          myMove ? h('span', { class: 'turn-dot', 'aria-hidden': 'true' }, '● ') : null,
          h('a', { href: t?.status === 'over' ? `/replay/${s.table}` : `/table/${s.table}`, 'data-link': true }, gameName(s.game)), ' ',
          others.length ? h('span', {}, `with ${others.join(', ')}`) : null, ' ',
          h('span', { class: myMove ? 'badge' : 'muted', 'data-state': state }, state), ' ',
          h('span', { class: 'muted' }, `· ${new Date(s.at).toLocaleDateString()}`));
      }))
      : h('p', { class: 'muted' }, 'The tables you sit at are remembered here, in this browser.'));
    document.title = yours ? YOUR_MOVE_TITLE : 'tabula';
    try {
      /** @type {import('../types/protocol.js').HistoryPage} */
      const { games: over } = await api('/api/history?per_page=10');
      fill(done, over.length
        ? h('ul', { class: 'tables' }, over.map((t) => h('li', {},
          h('strong', {}, gameName(t.game)), ' ',
          h('span', { class: 'muted' }, t.seats.join(' vs ')), ' ',
          h('a', { href: `/replay/${t.table}`, 'data-link': true }, 'Replay'))))
        : h('p', { class: 'muted' }, 'No finished game yet.'));
    } catch {
      fill(done, h('p', { class: 'muted' }, 'The finished games cannot be listed now.'));
    }
  }
  await refresh();
  const timer = setInterval(refresh, 5000);
  return () => clearInterval(timer);
}
