// Sabotage (Fowers & Krause) in words: names of characters, tiles, costs and areas, the
// notation as short labels (the move list) and as log sentences, and the public log of the
// view (declarations and answers) as lines. Everything here reads the notation or the view
// only: what a seat may know.

import { TILES, CHARACTERS, DEVICES } from './data.js';

export const ARROW = /** @type {Record<string, string>} */ ({ up: '↑', right: '→', down: '↓', left: '←' });

/**
 * The name of a tile by id (`Move & Scan`), or the id itself if unknown.
 * @param {string} id
 */
export function tileName(id) {
  return TILES[id]?.name ?? id;
}

/**
 * The name of a character by id (`Count V`).
 * @param {string} id
 */
export function charName(id) {
  return CHARACTERS[id]?.name ?? id;
}

/**
 * `Villain 1`, `Spy 2`: a slot before its character is known.
 * @param {number} slot
 */
export function slotLabel(slot) {
  return slot < 2 ? `Villain ${slot + 1}` : `Spy ${slot - 1}`;
}

/**
 * A slot's name as the view knows it.
 * @param {any} view
 * @param {number} slot
 */
export function slotName(view, slot) {
  const id = view?.characters?.[slot];
  return id ? charName(id) : slotLabel(slot);
}

/** Two letters for each character on the map. @type {Record<string, string>} */
const INITIALS = {
  acrobat: 'Ac', hacker: 'Hk', hawk: 'Hw', juicer: 'Ju', chantico: 'Ch', 'count-v': 'CV', nadesh: 'Na', ophidian: 'Op',
};

/**
 * A slot's mark on the map: `Ch`, or `V1` / `S2` before the character is known.
 * @param {any} view
 * @param {number} slot
 */
export function initials(view, slot) {
  const id = view?.characters?.[slot];
  if (id) return INITIALS[id] ?? id.slice(0, 2);
  return slot < 2 ? `V${slot + 1}` : `S${slot - 1}`;
}

/**
 * An area's words: `row 2`, `column b`, `the NW quadrant`, `the top half`.
 * @param {string} area   as in the notation (`row 2`, `col b`, `quad nw`, `top`)
 */
export function areaWords(area) {
  const [k, x] = area.split(' ');
  if (k === 'row') return `row ${x}`;
  if (k === 'col') return `column ${x}`;
  if (k === 'quad') return `the ${x.toUpperCase()} quadrant`;
  return `the ${area} half`;
}

/**
 * A cost in short: `dir`, `4–6`, `Σ9`, `pair`, `free`, `any`.
 * @param {import('./data.js').Cost | undefined} cost
 */
export function costShort(cost) {
  if (!cost) return '';
  switch (cost.kind) {
    case 'direction': return 'dir';
    case 'exact': return String(cost.value);
    case 'range': return cost.min === 1 && cost.max === 6 ? 'any' : cost.min === cost.max ? String(cost.min) : `${cost.min}–${cost.max}`;
    case 'sum': return `Σ${cost.value}`;
    case 'pair': return 'pair';
    case 'none': return 'free';
    default: return cost.kind;
  }
}

/**
 * A cost in words: `a die 4–6`, `dice summing to 9`, `a direction die`.
 * @param {import('./data.js').Cost | undefined} cost
 */
export function costWords(cost) {
  if (!cost) return 'never planned (passive)';
  switch (cost.kind) {
    case 'direction': return 'one die showing the direction (1 up, 2 right, 3 down, 4 left)';
    case 'exact': return `a die showing ${cost.value}`;
    case 'range': return cost.min === 1 && cost.max === 6 ? 'any one die' : `one die showing ${cost.min}–${cost.max}`;
    case 'sum': return `dice summing to exactly ${cost.value}`;
    case 'pair': return 'two dice showing the same number';
    case 'none': return 'no die';
    default: return cost.kind;
  }
}

/**
 * What a tile says when executed: `silent`, `declared`, `says "scan"`.
 * @param {string} id
 */
export function speechShort(id) {
  const d = TILES[id]?.declare;
  if (!d) return 'passive';
  if (d.kind === 'none') return 'silent';
  if (d.kind === 'name') return 'declared';
  return id === 'parachute' ? 'says a half' : `says “${d.text}”`;
}

/**
 * A tile's tooltip: name, cost, what it says and does.
 * @param {string} id
 */
export function tileTip(id) {
  const t = TILES[id];
  if (!t) return id;
  const said = !t.declare ? 'Passive: always in effect, never planned.'
    : t.declare.kind === 'none' ? 'Not declared: the other team hears nothing.'
      : t.declare.kind === 'name' ? 'Declared by name, with the rooms it targets.'
        : `Declare only “${t.declare.text}”.`;
  return `${t.name}${t.tier ? ` (tier ${t.tier})` : ''}: ${t.text}\nCost: ${costWords(t.cost)}. ${said}`;
}

/**
 * `the Virus in d3 and the Beacon in b2` from the words after `anywhere`.
 * @param {string[]} parts
 */
function anywhereWords(parts) {
  /** @type {string[]} */
  const out = [];
  for (let i = 0; i + 1 < parts.length; i += 2) out.push(`the ${parts[i] === 'virus' ? 'Virus' : 'Beacon'} in ${parts[i + 1]}`);
  return out.join(' and ');
}

/**
 * A slide schedule's words: `↑ up, wait, ← left`.
 * @param {string[]} parts   the schedule's words after `slide`
 */
export function slideWords(parts) {
  if (!parts.length || parts[0] === 'none') return 'no slide';
  return parts.map((p) => (p === 'wait' ? 'wait one unseen action' : `${ARROW[p] ?? ''} ${p}`)).join(', then ');
}

const TEAM = /** @type {Record<string, string>} */ ({ villains: 'Villains', spies: 'Spies' });

/**
 * A short label for a legal move (the move list).
 * @param {string} action
 */
export function label(action) {
  const w = action.split(' ');
  const rest = w.slice(1).join(' ');
  switch (w[0]) {
    case 'roll': return `Roll ${rest}`;
    case 'starter': return `${TEAM[w[1]] ?? w[1]} place first`;
    case 'wall': return `Wall ${w[1]}|${w[2]}`;
    case 'machine': return `Doomsday Machine in ${w[1]}`;
    case 'generator': return `Generator in ${w[1]}`;
    case 'character': return `Be ${charName(w[1])}`;
    case 'start': return `Start in ${w[1]}`;
    case 'tile':
      if (w[1] === 'none') return 'No tile (space and rest empty)';
      if (w[1] === 'parachute') return `Parachute → land in ${w[2]}`;
      if (w[2]) return `${tileName(w[1])} in ${w[2]}`;
      return `Tile: ${tileName(w[1])}`;
    case 'die':
      if (w[1] === 'off') return 'Leave the die off';
      if (w[2] === 'on') return `Die as ${w[1]} on space ${w[3]}`;
      if (w[2] === 'unlock') return `Die as ${w[1]} on unlock ${w[1]}${w[3] ? `, keep ${tileName(w[3])}` : ''}`;
      return action;
    case 'first': return `${charName(w[1])} goes first`;
    case 'aim': return /^[a-d][1-4]$/.test(w[1]) ? `Aim at ${w[1]}` : `Aim ${ARROW[w[1]] ?? ''} ${w[1]}`;
    case 'build': return w[2] === 'from' ? `Build in ${w[1]}, picking up the token in ${w[3]}` : `Build in ${w[1]}`;
    case 'scan': return `Scan ${areaWords(rest)}`;
    case 'detect': return `Detect ${areaWords(rest)}`;
    case 'land': return `Land: “${w[1]}”`;
    case 'unlock':
      if (w[1] === 'swagger') return 'Marker on Swagger';
      if (w[1] === 'none') return 'Marker: nowhere (all full)';
      return w[2] ? `Marker on tiers, keep ${tileName(w[2])}` : 'Marker on tiers';
    case 'slide': return w[1] === 'none' ? 'No slide' : `Slide ${w.slice(1).map((p) => ARROW[p] ?? '·').join(' ')}`;
    case 'anywhere': return anywhereWords(w.slice(1)) || 'Nothing to build';
    default: return action;
  }
}

/**
 * The public log of the view (every declaration and answer) as lines.
 * @param {any} view
 * @returns {string[]}
 */
export function heardLines(view) {
  /** @type {string[]} */
  const lines = [];
  const log = /** @type {any[]} */ (view.log ?? []);
  /** @param {number} slot */
  const who = (slot) => slotName(view, slot);
  /** @type {number | null} */
  let speaker = null;
  /** @param {string} more */
  const append = (more) => {
    if (lines.length) lines[lines.length - 1] += more;
    else lines.push(more);
  };
  for (let i = 0; i < log.length; i++) {
    const e = log[i];
    const k = typeof e === 'string' ? e : Object.keys(e)[0];
    const x = typeof e === 'string' ? null : e[k];
    const prev = i > 0 ? log[i - 1] : null;
    const prevKey = prev === null ? '' : typeof prev === 'string' ? prev : Object.keys(prev)[0];
    switch (k) {
      case 'characters': {
        const n = /** @type {string[]} */ (x).map(charName);
        lines.push(`Characters revealed: Villains ${n[0]} and ${n[1]}, Spies ${n[2]} and ${n[3]}`);
        break;
      }
      case 'said': {
        speaker = x.slot;
        const said = x.said;
        if (said.name) lines.push(`${who(x.slot)} declares ${tileName(said.name)}`);
        else lines.push(`${who(x.slot)} says “${TILES[said.quote]?.declare?.text ?? said.quote}”`);
        break;
      }
      case 'rooms':
        if (prevKey === 'said') append(`: ${x.join(' ')}`);
        else lines.push(`${speaker === null ? 'Rooms' : `${who(speaker)} targets`} ${x.join(' ')}`);
        break;
      case 'villain':
        lines.push(x.room ? `  → ${who(x.slot)} is found in ${x.room}` : `  → ${who(x.slot)} is found (camouflaged: no room)`);
        break;
      case 'villain-device':
        lines.push(`  → a Villain ${DEVICES[x.kind]?.name ?? x.kind} in ${x.room}`);
        break;
      case 'spy':
        lines.push(x.hit ? `  → ${who(x.slot)} is HIT in ${x.room} and leaves the map` : `  → ${who(x.slot)} is revealed in ${x.room}`);
        break;
      case 'spy-device':
        lines.push(`  → a Spy ${DEVICES[x.kind]?.name ?? x.kind} in ${x.room}`);
        break;
      case 'reflected':
        lines.push(`  → a Reflector in ${x} turns the attack away`);
        break;
      case 'count':
        append(x === 1 ? ': 1 Spy there' : `: ${x} Spies there`);
        break;
      case 'wall-down':
        lines.push(`The wall ${x} is destroyed`);
        break;
      case 'built':
        lines.push(`A ${DEVICES[x.kind]?.name ?? x.kind} is built in ${x.room}`);
        break;
      case 'honey-pot':
        lines.push(`The Spies say “honey pot”: a Spy entered ${x}`);
        break;
      case 'tnt':
        lines.push(`The Spies say “TNT”: the TNT in ${x} explodes`);
        break;
      case 'trip':
        lines.push(`Trip Laser in ${x.room}: ${x.entered ? 'yes, a Spy entered it this round' : 'no Spy entered it this round'}`);
        break;
      case 'virus':
        lines.push(`The Virus hacks ${x}`);
        break;
      case 'landed':
        lines.push(`${who(x)} lands (Parachute)`);
        break;
      case 'powered':
        lines.push(`The Generator in ${x} gets a cube`);
        break;
      case 'win':
        lines.push(`The ${TEAM[x] ?? x} win!`);
        break;
      default:
        lines.push(JSON.stringify(e));
    }
  }
  return lines;
}
