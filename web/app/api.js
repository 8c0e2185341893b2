// The server's HTTP API (docs/server.md) and what this browser remembers: the player's
// name and the seats it holds (their tokens), in localStorage.

// The server's messages, generated from its Rust types (crates/server/src/protocol.rs).
/** @typedef {import('../types/protocol.js').GameListing} GameInfo  a game, its options and bots */
/** @typedef {import('../types/protocol.js').OptionSpec} OptionSpec */
/** @typedef {import('../types/protocol.js').SeatInfo} SeatInfo */
/** @typedef {import('../types/protocol.js').TableInfo} TableInfo  a live table */
/** @typedef {import('../types/protocol.js').ArchivedTable} ArchivedTable  a finished (or expired) table */
/** @typedef {import('../types/protocol.js').TableAnswer} TableAnswer */
/** @typedef {import('../types/protocol.js').ErrorCode} ErrorCode */

/**
 * @typedef {Object} Held  a seat this browser holds
 * @property {string} table
 * @property {number} seat
 * @property {string} token
 * @property {string} game
 * @property {number} at   when it was taken (ms since the epoch)
 */

/** An answer of the API that is an error, with its code and sentence. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Calls the API: JSON in, JSON out; an error answer throws an {@link ApiError}.
 * @param {string} path
 * @param {unknown} [body]  sent as JSON with POST
 * @param {string} [method]  another method than GET (no body) or POST (a body)
 * @returns {Promise<any>}
 */
export async function api(path, body, method) {
  /** @type {RequestInit} */
  const init = body === undefined ? (method ? { method } : {}) : {
    method: method || 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError(0, 'network', 'the server cannot be reached');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const e = data && data.error;
    throw new ApiError(res.status, e ? e.code : 'http', e ? e.message : `the server answered ${res.status}`);
  }
  return data;
}

/** @type {Promise<import('../types/protocol.js').GamesAnswer> | null} */
let gamesCache = null;

/**
 * Every game the server has, with its options and bots (asked once).
 * @returns {Promise<GameInfo[]>}
 */
export async function games() {
  if (!gamesCache) gamesCache = api('/api/games');
  const answer = await gamesCache;
  levels = answer.levels;
  return answer.games;
}

/** @type {import('../types/protocol.js').LevelRating[]} the levels' ratings, once `games()` answered */
let levels = [];

/**
 * A bot level's fixed rating in a game, once {@link games} has answered.
 * @param {string} gameId
 * @param {string} bot
 * @returns {number | undefined}
 */
export function levelRatingNow(gameId, bot) {
  const name = bot === 'greedy' ? 'easy' : bot;
  return levels.find((l) => l.game === gameId && l.bot === name)?.rating;
}

/** @typedef {import('../types/protocol.js').Me} Me  who is signed in */

/** @type {Promise<Me> | null} */
let meCache = null;

/**
 * Who is signed in on this browser (asked once a page load; `refresh` asks again).
 * @param {boolean} [refresh]
 * @returns {Promise<Me>}
 */
export function me(refresh) {
  if (!meCache || refresh) {
    meCache = api('/api/me').catch(() => ({ name: null, ratings: [] }));
  }
  return meCache;
}

/**
 * Creates an account (`create`) or signs in: the session is a cookie the page never sees.
 * @param {string} name
 * @param {string} password
 * @param {boolean} create
 * @returns {Promise<Me>}
 */
export async function signIn(name, password, create) {
  /** @type {Me} */
  const answer = await api(create ? '/api/accounts' : '/api/session', { name, password });
  meCache = Promise.resolve(answer);
  if (answer.name) setMyName(answer.name);
  window.dispatchEvent(new Event('tabula:account'));
  return answer;
}

/** Signs out on this browser (the seats it holds by token stay). */
export async function signOut() {
  await api('/api/session', undefined, 'DELETE');
  meCache = Promise.resolve({ name: null, ratings: [] });
  window.dispatchEvent(new Event('tabula:account'));
}

/**
 * The signed-in account's tables, newest first (none when nobody is signed in).
 * @returns {Promise<import('../types/protocol.js').MyTable[]>}
 */
export async function myTables() {
  if (!(await me()).name) return [];
  try {
    /** @type {import('../types/protocol.js').MyTables} */
    const answer = await api('/api/me/tables');
    return answer.tables;
  } catch {
    return [];
  }
}

/**
 * The seat the signed-in account holds at a table, if any (played without a token).
 * @param {string} table
 * @returns {Promise<number | undefined>}
 */
export async function accountSeatAt(table) {
  const mine = await myTables();
  return mine.find((t) => t.table.table === table)?.seat;
}

/**
 * One game's description.
 * @param {string} id
 * @returns {Promise<GameInfo | undefined>}
 */
export async function game(id) {
  return (await games()).find((g) => g.id === id);
}

const NAME = 'tabula.name';
const HELD = 'tabula.seats';

/** @returns {string} the player's name, as last typed */
export function myName() {
  return localStorage.getItem(NAME) || '';
}

/** @param {string} name */
export function setMyName(name) {
  localStorage.setItem(NAME, name.trim());
}

/** @returns {Held[]} the seats this browser holds, newest first */
export function heldSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(HELD) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * The seat this browser holds at a table, if any.
 * @param {string} table
 * @returns {Held | undefined}
 */
export function heldAt(table) {
  return heldSeats().find((s) => s.table === table);
}

/**
 * Remembers a seat taken (the newest 50 are kept).
 * @param {Held} held
 */
export function remember(held) {
  const list = heldSeats().filter((s) => s.table !== held.table);
  list.unshift(held);
  localStorage.setItem(HELD, JSON.stringify(list.slice(0, 50)));
}

/**
 * Creates a table; the creator takes the human seat `seat` (its first by default).
 * @param {{game: string, options: Record<string, unknown>, seats: string[], seat?: number, clock?: import('../types/protocol.js').ClockInfo | null, seed?: number, actions?: string[], rated?: boolean}} spec
 * @returns {Promise<Held>}
 */
export async function createTable(spec) {
  const body = { ...spec, name: myName() || 'guest' };
  if (!body.clock) delete body.clock;
  const r = await api('/api/tables', body);
  const held = { table: r.table, seat: r.seat, token: r.token, game: spec.game, at: Date.now() };
  remember(held);
  return held;
}

/**
 * Takes a seat at a table (`seat` undefined: the first free one).
 * @param {string} table
 * @param {string} gameId
 * @param {number} [seat]
 * @returns {Promise<Held>}
 */
export async function joinTable(table, gameId, seat) {
  /** @type {Record<string, unknown>} */
  const body = { name: myName() || 'guest' };
  if (seat !== undefined) body.seat = seat;
  const r = await api(`/api/tables/${encodeURIComponent(table)}/join`, body);
  const held = { table: r.table, seat: r.seat, token: r.token, game: gameId, at: Date.now() };
  remember(held);
  return held;
}
