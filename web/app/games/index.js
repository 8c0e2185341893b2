// One renderer per game, each in its own folder (`games/<id>/render.js`, with the game's
// stylesheet `games/<id>/style.css` beside it), both loaded when a table of that game is
// opened. A game without one gets the generic renderer: its view as
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
 * A thing a move carried from one place of the board to another, as CSS selectors (the
 * first element each matches): a card flies (face down: the animation never shows what a
 * seat may not see), a chip or a piece slides.
 * @typedef {{from: string, to: string, what: 'piece' | 'card' | 'chip'}} Motion
 */

/**
 * A game's renderer.
 * @typedef {Object} Renderer
 * @property {(root: HTMLElement, scene: Scene) => void} render
 *   draws the board into `root` (emptied first) and offers the legal moves on it
 * @property {(action: string) => string} [label]
 *   a legal move's label in the move list (its notation otherwise)
 * @property {(entry: Entry, scene: Scene) => string[]} [last]
 *   the board's elements the last move touched, as CSS selectors (marked by the page)
 * @property {(entry: Entry, scene: Scene) => Motion | null} [motion]
 *   what the last move carried across the board, for the page to animate; without it, a
 *   move whose `last` touched two places slides a piece from the first to the second
 * @property {(scene: Scene) => string | null} [result]
 *   the game's end in words (money, points, places), for the table's banner
 */

/** @type {Record<string, () => Promise<{default: Renderer}>>} */
const LOADERS = {
  'sabotage-pipes': () => import('./sabotage-pipes/render.js'),
  abagio: () => import('./abagio/render.js'),
  sabacc: () => import('./sabacc/render.js'),
  abilene: () => import('./abilene/render.js'),
  'sabotage-spies': () => import('./sabotage-spies/render.js'),
};

/** @type {Map<string, Promise<void>>} the stylesheets asked for, by address */
const SHEETS = new Map();

/**
 * Adds a stylesheet to the page once, settled when it has loaded (or failed to: the board
 * is then drawn unstyled rather than never), so a board is never drawn before its style.
 * @param {string} href
 * @returns {Promise<void>}
 */
function stylesheet(href) {
  let sheet = SHEETS.get(href);
  if (!sheet) {
    sheet = new Promise((done) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => done();
      link.onerror = () => done();
      document.head.append(link);
    });
    SHEETS.set(href, sheet);
  }
  return sheet;
}

/**
 * The renderer for a game (the generic one where it has none), with its stylesheet loaded.
 * @param {string} id
 * @returns {Promise<Renderer>}
 */
export async function renderer(id) {
  const load = LOADERS[id];
  if (!load) return (await import('./generic.js')).default;
  const [module] = await Promise.all([load(), stylesheet(`/app/games/${id}/style.css`)]);
  return module.default;
}
