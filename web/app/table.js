// A table: the board from your seat's view (drawn by the game's renderer), the seats and
// their clocks, the moves you may make (click them on the board or in the list, or type
// their notation), the log in words, undo, resign, leave and return, the result and a
// rematch. Without a seat held in this browser, the table is watched as a spectator.
// The WebSocket reconnects by itself; reloading the page resumes the seat.

import { h, fill, SEAT_COLOURS, SEAT_SHAPES } from './dom.js';
import { api, game, heldAt, accountSeatAt, me as signedIn, joinTable, remember, ApiError } from './api.js';
import { askName } from './name.js';
import { renderer } from './games/index.js';
import { go, crumb, connection } from './nav.js';
import { chatBox } from './chat.js';

/**
 * The table as this seat sees it: the server's `update` message (docs/server.md), its type
 * generated from the server's own (crates/server/src/protocol.rs).
 * @typedef {import('../types/protocol.js').Update} Update
 */

/**
 * A time left as m:ss (tenths under ten seconds).
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, ms);
  // A correspondence game's day: in days and hours, or hours and minutes.
  if (t >= 86400000) return `${Math.floor(t / 86400000)} d ${Math.floor((t % 86400000) / 3600000)} h`;
  if (t >= 3600000) return `${Math.floor(t / 3600000)} h ${String(Math.floor((t % 3600000) / 60000)).padStart(2, '0')} min`;
  if (t < 10000) return `${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.ceil(t / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The page's title while it is your move (the tab shows it when you look elsewhere). */
export const YOUR_MOVE_TITLE = '● Your move — tabula';

const SOUND = 'tabula.sound';
const NOTIFY = 'tabula.notify';

/**
 * A player's choice remembered in this browser.
 * @param {string} key
 */
function pref(key) {
  try {
    return localStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}

/**
 * @param {string} key
 * @param {boolean} on
 */
function setPref(key, on) {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // Private windows may refuse storage: the choice lasts the page.
  }
}

/** A short, soft chime (no sound file): your turn. */
function chime() {
  try {
    const ctx = new AudioContext();
    const t = ctx.currentTime;
    for (const [i, f] of [[0, 660], [1, 880]]) {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + i * 0.15);
      g.gain.exponentialRampToValueAtTime(0.15, t + i * 0.15 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.15 + 0.3);
      o.connect(g).connect(ctx.destination);
      o.start(t + i * 0.15);
      o.stop(t + i * 0.15 + 0.32);
    }
    setTimeout(() => ctx.close(), 800);
  } catch {
    // No sound where the browser has no audio.
  }
}

/**
 * A seat's name as shown: its person, its bot, or a free seat.
 * @param {import('./api.js').SeatInfo} s
 */
function seatName(s) {
  if (s.kind === 'bot') return s.label ?? `${s.name} (bot)`;
  if (!s.name) return 'free seat';
  return s.bot ? `${s.name} (${s.bot} plays for them)` : s.name;
}

/**
 * The countdown of a grace period with `ms` left.
 * @param {number} ms
 */
function graceText(ms) {
  return ms > 0 ? ` is away — a bot plays for them in ${clockText(ms)}` : ' is away — a bot plays for them now';
}

/**
 * What a person connected nowhere is doing to the table, or `null` when they are here: a
 * countdown while someone waits for them (`data-grace` holds its end, kept ticking), else
 * that the game waits.
 * @param {import('./api.js').SeatInfo} s
 * @param {number} receivedAt  when the update came (performance.now())
 */
function awayNote(s, receivedAt) {
  if (s.kind !== 'human' || !s.name || s.connected || s.bot) return null;
  if (typeof s.grace_ms === 'number') {
    return h('span', { class: 'away', 'data-grace': String(receivedAt + s.grace_ms) }, graceText(s.grace_ms));
  }
  return h('span', { class: 'muted away' }, ' (away — the game waits for them)');
}

/**
 * The result in words for the reader: who won, how the game ended, and the game's own
 * account of it (money, points, places) where its renderer gives one.
 * @param {Update} u
 * @param {string[]} names
 * @param {string | null} words  the game's account ([`Renderer.result`])
 */
function resultText(u, names, words) {
  const r = u.result || [];
  const best = Math.max(...r);
  const winners = r.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
  let head;
  if (winners.length === r.length) head = 'A draw.';
  else if (u.seat !== null && winners.includes(u.seat)) head = winners.length > 1 ? 'You share the win.' : 'You win!';
  else if (u.seat !== null) head = `You lose: ${winners.map((i) => names[i]).join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}.`;
  else head = `${winners.map((i) => names[i]).join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}.`;
  let why = '';
  if (u.ending?.kind === 'resign') why = ` ${names[u.ending.seat]} resigned.`;
  if (u.ending?.kind === 'time') why = ` ${names[u.ending.seat]} ran out of time.`;
  const round = (/** @type {number} */ v) => String(Math.round(v * 100) / 100);
  return `${head}${why} ${words ?? `Scores: ${r.map((v, i) => `${names[i]} ${round(v)}`).join(', ')}.`}`;
}

/**
 * @param {HTMLElement} main
 * @param {string} id
 * @returns {Promise<() => void>}
 */
export async function showTable(main, id) {
  /** @type {import('./api.js').TableInfo} */
  let info = await api(`/api/tables/${encodeURIComponent(id)}`);
  const found = await game(info.game);
  if (!found) throw new Error(`this server does not know the game ${info.game}`);
  const g = found;
  // A seat the signed-in account holds is played here without its token.
  const bySeat = heldAt(id) ? undefined : await accountSeatAt(id);
  if (info.status === 'over' && !heldAt(id) && bySeat === undefined) {
    go(`/replay/${id}`);
    return () => {};
  }
  if (info.status === 'expired') {
    // Nobody came to take its seats in time: there is nothing to play or watch.
    crumb(g.name);
    fill(main, h('section', { class: 'hello' },
      h('h1', {}, `${g.name}: this table has closed`),
      h('p', {}, 'It waited too long for its players. Open a new one from the lobby and send its link again.'),
      h('p', {}, h('a', { href: '/', 'data-link': true }, 'Back to the lobby'))));
    return () => {};
  }
  const r = await renderer(g.id);
  // A rated game, a game by correspondence: said beside the game's name.
  crumb([g.name, info.rated ? 'rated' : '', info.clock?.correspondence ? 'by correspondence' : ''].filter(Boolean).join(' · '));
  const title = document.title;

  const board = h('div', { class: 'board', id: 'board', tabindex: '-1' });
  const banner = h('div', { class: 'banner', id: 'banner', role: 'status' });
  const notice = h('p', { class: 'notice', id: 'notice', role: 'alert' });
  const seatsBox = h('ul', { class: 'seats', id: 'seats' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  const moves = h('div', { class: 'moves', id: 'moves' });
  const typed = /** @type {HTMLInputElement} */ (h('input', {
    id: 'notation', list: 'legal-list', autocomplete: 'off', spellcheck: 'false',
    placeholder: 'type a move', 'aria-label': 'Type a move in notation',
  }));
  const datalist = h('datalist', { id: 'legal-list' });
  // Focusable, so that a keyboard can scroll it.
  const log = h('ol', { class: 'log', id: 'log', 'aria-label': 'Moves so far', tabindex: '0' });
  // A seat's moves: hidden while watching.
  const typedForm = h('form', { class: 'typed', onsubmit: (/** @type {Event} */ e) => { e.preventDefault(); send(typed.value.trim(), typedForm); } },
    typed, datalist, h('button', { type: 'submit' }, 'Play'));
  const movesBox = h('div', { class: 'moves-box' }, h('h2', {}, 'Your moves'), moves, typedForm);
  /** Where the server's next answer is shown: beside the control that asked. */
  /** @type {Element} */
  let asker = banner;

  /**
   * Shows an answer right after `near` (the control that caused it), where the person is
   * looking, never below the fold.
   * @param {string} text
   * @param {Element} near
   */
  function say(text, near) {
    if (notice.previousElementSibling !== near) near.after(notice);
    notice.textContent = text;
  }
  const share = h('button', {
    type: 'button', class: 'ghost',
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(location.href);
        say('The link to this table is copied: send it to a friend.', shareRow);
      } catch {
        say(`The link to this table: ${location.href}`, shareRow);
      }
    },
  }, 'Copy link');
  const chat = chatBox((msg, near) => command(msg, near));
  const shareRow = h('div', { class: 'row' }, share,
    h('a', { href: `/learn/${g.id}`, target: '_blank', rel: 'noopener' }, 'How to play'),
    h('a', { href: `/rules/${g.id}`, target: '_blank', rel: 'noopener' }, 'Rules'));
  fill(main,
    h('div', { class: 'table-page', 'data-game': g.id },
      h('section', { class: 'play' }, banner, notice, board),
      h('aside', { class: 'side' },
        h('h2', { class: 'sr-only' }, 'Seats'), seatsBox, controls,
        movesBox, alertsRow(),
        h('h2', {}, 'Log'), log,
        chat.el,
        shareRow)));

  /** @type {WebSocket | null} */
  let ws = null;
  let closed = false;
  let retry = 0;
  /** @type {Update | null} */
  let last = null;
  /** The log's entries drawn, as JSON, and the names they were drawn with. */
  /** @type {string[]} */
  let logged = [];
  let loggedNames = '';
  let receivedAt = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let reconnectTimer;

  /**
   * @param {string} action
   * @param {Element} [near]  the control it came from (the board's moves: the banner above it)
   */
  function send(action, near = banner) {
    if (!action || !last || !ws || ws.readyState !== WebSocket.OPEN) return;
    asker = near;
    notice.textContent = '';
    /** @type {import('../types/protocol.js').ClientMessage} */
    const act = { type: 'act', action, seq: last.seq };
    ws.send(JSON.stringify(act));
    typed.value = '';
  }

  /**
   * @param {import('../types/protocol.js').ClientMessage} msg
   * @param {Element} [near]  the control it came from
   */
  function command(msg, near = controls) {
    asker = near;
    notice.textContent = '';
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function names() {
    return (last?.seats ?? []).map((s) => (s.kind === 'bot' ? s.label ?? `${s.name} (bot)` : s.name || `seat ${s.seat + 1}`));
  }

  /** The names the log tells: a bot by its first name alone ("Sasha"), as the seats show who it is. */
  function logNames() {
    return names().map((n, i) => (last?.seats[i]?.kind === 'bot' ? n.replace(/ \(.*\)$/, '') : n));
  }

  function drawClocks() {
    if (!last) return;
    for (const el of document.querySelectorAll('[data-grace]')) {
      el.textContent = graceText(Number(/** @type {HTMLElement} */ (el).dataset.grace) - performance.now());
    }
    for (const c of last.clocks) {
      if (!c) continue;
      const el = seatsBox.querySelector(`[data-clock="${c.seat}"]`);
      if (!el) continue;
      const ms = c.running ? c.ms - (performance.now() - receivedAt) : c.ms;
      el.textContent = c.flagged ? 'time out' : clockText(ms);
      el.classList.toggle('low', ms < 20000);
      el.classList.toggle('running', c.running);
    }
  }

  /** The moves drawn on the board so far: a move that comes after them slides. */
  let shownMoves = 0;
  /** Whether it was your move at the last update (a new turn is announced once). */
  let wasYours = false;
  /** Whether the page is on its way to the rematch's table. */
  let movingOn = false;

  /**
   * Tells the person it is their move: the tab's title, and (if they asked) a chime and a
   * notification while the tab is hidden.
   * @param {Update} u
   */
  function announce(u) {
    const yours = u.status === 'playing' && u.seat !== null && u.turn.kind === 'player' &&
      u.turn.player === u.seat && u.legal.length > 0;
    document.title = yours ? YOUR_MOVE_TITLE : title;
    if (yours && !wasYours) {
      if (pref(SOUND)) chime();
      if (pref(NOTIFY) && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
        const n = new Notification('Your move', { body: `${g.name}: it is your turn.`, tag: `tabula-${id}` });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      }
    }
    wasYours = yours;
  }

  /** The turn alerts a person may switch on (remembered in this browser). */
  function alertsRow() {
    const sound = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'sound' }));
    sound.checked = pref(SOUND);
    sound.addEventListener('change', () => {
      setPref(SOUND, sound.checked);
      if (sound.checked) chime();
    });
    const canNotify = 'Notification' in window;
    const notify = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'notify', disabled: !canNotify }));
    notify.checked = canNotify && pref(NOTIFY) && Notification.permission === 'granted';
    notify.addEventListener('change', async () => {
      if (!notify.checked) {
        setPref(NOTIFY, false);
        return;
      }
      const answer = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      notify.checked = answer === 'granted';
      setPref(NOTIFY, notify.checked);
      if (answer === 'denied') say('This browser blocks notifications from this site: allow them in its site settings.', row);
    });
    const row = h('div', { class: 'alerts', role: 'group', 'aria-label': 'Tell me when it is my move' },
      h('label', {}, sound, ' Chime on my move'),
      h('label', { title: canNotify ? 'A notification when the tab is hidden' : 'This browser has no notifications' }, notify, ' Notify me when hidden'));
    return row;
  }

  function draw() {
    const u = last;
    if (!u) return;
    announce(u);
    chat.seat(u.seat, !!u.team_chat);
    const who = names();
    const mine = u.seat;
    // Seats and clocks.
    fill(seatsBox, u.seats.map((s) => {
      const toAct = u.turn.kind === 'player' && u.turn.player === s.seat && u.status !== 'over';
      const clock = u.clocks[s.seat];
      return h('li', { class: `seat${toAct ? ' to-act' : ''}${mine === s.seat ? ' mine' : ''}`, 'data-seat': s.seat },
        h('span', { class: 'seat-mark', style: `color:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}`, 'aria-hidden': 'true' }, SEAT_SHAPES[s.seat % SEAT_SHAPES.length]),
        h('span', { class: 'seat-name' },
          s.kind === 'human' && s.account && s.name
            ? h('a', { href: `/players/${encodeURIComponent(s.name)}`, 'data-link': true, target: '_blank', title: `${s.name}'s page` }, seatName(s))
            : seatName(s),
          s.kind === 'bot' && s.rating ? h('span', { class: 'muted', title: 'Its fixed rating in this game' }, ` ${s.rating}`) : null,
          mine === s.seat ? ' — you' : ''),
        awayNote(s, receivedAt),
        toAct ? h('span', { class: 'turn-mark' }, ' to play') : null,
        clock ? h('span', { class: 'clock', 'data-clock': s.seat }) : null);
    }));
    drawClocks();
    // Banner: whose turn, or the result.
    if (u.status === 'over') {
      banner.className = 'banner over';
      let words = null;
      try {
        words = r.result ? r.result({ view: u.view, seat: mine, legal: [], turn: u.turn, names: who, options: info.options, replay: false, act: () => {} }) : null;
      } catch (e) {
        console.warn(e);
      }
      fill(banner, h('strong', {}, resultText(u, who, words)), ' ', rematchPart(u, who), ' ',
        h('a', { href: `/replay/${id}${mine !== null ? `?seat=${mine}` : ''}`, 'data-link': true, id: 'replay-link' }, 'Replay'));
    } else if (u.status === 'open') {
      banner.className = 'banner';
      fill(banner, 'Waiting for people to sit down: copy the link and send it.');
    } else if (u.turn.kind === 'player' && u.turn.player === mine && u.legal.length) {
      banner.className = 'banner yours';
      fill(banner, 'Your move.');
    } else if (u.turn.kind === 'player' && u.turn.player !== null) {
      banner.className = 'banner';
      const away = awayNote(u.seats[u.turn.player], receivedAt);
      fill(banner, away ? h('span', {}, who[u.turn.player], away, '.') : `${who[u.turn.player]} to play.`);
    } else {
      banner.className = 'banner';
      fill(banner, 'Dealing…');
    }
    // Where the keyboard was: redrawing must not drop the focus to the page.
    const focused = document.activeElement;
    const inBoard = focused instanceof Element && board.contains(focused);
    const inMoves = focused instanceof Element && moves.contains(focused);
    const focusAction = inBoard || inMoves ? /** @type {Element} */ (focused).getAttribute('data-action') : null;
    // Board.
    board.replaceChildren();
    /** @type {import('./games/index.js').Scene} */
    const scene = {
      view: u.view, seat: mine, legal: u.legal, turn: u.turn, names: who, options: info.options, replay: false,
      act: (/** @type {string} */ a) => send(a, banner),
    };
    try {
      r.render(board, scene);
      markLast(board, r, u.history, scene, u.history.length > shownMoves && shownMoves > 0);
      shownMoves = u.history.length;
    } catch (e) {
      board.append(h('p', { class: 'error' }, `The board cannot be drawn: ${e instanceof Error ? e.message : e}`));
      console.warn(e);
    }
    // Moves.
    fill(datalist, u.legal.map((a) => h('option', { value: a })));
    fill(moves, u.legal.length
      ? u.legal.map((a) => h('button', { type: 'button', class: 'move', 'data-action': a, onclick: () => send(a, moves) }, r.label ? r.label(a) : a))
      : h('p', { class: 'muted' }, mine === null ? 'You are watching.' : u.status === 'over' ? 'The game is over.' : 'Not your turn.'));
    typed.disabled = !u.legal.length;
    // Once the game is over there is nothing to type.
    typedForm.hidden = u.status === 'over';
    movesBox.hidden = mine === null;
    if (inBoard || inMoves) {
      // The same move if it is still offered, else the first move, else the board.
      const within = inBoard ? board : moves;
      const same = focusAction === null ? null
        : [...within.querySelectorAll('[data-action]')].find((el) => el.getAttribute('data-action') === focusAction);
      const target = same ?? moves.querySelector('.move') ?? board.querySelector('[tabindex="0"], button');
      if (target instanceof HTMLElement || target instanceof SVGElement) target.focus({ preventScroll: true });
      else board.focus({ preventScroll: true });
    }
    // Controls.
    const held = mine !== null;
    const at = held ? u.seats[mine] : null;
    const me = at && at.kind === 'human' ? at : null;
    const playing = u.status === 'playing';
    const flaggedOther = u.clocks.some((c) => c && c.flagged && c.seat !== mine);
    const free = u.seats.filter((s) => s.kind === 'human' && !s.name);
    fill(controls,
      held && playing && !me?.bot && u.undo ? h('button', { type: 'button', id: 'undo', title: 'Take back your last move: nobody has answered it or seen anything of it yet', onclick: () => command({ type: 'undo' }) }, 'Undo') : null,
      held && playing && !me?.bot && !u.undo && u.takeback_ok && !u.takeback ? h('button', {
        type: 'button', id: 'takeback', title: 'Ask the others to let you take back your last move',
        onclick: () => command({ type: 'takeback' }),
      }, 'Ask to take back') : null,
      takebackPart(u, who),
      held && playing && !me?.bot ? h('button', {
        type: 'button', id: 'resign',
        onclick: () => { if (confirm('Resign this game?')) command({ type: 'resign' }); },
      }, 'Resign') : null,
      held && playing && !me?.bot ? h('button', { type: 'button', id: 'leave', title: 'A bot plays for you until you come back', onclick: () => command({ type: 'leave' }) }, 'Leave (a bot plays)') : null,
      held && playing && me?.bot && !me.gone ? h('button', { type: 'button', id: 'return', class: 'primary', onclick: () => command({ type: 'return' }) }, 'Take my seat back') : null,
      held && playing && flaggedOther && u.seats.length === 2 ? h('button', { type: 'button', id: 'claim', class: 'primary', onclick: () => command({ type: 'claim' }) }, 'Claim the win on time') : null,
      !held && free.length && u.status !== 'over' ? h('button', {
        type: 'button', class: 'primary', id: 'take-seat',
        onclick: async () => {
          if (!(await signedIn()).name && await askName() === null) return;
          try {
            await joinTable(id, g.id);
            reconnect(0);
          } catch (e) {
            say(e instanceof ApiError ? e.message : String(e), controls);
          }
        },
      }, `Take a seat (${free.length} free)`) : null);
    // Log.
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
    // Only the new entries are described (a long game's log is not redrawn at every move);
    // after an undo, or when a name changed, it is redrawn whole.
    const told = logNames();
    const key = JSON.stringify(told);
    const shown = logged.length;
    if (key !== loggedNames || u.history.length < shown ||
        (shown > 0 && JSON.stringify(u.history[shown - 1]) !== logged[shown - 1])) {
      log.replaceChildren();
      logged = [];
      loggedNames = key;
    }
    for (let i = logged.length; i < u.history.length; i++) {
      const e = u.history[i];
      log.append(logItem(e, told, u.seat));
      logged.push(JSON.stringify(e));
    }
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  /**
   * A takeback asked for, as this seat sees it: waiting for the others, or an answer to give.
   * @param {Update} u
   * @param {string[]} who
   */
  function takebackPart(u, who) {
    const t = u.takeback;
    if (!t || u.seat === null) return null;
    if (t.by === u.seat) return h('span', { id: 'takeback-wait', class: 'muted' }, 'Takeback asked: waiting for the others.');
    if (t.accepted.includes(u.seat)) return h('span', { class: 'muted' }, `You accepted ${who[t.by]}'s takeback.`);
    return h('span', { class: 'takeback-offer', id: 'takeback-offer' }, `${who[t.by]} asks to take back their last move. `,
      h('button', { type: 'button', class: 'primary', id: 'takeback-accept', onclick: () => command({ type: 'takeback' }) }, 'Accept'), ' ',
      h('button', { type: 'button', id: 'takeback-decline', onclick: () => command({ type: 'takeback', decline: true }) }, 'Decline'));
  }

  /**
   * The rematch, as this seat sees it: an offer to make, one to accept, the wait for the
   * others; once everyone accepted, the new table opens (a spectator is offered nothing).
   * @param {Update} u
   * @param {string[]} who
   */
  function rematchPart(u, who) {
    const m = u.rematch;
    if (!m || u.seat === null) return null;
    if (m.table && m.token !== null && m.seat !== null) {
      const to = `/table/${m.table}`;
      if (!movingOn) {
        // Once: the seat is remembered and the page goes on to the new table.
        movingOn = true;
        remember({ table: m.table, seat: m.seat, token: m.token, game: g.id, at: Date.now() });
        setTimeout(() => { if (!closed) go(to); }, 0);
      }
      return h('a', { href: to, 'data-link': true, id: 'rematch-link' }, 'To the rematch');
    }
    const people = u.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
    const waiting = people.filter((s) => !m.offers.includes(s));
    const offer = () => command({ type: 'rematch' }, banner);
    if (m.offers.includes(u.seat)) {
      return h('span', { id: 'rematch-wait', class: 'muted' },
        `Rematch offered: waiting for ${waiting.map((s) => who[s]).join(' and ')}.`);
    }
    const from = m.offers.filter((s) => s !== u.seat);
    if (from.length) {
      return h('span', { class: 'rematch-offer' }, `${from.map((s) => who[s]).join(' and ')} ${from.length > 1 ? 'offer' : 'offers'} a rematch. `,
        h('button', { type: 'button', class: 'primary', id: 'rematch', onclick: offer }, 'Accept the rematch'));
    }
    return h('button', {
      type: 'button', class: 'primary', id: 'rematch', onclick: offer,
      title: people.length > 1 ? 'The others are asked; the seats turn by one' : 'A new game against the same bots, the seats turned by one',
    }, people.length > 1 ? 'Offer a rematch' : 'Rematch');
  }

  /** @param {number} delay */
  function reconnect(delay) {
    clearTimeout(reconnectTimer);
    if (ws) {
      ws.onclose = null;
      ws.close();
      ws = null;
    }
    reconnectTimer = setTimeout(connect, delay);
  }

  function connect() {
    if (closed) return;
    const held = heldAt(id);
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    let query = '';
    if (held) query = `?token=${encodeURIComponent(held.token)}`;
    else if (bySeat !== undefined) query = `?seat=${bySeat}`;
    const url = `${proto}://${location.host}/api/tables/${encodeURIComponent(id)}/ws${query}`;
    connection('connecting', 'connecting…');
    const sock = new WebSocket(url);
    ws = sock;
    sock.onopen = () => {
      retry = 0;
      connection('live', held || bySeat !== undefined ? 'connected' : 'watching');
    };
    sock.onmessage = (ev) => {
      /** @type {import('../types/protocol.js').ServerMessage} */
      let msg;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.type === 'update') {
        last = msg;
        receivedAt = performance.now();
        draw();
      } else if (msg.type === 'chat') {
        chat.add(msg.lines);
      } else if (msg.type === 'error') {
        say(msg.message, asker);
        // A table that waited too long for its players has closed: nothing to reconnect to.
        if (msg.code === 'expired') {
          closed = true;
          connection('offline', 'this table has closed');
        }
      }
    };
    sock.onclose = () => {
      if (closed || ws !== sock) return;
      retry = Math.min(retry + 1, 6);
      const wait = Math.min(500 * 2 ** (retry - 1), 8000);
      connection('offline', `offline: reconnecting in ${Math.round(wait / 1000)} s`);
      reconnectTimer = setTimeout(connect, wait);
    };
  }

  const ticker = setInterval(drawClocks, 200);
  const onOnline = () => reconnect(0);
  window.addEventListener('online', onOnline);
  connect();

  return () => {
    closed = true;
    clearInterval(ticker);
    clearTimeout(reconnectTimer);
    window.removeEventListener('online', onOnline);
    if (ws) {
      ws.onclose = null;
      ws.close();
    }
    connection('');
    document.title = title;
    info = /** @type {any} */ (null);
  };
}

/**
 * Marks on the board what the last move (a seat's, as this seat saw it) touched, with the
 * renderer's `last` hook: the squares left and reached, the card played, the seat that
 * moved. The page's style draws the mark, and pulses it once unless motion is reduced.
 * @param {Element} board
 * @param {import('./games/index.js').Renderer} r
 * @param {import('./games/index.js').Entry[]} history
 * @param {import('./games/index.js').Scene} scene
 * @param {boolean} [animate]  a new move has just come: slide a token along it
 */
export function markLast(board, r, history, scene, animate = false) {
  if (!r.last) return;
  let k = history.length - 1;
  while (k >= 0 && typeof history[k].actor !== 'number') k--;
  if (k < 0) return;
  /** @type {Element[]} */
  const touched = [];
  for (const selector of r.last(history[k], scene)) {
    const el = board.querySelector(selector);
    if (el) touched.push(el);
    for (const all of board.querySelectorAll(selector)) all.classList.add('last-move');
  }
  if (!animate) return;
  // What the move carried, from one place to another, goes there under the eye: as the
  // renderer says, else a piece along a move that touched two places.
  const motion = r.motion?.(history[k], scene);
  if (motion) {
    const [from, to] = [board.querySelector(motion.from), board.querySelector(motion.to)];
    if (from && to && from !== to) slide(board, from, to, motion.what);
  } else if (touched.length === 2) {
    slide(board, touched[0], touched[1], 'piece');
  }
}

/**
 * A token carried from `from` to `to` over the board (not when the reader asked for less
 * motion), then fading: the eye follows the move. A card flies face down, turning as it
 * goes; a piece or a chip slides.
 * @param {Element} board
 * @param {Element} from
 * @param {Element} to
 * @param {'piece' | 'card' | 'chip'} what
 */
function slide(board, from, to, what) {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const box = board.getBoundingClientRect();
  const [a, b] = [from.getBoundingClientRect(), to.getBoundingClientRect()];
  if (!a.width || !b.width) return;
  const at = (/** @type {DOMRect} */ r) => [r.left + r.width / 2 - box.left + board.scrollLeft, r.top + r.height / 2 - box.top + board.scrollTop];
  const [[x0, y0], [x1, y1]] = [at(a), at(b)];
  const token = h('span', { class: `slide-token ${what}`, 'aria-hidden': 'true' });
  board.append(token);
  const card = what === 'card';
  const move = token.animate([
    { transform: `translate(${x0}px, ${y0}px) rotate(${card ? -12 : 0}deg) scale(1)`, opacity: 0.95 },
    { transform: `translate(${x1}px, ${y1}px) rotate(${card ? 6 : 0}deg) scale(1)`, opacity: 0.95, offset: 0.8 },
    { transform: `translate(${x1}px, ${y1}px) rotate(0deg) scale(${card ? 1.15 : 1.6})`, opacity: 0 },
  ], { duration: card ? 750 : 650, easing: 'ease-in-out' });
  move.onfinish = () => token.remove();
  move.oncancel = () => token.remove();
}

/**
 * One entry of the log: the game's own lines when it told them (`said`, the same words as
 * the terminal's), else who played and the move's notation (a game that does not narrate).
 * An action the game tells with a later one (a hidden step) is an item kept out of sight
 * and unnumbered.
 * @param {import('./games/index.js').Entry} e
 * @param {string[]} names
 * @param {number | null} you  the seat the log is told to
 */
export function logItem(e, names, you) {
  if (!Array.isArray(e.said)) return h('li', {}, describe(e, names));
  if (!e.said.length) return h('li', { class: 'quiet', hidden: true });
  return h('li', { class: 'said' }, e.said.map((l, i) => h('span', { class: 'said-line', 'data-seat': l.seat === null ? null : String(l.seat) },
    i ? ' ' : '', said(l, names, you))));
}

/**
 * A verb of the third person singular in the second person (as the engine's
 * `second_person`): `leaps` → `leap`, `has` → `have`, `carries` → `carry`.
 * @param {string} verb
 * @returns {string}
 */
function secondPerson(verb) {
  // A verb with punctuation after it (`plans:`) keeps it.
  const p = /^(.*?[A-Za-z])([^A-Za-z]+)$/.exec(verb);
  if (p) return secondPerson(p[1]) + p[2];
  /** @type {Record<string, string>} */
  const odd = { has: 'have', is: 'are', does: 'do', goes: 'go', was: 'were' };
  if (odd[verb]) return odd[verb];
  if (verb.endsWith('ies')) return `${verb.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes|zes)$/.test(verb)) return verb.slice(0, -2);
  return verb.endsWith('s') ? verb.slice(0, -1) : verb;
}

/**
 * A line of the game's own telling as a sentence, told to seat `you` (as the engine's
 * `Said::told`): the seats' names filled in, "you" and "your" for that seat.
 * @param {import('./games/index.js').Said} l
 * @param {string[]} names
 * @param {number | null} you
 */
export function said(l, names, you) {
  let text = l.text;
  if (you !== null) text = text.replaceAll(`{${you}}'s`, 'your').replaceAll(`{${you}}`, 'you');
  text = text.replace(/\{(\d+)\}/g, (m, k) => names[Number(k)] ?? m);
  let line;
  if (l.seat !== null && l.seat === you) {
    // A bracket after the subject (`(Chantico) declares`) stays before the verb.
    const m = /^(\([^)]*\) )?(\S+)(.*)$/s.exec(text);
    line = m ? `you ${m[1] ?? ''}${secondPerson(m[2])}${m[3]}` : `you ${text}`;
  } else {
    line = l.seat === null ? text : `${names[l.seat] ?? `seat ${l.seat + 1}`} ${text}`;
  }
  return line.charAt(0).toUpperCase() + line.slice(1) + (/[.!?]$/.test(line) ? '' : '.');
}

/**
 * A log line when the game does not narrate: who played and the move's notation.
 * @param {import('./games/index.js').Entry} e
 * @param {string[]} names
 */
export function describe(e, names) {
  const who = typeof e.actor === 'number' ? names[e.actor] ?? `seat ${e.actor + 1}` : e.actor === 'chance' ? 'chance' : String(e.actor ?? '');
  return e.action === null ? `${who}: a move you cannot see` : `${who}: ${e.action}`;
}
