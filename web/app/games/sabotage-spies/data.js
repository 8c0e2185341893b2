// GENERATED from the game's data file `crates/games/sabotage-spies/data/sabotage-spies.json`
// (version 1) by `crates/games/sabotage-spies/tests/web_data.rs`. Do not edit by hand:
// change the data file (or that test), then regenerate with
//   TABULA_BLESS=1 cargo test -q -p tabula-sabotage-spies --test web_data
// (the test fails while this file differs from what it generates).
//
// Sabotage (Fowers & Krause): the components the renderer names and draws: tiles (names,
// costs, declarations, targets, texts), characters, patterns, devices, the dice key and the
// player board's geometry. Only public facts of the box, never a seat's secret. The map's
// pieces (walls, machines, generators) come from the view; DEFAULT_MAP is the data file's
// default layout, kept for reference.

/**
 * @typedef {{kind: string, min?: number, max?: number, value?: number}} Cost
 * @typedef {{kind: string, text?: string}} Declare
 * @typedef {{kind: string, pattern?: string, rotate?: boolean, through_walls?: boolean, which?: string, areas?: string[], max?: number, plan_time?: boolean}} Target
 * @typedef {{name: string, team: string, type: string, text: string, character?: string, tier?: number,
 *   cost?: Cost, declare?: Declare, target?: Target, copies?: number, throughWalls?: boolean}} Tile
 * @typedef {{name: string, team: string, tiles: string[]}} Character
 * @typedef {{star: boolean, cells: [number, number, (string | number | number[])][], unaffected?: number[]}} Pattern
 */

/** Tiles by id, in the notation's order (starting tiles, then each character's five). @type {Record<string, Tile>} */
export const TILES = {
  "move-scan": {"name": "Move & Scan", "team": "spies", "type": "move-scan", "text": "Move once, then scan your row, column or quadrant. Declare only \"scan\".", "cost": {"kind": "direction"}, "declare": {"kind": "quote", "text": "scan"}, "target": {"kind": "area", "which": "own"}, "copies": 3},
  "earpiece": {"name": "Earpiece", "team": "spies", "type": "earpiece", "text": "Move your teammate once (do not declare the direction they moved).", "cost": {"kind": "direction"}, "declare": {"kind": "none"}, "target": {"kind": "teammate"}, "copies": 1},
  "hack": {"name": "Hack", "team": "spies", "type": "hack", "text": "Hack your room.", "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "self"}, "copies": 1},
  "parachute": {"name": "Parachute", "team": "spies", "type": "parachute", "text": "Lie down on the room you will enter; when executed, stand up and declare either half of the map containing it.", "cost": {"kind": "none"}, "declare": {"kind": "quote", "text": "top, bottom, left or right"}, "target": {"kind": "anywhere", "plan_time": true}, "copies": 1},
  "move": {"name": "Move", "team": "villains", "type": "move", "text": "Move once in the direction of the die.", "cost": {"kind": "direction"}, "declare": {"kind": "none"}, "copies": 3},
  "generator": {"name": "Generator", "team": "villains", "type": "generator", "text": "Place 1 generator cube on the Generator in your room.", "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "self"}, "copies": 1},
  "motion-detector": {"name": "Motion Detector", "team": "villains", "type": "detect", "text": "Choose and declare any row, column or quadrant; the Spies declare how many Spies are there.", "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "area", "which": "any"}, "copies": 1},
  "stun-gun": {"name": "Stun Gun", "team": "villains", "type": "attack", "text": "Attack your room and one adjacent room.", "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "stun", "rotate": true}, "copies": 1},
  "wall-run": {"name": "Wall Run", "team": "spies", "type": "move-scan", "text": "Move once through a wall (not the board edge), then scan your row, column or quadrant. Declare only \"scan\".", "character": "acrobat", "tier": 1, "cost": {"kind": "direction"}, "declare": {"kind": "quote", "text": "scan"}, "target": {"kind": "area", "which": "own"}, "throughWalls": true},
  "virus": {"name": "Virus", "team": "spies", "type": "build", "text": "Build Anywhere the Virus: its room is chosen when it is executed (named at your window before it). Do not declare this action.", "character": "acrobat", "tier": 2, "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "none"}, "target": {"kind": "anywhere", "plan_time": true}},
  "backflip-hack": {"name": "Backflip Hack", "team": "spies", "type": "hack", "text": "Hack your room, then move once in the direction the pair's number gives (none for 5 or 6). You cannot hack again this turn.", "character": "acrobat", "tier": 2, "cost": {"kind": "pair"}, "declare": {"kind": "name"}, "target": {"kind": "self"}},
  "zipline": {"name": "Zipline", "team": "spies", "type": "move", "text": "Move in the direction of the die until a wall or the board edge stops you (at least one room).", "character": "acrobat", "tier": 3, "cost": {"kind": "direction"}, "declare": {"kind": "name"}},
  "double-hack": {"name": "Double Hack", "team": "spies", "type": "hack", "text": "Hack your room and one adjacent room.", "character": "acrobat", "tier": 3, "cost": {"kind": "sum", "value": 9}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "stun", "rotate": true}},
  "remote-hack": {"name": "Remote Hack", "team": "spies", "type": "hack", "text": "Hack one adjacent room.", "character": "hacker", "tier": 1, "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "adj", "rotate": true}},
  "flashbang": {"name": "Flashbang", "team": "spies", "type": "special", "text": "The Villains declare the name and room of each Villain in your room and the four adjacent; if at least one, you gain 3 unlock markers. Each Villain hit places one die fewer next round.", "character": "hacker", "tier": 2, "cost": {"kind": "pair"}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "plus", "rotate": false}},
  "beacon": {"name": "Beacon", "team": "spies", "type": "build", "text": "Build Anywhere the Beacon: its room is chosen when it is executed (named at your window before it). Do not declare this action.", "character": "hacker", "tier": 2, "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "none"}, "target": {"kind": "anywhere", "plan_time": true}},
  "overclock": {"name": "Overclock", "team": "spies", "type": "passive", "text": "Passive: your Hack tile costs any die (1-6).", "character": "hacker", "tier": 3},
  "worm": {"name": "Worm", "team": "spies", "type": "hack", "text": "Hack every room of your quadrant (through walls).", "character": "hacker", "tier": 3, "cost": {"kind": "sum", "value": 10}, "declare": {"kind": "name"}, "target": {"kind": "area", "which": "own", "areas": ["quad"]}},
  "thermo": {"name": "Thermo", "team": "spies", "type": "scan", "text": "Scan any row, column or quadrant.", "character": "hawk", "tier": 1, "cost": {"kind": "range", "min": 5, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "area", "which": "any"}},
  "smoke-bomb": {"name": "Smoke Bomb", "team": "spies", "type": "special", "text": "Your room and the four adjacent are smoky until the end of the round: Spies moving into them do not declare \"scan\".", "character": "hawk", "tier": 2, "cost": {"kind": "sum", "value": 7}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "plus", "rotate": false}},
  "hologram": {"name": "Hologram", "team": "spies", "type": "build", "text": "Build Adjacent a Hologram.", "character": "hawk", "tier": 2, "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "adjacent"}},
  "glide": {"name": "Glide", "team": "spies", "type": "move-scan", "text": "Move twice in the direction of the die (once if the second is blocked), then scan your row, column or quadrant. Declare only \"scan\".", "character": "hawk", "tier": 3, "cost": {"kind": "direction"}, "declare": {"kind": "quote", "text": "scan"}, "target": {"kind": "area", "which": "own"}},
  "eagle-eye": {"name": "Eagle Eye", "team": "spies", "type": "passive", "text": "Passive: your scans also find Villain device tokens (their names and rooms).", "character": "hawk", "tier": 3},
  "shoulder-charge": {"name": "Shoulder Charge", "team": "spies", "type": "move", "text": "Move once through a wall, destroying it (plannable only into a wall); the wall's two rooms are declared and it leaves both maps.", "character": "juicer", "tier": 1, "cost": {"kind": "direction"}, "declare": {"kind": "name"}, "throughWalls": true},
  "reflector": {"name": "Reflector", "team": "spies", "type": "build", "text": "Build a Reflector in your room.", "character": "juicer", "tier": 2, "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "self"}},
  "tough": {"name": "Tough", "team": "spies", "type": "passive", "text": "Passive: reveals do not lower your Swagger.", "character": "juicer", "tier": 2},
  "power-hack": {"name": "Power Hack", "team": "spies", "type": "hack", "text": "Hack your room twice.", "character": "juicer", "tier": 3, "cost": {"kind": "sum", "value": 10}, "declare": {"kind": "name"}, "target": {"kind": "self"}},
  "juiced": {"name": "Juiced", "team": "spies", "type": "passive", "text": "Passive: you may place one more die (at most 4).", "character": "juicer", "tier": 3},
  "flashlight": {"name": "Flashlight", "team": "villains", "type": "reveal", "text": "Reveal the next three rooms in a straight line, in any direction.", "character": "chantico", "tier": 1, "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "line3", "rotate": true}},
  "tnt": {"name": "TNT", "team": "villains", "type": "build", "text": "Build Adjacent the TNT.", "character": "chantico", "tier": 2, "cost": {"kind": "sum", "value": 8}, "declare": {"kind": "name"}, "target": {"kind": "adjacent"}},
  "fire-wall": {"name": "Fire Wall", "team": "villains", "type": "attack", "text": "Attack your room and your row outwards both ways until a wall or the board edge.", "character": "chantico", "tier": 2, "cost": {"kind": "sum", "value": 9}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "row", "rotate": false}},
  "searchlight": {"name": "Searchlight", "team": "villains", "type": "reveal", "text": "Reveal your room, your row and your column outwards until walls.", "character": "chantico", "tier": 3, "cost": {"kind": "pair"}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "rowcol", "rotate": false}},
  "inferno": {"name": "Inferno", "team": "villains", "type": "attack", "text": "Attack the 3x3 block around you (a diagonal room reached through an adjacent one).", "character": "chantico", "tier": 3, "cost": {"kind": "sum", "value": 12}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "ring", "rotate": false}},
  "bat-swarm": {"name": "Bat Swarm", "team": "villains", "type": "reveal", "text": "Reveal your room and the four adjacent.", "character": "count-v", "tier": 1, "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "plus", "rotate": false}},
  "honey-pot": {"name": "Honey Pot", "team": "villains", "type": "build", "text": "Build Anywhere the Honey Pot (the room is chosen when executed and declared).", "character": "count-v", "tier": 2, "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "anywhere"}},
  "shockwave": {"name": "Shockwave", "team": "villains", "type": "special", "text": "Each Spy in the four adjacent rooms is pushed one room straight away from you, if no wall or board edge stops it. The Spies declare nothing.", "character": "count-v", "tier": 2, "cost": {"kind": "pair"}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "around", "rotate": false}},
  "bite": {"name": "Bite", "team": "villains", "type": "attack", "text": "Attack your room.", "character": "count-v", "tier": 3, "cost": {"kind": "range", "min": 1, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "self"}},
  "crimson-generator": {"name": "Crimson Generator", "team": "villains", "type": "passive", "text": "Passive: you may place one more die (at most 4).", "character": "count-v", "tier": 3},
  "camouflage": {"name": "Camouflage", "team": "villains", "type": "passive", "text": "Passive: a scan that finds you is answered with your name but not your room; the Spies still gain unlocks.", "character": "nadesh", "tier": 1},
  "sniper": {"name": "Sniper", "team": "villains", "type": "attack", "text": "Attack one room up to three away in a straight line, the path to it unblocked (chosen when executed).", "character": "nadesh", "tier": 2, "cost": {"kind": "range", "min": 5, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "line", "max": 3}},
  "ambush": {"name": "Ambush", "team": "villains", "type": "attack", "text": "Attack your room.", "character": "nadesh", "tier": 2, "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "self"}},
  "dragnet": {"name": "Dragnet", "team": "villains", "type": "reveal", "text": "Reveal your quadrant (through walls).", "character": "nadesh", "tier": 3, "cost": {"kind": "pair"}, "declare": {"kind": "name"}, "target": {"kind": "area", "which": "own", "areas": ["quad"]}},
  "overcharge": {"name": "Overcharge", "team": "villains", "type": "passive", "text": "Passive: each active Generator lets you place two more dice instead of one (at most 4).", "character": "nadesh", "tier": 3},
  "trip-laser": {"name": "Trip Laser", "team": "villains", "type": "build", "text": "Build Adjacent a Trip Laser.", "character": "ophidian", "tier": 1, "cost": {"kind": "range", "min": 1, "max": 3}, "declare": {"kind": "name"}, "target": {"kind": "adjacent"}},
  "freeze-ray": {"name": "Freeze Ray", "team": "villains", "type": "special", "text": "The two rooms in a straight line from yours are frozen until the end of the round: Spies there cannot move out of them, and a Spy entering one is frozen. Spies do not declare if they are affected.", "character": "ophidian", "tier": 2, "cost": {"kind": "pair"}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "line2", "rotate": true}},
  "venom-dart": {"name": "Venom Dart", "team": "villains", "type": "attack", "text": "Attack the room two away in a straight line (not the one between; no wall crossed).", "character": "ophidian", "tier": 2, "cost": {"kind": "range", "min": 4, "max": 6}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "dart", "rotate": true}},
  "constrict": {"name": "Constrict", "team": "villains", "type": "attack", "text": "Attack your room and the four adjacent.", "character": "ophidian", "tier": 3, "cost": {"kind": "sum", "value": 10}, "declare": {"kind": "name"}, "target": {"kind": "pattern", "pattern": "plus", "rotate": false}},
  "slither": {"name": "Slither", "team": "villains", "type": "passive", "text": "Passive: your moves may cross walls.", "character": "ophidian", "tier": 3},
};

/** The starting hands' tiles by team. @type {Record<string, string[]>} */
export const STARTING = {"spies": ["move-scan", "earpiece", "hack", "parachute"], "villains": ["move", "generator", "motion-detector", "stun-gun"]};

/** Characters by id. @type {Record<string, Character>} */
export const CHARACTERS = {
  "acrobat": {"name": "Acrobat", "team": "spies", "tiles": ["wall-run", "virus", "backflip-hack", "zipline", "double-hack"]},
  "hacker": {"name": "Hacker", "team": "spies", "tiles": ["remote-hack", "flashbang", "beacon", "overclock", "worm"]},
  "hawk": {"name": "Hawk", "team": "spies", "tiles": ["thermo", "smoke-bomb", "hologram", "glide", "eagle-eye"]},
  "juicer": {"name": "Juicer", "team": "spies", "tiles": ["shoulder-charge", "reflector", "tough", "power-hack", "juiced"]},
  "chantico": {"name": "Chantico", "team": "villains", "tiles": ["flashlight", "tnt", "fire-wall", "searchlight", "inferno"]},
  "count-v": {"name": "Count V", "team": "villains", "tiles": ["bat-swarm", "honey-pot", "shockwave", "bite", "crimson-generator"]},
  "nadesh": {"name": "Nadesh", "team": "villains", "tiles": ["camouflage", "sniper", "ambush", "dragnet", "overcharge"]},
  "ophidian": {"name": "Ophidian", "team": "villains", "tiles": ["trip-laser", "freeze-ray", "venom-dart", "constrict", "slither"]},
};

/** Patterns pointing up: cells [dx, dy, parent]. @type {Record<string, Pattern>} */
export const PATTERNS = {
  "adj": {"star": false, "cells": [[0, -1, "star"]]},
  "around": {"star": false, "cells": [[0, -1, "star"], [1, 0, "star"], [0, 1, "star"], [-1, 0, "star"]]},
  "dart": {"star": false, "cells": [[0, -1, "star"], [0, -2, 0]], "unaffected": [0]},
  "line2": {"star": false, "cells": [[0, -1, "star"], [0, -2, 0]]},
  "line3": {"star": false, "cells": [[0, -1, "star"], [0, -2, 0], [0, -3, 1]]},
  "plus": {"star": true, "cells": [[0, -1, "star"], [1, 0, "star"], [0, 1, "star"], [-1, 0, "star"]]},
  "ring": {"star": true, "cells": [[0, -1, "star"], [1, 0, "star"], [0, 1, "star"], [-1, 0, "star"], [1, -1, [0, 1]], [1, 1, [1, 2]], [-1, 1, [2, 3]], [-1, -1, [3, 0]]]},
  "row": {"star": true, "cells": [[-1, 0, "star"], [-2, 0, 0], [-3, 0, 1], [1, 0, "star"], [2, 0, 3], [3, 0, 4]]},
  "rowcol": {"star": true, "cells": [[-1, 0, "star"], [-2, 0, 0], [-3, 0, 1], [1, 0, "star"], [2, 0, 3], [3, 0, 4], [0, -1, "star"], [0, -2, 6], [0, -3, 7], [0, 1, "star"], [0, 2, 9], [0, 3, 10]]},
  "stun": {"star": true, "cells": [[0, -1, "star"]]},
};

/** Device kinds by id. @type {Record<string, {name: string, team: string, tokens: number}>} */
export const DEVICES = {
  "tnt": {"name": "TNT", "team": "villains", "tokens": 1},
  "trip-laser": {"name": "Trip Laser", "team": "villains", "tokens": 2},
  "honey-pot": {"name": "Honey Pot", "team": "villains", "tokens": 1},
  "hologram": {"name": "Hologram", "team": "spies", "tokens": 2},
  "reflector": {"name": "Reflector", "team": "spies", "tokens": 2},
  "virus": {"name": "Virus", "team": "spies", "tokens": 1},
  "beacon": {"name": "Beacon", "team": "spies", "tokens": 1},
};

/** The die face → direction key (null: no direction). @type {Record<string, string | null>} */
export const DICE_KEY = {"1": "up", "2": "right", "3": "down", "4": "left", "5": null, "6": null};

/** The player board's geometry. */
export const BOARD = {"action_spaces": 5, "tiers": [1, 2, 3], "swagger_spaces": 5, "swagger_red_lines": [0, 2], "swagger_dice": [[2, 3], [5, 4]], "unlock_spaces": [1, 2, 3, 4, 5, 6], "base_dice": 2};

/** The default map (the view carries the map in play: walls, machines, generators). */
export const DEFAULT_MAP = {"machines": ["b1", "d3", "a4"], "generators": ["d1", "b3"], "walls": [["b1", "b2"], ["b2", "c2"], ["c3", "d3"], ["b3", "b4"], ["d2", "d3"]]};

/** What each device does (rules §Devices; the effects are the data file's, invented). @type {Record<string, string>} */
export const DEVICE_TEXT = {
  "tnt": "TNT (Villains): when a standing Spy enters its room, it explodes, attacking its room and the four adjacent and destroying the walls between them.",
  "trip-laser": "Trip Laser (Villains): at the end of each round the Spies must say whether a Spy entered its room this round.",
  "honey-pot": "Honey Pot (Villains): when a standing Spy enters its room, the Spies must say \"honey pot\".",
  "hologram": "Hologram (Spies): Spies in its room are not found by reveals nor counted by Motion Detectors.",
  "reflector": "Reflector (Spies): the next attack on its room hits nothing there; then it goes back to the Spies.",
  "virus": "Virus (Spies): at the end of the Villains' execution next round it hacks its room.",
  "beacon": "Beacon (Spies): a Spy whose Parachute lands here may declare \"beacon\" instead of a half.",
};

/** A device's letter on the map. @type {Record<string, string>} */
export const DEVICE_LETTER = {"tnt": "T", "trip-laser": "L", "honey-pot": "P", "hologram": "H", "reflector": "R", "virus": "V", "beacon": "B"};

/** The public device tokens of the view's `devices`, by index (rules §The state). */
export const TOKEN_KINDS = ["tnt", "trip-laser", "trip-laser", "honey-pot", "hologram", "hologram", "reflector", "reflector", "virus", "beacon"];
