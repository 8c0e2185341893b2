// The lobby: the games, a new table's form (generated from the game's option spec), the
// open tables to join or watch, this browser's recent tables and the finished games.

import { h, fill } from './dom.js';
import { YOUR_MOVE_TITLE } from './table.js';
import { api, games, createTable, joinTable, heldSeats, heldAt, myName, setMyName, me, myTables, levelRatingNow, ApiError } from './api.js';
import { askAccount } from './account.js';
import { renderer } from './games/index.js';
import { askName } from './name.js';
import { go, crumb, connection } from './nav.js';

/** The clocks offered, as Lichess names them (minutes + seconds added per move). */
const CLOCKS = [
  { label: 'No clock', value: null },
  { label: '3 min + 2 s', value: { initial_s: 180, increment_s: 2 } },
  { label: '5 min + 3 s', value: { initial_s: 300, increment_s: 3 } },
  { label: '10 min + 5 s', value: { initial_s: 600, increment_s: 5 } },
  { label: '20 min + 10 s', value: { initial_s: 1200, increment_s: 10 } },
  { label: 'By correspondence: a day a move', value: { initial_s: 86400, correspondence: true } },
  { label: 'By correspondence: three days a move', value: { initial_s: 3 * 86400, correspondence: true } },
];

/** The bots people play against, by level, with what each is like. */
const LEVELS = [
  { id: 'easy', name: 'Easy', about: 'plays the best-looking move now' },
  { id: 'medium', name: 'Medium', about: 'thinks a little ahead' },
  { id: 'hard', name: 'Hard', about: 'searches for a second a move' },
  { id: 'expert', name: 'Expert', about: 'searches with a network trained by self-play' },
];

/** The other bots, for people who study the games. */
const STUDY = {
  random: 'any legal move',
  greedy: 'the best-looking move now',
  heuristic: 'the beginner’s rules of thumb',
  rollout: 'random games from each move',
  mcts: 'tree search',
  ismcts: 'tree search over what it cannot see',
};

const LEVEL = 'tabula.level';

/** The level a person last chose (medium for a newcomer). */
function myLevel() {
  const l = localStorage.getItem(LEVEL);
  return l && (LEVELS.some((x) => x.id === l) || l in STUDY) ? l : 'medium';
}

/**
 * A bot as people read it.
 * @param {string} b
 */
function botName(b) {
  const level = LEVELS.find((l) => l.id === b);
  if (level) return `${level.name} bot`;
  return `${b} bot (for study)`;
}

/**
 * How a value of an option reads.
 * @param {import('./api.js').OptionSpec} o
 * @param {unknown} v
 */
function valueLabel(o, v) {
  if ((o.type === 'choice' || o.type === 'int-choice') && o.value_labels.length) {
    const i = /** @type {unknown[]} */ (o.values).indexOf(v);
    if (i >= 0) return o.value_labels[i];
  }
  return String(v);
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
 * Seat `seat`'s name for players, in a game of `n` seats.
 * @param {import('./api.js').GameInfo} g
 * @param {number} n
 * @param {number} seat
 */
export function seatName(g, n, seat) {
  return g.about.seats.find((s) => s.players === n)?.names[seat] ?? `Seat ${seat + 1}`;
}

/**
 * A preset's options over the game's defaults.
 * @param {import('./api.js').GameInfo} g
 * @param {import('./api.js').GameInfo['presets'][number] | undefined} preset
 * @returns {Record<string, unknown>}
 */
function presetOptions(g, preset) {
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const o of g.options) options[o.name] = o.default;
  for (const [name, value] of preset?.options ?? []) options[name] = value;
  return options;
}

/**
 * Starts a table and goes to it, after asking a newcomer's name.
 * @param {Parameters<typeof createTable>[0]} spec
 * @param {HTMLElement} error  where a refusal is said
 */
async function start(spec, error) {
  // Signed in, the account's name is used; otherwise a newcomer is asked theirs once.
  if (!(await me()).name && await askName() === null) return false;
  try {
    const held = await createTable(spec);
    go(`/table/${held.table}`);
    return true;
  } catch (err) {
    error.textContent = err instanceof Error ? err.message : String(err);
    return false;
  }
}

/**
 * "Play now": the recommended preset, the player in the first seat, bots of their level.
 * @param {import('./api.js').GameInfo} g
 * @param {HTMLElement} error
 */
async function playNow(g, error) {
  const options = presetOptions(g, g.presets[0]);
  const n = seatCount(g, options);
  const level = myLevel();
  // Signed in, a game against the bots is rated: it places the player on the bots' scale.
  const rated = !!(await me()).name;
  return start({ game: g.id, options, seats: ['human', ...Array.from({ length: n - 1 }, () => level)], seat: 0, rated }, error);
}

/**
 * The new-table form of a game: a preset, who sits where (you, friends, bots), a clock,
 * and every option under "More options".
 * @param {import('./api.js').GameInfo} g
 * @returns {HTMLElement}
 */
function tableForm(g) {
  let options = presetOptions(g, g.presets[0]);
  const seatsBox = h('div', { class: 'seats-form' });
  const error = h('p', { class: 'error', role: 'alert' });
  /** @type {HTMLSelectElement[]} */
  let seatSelects = [];
  /** What each seat was set to, kept when the number of seats changes. */
  /** @type {string[]} */
  let chosen = ['you'];

  function drawSeats() {
    const n = seatCount(g, options);
    chosen = Array.from({ length: n }, (_, i) => chosen[i] ?? myLevel());
    if (!chosen.includes('you')) chosen[0] = 'you';
    seatSelects = [];
    fill(seatsBox);
    for (let i = 0; i < n; i++) {
      const sel = /** @type {HTMLSelectElement} */ (h('select', { 'aria-label': seatName(g, n, i), name: `seat${i}` },
        h('option', { value: 'you' }, 'You'),
        h('option', { value: 'human' }, 'A friend (share the link)'),
        h('optgroup', { label: 'Bots' }, LEVELS.filter((l) => g.bots.includes(l.id))
          .map((l) => {
            const r = levelRatingNow(g.id, l.id);
            return h('option', { value: l.id }, `${l.name} bot${r ? ` (${r})` : ''} — ${l.about}`);
          })),
        h('optgroup', { label: 'For study' }, g.bots.filter((b) => b in STUDY)
          .map((b) => h('option', { value: b }, `${b} — ${STUDY[/** @type {keyof STUDY} */ (b)]}`)))));
      sel.value = chosen[i];
      sel.addEventListener('change', () => {
        // One seat is yours: choosing another moves you there, a bot taking your old one.
        if (sel.value === 'you') chosen = chosen.map((c) => (c === 'you' ? myLevel() : c));
        chosen[i] = sel.value;
        if (!chosen.includes('you')) chosen[chosen.findIndex((c) => c === 'human') >= 0 ? chosen.findIndex((c) => c === 'human') : 0] = 'you';
        drawSeats();
      });
      seatSelects.push(sel);
      seatsBox.append(h('label', { class: 'seat-row' }, h('span', {}, seatName(g, n, i)), sel));
    }
  }

  /** @type {Map<string, HTMLInputElement | HTMLSelectElement>} */
  const inputs = new Map();
  const fields = g.options.map((o) => {
    const id = `opt-${g.id}-${o.name}`;
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let input;
    if (o.type === 'bool') {
      input = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id, name: o.name }));
      input.addEventListener('change', () => { options[o.name] = /** @type {HTMLInputElement} */ (input).checked; });
    } else if (o.type === 'choice' || o.type === 'int-choice') {
      const values = /** @type {(string | number)[]} */ (o.values);
      input = /** @type {HTMLSelectElement} */ (h('select', { id, name: o.name },
        values.map((v) => h('option', { value: String(v) }, valueLabel(o, v)))));
      input.addEventListener('change', () => {
        const v = input.value;
        options[o.name] = o.type === 'int-choice' ? Number(v) : v;
        if (o.name === 'players') drawSeats();
      });
    } else {
      input = /** @type {HTMLInputElement} */ (h('input', { type: 'number', id, name: o.name, min: o.min, max: o.max, step: 1, required: true }));
      input.addEventListener('input', () => {
        const v = Number(input.value);
        options[o.name] = Number.isInteger(v) ? v : o.default;
        if (o.name === 'players') drawSeats();
      });
    }
    inputs.set(o.name, input);
    return h('div', { class: o.type === 'bool' ? 'field check' : 'field' },
      o.type === 'bool' ? [input, h('label', { for: id }, o.label)] : [h('label', { for: id }, o.label), input],
      h('small', { class: 'muted' }, o.doc));
  });
  /** Shows the options chosen now in the fields. */
  function showOptions() {
    for (const [name, input] of inputs) {
      if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = options[name] === true;
      else input.value = String(options[name]);
    }
  }

  const presets = h('fieldset', { class: 'presets' }, h('legend', {}, 'Game'),
    g.presets.map((p, i) => {
      const radio = h('input', { type: 'radio', name: 'preset', value: String(i), checked: i === 0 });
      radio.addEventListener('change', () => {
        options = presetOptions(g, p);
        showOptions();
        drawSeats();
      });
      return h('label', { class: 'preset' }, radio, ' ', h('strong', {}, p.name), ' ', h('span', { class: 'muted' }, p.doc));
    }));

  const clock = /** @type {HTMLSelectElement} */ (h('select', { name: 'clock', id: `clock-${g.id}` },
    CLOCKS.map((c, i) => h('option', { value: String(i) }, c.label))));

  // Rated: for accounts (the player's rating and the other people's move; the bots' are fixed).
  const rated = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: `rated-${g.id}`, name: 'rated' }));
  const ratedNote = h('small', { class: 'muted' });
  me().then((who) => {
    rated.disabled = !who.name;
    rated.checked = !!who.name && chosen.every((c) => c !== 'human');
    fill(ratedNote, who.name
      ? 'Your rating moves with the result; people who join must be signed in. Bots have fixed ratings.'
      : ['For accounts: ', h('button', { type: 'button', class: 'linkish', onclick: async () => { if (await askAccount()) { rated.disabled = false; rated.checked = true; fill(ratedNote, 'Your rating moves with the result.'); } } }, 'sign in'), ' to play rated.']);
  });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Create the table');
  const form = h('form', { class: 'new-table', 'data-game': g.id },
    h('h3', {}, `New table: ${g.name}`),
    presets,
    h('fieldset', {}, h('legend', {}, 'Seats'), seatsBox),
    h('div', { class: 'field' }, h('label', { for: `clock-${g.id}` }, 'Clock'), clock,
      h('small', { class: 'muted' }, 'For people only: bots never run out of time. By correspondence, the table waits for each player (no bot stands in), and lists under “Your tables” when it is your move.')),
    h('div', { class: 'field check' }, rated, h('label', { for: `rated-${g.id}` }, 'Rated'), ratedNote),
    h('details', { class: 'more-options' }, h('summary', {}, 'More options'), fields),
    submit, error);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.setAttribute('disabled', '');
    const seats = chosen.map((c) => (c === 'you' ? 'human' : c));
    const level = chosen.find((c) => c !== 'you' && c !== 'human');
    if (level) localStorage.setItem(LEVEL, level);
    const ok = await start({
      game: g.id,
      options,
      seats,
      seat: chosen.indexOf('you'),
      clock: CLOCKS[Number(clock.value)].value,
      rated: rated.checked,
    }, error);
    if (!ok) submit.removeAttribute('disabled');
  });
  showOptions();
  drawSeats();
  return form;
}

/**
 * A game's card: its board as its renderer draws it, what it is, Play now.
 * @param {import('./api.js').GameInfo} g
 * @param {HTMLElement} formBox
 */
function gameCard(g, formBox) {
  const picture = h('div', { class: 'picture', 'aria-hidden': 'true', inert: true });
  const error = h('p', { class: 'error', role: 'alert' });
  const players = g.min_players === g.max_players ? `${g.min_players} players` : `${g.min_players}–${g.max_players} players`;
  const [least, most] = g.about.minutes;
  const card = h('article', { class: 'game-card', 'data-game': g.id },
    picture,
    h('h3', {}, g.name),
    h('p', {}, g.about.summary),
    h('p', { class: 'muted facts' }, `${players} · ${least}–${most} min · ${g.about.weight}`),
    h('div', { class: 'row' },
      h('button', {
        type: 'button', class: 'primary', 'data-play': g.id,
        title: `${g.presets[0]?.name ?? 'The game'}, against ${botName(myLevel()).toLowerCase()}s`,
        onclick: () => playNow(g, error),
      }, 'Play now'),
      h('button', {
        type: 'button', 'data-new': g.id,
        onclick: () => {
          fill(formBox, tableForm(g));
          formBox.scrollIntoView({ block: 'nearest' });
          const first = formBox.querySelector('input, select');
          if (first instanceof HTMLElement) first.focus();
        },
      }, 'New table')),
    h('p', { class: 'links' },
      h('a', { href: `/learn/${g.id}/tutorial`, 'data-link': true, 'data-tutorial': g.id }, 'Tutorial'), ' · ',
      h('a', { href: `/learn/${g.id}`, target: '_blank', rel: 'noopener' }, 'How to play'), ' · ',
      h('a', { href: `/rules/${g.id}`, target: '_blank', rel: 'noopener', class: 'muted' }, 'Complete rules')),
    error);
  drawPicture(g, picture);
  return card;
}

/**
 * Draws a game's picture (a position of its recommended preset) with its renderer.
 * @param {import('./api.js').GameInfo} g
 * @param {HTMLElement} box
 */
async function drawPicture(g, box) {
  try {
    const [p, r] = await Promise.all([
      /** @type {Promise<import('../types/protocol.js').Picture>} */ (api(`/api/games/${encodeURIComponent(g.id)}/picture`)),
      renderer(g.id),
    ]);
    const board = h('div', { class: 'picture-board' });
    box.append(board);
    r.render(board, {
      view: p.view, seat: 0, legal: [], turn: p.turn, names: p.names, options: p.options, replay: true, act: () => {},
    });
  } catch {
    box.remove();
  }
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
 * Who won a finished game, in words: the seats with the best return ("a draw" when all
 * are equal), `me` (a seat) read as "you".
 * @param {number[] | null | undefined} result
 * @param {string[]} names
 * @param {number} [me]
 */
export function winners(result, names, me) {
  if (!result || !result.length) return '';
  const best = Math.max(...result);
  if (result.every((r) => r === best)) return 'a draw';
  const won = result.map((r, i) => [r, i]).filter(([r]) => r === best).map(([, i]) => i);
  if (me !== undefined && won.includes(me)) return won.length > 1 ? 'your side won' : 'you won';
  if (me !== undefined) return `you lost: ${won.map((i) => names[i] ?? `seat ${i + 1}`).join(' and ')} won`;
  return `${won.map((i) => names[i] ?? `seat ${i + 1}`).join(' and ')} won`;
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
  const name = /** @type {HTMLInputElement} */ (h('input', { id: 'name', value: myName(), maxlength: 40, placeholder: 'e.g. Ada', autocomplete: 'nickname' }));
  name.addEventListener('change', () => setMyName(name.value));
  const cards = list.map((g) => gameCard(g, formBox));

  const open = h('div', { id: 'open-tables' }, h('p', { class: 'muted' }, 'Loading…'));
  const playing = h('div', { id: 'playing-tables' });
  const mine = h('div', { id: 'my-tables' });
  const done = h('div', { id: 'finished' });
  // Someone coming back finds their tables first; a newcomer, the games.
  const canNotify = 'Notification' in window;
  const notifyBox = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'notify-turns' }));
  notifyBox.checked = canNotify && localStorage.getItem('tabula.notify') === 'on' && Notification.permission === 'granted';
  notifyBox.disabled = !canNotify;
  notifyBox.addEventListener('change', async () => {
    const answer = !notifyBox.checked || Notification.permission === 'granted' ? Notification.permission : await Notification.requestPermission();
    notifyBox.checked = notifyBox.checked && answer === 'granted';
    localStorage.setItem('tabula.notify', notifyBox.checked ? 'on' : 'off');
  });
  const mineBox = h('section', { id: 'mine-box', hidden: !heldSeats().length }, h('h2', {}, 'Your tables'), mine,
    h('p', { class: 'field check' }, notifyBox, h('label', { for: 'notify-turns' }, ' Tell me when it is my move (a notification while this tab is hidden)')));
  const who = await me();
  fill(main,
    who.name
      ? h('section', { class: 'hello' }, 'Signed in as ', h('a', { href: `/players/${encodeURIComponent(who.name)}`, 'data-link': true }, who.name),
        h('span', { class: 'muted' }, ' — your tables and ratings follow you to any browser where you sign in.'))
      : h('section', { class: 'hello' },
        h('label', { for: 'name' }, 'Your name '), name,
        myName() ? null : h('span', { class: 'muted' }, ' — new here? Pick a game below and press Play now: you play against bots, and “How to play” teaches the game in five minutes.')),
    mineBox,
    h('section', {}, h('h2', {}, 'Games'), h('div', { class: 'cards' }, cards), formBox),
    h('section', {}, h('h2', {}, 'Tables waiting for players'), open),
    h('section', {}, h('h2', {}, 'Being played'), playing),
    h('section', {}, h('h2', {}, 'Finished games'), done));

  /** @param {string} id */
  const gameName = (id) => list.find((g) => g.id === id)?.name ?? id;

  /**
   * A page of the server's tables of one status, newest first: `pages` of 50.
   * @param {'open' | 'playing'} status
   * @param {number} pages
   */
  async function tablesOf(status, pages) {
    /** @type {import('./api.js').TableInfo[]} */
    const tables = [];
    let total = 0;
    for (let page = 0; page < pages; page++) {
      /** @type {import('../types/protocol.js').TablesPage} */
      const got = await api(`/api/tables?status=${status}&per_page=50&page=${page}`);
      tables.push(...got.tables);
      total = got.total;
      if (got.tables.length < 50) break;
    }
    return { tables, total };
  }

  /**
   * "Show more" when the server has more than is shown.
   * @param {number} shown
   * @param {number} total
   * @param {() => void} more
   */
  const moreButton = (shown, total, more) => (total > shown
    ? h('p', { class: 'muted' }, `The ${shown} newest of ${total} tables. `,
      h('button', { type: 'button', 'data-more': true, onclick: more }, 'Show more'))
    : null);

  // A table where it is your move, seen once: a notification when this tab is hidden (and
  // the player allowed them, here or at a table).
  /** @type {Set<string>} */
  const told = new Set();
  let first = true;
  /**
   * @param {string} name  the game's
   * @param {string} table
   */
  const notify = (name, table) => {
    if (!document.hidden || !('Notification' in window) || Notification.permission !== 'granted') return;
    if (localStorage.getItem('tabula.notify') !== 'on') return;
    const n = new Notification('Your move', { body: `${name}: it is your turn.`, tag: `tabula-${table}` });
    n.onclick = () => { window.focus(); go(`/table/${table}`); };
  };

  // The lobby is paged by the server: the newest 50 first, more on asking.
  let openPages = 1;
  let playingPages = 1;
  async function refresh() {
    try {
      const { tables, total } = await tablesOf('open', openPages);
      if (!tables.length) {
        fill(open, h('p', { class: 'muted' }, 'No table is waiting for players. Press Play now on a game, or make a New table and share its link with a friend.'));
      } else {
        fill(open, h('ul', { class: 'tables' }, tables.map((t) => {
          const free = t.seats.filter((s) => s.kind === 'human' && !s.name).length;
          const who = t.seats.map(seatLabel).join(', ');
          const held = heldAt(t.table);
          return h('li', { 'data-table': t.table },
            h('strong', {}, gameName(t.game)), ' ',
            h('span', { class: 'muted' }, `${free} seat${free === 1 ? '' : 's'} free · ${who}`), ' ',
            held ? h('a', { href: `/table/${t.table}`, 'data-link': true }, 'Back to your seat') : null,
            !held && free > 0 ? h('button', {
              type: 'button', 'data-join': t.table,
              onclick: async () => {
                if (!(await me()).name && await askName() === null) return;
                try {
                  await joinTable(t.table, t.game);
                  go(`/table/${t.table}`);
                } catch (e) {
                  alert(e instanceof ApiError ? e.message : String(e));
                }
              },
            }, 'Join') : null, ' ',
            held ? null : h('a', { href: `/table/${t.table}`, 'data-link': true, 'data-watch': t.table }, 'Watch'));
        })), moreButton(tables.length, total, () => { openPages += 1; refresh(); }));
      }
    } catch (e) {
      fill(open, h('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    }
    try {
      const { tables, total } = await tablesOf('playing', playingPages);
      fill(playing, tables.length
        ? [h('ul', { class: 'tables' }, tables.map((t) => {
          const held = heldAt(t.table);
          return h('li', { 'data-table': t.table },
            h('strong', {}, gameName(t.game)), ' ',
            h('span', { class: 'muted' }, t.seats.map(seatLabel).join(', ')), ' ',
            h('a', { href: `/table/${t.table}`, 'data-link': true, 'data-watch': t.table }, held ? 'Back to your seat' : 'Watch'));
        })), moreButton(tables.length, total, () => { playingPages += 1; refresh(); })]
        : h('p', { class: 'muted' }, 'No game is being played just now.'));
    } catch (e) {
      fill(playing, h('p', { class: 'error' }, e instanceof Error ? e.message : String(e)));
    }
    // The seats of the signed-in account (on any browser) and those this browser holds.
    const mineNow = await myTables();
    /** @type {{table: string, seat: number, game: string, at: number, t: import('./api.js').TableAnswer | null}[]} */
    const entries = mineNow.map((m) => ({
      table: m.table.table,
      seat: m.seat,
      game: m.table.game,
      at: ('created' in m.table && m.table.created ? m.table.created : 0) * 1000,
      t: m.table,
    }));
    const held = heldSeats().filter((s) => !entries.some((e) => e.table === s.table)).slice(0, 10);
    // Each table as it stands now: whose move, who else sits there, who won.
    const now = await Promise.all(held.map(async (s) => {
      try {
        return /** @type {import('./api.js').TableAnswer} */ (await api(`/api/tables/${encodeURIComponent(s.table)}`));
      } catch {
        return null;
      }
    }));
    held.forEach((s, i) => entries.push({ table: s.table, seat: s.seat, game: s.game, at: s.at, t: now[i] }));
    /** @param {typeof entries[number]} e */
    const myMoveAt = (e) => {
      const turn = e.t && 'turn' in e.t ? e.t.turn : null;
      return e.t?.status === 'playing' && turn?.kind === 'player' && turn.player === e.seat;
    };
    // Your move first, then the newest.
    entries.sort((a, b) => Number(myMoveAt(b)) - Number(myMoveAt(a)) || b.at - a.at);
    mineBox.hidden = !entries.length;
    let yours = 0;
    fill(mine, entries.length
      ? h('ul', { class: 'tables' }, entries.slice(0, 20).map((s) => {
        const t = s.t;
        /** @type {(import('./api.js').SeatInfo | string)[]} */
        const seats = t ? ('names' in t ? t.names : t.seats) : [];
        const others = seats.filter((_, k) => k !== s.seat).map(seatLabel);
        const turn = t && 'turn' in t ? t.turn : null;
        const myMove = myMoveAt(s);
        if (myMove) {
          yours += 1;
          if (!told.has(`${s.table}:${t && 'seq' in t ? t.seq : ''}`)) {
            told.add(`${s.table}:${t && 'seq' in t ? t.seq : ''}`);
            if (!first) notify(gameName(s.game), s.table);
          }
        }
        let state = 'no longer on this server';
        if (t?.status === 'over') state = `over: ${winners(t.result, seats.map(seatLabel), s.seat)}`;
        else if (t?.status === 'expired') state = 'closed: its players never came';
        else if (t?.status === 'open') state = 'waiting for players';
        else if (myMove) state = 'your move';
        else if (t?.status === 'playing') {
          state = turn?.kind === 'player' && turn.player !== null ? `${seatLabel(seats[turn.player])} to play` : 'playing';
        }
        const post = t && 'clock' in t && t.clock?.correspondence ? ' · by correspondence' : '';
        return h('li', { 'data-table': s.table, class: myMove ? 'your-move' : '' },
          myMove ? h('span', { class: 'turn-dot', 'aria-hidden': 'true' }, '● ') : null,
          h('a', { href: t?.status === 'over' ? `/replay/${s.table}?seat=${s.seat}` : `/table/${s.table}`, 'data-link': true }, gameName(s.game)), ' ',
          others.length ? h('span', {}, `with ${others.join(', ')}`) : null, ' ',
          h('span', { class: myMove ? 'badge' : 'muted', 'data-state': state }, state), ' ',
          h('span', { class: 'muted' }, `${s.at ? `· ${new Date(s.at).toLocaleDateString()}` : ''}${post}`));
      }))
      : h('p', { class: 'muted' }, 'The tables you sit at are remembered here, in this browser.'));
    first = false;
    document.title = yours ? YOUR_MOVE_TITLE : 'tabula';
    try {
      /** @type {import('../types/protocol.js').HistoryPage} */
      const { games: over } = await api('/api/history?per_page=10');
      fill(done, over.length
        ? h('ul', { class: 'tables' }, over.map((t) => h('li', { 'data-table': t.table },
          h('strong', {}, gameName(t.game)), ' ',
          h('span', {}, t.names.join(' vs ')), ' ',
          h('span', { class: 'muted', 'data-result': true }, `· ${winners(t.result, t.names)}`), ' ',
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
