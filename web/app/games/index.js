// One renderer per game, each in its own folder (`games/<id>/render.js`), loaded when a
// table of that game is opened. A game without one gets the generic renderer: its view as
// a tree and its legal moves as buttons, so every registered game is playable at once.

/**
 * What a renderer is given to draw a seat's table.
 * @typedef {Object} Scene
 * @property {any} view          the seat's view (null for a spectator where the game shows none)
 * @property {number | null} seat   the seat drawn for (null: a spectator)
 * @property {string[]} legal    the moves this seat may make now (empty when it is not its turn)
 * @property {{kind: string, player: number | null}} turn
 * @property {string[]} names    each seat's name
 * @property {Record<string, unknown>} options   the game's options
 * @property {boolean} replay    drawn in a replay (nothing to play)
 * @property {(action: string) => void} act   plays a move (one of `legal`)
 */

/**
 * A history entry as a seat saw it: `action` null where it saw nothing.
 * @typedef {{actor: number | string | null, action: string | null, said?: Said[]}} Entry
 */

/**
 * A line of the log as the game tells it (the engine's `Game::narrate`): its subject's seat
 * and the words after the subject's name, `{k}` standing for seat k's name.
 * @typedef {{seat: number | null, text: string}} Said
 */

/**
 * A game's renderer.
 * @typedef {Object} Renderer
 * @property {(root: HTMLElement, scene: Scene) => void} render
 *   draws the board into `root` (emptied first) and offers the legal moves on it
 * @property {(entry: Entry, names: string[]) => string} [describe]
 *   one log line in words
 * @property {(action: string) => string} [label]
 *   a legal move's label in the move list (its notation otherwise)
 * @property {(entry: Entry, scene: Scene) => string[]} [last]
 *   the board's elements the last move touched, as CSS selectors (marked by the page)
 * @property {(scene: Scene) => string | null} [result]
 *   the game's end in words (money, points, places), for the table's banner
 */

/**
 * What the lobby says of each game.
 * @type {Record<string, {summary: string}>}
 */
export const ABOUT = {
  'sabotage-pipes': {
    summary: 'Lay pipe cards on your 3×3 roof to carry the water in, and sabotage your rival’s.',
  },
  sabacc: {
    summary: 'The tarot-deck betting game of shifting cards, bluffs and the Idiot’s Array.',
  },
  'sabotage-spies': {
    summary: 'Spies hack the villains’ doomsday machines while the villains hunt them on a hidden map.',
  },
  abagio: {
    summary: 'A frog race with two dice, stacks that carry, hits that send frogs home, and the Top Frog.',
  },
  abilene: {
    summary: 'Drive cattle across the hex board, rustle, duel, and sell at the Abilene stockyards — by bluff.',
  },
};

/** @type {Record<string, () => Promise<{default: Renderer}>>} */
const LOADERS = {
  'sabotage-pipes': () => import('./sabotage-pipes/render.js'),
  abagio: () => import('./abagio/render.js'),
  sabacc: () => import('./sabacc/render.js'),
  abilene: () => import('./abilene/render.js'),
  'sabotage-spies': () => import('./sabotage-spies/render.js'),
};

/**
 * The renderer for a game (the generic one where it has none).
 * @param {string} id
 * @returns {Promise<Renderer>}
 */
export async function renderer(id) {
  const load = LOADERS[id];
  if (!load) return (await import('./generic.js')).default;
  return (await load()).default;
}
