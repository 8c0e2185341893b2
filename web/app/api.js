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
 * @returns {Promise<any>}
 */
export async function api(path, body) {
  /** @type {RequestInit} */
  const init = body === undefined ? {} : {
    method: 'POST',
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

/** @type {Promise<GameInfo[]> | null} */
let gamesCache = null;

/**
 * Every game the server has, with its options and bots (asked once).
 * @returns {Promise<GameInfo[]>}
 */
export function games() {
  if (!gamesCache) gamesCache = api('/api/games').then((d) => d.games);
  return gamesCache;
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
 * @param {{game: string, options: Record<string, unknown>, seats: string[], seat?: number, clock?: {initial_s: number, increment_s: number} | null, seed?: number, actions?: string[]}} spec
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
