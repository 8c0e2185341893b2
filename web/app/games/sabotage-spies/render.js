// Sabotage (Fowers & Krause): the seat's team's screen, drawn from its view alone, after the
// terminal client's choices. The team's map (rooms a1–d4, walls, Doomsday Machines and
// Generators with their cubes, devices, the team's characters with their planned paths, and
// where the other team may be: the deduction aid), the tracks, the roll and the cubes, each
// character's board (five action spaces with tiles and dice, its dice, hand, Swagger,
// tiers and unlock spaces), what the game waits for with a button for each move that has no
// place on the board, the aid in words and what has been declared aloud.
//
// Moves on the board: rooms (starting rooms, Parachute, Virus and Beacon rooms, targets,
// builds, map pieces), edges (walls), row/column/quadrant labels (scans, Motion Detectors),
// arrows around the acting character (aims, slides), tiles in the hand, faces under the
// action spaces (dice), unlock spaces, the Swagger track and the tiers.

import { h, s, SEAT_COLOURS, SEAT_SHAPES } from '../../dom.js';
import { clickable, dieFace, moveButton as playButton } from '../parts.js';
import { TILES, STARTING, CHARACTERS, PATTERNS, DEVICES, DEVICE_TEXT, DEVICE_LETTER, TOKEN_KINDS, DICE_KEY, BOARD } from './data.js';
import {
  ARROW, tileName, charName, slotName, initials, areaWords, costShort, speechShort, tileTip, slideWords,
  label, heardLines,
} from './words.js';

/** @typedef {any} View */
/** @typedef {import('../index.js').Scene} Scene */
/** @typedef {Element} El */

const COLS = 'abcd';
const DIRS = ['up', 'right', 'down', 'left'];
/** @type {Record<string, [number, number]>} */
const DELTA = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };
const ROOMS = Array.from({ length: 16 }, (_, i) => `${COLS[i % 4]}${Math.floor(i / 4) + 1}`);
const TEAM = /** @type {Record<string, string>} */ ({ villains: 'Villains', spies: 'Spies' });
/** Text on each seat colour (dom.js SEAT_COLOURS): light on the dark ones. */
const ON_SEAT = ['#ffffff', '#000000', '#000000', '#000000', '#000000', '#000000', '#000000', '#ffffff'];
const DOOM = '#E69F00';
/** Tiles whose die gives a direction. */
const MOVING = ['move', 'move-scan', 'wall-run', 'glide', 'zipline', 'shoulder-charge', 'backflip-hack', 'earpiece'];
const POWER = '#56B4E9';
const VILLAIN_DEV = '#D55E00';
const SPY_DEV = '#009E73';

// ---------------------------------------------------------------------------------------
// Rooms, edges, areas.

/** @param {string} room @returns {[number, number]} column and row, 0-based */
function rc(room) {
  return [COLS.indexOf(room[0]), Number(room[1]) - 1];
}

/** @param {number} c @param {number} r */
function roomAt(c, r) {
  return c >= 0 && c < 4 && r >= 0 && r < 4 ? `${COLS[c]}${r + 1}` : null;
}

/** The edge between two adjacent rooms as the view writes it (`b1|b2`). @param {string} a @param {string} b */
function edgeKey(a, b) {
  const [ac, ar] = rc(a);
  const [bc, br] = rc(b);
  return ar * 4 + ac < br * 4 + bc ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * The room next to `room` that way, unless the edge or (without `through`) a wall stops it.
 * @param {string} room @param {string} dir @param {Set<string>} walls @param {boolean} [through]
 */
function neighbour(room, dir, walls, through = false) {
  const [c, r] = rc(room);
  const [dx, dy] = DELTA[dir];
  const to = roomAt(c + dx, r + dy);
  if (!to) return null;
  if (!through && walls.has(edgeKey(room, to))) return null;
  return to;
}

/** The rooms of an area in the notation (`row 2`, `col b`, `quad nw`, `top`). @param {string} area */
function areaRooms(area) {
  const [k, x] = area.split(' ');
  return ROOMS.filter((room) => {
    const [c, r] = rc(room);
    if (k === 'row') return r === Number(x) - 1;
    if (k === 'col') return c === COLS.indexOf(x);
    if (k === 'quad') return (x[0] === 'n' ? r < 2 : r >= 2) && (x[1] === 'w' ? c < 2 : c >= 2);
    if (k === 'top') return r < 2;
    if (k === 'bottom') return r >= 2;
    if (k === 'left') return c < 2;
    if (k === 'right') return c >= 2;
    return false;
  });
}

/**
 * The rooms a rotatable pattern reaches from `from` aimed `dir` (rules §Patterns): a cell
 * is reached from one of its parents with no wall between; the preview of an aim.
 * @param {string} tile @param {string} from @param {string} dir @param {Set<string>} walls
 */
function patternRooms(tile, from, dir, walls) {
  const t = TILES[tile];
  const p = t?.target?.pattern ? PATTERNS[t.target.pattern] : null;
  if (!p) return [];
  const [fc, fr] = rc(from);
  const turns = DIRS.indexOf(dir);
  /** @param {number} dx @param {number} dy @returns {[number, number]} */
  const rot = (dx, dy) => {
    let [x, y] = [dx, dy];
    for (let i = 0; i < turns; i++) [x, y] = [-y, x];
    return [x, y];
  };
  /** @type {(string | null)[]} */
  const reached = [];
  const out = p.star ? [from] : [];
  p.cells.forEach(([dx, dy, parent], i) => {
    const [x, y] = rot(dx, dy);
    const room = roomAt(fc + x, fr + y);
    const parents = parent === 'star' ? ['star'] : Array.isArray(parent) ? parent : [parent];
    const ok = room !== null && parents.some((q) => {
      const pr = q === 'star' ? from : reached[Number(q)];
      return pr && !walls.has(edgeKey(pr, room));
    });
    reached[i] = ok ? room : null;
    if (ok && room && !(p.unaffected ?? []).includes(i)) out.push(room);
  });
  return out;
}

// ---------------------------------------------------------------------------------------
// The view, read.

/** @param {View} v */
const myTeam = (v) => (v.team === 'spies' ? 'spies' : 'villains');
/** @param {View} v */
const ownSlots = (v) => (myTeam(v) === 'spies' ? [2, 3] : [0, 1]);
/** @param {View} v */
const enemySlots = (v) => (myTeam(v) === 'spies' ? [0, 1] : [2, 3]);
/** @param {View} v @param {number} slot */
const seatOf = (v, slot) => (v.players === 2 ? (slot < 2 ? 0 : 1) : slot);
/** @param {View} v @param {number} slot */
const colourOf = (v, slot) => SEAT_COLOURS[seatOf(v, slot) % SEAT_COLOURS.length];
/** @param {View} v @param {number} slot */
const inkOn = (v, slot) => ON_SEAT[seatOf(v, slot) % ON_SEAT.length];
/** @param {View} v @param {number} slot */
const own = (v, slot) => v.own.chars[slot % 2];
/** @param {any} loc @returns {string | null} */
const locRoom = (loc) => (loc && typeof loc === 'object' ? loc.on ?? loc.lying ?? null : null);

/** The slot executing now. @param {View} v @returns {number | null} */
function acting(v) {
  if (v.outcome) return null;
  const st = v.stage;
  if (st && typeof st === 'object') {
    if ('villain' in st) return v.order[st.villain];
    if ('spy' in st) return v.order[2 + st.spy];
  }
  return null;
}

/** The team placing the next variable-map piece. @param {View} v */
function placer(v) {
  const placed = v.walls.length + v.machines.length + v.generators.length;
  const first = v.starter ?? 'villains';
  return placed % 2 === 0 ? first : first === 'villains' ? 'spies' : 'villains';
}

/** The slot deciding now. @param {View} v @returns {number | null} */
function deciding(v) {
  if (v.outcome) return null;
  switch (v.phase) {
    case 'characters': case 'starts': case 'plan': return v.slot;
    case 'map': return placer(v) === 'villains' ? 0 : 2;
    case 'execute': {
      const m = v.markers.findIndex((/** @type {number} */ x) => x > 0);
      if (m >= 0) return 2 + m;
      const p = v.pending;
      if (p && typeof p === 'object' && 'first' in p) return p.first === 'villains' ? 0 : 2;
      if (p === 'window' || (p && typeof p === 'object' && 'target' in p)) return acting(v);
      return null;
    }
    default: return null;
  }
}

/** The advanced tiles a character has unlocked. @param {any} ch @returns {string[]} */
function ownedAdvanced(ch) {
  const five = ch.id ? CHARACTERS[ch.id]?.tiles : null;
  if (!five) return [];
  const out = [];
  if (ch.tier >= 1) out.push(five[0]);
  if (ch.tier >= 3 && ch.kept[0]) out.push(ch.kept[0]);
  if (ch.tier >= 6 && ch.kept[1]) out.push(ch.kept[1]);
  return out;
}

/** @param {any} ch @param {string} effect */
const hasPassive = (ch, effect) => ownedAdvanced(ch).includes(effect);

/** The dice a character may place this round (rules §Phase II, 2.). @param {View} v @param {number} slot @param {boolean} intro */
function diceLimit(v, slot, intro) {
  const ch = own(v, slot);
  let limit = BOARD.base_dice;
  if (slot >= 2) {
    for (const [space, dice] of BOARD.swagger_dice) if (ch.swagger >= space) limit = Math.max(limit, dice);
  } else {
    const active = v.generators.filter((/** @type {any} */ g) => g.cubes >= 2).length;
    limit += active * (hasPassive(ch, 'overcharge') ? 2 : 1);
    limit -= v.penalty?.[slot]?.[0] ?? 0;
  }
  if (!intro && (hasPassive(ch, 'juiced') || hasPassive(ch, 'crimson-generator'))) limit += 1;
  return Math.max(0, Math.min(4, limit));
}

/** Modify cubes between a rolled face and a shown one (1 ↔ 6 wrap). @param {number} from @param {number} to */
function cubesFor(from, to) {
  const d = Math.abs(from - to);
  return Math.min(d, 6 - d);
}

/** A tile's cost for a character (Overclock: Hack costs any die). @param {any} ch @param {string} tile */
function costOf(ch, tile) {
  if (tile === 'hack' && hasPassive(ch, 'overclock')) return { kind: 'range', min: 1, max: 6 };
  return TILES[tile]?.cost;
}

/**
 * The planned path of a character from where it stands now, for the spaces not yet
 * executed: a list of [from, to] steps (a preview; the rules judge at execution).
 * @param {View} v @param {number} slot @param {Set<string>} walls
 */
function plannedPath(v, slot, walls) {
  const ch = own(v, slot);
  let at = locRoom(ch.loc);
  /** @type {[string, string][]} */
  const steps = [];
  const plan = ch.plan;
  const slither = hasPassive(ch, 'slither');
  for (let sp = plan.done; sp < 5; sp++) {
    const t = plan.tiles[sp];
    if (!t) continue;
    if (t.tile === 'parachute' && t.room) { at = t.room; continue; }
    const dice = plan.dice.filter((/** @type {any} */ d) => d?.on?.space === sp).map((/** @type {any} */ d) => d.on.value);
    const dir = dice.length ? DICE_KEY[String(dice[0])] : null;
    if (!at || !dir) continue;
    const moving = ['move', 'move-scan', 'wall-run', 'glide', 'zipline', 'shoulder-charge', 'backflip-hack'].includes(t.tile);
    if (!moving) continue;
    const through = slither || t.tile === 'wall-run' || t.tile === 'shoulder-charge';
    const n = t.tile === 'glide' ? 2 : t.tile === 'zipline' ? 3 : 1;
    for (let k = 0; k < n; k++) {
      const to = neighbour(at, dir, walls, through);
      if (!to) break;
      steps.push([at, to]);
      at = to;
    }
  }
  return steps;
}

// ---------------------------------------------------------------------------------------
// The legal moves, sorted by what they are.

/** @param {string[]} legal */
function classify(legal) {
  const c = {
    /** @type {Map<string, string>} */ tile: new Map(),
    /** @type {Record<string, Map<string, string>>} */ tileRoom: { parachute: new Map(), virus: new Map(), beacon: new Map() },
    /** @type {string | null} */ tileNone: null,
    /** @type {Map<number, Map<number, string>>} space (1-based) → face → action */ dieOn: new Map(),
    /** @type {Map<number, string[]>} */ dieUnlock: new Map(),
    /** @type {string | null} */ dieOff: null,
    /** @type {string[]} */ character: [],
    /** @type {Map<string, string>} */ start: new Map(),
    /** @type {Map<string, string>} */ wall: new Map(),
    /** @type {Map<string, string>} */ machine: new Map(),
    /** @type {Map<string, string>} */ generator: new Map(),
    /** @type {string[]} */ first: [],
    /** @type {Map<string, string>} */ aimDir: new Map(),
    /** @type {Map<string, string>} */ aimRoom: new Map(),
    /** @type {Map<string, string>} */ build: new Map(),
    /** @type {Map<string, Map<string, string>>} room of the token picked up → room built in → action */ buildFrom: new Map(),
    /** @type {Map<string, string>} */ scan: new Map(),
    /** @type {Map<string, string>} */ detect: new Map(),
    /** @type {string[]} */ land: [],
    /** @type {string[]} */ unlock: [],
    /** @type {string[]} */ slide: [],
    /** @type {Map<string, Map<string, string>>} the Virus's room ('' none) → the Beacon's ('' none) → action */ anywhere: new Map(),
    /** @type {string | null} */ anywhereNone: null,
  };
  for (const a of legal) {
    const w = a.split(' ');
    switch (w[0]) {
      case 'tile':
        if (w[1] === 'none') c.tileNone = a;
        else if (w[2] && c.tileRoom[w[1]]) c.tileRoom[w[1]].set(w[2], a);
        else c.tile.set(w[1], a);
        break;
      case 'die':
        if (w[1] === 'off') c.dieOff = a;
        else if (w[2] === 'on') {
          const sp = Number(w[3]);
          if (!c.dieOn.has(sp)) c.dieOn.set(sp, new Map());
          c.dieOn.get(sp)?.set(Number(w[1]), a);
        } else if (w[2] === 'unlock') {
          const f = Number(w[1]);
          c.dieUnlock.set(f, [...(c.dieUnlock.get(f) ?? []), a]);
        }
        break;
      case 'character': c.character.push(a); break;
      case 'start': c.start.set(w[1], a); break;
      case 'wall': c.wall.set(edgeKey(w[1], w[2]), a); break;
      case 'machine': c.machine.set(w[1], a); break;
      case 'generator': c.generator.set(w[1], a); break;
      case 'first': c.first.push(a); break;
      case 'aim':
        if (DELTA[w[1]]) c.aimDir.set(w[1], a);
        else c.aimRoom.set(w[1], a);
        break;
      case 'build':
        if (w[2] === 'from') {
          const to = c.buildFrom.get(w[3]) ?? new Map();
          to.set(w[1], a);
          c.buildFrom.set(w[3], to);
        } else c.build.set(w[1], a);
        break;
      case 'scan': c.scan.set(w.slice(1).join(' '), a); break;
      case 'detect': c.detect.set(w.slice(1).join(' '), a); break;
      case 'land': c.land.push(a); break;
      case 'unlock': c.unlock.push(a); break;
      case 'slide': c.slide.push(a); break;
      case 'anywhere': {
        if (w[1] === 'none') { c.anywhereNone = a; break; }
        const vi = w.indexOf('virus');
        const bi = w.indexOf('beacon');
        const vr = vi >= 0 ? w[vi + 1] : '';
        const br = bi >= 0 ? w[bi + 1] : '';
        const to = c.anywhere.get(vr) ?? new Map();
        to.set(br, a);
        c.anywhere.set(vr, to);
        break;
      }
      default: break;
    }
  }
  return c;
}

// ---------------------------------------------------------------------------------------
// What the renderer keeps between draws: a choice in progress (the kind of room move, a
// Villain's unlock die waiting for the tile kept) and a slide schedule being composed.

const ui = {
  sig: '',
  /** `parachute`, `virus`, `beacon`, `machine`, `generator`, `unlock:5`, or '' */
  pick: '',
  /** @type {string[]} */
  draft: [],
  /** The state (its signature) whose `anywhere none` was sent for the person. */
  formality: '',
  /** @type {{sig: string, all: Set<string>, prefixes: Set<string>} | null} */
  slides: null,
  /** @type {{len: number, first: string, lines: string[]} | null} */
  heard: null,
};
/** @type {HTMLElement | null} */
let lastRoot = null;
/** @type {Scene | null} */
let lastScene = null;

function redraw() {
  if (!lastRoot || !lastScene) return;
  lastRoot.replaceChildren();
  renderer.render(lastRoot, lastScene);
}

/** @param {string} pick */
function setPick(pick) {
  ui.pick = ui.pick === pick ? '' : pick;
  redraw();
}

/**
 * What a draw needs.
 * @typedef {Object} Ctx
 * @property {View} v
 * @property {Scene} scene
 * @property {ReturnType<typeof classify>} c
 * @property {Set<string>} walls
 * @property {Set<string>} used    moves offered on the board
 * @property {Set<string>} reach   moves offered after a first click (a tile, an unlock space)
 * @property {boolean} intro
 * @property {number | null} deciding
 * @property {(rooms: string[], on: boolean) => void} light   marks rooms on the map (a preview)
 * @property {boolean} spectator   no seat: only what every seat sees (no team side, no aid)
 */

/**
 * Makes an element play a move.
 * @template {Element} E
 * @param {Ctx} ctx @param {E} el @param {string} action @param {string} aria
 * @returns {E}
 */
function playable(ctx, el, action, aria) {
  ctx.used.add(action);
  return clickable(el, aria, () => ctx.scene.act(action), { action, stop: true });
}

/**
 * Makes an element choose the first half of a two-step move.
 * @template {Element} E
 * @param {E} el @param {string} pick @param {string} aria
 * @returns {E}
 */
function picking(el, pick, aria) {
  el.classList.add('ss-pick');
  if (ui.pick === pick) el.classList.add('ss-picked');
  return clickable(el, aria, () => setPick(pick), { pressed: ui.pick === pick, stop: true });
}

/** An HTML button playing a move. @param {Ctx} ctx @param {string} action @param {string} text @param {string} [tip] */
function moveButton(ctx, action, text, tip) {
  ctx.used.add(action);
  return playButton(ctx.scene.act, action, text, { tip, cls: 'ss-btn', stop: true });
}
/** @param {string} text */
const title = (text) => s('title', {}, text);

/**
 * Text cut into lines of at most `n` characters.
 * @param {string} text @param {number} n
 */
function wrap(text, n) {
  const out = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > n) { out.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

// ---------------------------------------------------------------------------------------
// The map.

const MX = 26;
const RS = 100;
/** @param {string} room */
const roomX = (room) => MX + rc(room)[0] * RS;
/** @param {string} room */
const roomY = (room) => MX + rc(room)[1] * RS;

/**
 * Which kind of room move a click on a room plays now, and the moves by room.
 * @param {Ctx} ctx @returns {{kind: string, rooms: Map<string, string>, verb: string} | null}
 */
function roomMoves(ctx) {
  const { c } = ctx;
  // Both tokens of the kind on the map: first the one picked up, then where it goes.
  if (c.buildFrom.size) {
    const from = ui.pick.startsWith('from:') ? ui.pick.slice(5) : '';
    const rooms = c.buildFrom.get(from);
    return rooms ? { kind: 'build', rooms, verb: `move the token from ${from} to` } : null;
  }
  // Build Anywhere rooms at a window: the Virus's, the Beacon's, or the Virus's first and
  // then the Beacon's.
  if (c.anywhere.size) {
    const virusKeys = [...c.anywhere.keys()].filter((k) => k);
    const beaconOnly = c.anywhere.get('');
    if (!virusKeys.length && beaconOnly) return { kind: 'anywhere', rooms: beaconOnly, verb: 'if your Beacon is executed before your next window, build it in' };
    const both = virusKeys.some((k) => [...(c.anywhere.get(k)?.keys() ?? [])].some((b) => b));
    if (!both) {
      /** @type {Map<string, string>} */
      const rooms = new Map();
      for (const k of virusKeys) { const a = c.anywhere.get(k)?.get(''); if (a) rooms.set(k, a); }
      return { kind: 'anywhere', rooms, verb: 'if your Virus is executed before your next window, build it in' };
    }
    const v = ui.pick.startsWith('virus:') ? ui.pick.slice(6) : '';
    const rooms = c.anywhere.get(v);
    return v && rooms ? { kind: 'anywhere', rooms, verb: `with the Virus in ${v}, build the Beacon in` } : null;
  }
  /** @type {[string, Map<string, string>, string][]} */
  const kinds = [
    ['start', c.start, 'start in'],
    ['machine', c.machine, 'place a Doomsday Machine in'],
    ['generator', c.generator, 'place a Generator in'],
    ['aim', c.aimRoom, 'aim at'],
    ['build', c.build, 'build in'],
    ['parachute', c.tileRoom.parachute, 'plan a Parachute landing in'],
    ['virus', c.tileRoom.virus, 'plan the Virus in'],
    ['beacon', c.tileRoom.beacon, 'plan the Beacon in'],
  ];
  const present = kinds.filter(([, m]) => m.size > 0);
  if (!present.length) return null;
  const picked = present.find(([k]) => k === ui.pick);
  if (picked) return { kind: picked[0], rooms: picked[1], verb: picked[2] };
  // A single kind plays at once, unless it is a tile with other tiles to choose from
  // (then its tile in the hand is clicked first).
  const tileKinds = ['parachute', 'virus', 'beacon'];
  const others = c.tile.size > 0 || c.tileNone !== null;
  if (present.length === 1 && !(tileKinds.includes(present[0][0]) && others)) {
    return { kind: present[0][0], rooms: present[0][1], verb: present[0][2] };
  }
  return null;
}

/** @param {Ctx} ctx */
function drawMap(ctx) {
  const { v, c, walls } = ctx;
  const team = myTeam(v);
  const size = MX + 4 * RS + 6;
  const svg = s('svg', {
    viewBox: `0 0 ${size} ${size}`, class: 'ss-map',
    role: 'group', 'aria-label': ctx.spectator ? 'The map as every seat sees it: rooms a1 to d4' : `Your team's map (the ${TEAM[team]}'): rooms a1 to d4`,
  });
  svg.append(s('defs', {},
    s('pattern', { id: 'ss-smoke', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 8, class: 'ss-hatch' })),
    s('pattern', { id: 'ss-frost', width: 10, height: 10, patternUnits: 'userSpaceOnUse' },
      s('circle', { cx: 5, cy: 5, r: 1.6, class: 'ss-frost-dot' }))));
  const gRooms = s('g', {});
  /** @type {Map<string, SVGElement>} */
  const roomRects = new Map();
  for (const room of ROOMS) {
    const x = roomX(room);
    const y = roomY(room);
    const rect = s('rect', { x, y, width: RS, height: RS, class: 'ss-room', 'data-room': room });
    roomRects.set(room, rect);
    gRooms.append(rect);
    if (v.smoke?.includes(room)) gRooms.append(s('rect', { x, y, width: RS, height: RS, fill: 'url(#ss-smoke)', class: 'ss-smoky' }, title(`${room} is smoky this round: Spies moving in do not declare “scan”.`)));
    if (v.frozen?.includes(room)) gRooms.append(s('rect', { x, y, width: RS, height: RS, fill: 'url(#ss-frost)', class: 'ss-frozen' }, title(`${room} is frozen this round: Spies there cannot move out, and a Spy entering it is frozen.`)));
    gRooms.append(s('text', { x: x + 5, y: y + 14, class: 'ss-room-name' }, room));
  }
  svg.append(gRooms);
  // Labels: the columns and rows.
  const gLabels = s('g', {});
  for (let i = 0; i < 4; i++) {
    gLabels.append(s('text', { x: MX + i * RS + RS / 2, y: 18, class: 'ss-axis', 'text-anchor': 'middle' }, COLS[i]));
    gLabels.append(s('text', { x: 12, y: MX + i * RS + RS / 2 + 5, class: 'ss-axis', 'text-anchor': 'middle' }, String(i + 1)));
  }
  svg.append(gLabels);
  // The board's edge and the walls.
  svg.append(s('rect', { x: MX, y: MX, width: 4 * RS, height: 4 * RS, class: 'ss-edge' }));
  // What each room holds.
  const enemyShown = !ctx.spectator && !['characters', 'map', 'starter'].includes(v.phase);
  const d = v.deduction;
  for (const room of ROOMS) {
    const x = roomX(room);
    const y = roomY(room);
    const g = s('g', { class: 'ss-contents' });
    const machine = v.machines.find((/** @type {any} */ m) => m.room === room);
    const gen = v.generators.find((/** @type {any} */ m) => m.room === room);
    if (machine) {
      const box = s('g', { class: 'ss-machine' }, title(`Doomsday Machine in ${room}: ${machine.cubes} doomsday cube${machine.cubes === 1 ? '' : 's'} left. A Spy hacking it takes one off and moves the Hack track on.`));
      box.append(s('rect', { x: x + 42, y: y + 4, width: 54, height: 26, rx: 4, class: 'ss-piece' }));
      box.append(s('text', { x: x + 47, y: y + 22, class: 'ss-piece-letter' }, 'M'));
      for (let i = 0; i < 4; i++) {
        box.append(s('rect', { x: x + 68 + (i % 2) * 13, y: y + 7 + Math.floor(i / 2) * 11, width: 9, height: 9, class: i < machine.cubes ? 'ss-cube ss-doom' : 'ss-cube ss-empty', style: i < machine.cubes ? `fill:${DOOM}` : '' }));
      }
      g.append(box);
    }
    if (gen) {
      const active = gen.cubes >= 2;
      const box = s('g', { class: 'ss-generator' }, title(`Generator in ${room}: ${gen.cubes} of 2 cubes${active ? ' — active: each Villain may place one more die' : ' (active at 2: each Villain may place one more die)'}. A hack takes a cube off.`));
      box.append(s('rect', { x: x + 42, y: y + 4, width: 54, height: 26, rx: 13, class: `ss-piece${active ? ' ss-active' : ''}` }));
      box.append(s('text', { x: x + 49, y: y + 22, class: 'ss-piece-letter' }, active ? 'G⚡' : 'G'));
      for (let i = 0; i < 2; i++) {
        box.append(s('rect', { x: x + 75 + i * 11, y: y + 12, width: 9, height: 9, class: i < gen.cubes ? 'ss-cube' : 'ss-cube ss-empty', style: i < gen.cubes ? `fill:${POWER}` : '' }));
      }
      g.append(box);
    }
    // Devices: the public tokens, the Spies' own secret ones, the Villains' guesses.
    /** @type {{kind: string, tip: string, maybe?: boolean}[]} */
    const devs = [];
    (v.devices ?? []).forEach((/** @type {any} */ tok, /** @type {number} */ i) => {
      if (tok && tok.room === room) devs.push({ kind: TOKEN_KINDS[i], tip: DEVICE_TEXT[TOKEN_KINDS[i]] });
    });
    if (ctx.spectator) {
      // Only the public tokens.
    } else if (team === 'spies') {
      (v.own.secret ?? []).forEach((/** @type {any} */ tok, /** @type {number} */ i) => {
        const kind = i === 0 ? 'virus' : 'beacon';
        if (tok && tok.room === room) devs.push({ kind, tip: `${DEVICE_TEXT[kind]} (The Villains do not know where it is.)` });
      });
    } else if (enemyShown && d) {
      ['virus', 'beacon'].forEach((kind, i) => {
        if (d.devices?.[i]?.includes(room)) devs.push({ kind, maybe: true, tip: `The Spies' ${DEVICES[kind].name} may be here. ${DEVICE_TEXT[kind]}` });
      });
    }
    devs.slice(0, 5).forEach((dv, i) => {
      const dx = x + 6 + i * 19;
      const dy = y + 78;
      const villain = DEVICES[dv.kind]?.team === 'villains';
      const col = villain ? VILLAIN_DEV : SPY_DEV;
      const mark = s('g', { class: `ss-device${dv.maybe ? ' ss-maybe' : ''}` }, title(dv.tip));
      if (villain) {
        mark.append(s('polygon', { points: `${dx + 8},${dy - 1} ${dx + 17},${dy + 8} ${dx + 8},${dy + 17} ${dx - 1},${dy + 8}`, style: dv.maybe ? `stroke:${col}` : `fill:${col};stroke:${col}`, class: 'ss-dev-shape' }));
      } else {
        mark.append(s('rect', { x: dx, y: dy, width: 16, height: 16, rx: 3, style: dv.maybe ? `stroke:${col}` : `fill:${col};stroke:${col}`, class: 'ss-dev-shape' }));
      }
      mark.append(s('text', { x: dx + 8, y: dy + 12.5, 'text-anchor': 'middle', class: 'ss-dev-letter', style: dv.maybe ? '' : 'fill:#fff' }, DEVICE_LETTER[dv.kind] + (dv.maybe ? '?' : '')));
      g.append(mark);
    });
    // Characters: the team's own, then where the others may be.
    let slotX = x + 30;
    for (const slot of ctx.spectator ? [] : ownSlots(v)) {
      const ch = own(v, slot);
      if (locRoom(ch.loc) !== room) continue;
      const lying = ch.loc && 'lying' in ch.loc;
      const act = acting(v) === slot || (v.phase === 'plan' && v.slot === slot);
      const tok = s('g', { class: `ss-token${lying ? ' ss-lying' : ''}${act ? ' ss-acting' : ''}` },
        title(`${slotName(v, slot)} (yours)${lying ? ` is lying down in ${room}: it lands when its Parachute is executed, immune till then` : ` is in ${room}`}${v.removed?.[slot] ? '; hit this round' : ''}.`));
      if (act) tok.append(s('circle', { cx: slotX, cy: y + 50, r: 17, class: 'ss-ring' }));
      tok.append(s('circle', { cx: slotX, cy: y + 50, r: 13, style: `fill:${colourOf(v, slot)}`, class: 'ss-token-body' }));
      tok.append(s('text', { x: slotX, y: y + 54.5, 'text-anchor': 'middle', class: 'ss-token-text', style: `fill:${inkOn(v, slot)}` }, initials(v, slot)));
      if (lying) tok.append(s('text', { x: slotX + 10, y: y + 40, class: 'ss-lying-mark' }, '↓'));
      g.append(tok);
      slotX += 27;
    }
    if (enemyShown && d) {
      enemySlots(v).forEach((slot, i) => {
        const rooms = /** @type {string[]} */ (d.rooms?.[i] ?? []);
        if (!rooms.includes(room) || rooms.length >= 16) return;
        const ex = x + 71;
        const ey = y + 46 + i * 19;
        const m = s('g', { class: 'ss-enemy' }, title(`${slotName(v, slot)} may be here (the deduction aid: every room the ${TEAM[team === 'spies' ? 'villains' : 'spies']} could be in, from what your team has seen and heard).`));
        m.append(s('rect', { x: ex, y: ey - 8, width: 26, height: 16, rx: 8, class: 'ss-enemy-body', style: `stroke:${colourOf(v, slot)}` }));
        m.append(s('text', { x: ex + 13, y: ey + 3.5, 'text-anchor': 'middle', class: 'ss-enemy-text' }, `${initials(v, slot)}?`));
        g.append(m);
      });
    }
    svg.append(g);
  }
  // Planned paths of the team's characters (dashed arrows).
  if (!ctx.spectator && (v.phase === 'plan' || v.phase === 'execute')) {
    for (const slot of ownSlots(v)) {
      const steps = plannedPath(v, slot, walls);
      const off = slot % 2 === 0 ? -6 : 6;
      for (const [a, b] of steps) {
        const ax = roomX(a) + RS / 2 + off;
        const ay = roomY(a) + RS / 2 + off;
        const bx = roomX(b) + RS / 2 + off;
        const by = roomY(b) + RS / 2 + off;
        const len = Math.hypot(bx - ax, by - ay);
        const ux = (bx - ax) / len;
        const uy = (by - ay) / len;
        const ex = bx - ux * 22;
        const ey = by - uy * 22;
        const col = colourOf(v, slot);
        svg.append(s('g', { class: 'ss-path' }, title(`${slotName(v, slot)}'s planned move ${a} → ${b}`),
          s('line', { x1: ax + ux * 16, y1: ay + uy * 16, x2: ex, y2: ey, style: `stroke:${col}`, class: 'ss-path-line' }),
          s('polygon', { points: `${ex + ux * 8},${ey + uy * 8} ${ex - uy * 6},${ey + ux * 6} ${ex + uy * 6},${ey - ux * 6}`, style: `fill:${col}` })));
      }
    }
  }
  // Moves on the map.
  /** @param {string[]} rooms @param {boolean} on */
  const light = (rooms, on) => { for (const r of rooms) roomRects.get(r)?.classList.toggle('ss-lit', on); };
  ctx.light = light;
  /** @param {Element} el @param {string[]} rooms */
  const preview = (el, rooms) => {
    el.addEventListener('mouseenter', () => light(rooms, true));
    el.addEventListener('mouseleave', () => light(rooms, false));
    el.addEventListener('focus', () => light(rooms, true));
    el.addEventListener('blur', () => light(rooms, false));
  };
  const rm = roomMoves(ctx);
  // Both the Virus and the Beacon still to come: the Virus's room is clicked first.
  const bothAnywhere = [...c.anywhere.values()].some((m) => [...m.keys()].some((b) => b));
  if (bothAnywhere && !rm) {
    for (const vr of c.anywhere.keys()) {
      if (!vr) continue;
      const words = `The Virus in ${vr}, then click the Beacon's room`;
      svg.append(picking(s('rect', { x: roomX(vr) + 10, y: roomY(vr) + 10, width: RS - 20, height: RS - 20, rx: 6, class: 'ss-hit' }, title(words)), `virus:${vr}`, words));
    }
  }
  for (const from of c.buildFrom.keys()) {
    if (rm && ui.pick === `from:${from}`) continue;
    const words = `Pick up the token in ${from}`;
    svg.append(picking(s('rect', { x: roomX(from) + 10, y: roomY(from) + 10, width: RS - 20, height: RS - 20, rx: 6, class: 'ss-hit' }, title(words)), `from:${from}`, words));
  }
  if (rm) {
    for (const [room, action] of rm.rooms) {
      const x = roomX(room);
      const y = roomY(room);
      const what = `${rm.verb} ${room}`;
      svg.append(playable(ctx, s('rect', { x: x + 6, y: y + 6, width: RS - 12, height: RS - 12, rx: 6, class: 'ss-hit' }, title(what[0].toUpperCase() + what.slice(1))), action, what));
    }
  }
  for (const w of v.walls) {
    const [a, b] = w.split('|');
    const [ac, ar] = rc(a);
    const [bc] = rc(b);
    const line = bc !== ac
      ? { x1: MX + (ac + 1) * RS, y1: MX + ar * RS, x2: MX + (ac + 1) * RS, y2: MX + (ar + 1) * RS }
      : { x1: MX + ac * RS, y1: MX + (ar + 1) * RS, x2: MX + (ac + 1) * RS, y2: MX + (ar + 1) * RS };
    svg.append(s('line', { ...line, class: 'ss-wall' }, title(`A wall between ${a} and ${b}: nothing moves or reaches through it unless a tile says so.`)));
  }
  // Walls to place (variable map).
  for (const [key, action] of c.wall) {
    const [a, b] = key.split('|');
    const [ac, ar] = rc(a);
    const [bc] = rc(b);
    const geo = bc !== ac
      ? { x: MX + (ac + 1) * RS - 7, y: MX + ar * RS + 14, width: 14, height: RS - 28 }
      : { x: MX + ac * RS + 14, y: MX + (ar + 1) * RS - 7, width: RS - 28, height: 14 };
    svg.append(playable(ctx, s('rect', { ...geo, rx: 4, class: 'ss-hit ss-edge-hit' }, title(`Place a wall between ${a} and ${b}`)), action, `place a wall between ${a} and ${b}`));
  }
  // Areas: rows, columns and quadrants (scans, Motion Detectors).
  const areaMap = c.scan.size ? c.scan : c.detect;
  const areaVerb = c.scan.size ? 'scan' : 'detect with the Motion Detector:';
  for (const [area, action] of areaMap) {
    const [k, x] = area.split(' ');
    let cx = 0;
    let cy = 0;
    let text = '';
    if (k === 'row') { cx = 12; cy = MX + (Number(x) - 0.5) * RS; text = x; }
    if (k === 'col') { cx = MX + (COLS.indexOf(x) + 0.5) * RS; cy = 13; text = x; }
    if (k === 'quad') {
      cx = MX + (x[1] === 'w' ? 1 : 3) * RS;
      cy = MX + (x[0] === 'n' ? 1 : 3) * RS;
      text = x.toUpperCase();
    }
    const words = `${areaVerb} ${areaWords(area)}`;
    const r = k === 'quad' ? 17 : 12;
    const btn = playable(ctx, s('g', { class: 'ss-area' }, title(words[0].toUpperCase() + words.slice(1)),
      s('circle', { cx, cy, r, class: 'ss-hit ss-area-hit' }),
      s('text', { x: cx, y: cy + 4.5, 'text-anchor': 'middle', class: 'ss-area-text' }, text)), action, words);
    preview(btn, areaRooms(area));
    svg.append(btn);
  }
  // Arrows around the acting character: aims and single slides.
  const me = acting(v);
  const from = me !== null && ownSlots(v).includes(me) ? locRoom(own(v, me).loc) : null;
  if (from) {
    const x = roomX(from);
    const y = roomY(from);
    /** @type {[string, string, string, string[]][]} */
    const arrows = [];
    const pend = v.pending && typeof v.pending === 'object' ? v.pending.target : null;
    for (const [dir, action] of c.aimDir) {
      const rooms = pend ? patternRooms(pend, from, dir, walls) : [];
      arrows.push([dir, action, `aim ${tileName(pend ?? '')} ${dir}${rooms.length ? `: ${rooms.join(' ')}` : ''}`, rooms]);
    }
    for (const action of c.slide) {
      const w = action.split(' ');
      if (w.length === 2 && DELTA[w[1]]) {
        const to = neighbour(from, w[1], walls);
        arrows.push([w[1], action, `slide ${w[1]} now, unseen (one slide cube)${to ? `: to ${to}` : ''}`, to ? [to] : []]);
      }
    }
    for (const [dir, action, words, rooms] of arrows) {
      const [dx, dy] = DELTA[dir];
      const cx = x + RS / 2 + dx * (RS / 2);
      const cy = y + RS / 2 + dy * (RS / 2);
      const pts = [[0, -13], [11, 6], [-11, 6]].map(([px, py]) => {
        const t = DIRS.indexOf(dir);
        let [qx, qy] = [px, py];
        for (let i = 0; i < t; i++) [qx, qy] = [-qy, qx];
        return `${cx + qx},${cy + qy}`;
      }).join(' ');
      const btn = playable(ctx, s('g', { class: 'ss-arrow' }, title(words[0].toUpperCase() + words.slice(1)),
        s('circle', { cx, cy, r: 15, class: 'ss-hit ss-arrow-hit' }),
        s('polygon', { points: pts, class: 'ss-arrow-head' })), action, words);
      preview(btn, rooms);
      svg.append(btn);
    }
  }
  return svg;
}

// ---------------------------------------------------------------------------------------
// The screen: tracks, roll, cubes.

/** @param {Ctx} ctx */
function drawScreen(ctx) {
  const { v, intro } = ctx;
  const hitsNeed = intro ? 4 : 5;
  const hacksNeed = intro ? 5 : 8;
  const won = v.outcome && typeof v.outcome === 'object' ? v.outcome.win : null;
  const hits = won === 'villains' ? hitsNeed : Math.max(0, hitsNeed - (v.hit_track + 1));
  const hacks = won === 'spies' ? hacksNeed : Math.max(0, hacksNeed - (v.hack_track + 1));
  const svg = s('svg', { viewBox: '0 0 440 104', class: 'ss-screen', role: 'group', 'aria-label': `Hits ${hits} of ${hitsNeed}, hacks ${hacks} of ${hacksNeed}` });
  /** @param {number} y @param {string} name @param {number} done @param {number} need @param {string} tip @param {string} shape */
  const track = (y, name, done, need, tip, shape) => {
    const g = s('g', {}, title(tip));
    g.append(s('text', { x: 4, y: y + 14, class: 'ss-label' }, `${name} ${done}/${need}`));
    for (let i = 0; i < need; i++) {
      const x = 96 + i * 22;
      const full = i < done;
      if (shape === 'x') {
        g.append(s('rect', { x, y, width: 18, height: 18, rx: 3, class: `ss-track${full ? ' ss-track-full ss-hitbox' : ''}` }));
        if (full) g.append(s('text', { x: x + 9, y: y + 14, 'text-anchor': 'middle', class: 'ss-track-mark', style: 'fill:#fff' }, '✕'));
      } else {
        g.append(s('rect', { x, y, width: 18, height: 18, rx: 9, class: `ss-track${full ? ' ss-track-full ss-hackbox' : ''}` }));
        if (full) g.append(s('text', { x: x + 9, y: y + 14, 'text-anchor': 'middle', class: 'ss-track-mark', style: 'fill:#fff' }, '✓'));
      }
      if (i === need - 1) g.append(s('text', { x: x + 21, y: y + 14, class: 'ss-small' }, 'wins'));
    }
    return g;
  };
  svg.append(track(4, 'Hits', hits, hitsNeed,
    `Hit track: the Villains win with hit ${hitsNeed}. Each hit also gives the Spies a modify cube and a slide cube.`, 'x'));
  svg.append(track(28, 'Hacks', hacks, hacksNeed,
    `Hack track: the Spies win with hack ${hacksNeed}. Each hack of a Doomsday Machine also gives the Villains a modify cube.`, 'o'));
  // The roll.
  const rolled = ['plan', 'execute', 'over'].includes(v.phase) && v.round > 0;
  const g = s('g', {}, title('The roll: every character’s four dice show these numbers this round. A move’s die gives its direction: 1 up, 2 right, 3 down, 4 left; 5 and 6 move nowhere.'));
  g.append(s('text', { x: 4, y: 72, class: 'ss-label' }, v.round > 0 ? `Round ${v.round}` : 'Setting up'));
  if (rolled) {
    v.roll.forEach((/** @type {number} */ val, /** @type {number} */ i) => {
      g.append(dieFace(96 + i * 30, 56, 24, val, { cls: 'ss-die' }));
      const dir = DICE_KEY[String(val)];
      g.append(s('text', { x: 108 + i * 30, y: 96, 'text-anchor': 'middle', class: 'ss-small' }, dir ? ARROW[dir] : '·'));
    });
  }
  svg.append(g);
  // Cubes.
  const mine = myTeam(v) === 'spies' ? 1 : 0;
  const used = v.own.modify_used ?? 0;
  const spent = v.own.modify_spent ?? 0;
  const cubes = s('g', {}, title('Modify cubes turn a die one up or down each (1 and 6 wrap), unseen. A team gets them as the other gets closer to winning. Each is used once: a cube whose action is executed leaves the game, and how many a team has left is its secret. Slide cubes (the Spies’) each move a Spy one room, unseen, once.'));
  if (ctx.spectator) {
    cubes.append(s('text', { x: 230, y: 70, class: 'ss-label' }, 'Modify cubes received'));
    cubes.append(s('text', { x: 230, y: 86, class: 'ss-small' }, `Villains ${v.modify[0]}, Spies ${v.modify[1]}`));
  } else {
    const left = Math.max(0, v.modify[mine] - spent - used);
    const notes = [used ? `${used} placed` : '', spent ? `${spent} spent` : ''].filter(Boolean).join(', ');
    cubes.append(s('text', { x: 230, y: 70, class: 'ss-label' }, `Modify cubes left: ${left}`));
    cubes.append(s('text', { x: 230, y: 86, class: 'ss-small' }, `${notes ? `${notes} · ` : ''}theirs: at most ${v.modify[1 - mine]}`));
  }
  const slideSpent = mine === 1 && !ctx.spectator ? v.own.slide_spent ?? 0 : 0;
  cubes.append(s('text', { x: 230, y: 100, class: 'ss-small' }, mine === 1 && !ctx.spectator
    ? `Slide cubes left: ${Math.max(0, v.slide - slideSpent)}${slideSpent ? ` (${slideSpent} spent)` : ''}`
    : `Spies' slide cubes received: ${v.slide}`));
  svg.append(cubes);
  return svg;
}

// ---------------------------------------------------------------------------------------
// A character's board.

/** @param {Ctx} ctx @param {number} slot */
function drawBoard(ctx, slot) {
  const { v, c, intro } = ctx;
  const ch = own(v, slot);
  const plan = ch.plan;
  const planning = v.phase === 'plan' && v.slot === slot && ctx.scene.legal.length > 0 && ctx.deciding === slot;
  const W = 440;
  const parts = [];
  let y = 0;
  // Header.
  const where = ch.loc === 'off' ? 'off the map' : 'lying' in ch.loc ? `lying in ${ch.loc.lying} (Parachute)` : `in ${ch.loc.on}`;
  const limit = diceLimit(v, slot, intro);
  const head = s('g', {});
  head.append(s('circle', { cx: 14, cy: 14, r: 12, style: `fill:${colourOf(v, slot)}` }));
  head.append(s('text', { x: 14, y: 18.5, 'text-anchor': 'middle', class: 'ss-token-text', style: `fill:${inkOn(v, slot)}` }, initials(v, slot)));
  const isActing = acting(v) === slot;
  const flags = [];
  if (v.removed?.[slot]) flags.push('HIT: out this round');
  if (slot < 2 && v.penalty?.[slot]?.[0]) flags.push(`Flashbang: −${v.penalty[slot][0]} die`);
  if (slot < 2 && v.scanned?.[slot]) flags.push('found by a scan this round');
  if (slot >= 2 && ch.lost_swagger) flags.push('lost Swagger this round');
  const placing = v.phase === 'execute' && slot >= 2 && (v.markers?.[slot - 2] ?? 0) > 0;
  head.append(s('text', { x: 32, y: 13, class: 'ss-name' }, `${slotName(v, slot)}${placing ? ' — placing an unlock marker' : isActing ? ' — executing' : planning ? ' — planning' : ''}`));
  const seat = seatOf(v, slot);
  const player = `${SEAT_SHAPES[seat % SEAT_SHAPES.length]} ${ctx.scene.names[seat] ?? `seat ${seat + 1}`}`;
  head.append(s('text', { x: 32, y: 27, class: 'ss-small' }, `${player} · ${where} · places up to ${limit} dice`));
  if (flags.length) head.append(s('text', { x: 32, y: 41, class: 'ss-small ss-flag' }, flags.join(' · ')));
  head.append(title(`${slotName(v, slot)}: ${where}. Dice limit ${limit}${slot >= 2 ? ' (2; 3 at Swagger 2; 4 at Swagger 5)' : ' (2, +1 per active Generator)'}.`));
  parts.push(head);
  y = flags.length ? 48 : 34;
  // The five action spaces.
  const SW = 84;
  const SH = 78;
  const nextTile = plan.tile_steps;
  for (let sp = 0; sp < 5; sp++) {
    const x = 4 + sp * (SW + 2);
    const t = plan.tiles[sp];
    const done = sp < plan.done;
    const chosen = sp < plan.tile_steps;
    const dice = plan.dice.filter((/** @type {any} */ d) => d?.on?.space === sp).map((/** @type {any} */ d) => d.on.value);
    const cls = ['ss-space'];
    if (done) cls.push('ss-done');
    if (!chosen) cls.push('ss-open');
    const tileOffered = c.tile.size > 0 || Object.values(c.tileRoom).some((m) => m.size > 0);
    if (planning && sp === nextTile && tileOffered) cls.push('ss-next');
    if (isActing && sp === plan.done) cls.push('ss-now');
    const g = s('g', {});
    g.append(s('rect', { x, y, width: SW, height: SH, rx: 6, class: cls.join(' ') }));
    g.append(s('text', { x: x + 5, y: y + 12, class: 'ss-small' }, `${sp + 1}${done ? ' ✓ done' : isActing && sp === plan.done ? ' ▶ now' : ''}`));
    if (t) {
      const lines = wrap(tileName(t.tile), 9).slice(0, 2);
      lines.forEach((ln, i) => g.append(s('text', { x: x + 5, y: y + 27 + i * 13, class: 'ss-tile-name' }, ln)));
      const extra = t.room ? `→ ${t.room}` : costShort(costOf(ch, t.tile));
      g.append(s('text', { x: x + 5, y: y + 27 + lines.length * 13, class: 'ss-small' }, extra));
      dice.forEach((/** @type {number} */ val, /** @type {number} */ i) => g.append(dieFace(x + 5 + i * 20, y + SH - 22, 17, val, { cls: 'ss-die' })));
      const dirs = dice.map((/** @type {number} */ val) => DICE_KEY[String(val)]).filter(Boolean);
      const moving = MOVING.includes(t.tile);
      if (moving && dirs.length) g.append(s('text', { x: x + SW - 6, y: y + SH - 8, 'text-anchor': 'end', class: 'ss-arrow-text' }, ARROW[dirs[0]]));
      g.append(title(`Space ${sp + 1}: ${tileTip(t.tile)}${t.room ? `\nRoom chosen: ${t.room}` : ''}${dice.length ? `\nDice: ${dice.join(' + ')}` : ''}`));
    } else if (chosen) {
      g.append(s('text', { x: x + SW / 2, y: y + 44, 'text-anchor': 'middle', class: 'ss-muted' }, 'empty'));
      g.append(title(`Space ${sp + 1} is left empty this round.`));
    } else {
      const next = planning && sp === nextTile && tileOffered;
      g.append(s('text', { x: x + SW / 2, y: y + 44, 'text-anchor': 'middle', class: 'ss-muted' }, next ? 'next tile' : '·'));
      g.append(title(next ? `Space ${sp + 1}: the next tile goes here. Click a tile in the hand.` : `Space ${sp + 1}: no tile yet.`));
    }
    parts.push(g);
  }
  y += SH + 4;
  // The next die's faces under the spaces.
  const dieStep = planning && (c.dieOn.size > 0 || c.dieUnlock.size > 0 || c.dieOff);
  const rolledNext = plan.die_steps < 4 ? v.roll[plan.die_steps] : null;
  if (dieStep && rolledNext !== null) {
    for (let sp = 0; sp < 5; sp++) {
      const faces = c.dieOn.get(sp + 1);
      if (!faces) continue;
      const x0 = 4 + sp * (SW + 2);
      let i = 0;
      for (const [face, action] of faces) {
        const cost = cubesFor(rolledNext, face);
        const fx = x0 + 2 + (i % 3) * 28;
        const fy = y + Math.floor(i / 3) * 34;
        const t = plan.tiles[sp];
        const dir = DICE_KEY[String(face)];
        const moving = t && MOVING.includes(t.tile);
        const words = `put die ${plan.die_steps + 1} on space ${sp + 1}${t ? ` (${tileName(t.tile)})` : ''} showing ${face}${cost ? ` with ${cost} modify cube${cost > 1 ? 's' : ''}` : ' (as rolled)'}${dir && moving ? `: ${dir}` : ''}`;
        const g = playable(ctx, s('g', { class: 'ss-face' }, title(words[0].toUpperCase() + words.slice(1)),
          s('rect', { x: fx - 1, y: fy - 1, width: 26, height: 26, rx: 5, class: 'ss-hit' }),
          dieFace(fx + 1, fy + 1, 22, face, { cls: 'ss-die' })), action, words);
        const mark = `${cost ? '+'.repeat(cost) : ''}${dir && moving ? ARROW[dir] : ''}`;
        if (mark) g.append(s('text', { x: fx + 12, y: fy + 34, 'text-anchor': 'middle', class: 'ss-tiny' }, mark));
        parts.push(g);
        i++;
      }
    }
    const rows = Math.max(...[...c.dieOn.values()].map((m) => Math.ceil(m.size / 3)), 0);
    y += rows * 36 + (rows ? 2 : 0);
  }
  // The dice of this character.
  {
    const g = s('g', {}, title('This character’s four dice, smallest first: each is placed on a space (showing its face, or another with modify cubes), on an unlock space (Villains), or left off.'));
    g.append(s('text', { x: 4, y: y + 17, class: 'ss-label' }, 'Dice'));
    const rolled = ['plan', 'execute', 'over'].includes(v.phase) && v.round > 0;
    if (rolled) {
      plan.dice.forEach((/** @type {any} */ d, /** @type {number} */ i) => {
        const x = 44 + i * 62;
        const isNext = planning && i === plan.die_steps;
        const shown = d?.on?.value ?? d?.unlock?.value ?? v.roll[i];
        const where = d === 'unplaced' ? (isNext ? 'next' : '') : d === 'off' ? 'off' : d.on ? `→ ${d.on.space + 1}` : d.unlock ? 'unl.' : '';
        if (isNext) g.append(s('rect', { x: x - 3, y: y - 1, width: 60, height: 26, rx: 5, class: 'ss-next-die' }));
        const face = dieFace(x, y + 1, 22, shown, { cls: `ss-die${d === 'off' ? ' ss-die-off' : ''}` });
        g.append(face);
        g.append(s('text', { x: x + 26, y: y + 17, class: 'ss-small' }, where));
      });
    } else {
      g.append(s('text', { x: 44, y: y + 17, class: 'ss-muted' }, 'rolled at the start of each round'));
    }
    parts.push(g);
    y += 30;
  }
  // The hand.
  {
    const counts = new Map();
    for (const id of STARTING[slot < 2 ? 'villains' : 'spies'] ?? []) counts.set(id, TILES[id]?.copies ?? 1);
    for (const id of ownedAdvanced(ch)) counts.set(id, 1);
    for (const t of plan.tiles) if (t) counts.set(t.tile, (counts.get(t.tile) ?? 0) - 1);
    parts.push(s('text', { x: 4, y: y + 14, class: 'ss-label' }, 'Hand'));
    let i = 0;
    const passives = [];
    for (const [id, n] of counts) {
      if (TILES[id]?.type === 'passive') { passives.push(id); continue; }
      const x = 44 + (i % 4) * 99;
      const cy = y + Math.floor(i / 4) * 36;
      const g = s('g', { class: `ss-chip${n <= 0 ? ' ss-spent' : ''}` });
      g.append(s('rect', { x, y: cy, width: 95, height: 32, rx: 5, class: 'ss-chip-body' }));
      const chipName = `${tileName(id)}${n > 1 ? ` ×${n}` : ''}`;
      g.append(s('text', { x: x + 5, y: cy + 13, class: 'ss-chip-name', ...(chipName.length > 13 ? { textLength: 85, lengthAdjust: 'spacingAndGlyphs' } : {}) }, chipName));
      g.append(s('text', { x: x + 5, y: cy + 26, class: 'ss-tiny' }, n <= 0 ? 'planned' : `${costShort(costOf(ch, id))} · ${speechShort(id)}`));
      const roomKind = ['parachute', 'virus', 'beacon'].includes(id) ? c.tileRoom[id] : null;
      if (planning && c.tile.has(id)) {
        playable(ctx, g, /** @type {string} */ (c.tile.get(id)), `plan ${tileName(id)} on space ${plan.tile_steps + 1}`);
        g.append(title(`Plan on space ${plan.tile_steps + 1}: ${tileTip(id)}`));
      } else if (planning && roomKind && roomKind.size) {
        picking(g, id, `plan ${tileName(id)}: then click its room on the map`);
        for (const a of roomKind.values()) ctx.reach.add(a);
        g.append(title(`${tileTip(id)}\nClick, then click the room on the map.`));
      } else {
        g.append(title(tileTip(id)));
      }
      parts.push(g);
      i++;
    }
    y += Math.ceil(i / 4) * 36;
    if (passives.length) {
      parts.push(s('text', { x: 44, y: y + 12, class: 'ss-small' }, `Passive: ${passives.map(tileName).join(', ')}`, title(passives.map(tileTip).join('\n'))));
      y += 18;
    }
  }
  // Swagger, tiers, unlock spaces.
  y += 4;
  if (slot >= 2) {
    const g = s('g', {}, title('Swagger: unlock markers placed here. At 2 this Spy places 3 dice, at 5 four. A reveal that finds it drops it to the red line below (5, 4, 3 → 2; 2, 1 → 0), once a round.'));
    g.append(s('text', { x: 4, y: y + 14, class: 'ss-label' }, 'Swagger'));
    for (let i = 0; i < BOARD.swagger_spaces; i++) {
      const x = 76 + i * 24;
      g.append(s('rect', { x, y: y + 2, width: 20, height: 16, rx: 3, class: i < ch.swagger ? 'ss-track ss-marker' : 'ss-track' }));
      if (i < ch.swagger) g.append(s('circle', { cx: x + 10, cy: y + 10, r: 4.5, class: 'ss-marker-dot' }));
      if (i === 1) g.append(s('text', { x: x + 10, y: y + 29, 'text-anchor': 'middle', class: 'ss-tiny' }, '3 dice'));
      if (i === 4) g.append(s('text', { x: x + 10, y: y + 29, 'text-anchor': 'middle', class: 'ss-tiny' }, '4 dice'));
    }
    for (const red of BOARD.swagger_red_lines) {
      const x = 76 + red * 24 - 2;
      g.append(s('line', { x1: x, y1: y, x2: x, y2: y + 20, class: 'ss-red-line' }));
    }
    const sw = c.unlock.find((a) => a === 'unlock swagger');
    if (sw && ctx.deciding === slot) {
      const x = 76 + Math.min(ch.swagger, 4) * 24;
      parts.push(g);
      parts.push(playable(ctx, s('rect', { x: x - 2, y, width: 24, height: 20, rx: 4, class: 'ss-hit' }, title('Put the unlock marker on the Swagger track')), sw, 'put the unlock marker on the Swagger track'));
    } else parts.push(g);
    y += 34;
  }
  if (!intro) {
    const five = ch.id ? CHARACTERS[ch.id]?.tiles : null;
    const g = s('g', {});
    g.append(s('text', { x: 4, y: y + 14, class: 'ss-label' }, 'Tiers'));
    g.append(title('Advanced tiles: unlock markers fill tier 1 (1 space), tier 2 (2) and tier 3 (3), left to right. A full tier unlocks its tile; tiers 2 and 3 offer two, of which one is kept.'));
    const tierMoves = c.unlock.filter((a) => a.startsWith('unlock tier')) ;
    const mineNow = ctx.deciding === slot;
    let filled = 0;
    BOARD.tiers.forEach((n, k) => {
      const x0 = 50 + k * 130;
      for (let i = 0; i < n; i++) {
        const on = filled < ch.tier;
        g.append(s('rect', { x: x0 + i * 18, y: y + 3, width: 15, height: 14, rx: 3, class: on ? 'ss-track ss-marker' : 'ss-track' }));
        if (on) g.append(s('circle', { cx: x0 + i * 18 + 7.5, cy: y + 10, r: 4, class: 'ss-marker-dot' }));
        filled++;
      }
      g.append(s('text', { x: x0 + n * 18 + 2, y: y + 14, class: 'ss-tiny' }, `tier ${k + 1}`));
      const options = five ? (k === 0 ? [five[0]] : k === 1 ? [five[1], five[2]] : [five[3], five[4]]) : [];
      options.forEach((id, j) => {
        const kept = k === 0 ? ch.tier >= 1 : ch.kept[k - 1] === id;
        const gone = k > 0 && ch.kept[k - 1] && ch.kept[k - 1] !== id;
        const tx = x0;
        const ty = y + 32 + j * 14;
        const text = s('text', { x: tx, y: ty, class: `ss-tier-tile${kept ? ' ss-kept' : ''}${gone ? ' ss-gone' : ''}` }, `${kept ? '✓ ' : ''}${tileName(id)}`, title(tileTip(id)));
        // A Spy placing a marker that fills this tier, or a Villain's unlock die waiting for it.
        const spyMove = mineNow ? tierMoves.find((a) => a === `unlock tier ${id}`) : undefined;
        const pickFace = ui.pick.startsWith('unlock:') ? Number(ui.pick.slice(7)) : 0;
        const villainMove = planning && pickFace ? (c.dieUnlock.get(pickFace) ?? []).find((a) => a.endsWith(` ${id}`)) : undefined;
        const act = spyMove ?? villainMove;
        if (act) {
          const hit = s('g', {}, s('rect', { x: tx - 3, y: ty - 11, width: 122, height: 14, rx: 3, class: 'ss-hit' }), text);
          parts.push(playable(ctx, hit, act, `keep ${tileName(id)}: ${TILES[id]?.text ?? ''}`));
        } else g.append(text);
      });
    });
    parts.unshift(g);
    const plainTier = mineNow ? tierMoves.find((a) => a === 'unlock tier') : undefined;
    if (plainTier) {
      const k = ch.tier < 1 ? 0 : ch.tier < 3 ? 1 : 2;
      const idx = ch.tier - (k === 0 ? 0 : k === 1 ? 1 : 3);
      const x = 50 + k * 130 + idx * 18;
      parts.push(playable(ctx, s('rect', { x: x - 3, y, width: 21, height: 20, rx: 4, class: 'ss-hit' }, title('Put the unlock marker on the next tier space')), plainTier, 'put the unlock marker on the tiers'));
    }
    y += 62;
    if (slot < 2) {
      const u = s('g', {});
      u.append(s('text', { x: 4, y: y + 15, class: 'ss-label' }, 'Unlock'));
      u.append(title('Unlock spaces: a die showing that face, placed here while planning, moves the space’s marker to the tiers (it counts towards the dice limit).'));
      parts.push(u);
      for (let f = 1; f <= 6; f++) {
        const x = 60 + (f - 1) * 40;
        const has = (ch.unlock_spaces >> (f - 1)) & 1;
        const usedHere = plan.dice.some((/** @type {any} */ d) => d?.unlock?.value === f);
        const acts = planning ? c.dieUnlock.get(f) : undefined;
        const g = s('g', {});
        if (acts?.length) g.append(s('rect', { x: x - 3, y: y - 3, width: 40, height: 28, rx: 5, class: 'ss-hit' }));
        g.append(dieFace(x, y, 22, f, { cls: `ss-die${has ? '' : ' ss-die-off'}` }));
        if (has) g.append(s('circle', { cx: x + 30, cy: y + 11, r: 4.5, class: 'ss-marker-dot' }));
        if (usedHere) g.append(s('text', { x: x + 11, y: y + 34, 'text-anchor': 'middle', class: 'ss-tiny' }, 'die here'));
        if (acts && acts.length === 1 && acts[0].split(' ').length === 3) {
          const cost = rolledNext !== null ? cubesFor(rolledNext, f) : 0;
          playable(ctx, g, acts[0], `put die ${plan.die_steps + 1} on unlock space ${f}${cost ? ` with ${cost} modify cube${cost > 1 ? 's' : ''}` : ''}`);
          g.append(title(`Unlock space ${f}: put the next die here showing ${f}${cost ? ` (${cost} modify cube${cost > 1 ? 's' : ''})` : ''}; its marker goes to the tiers.`));
        } else if (acts && acts.length) {
          picking(g, `unlock:${f}`, `put the next die on unlock space ${f}, then choose the tile kept`);
          for (const a of acts) ctx.reach.add(a);
          g.append(title(`Unlock space ${f}: its marker fills a tier: click, then click the tile to keep.`));
        } else {
          g.append(title(has ? `Unlock space ${f}: its marker is still here.` : `Unlock space ${f}: empty.`));
        }
        parts.push(g);
      }
      y += 40;
    }
  }
  const svg = s('svg', { viewBox: `0 0 ${W} ${y + 4}`, class: 'ss-board-svg', role: 'group', 'aria-label': `${slotName(v, slot)}'s board` });
  svg.append(...parts);
  const busy = planning || isActing || (v.phase === 'execute' && ctx.deciding === slot && ctx.scene.legal.length > 0);
  return h('div', { class: `ss-charboard${busy ? ' ss-busy' : ''}` }, svg);
}

// ---------------------------------------------------------------------------------------
// What the game waits for, and the moves without a place on the board.

/** @param {Ctx} ctx */
function waitingWords(ctx) {
  const { v, scene } = ctx;
  /** @param {number} slot */
  const who = (slot) => {
    const seat = seatOf(v, slot);
    const name = scene.names[seat] ?? `seat ${seat + 1}`;
    return `${slotName(v, slot)} (${seat === scene.seat && !ctx.spectator ? 'you' : name})`;
  };
  const mine = (/** @type {number} */ slot) => !ctx.spectator && ownSlots(v).includes(slot);
  if (v.outcome) {
    if (v.outcome === 'draw') return 'The game is over: a draw (the round limit passed).';
    const win = v.outcome.win;
    return `The game is over: the ${TEAM[win]} win${!ctx.spectator && win === myTeam(v) ? ' — your team!' : '.'}`;
  }
  switch (v.phase) {
    case 'characters': return `${who(v.slot)} chooses a character${mine(v.slot) ? '' : ' in secret'}.`;
    case 'starter': return 'Chance picks the team that places the first map piece.';
    case 'map': return `The ${TEAM[placer(v)]} place a wall, a Doomsday Machine or a Generator.`;
    case 'starts': return `${who(v.slot)} chooses a starting room${mine(v.slot) ? ' (not a Generator’s)' : ' in secret'}.`;
    case 'roll': return `The dice are about to be rolled for round ${v.round}.`;
    case 'plan': return `Plan: ${who(v.slot)} plans${mine(v.slot) ? '' : ' in secret'}, step ${Math.min(9, v.steps[v.slot] + 1)} of 9.`;
    case 'execute': {
      const m = v.markers.findIndex((/** @type {number} */ x) => x > 0);
      if (m >= 0) return `${who(2 + m)} places an unlock marker${mine(2 + m) ? '' : ' (unseen)'}.`;
      const p = v.pending;
      const a = acting(v);
      if (p && typeof p === 'object' && 'first' in p) return `The ${TEAM[p.first]} choose who executes first.`;
      if (p && typeof p === 'object' && 'target' in p && a !== null) {
        const t = TILES[p.target];
        const said = mine(a) || t?.declare?.kind !== 'quote' ? tileName(p.target) : `“${t.declare.text}”`;
        return `${who(a)} executes ${said}: choosing its target.`;
      }
      if (p === 'window' && a !== null) return `${who(a)}: slide window (the Spy may slide, unseen).`;
      if (p === 'anywhere' && a !== null) return `${who(a)}: window (the Spy may choose where to build, unseen).`;
      return 'Execution goes on.';
    }
    default: return '';
  }
}

/** The slide schedules, indexed once per window. @param {string[]} slides @param {string} sig */
function slideIndex(slides, sig) {
  if (ui.slides && ui.slides.sig === sig) return ui.slides;
  const all = new Set(slides);
  const prefixes = new Set();
  for (const a of slides) {
    const w = a.split(' ');
    for (let k = 2; k < w.length; k++) prefixes.add(w.slice(0, k).join(' '));
  }
  ui.slides = { sig, all, prefixes };
  return ui.slides;
}

/** @param {Ctx} ctx */
function decisionPanel(ctx) {
  const { v, c, scene } = ctx;
  const items = [];
  const hints = [];
  const dec = ctx.deciding;
  const who = dec !== null ? slotName(v, dec) : '';
  if (!scene.legal.length) return null;
  // Characters.
  if (c.character.length) {
    hints.push(`Choose ${who === slotLabelOf(dec) ? 'a character' : `the character of ${slotLabelOf(dec)}`}: each has its own advanced tiles (tier 1 shown).`);
    for (const a of c.character) {
      const id = a.split(' ')[1];
      const five = CHARACTERS[id]?.tiles ?? [];
      const b = moveButton(ctx, a, '', `${charName(id)}'s tiles: ${five.map(tileName).join(', ')}`);
      b.append(h('strong', {}, charName(id)), h('span', { class: 'ss-btn-sub' }, `tier 1: ${tileName(five[0])} — ${TILES[five[0]]?.text ?? ''}`));
      items.push(b);
    }
  }
  if (c.start.size) hints.push(`Click a room on the map for ${who}'s starting room (not a room with a Generator). The Spies do not see it.`);
  // Variable map.
  if (c.machine.size || c.generator.size || c.wall.size) {
    hints.push('Place one piece: click an edge between two rooms for a wall, or choose Machine or Generator and click a room. A Machine and a Generator may not touch unless a wall separates them; no room may be closed in.');
    if (c.machine.size && c.generator.size) {
      for (const [kind, text] of [['machine', 'Doomsday Machine'], ['generator', 'Generator']]) {
        items.push(picking(h('button', { type: 'button', class: 'ss-btn' }, `${ui.pick === kind ? '✓ ' : ''}Place a ${text}`), kind, `place a ${text}: then click its room`));
      }
      for (const a of [...c.machine.values(), ...c.generator.values()]) ctx.reach.add(a);
    }
  }
  // Planning.
  const planning = v.phase === 'plan' && dec !== null;
  if (planning) {
    const ch = own(v, dec);
    const plan = ch.plan;
    if (c.tile.size || c.tileNone || Object.values(c.tileRoom).some((m) => m.size)) {
      const roomTiles = Object.entries(c.tileRoom).filter(([, m]) => m.size).map(([k]) => tileName(k));
      if (c.tile.size === 0 && !c.tileNone && c.tileRoom.parachute.size) {
        hints.push(`${who} is off the map and must plan a Parachute first: click the room to land in (lying down until it lands, immune).`);
      } else if (c.tile.size === 0 && !roomTiles.length) {
        hints.push(`Space ${plan.tile_steps + 1}: no other tile could be paid or executed now, so it stays empty (and so do the later ones).`);
      } else if (c.tileRoom[ui.pick]?.size) {
        hints.push(`${tileName(ui.pick)} on space ${plan.tile_steps + 1}: now click its room on the map (or click the tile again to choose another).`);
      } else {
        hints.push(`Tile for space ${plan.tile_steps + 1}: click a tile in ${who}'s hand${roomTiles.length ? ` (${roomTiles.join(', ')}: then its room on the map)` : ''}.`);
      }
      if (c.tileNone) items.push(moveButton(ctx, c.tileNone, `No tile on space ${plan.tile_steps + 1} (nor after)`, 'This space and the later ones stay empty this round.'));
    }
    if (c.dieOn.size || c.dieUnlock.size || c.dieOff) {
      const i = plan.die_steps;
      const rolled = v.roll[i];
      const placed = plan.dice.filter((/** @type {any} */ d) => d && typeof d === 'object').length;
      const limit = diceLimit(v, dec, ctx.intro);
      const cubes = Math.max(0, v.modify[dec < 2 ? 0 : 1] - (v.own.modify_spent ?? 0) - (v.own.modify_used ?? 0));
      const where = [c.dieOn.size ? 'a face under a space' : '', c.dieUnlock.size ? 'an unlock space' : ''].filter(Boolean).join(' or ');
      hints.push(`Die ${i + 1} (rolled ${rolled}; ${placed} of ${limit} dice placed; ${cubes} modify cube${cubes === 1 ? '' : 's'} left, each + turns it one up or down)${where ? `: click ${where}` : ': no space can take it now (a die goes on a space with a tile), so leave it off or plan a tile first'}.`);
      if (c.dieOff) items.push(moveButton(ctx, c.dieOff, `Leave die ${i + 1} off`, 'This die is not placed this round.'));
      if (ui.pick.startsWith('unlock:')) hints.push(`Unlock space ${ui.pick.slice(7)}: now click the tile to keep in the tiers.`);
    }
    const tileStep = c.tile.size > 0 || Object.values(c.tileRoom).some((m) => m.size > 0);
    if (tileStep && (c.dieOn.size || c.dieUnlock.size)) hints.push('Tiles and dice may go in any order; a die goes only on a space with a tile, and only plans the rules allow are offered.');
  }
  // Execution.
  if (c.first.length) {
    hints.push('Choose which of your characters executes first (all its spaces, then the other’s).');
    for (const a of c.first) items.push(moveButton(ctx, a, `${charName(a.split(' ')[1])} goes first`));
  }
  const pend = v.pending && typeof v.pending === 'object' && 'target' in v.pending ? v.pending.target : null;
  if (pend) {
    const t = TILES[pend];
    if (c.aimDir.size) hints.push(`Aim ${t?.name}: click an arrow around ${who} (hover to see the rooms it reaches).`);
    if (c.aimRoom.size) hints.push(`${t?.name}: click the room to target.`);
    if (c.build.size) hints.push(`${t?.name}: click the room to build in.`);
    if (c.buildFrom.size) {
      hints.push(ui.pick.startsWith('from:')
        ? `${t?.name}: click the room to move the token from ${ui.pick.slice(5)} to.`
        : `${t?.name}: both tokens are on the map — click the one you pick up (${[...c.buildFrom.keys()].join(' or ')}), then where it goes.`);
    }
    if (c.scan.size) hints.push(`Scan: click a row number, a column letter or a quadrant (NW, NE, SW, SE) on the map. The Villains must name every Villain there.`);
    if (c.detect.size) hints.push('Motion Detector: click a row number, column letter or quadrant on the map; the Spies say how many Spies are there.');
  }
  if (c.anywhere.size || c.anywhereNone) {
    const both = [...c.anywhere.values()].some((m) => [...m.keys()].some((b) => b));
    if (c.anywhere.size) {
      hints.push(both
        ? (ui.pick.startsWith('virus:')
          ? `Now click the room for the Beacon (the Virus goes in ${ui.pick.slice(6)}).`
          : `Window: your Virus and Beacon are still to come. Click the room where the Virus is built if it is executed before your next window, then the Beacon's (you may choose again at the next window). The Villains do not see it.`)
        : `Window: click the room where your ${[...c.anywhere.keys()].some((k) => k) ? 'Virus' : 'Beacon'} is built if it is executed before your next window (you may choose again at the next window). The Villains do not see it.`);
    }
    if (c.anywhereNone) items.push(moveButton(ctx, c.anywhereNone, 'Nothing to build', 'No Virus nor Beacon is still to come.'));
  }
  if (c.land.length) {
    hints.push(`${who} lands and must declare a half of the map containing its room${c.land.includes('land beacon') ? ', or “beacon” on the Beacon' : ''}.`);
    for (const a of c.land) {
      const half = a.split(' ')[1];
      const b = moveButton(ctx, a, `Declare “${half}”`, half === 'beacon' ? 'The Beacon goes back to you.' : `The ${half} half: ${areaRooms(half).join(' ')}`);
      if (half !== 'beacon') {
        b.addEventListener('mouseenter', () => ctx.light(areaRooms(half), true));
        b.addEventListener('mouseleave', () => ctx.light(areaRooms(half), false));
        b.addEventListener('focus', () => ctx.light(areaRooms(half), true));
        b.addEventListener('blur', () => ctx.light(areaRooms(half), false));
      }
      items.push(b);
    }
  }
  if (c.unlock.length) {
    hints.push(`${who} gained an unlock marker: click the Swagger track or the tiers on its board${c.unlock.some((a) => a.split(' ').length === 3) ? ' (a full tier: click the tile to keep)' : ''}.`);
    const none = c.unlock.find((a) => a === 'unlock none');
    if (none) items.push(moveButton(ctx, none, 'Nowhere to put it (all full)'));
  }
  // Slides.
  if (c.slide.length) {
    const left = Math.max(0, v.slide - (v.own.slide_spent ?? 0));
    hints.push(`Slide window: ${who} may spend slide cubes (${left} left) to move one room each, unseen — now (arrows on the map), or later between unseen actions (“wait”).`);
    const none = c.slide.find((a) => a === 'slide none');
    if (none) items.push(moveButton(ctx, none, 'No slide', 'Keep your slide cubes.'));
    const idx = slideIndex(c.slide, ui.sig);
    const draft = ui.draft;
    const cur = ['slide', ...draft].join(' ');
    const comp = h('div', { class: 'ss-composer', role: 'group', 'aria-label': 'Compose a slide schedule' });
    comp.append(h('span', { class: 'ss-composer-label' }, 'Schedule:'));
    for (const tok of ['up', 'right', 'down', 'left', 'wait']) {
      const next = `${cur} ${tok}`;
      const ok = idx.all.has(next) || idx.prefixes.has(next);
      comp.append(h('button', {
        type: 'button', class: 'ss-btn ss-small-btn', disabled: !ok, 'aria-label': tok === 'wait' ? 'wait one unseen action' : `slide ${tok}`,
        title: tok === 'wait' ? 'Let the next unseen action happen first' : `Slide ${tok}`,
        onclick: () => { ui.draft = [...draft, tok]; redraw(); },
      }, tok === 'wait' ? 'wait' : ARROW[tok]));
    }
    comp.append(h('span', { class: 'ss-draft' }, draft.length ? slideWords(draft) : '—'));
    if (draft.length) comp.append(h('button', { type: 'button', class: 'ss-btn ss-small-btn', onclick: () => { ui.draft = []; redraw(); } }, 'Clear'));
    if (draft.length && idx.all.has(cur)) comp.append(moveButton(ctx, cur, `Slide: ${slideWords(draft)}`));
    items.push(comp);
  }
  // Anything else the board does not offer (every slide schedule is composed above).
  const rest = scene.legal.filter((a) => !ctx.used.has(a) && !ctx.reach.has(a) && !a.startsWith('slide '));
  if (rest.length) {
    items.push(h('div', { class: 'ss-buttons' }, h('span', { class: 'ss-composer-label' }, 'Also:'), rest.map((a) => moveButton(ctx, a, label(a)))));
  }
  return h('div', { class: 'ss-decide', role: 'group', 'aria-label': 'Your decision' },
    hints.map((t) => h('p', { class: 'ss-hint' }, t)),
    items.length ? h('div', { class: 'ss-buttons' }, items) : null);
}

/** @param {number | null} slot */
function slotLabelOf(slot) {
  return slot === null ? '' : slot < 2 ? `Villain ${slot + 1}` : `Spy ${slot - 1}`;
}

/** The deduction aid in words. @param {Ctx} ctx */
function aidBox(ctx) {
  const { v } = ctx;
  const d = v.deduction;
  if (ctx.spectator || !d || ['characters', 'map', 'starter'].includes(v.phase)) return null;
  const them = myTeam(v) === 'spies' ? 'Villains' : 'Spies';
  const lines = enemySlots(v).map((slot, i) => {
    const rooms = /** @type {string[]} */ (d.rooms?.[i] ?? []);
    let text = rooms.length >= 16 ? 'anywhere' : rooms.length ? rooms.join(' ') : '';
    if (d.away?.[i]) text = text ? `${text}, or off the map / about to land` : 'off the map or about to land';
    return h('li', {}, h('span', { class: 'ss-aid-who', style: `border-color:${colourOf(v, slot)}` }, `${initials(v, slot)}?`), ` ${slotName(v, slot)}: ${text || 'nowhere known'}`);
  });
  if (them === 'Spies') {
    ['Virus', 'Beacon'].forEach((name, i) => {
      const rooms = /** @type {string[]} */ (d.devices?.[i] ?? []);
      if (!rooms.length) return;
      lines.push(h('li', {}, `${name}: ${rooms.length >= 16 ? 'anywhere' : rooms.join(' ')}${d.supply?.[i] ? ', or not built' : ''}`));
    });
  }
  return h('div', { class: 'ss-aid' },
    h('h3', {}, d.complete === false ? `Where the ${them} are likely to be` : `Where the ${them} may be`),
    h('ul', {}, lines),
    h('p', { class: 'ss-note' }, `${d.worlds.toLocaleString('en')} possible situation${d.worlds === 1 ? '' : 's'} fit everything your team has seen and heard${d.exact ? '' : d.complete ? ' (widened: every possibility is kept, and a few already ruled out may be among them)' : ' (a sample: not every possibility is kept, so they may be in a room not marked)'}. Marked on the map with “?”.`));
}

/** The public log (declarations and answers), the latest last. @param {Ctx} ctx */
function heardBox(ctx) {
  const { v } = ctx;
  const log = v.log ?? [];
  const first = log.length ? JSON.stringify(log[0]) : '';
  let lines;
  if (ui.heard && ui.heard.len === log.length && ui.heard.first === first) lines = ui.heard.lines;
  else {
    lines = heardLines(v);
    ui.heard = { len: log.length, first, lines };
  }
  if (!lines.length) return null;
  const recent = lines.slice(-10);
  const box = h('div', { class: 'ss-heard' },
    h('h3', {}, 'Declared aloud (everyone heard)'),
    h('ol', { class: 'ss-heard-list', start: String(lines.length - recent.length + 1) }, recent.map((t) => h('li', {}, t))));
  if (lines.length > recent.length) {
    const all = h('details', {}, h('summary', {}, `All ${lines.length} declarations`));
    all.addEventListener('toggle', () => {
      if (/** @type {HTMLDetailsElement} */ (all).open && all.children.length === 1) {
        all.append(h('ol', { class: 'ss-heard-list' }, lines.map((t) => h('li', {}, t))));
      }
    }, { once: true });
    box.append(all);
  }
  return box;
}

/** Who plays whom, for a spectator. @param {Ctx} ctx */
function castBox(ctx) {
  const { v, scene } = ctx;
  return h('div', { class: 'ss-aid' },
    h('h3', {}, 'The characters'),
    h('ul', {}, [0, 1, 2, 3].map((slot) => {
      const seat = seatOf(v, slot);
      return h('li', {}, h('span', { style: `color:${colourOf(v, slot)}` }, SEAT_SHAPES[seat % SEAT_SHAPES.length]), ` ${slot < 2 ? 'Villain' : 'Spy'}: ${v.characters?.[slot] ? charName(v.characters[slot]) : 'not revealed yet'} (${scene.names[seat] ?? `seat ${seat + 1}`})`);
    })));
}

/** The legend under the map. @param {boolean} spectator */
function legend(spectator) {
  return h('p', { class: 'ss-legend' },
    h('span', {}, 'M Doomsday Machine (cubes)'), ' · ', h('span', {}, 'G Generator (⚡ active at 2)'), ' · ',
    h('span', {}, '◆ Villain devices: T TNT, L Trip Laser, P Honey Pot'), ' · ', h('span', {}, '■ Spy devices: H Hologram, R Reflector, V Virus, B Beacon'), ' · ',
    h('span', {}, 'thick lines: walls'), ' · ',
    spectator ? null : [h('span', {}, 'dashed arrows: planned moves'), ' · ', h('span', {}, '“?” where the other team may be'), ' · '],
    h('span', {}, 'hatched: smoke; dotted: frozen'));
}

/** @type {import('../index.js').Renderer} */
const renderer = {
  render(root, scene) {
    lastRoot = root;
    lastScene = scene;
    const v = scene.view;
    if (!v) {
      root.append(h('div', { class: 'ss' }, h('p', { class: 'muted' },
        'Spectators see the moves in the log: in Sabotage each team plays behind its own screen, so there is no public board to draw.')));
      return;
    }
    const sig = `${scene.legal.length}:${scene.legal[0] ?? ''}:${scene.legal[scene.legal.length - 1] ?? ''}:${v.round}:${v.phase}:${v.steps.join(',')}:${v.log.length}:${v.slot}:${JSON.stringify(v.pending)}:${JSON.stringify(v.stage)}`;
    if (sig !== ui.sig) {
      ui.sig = sig;
      ui.pick = '';
      ui.draft = [];
    }
    // A window of the full game always asks where a Virus or a Beacon would be built (so
    // that the Villains learn nothing from when it is asked): with none to come, the only
    // answer is given at once.
    if (scene.seat !== null && !scene.replay && scene.legal.length === 1 && scene.legal[0] === 'anywhere none' && ui.formality !== sig) {
      ui.formality = sig;
      setTimeout(() => scene.act('anywhere none'), 0);
    }
    /** @type {Ctx} */
    const ctx = {
      v, scene, c: classify(scene.legal), walls: new Set(v.walls), used: new Set(),
      reach: new Set(), intro: Boolean(scene.options?.intro), deciding: deciding(v), light: () => {},
      spectator: scene.seat === null,
    };
    const team = myTeam(v);
    const map = drawMap(ctx);
    const boards = ctx.spectator || (['characters', 'map', 'starter'].includes(v.phase) && !ownSlots(v).some((sl) => own(v, sl).id))
      ? []
      : ownSlots(v).map((sl) => drawBoard(ctx, sl));
    const screen = drawScreen(ctx);
    const panel = ctx.spectator ? null : decisionPanel(ctx);
    const yours = scene.legal.length > 0;
    const who = ctx.spectator
      ? (scene.replay ? 'Seen by a spectator' : 'You are watching')
      : scene.replay ? `The ${TEAM[team]}' screen` : `You are the ${TEAM[team]}`;
    root.append(h('div', { class: `ss ss-${ctx.spectator ? 'spectator' : team}` },
      h('div', { class: `ss-status${yours ? ' ss-yours' : ''}` },
        h('span', { class: 'ss-team' }, who), ' ',
        h('span', {}, waitingWords(ctx))),
      panel,
      ctx.spectator ? h('p', { class: 'ss-note' }, 'A spectator sees what every seat sees: the map’s walls, machines and generators, the public devices, the tracks, the roll and what is declared aloud. Each team’s rooms and plans stay behind its screen.') : null,
      h('div', { class: 'ss-main' },
        h('div', { class: 'ss-left' }, map, legend(ctx.spectator), aidBox(ctx)),
        h('div', { class: 'ss-right' }, screen, boards, ctx.spectator ? castBox(ctx) : null)),
      heardBox(ctx)));
  },
  label,
  result,
  last,
};

/**
 * The game's end in words, for the table's banner: which team won, and how.
 * @param {import('../index.js').Scene} scene
 * @returns {string | null}
 */
function result(scene) {
  const v = scene.view;
  if (!v || !v.outcome) return null;
  if (v.outcome === 'draw') return `A draw: ${v.round} rounds passed with neither team reaching the end of its track.`;
  const intro = Boolean(scene.options?.intro);
  return v.outcome.win === 'spies'
    ? `The Spies win: they hacked the Doomsday Machines ${intro ? 5 : 8} times.`
    : `The Villains win: they hit the Spies ${intro ? 4 : 5} times.`;
}

/**
 * The rooms the last move named (a start, an aim, a build, a piece of the map).
 * @param {import('../index.js').Entry} entry
 * @returns {string[]}
 */
function last(entry) {
  if (typeof entry.actor !== 'number' || !entry.action) return [];
  return [...new Set(entry.action.match(/\b[a-d][1-4]\b/g) ?? [])].map((r) => `[data-room="${r}"]`);
}


export default renderer;
