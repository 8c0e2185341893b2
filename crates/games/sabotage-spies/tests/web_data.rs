//! The browser client's copy of the data file: `web/app/games/sabotage-spies/data.js` is
//! generated here from the game's data file (`data/sabotage-spies.json`, read through
//! [`data::data`]) and the engine's numbering of the device tokens
//! ([`DeviceKind::of_token`]), so that the two cannot drift. The test fails while the
//! checked-in file differs from what the generator writes; `TABULA_BLESS=1 cargo test -q -p
//! tabula-sabotage-spies --test web_data` rewrites it (then review the diff, and `cd web &&
//! npx tsc -p .`).
//!
//! The renderer (`render.js`, `words.js`) reads the constants' names and shapes: the JSDoc
//! typedefs below are theirs. Two things the data file does not hold are kept here, each
//! checked against the data: what each device does ([`DEVICE_EFFECT_TEXT`], by the
//! engine's device effect) and each device's letter on the map ([`DEVICE_LETTERS`]).

use std::path::Path;

use serde_json::{Value, json};
use tabula_sabotage_spies::data::{
    self, AreaKind, Cost, DEVICE_EFFECTS, Data, Declare, Parent, TargetKind, Team, TileType, Which,
};
use tabula_sabotage_spies::tiles::{DeviceKind, NUM_TOKENS};

/// The generated file, from the workspace's root.
const OUT: &str = "web/app/games/sabotage-spies/data.js";

/// The command that rewrites it.
const BLESS: &str = "TABULA_BLESS=1 cargo test -q -p tabula-sabotage-spies --test web_data";

/// What each device effect does, for the map's tooltips (rules §Devices, the table's last
/// column, shortened). Not in the data file, which names each device's effect by its code in
/// the engine's vocabulary ([`DEVICE_EFFECTS`]): one sentence per code, and the test
/// requires exactly the engine's codes.
const DEVICE_EFFECT_TEXT: &[(&str, &str)] = &[
    (
        "tnt",
        "when a standing Spy enters its room, it explodes, attacking its room and the four adjacent and \
         destroying the walls between them.",
    ),
    ("trip-laser", "at the end of each round the Spies must say whether a Spy entered its room this round."),
    ("honey-pot", "when a standing Spy enters its room, the Spies must say \"honey pot\"."),
    ("hologram", "Spies in its room are not found by reveals nor counted by Motion Detectors."),
    ("reflector", "the next attack on its room hits nothing there; then it goes back to the Spies."),
    ("virus", "at the end of the Villains' execution next round it hacks its room."),
    ("beacon", "a Spy whose Parachute lands here may declare \"beacon\" instead of a half."),
];

/// Each device's letter on the map, by device id: the client's choice, not the data file's
/// (the initials clash: Trip Laser and TNT, Honey Pot and Hologram). The test requires one
/// distinct letter for every device of the data file.
const DEVICE_LETTERS: &[(&str, &str)] = &[
    ("tnt", "T"),
    ("trip-laser", "L"),
    ("honey-pot", "P"),
    ("hologram", "H"),
    ("reflector", "R"),
    ("virus", "V"),
    ("beacon", "B"),
];

/// The JSDoc typedefs of the shapes below, as `render.js` and `words.js` import them.
const TYPEDEFS: &str = "\
/**
 * @typedef {{kind: string, min?: number, max?: number, value?: number}} Cost
 * @typedef {{kind: string, text?: string}} Declare
 * @typedef {{kind: string, pattern?: string, rotate?: boolean, through_walls?: boolean, which?: string, areas?: string[], max?: number, plan_time?: boolean}} Target
 * @typedef {{name: string, team: string, type: string, text: string, character?: string, tier?: number,
 *   cost?: Cost, declare?: Declare, target?: Target, copies?: number, throughWalls?: boolean}} Tile
 * @typedef {{name: string, team: string, tiles: string[]}} Character
 * @typedef {{star: boolean, cells: [number, number, (string | number | number[])][], unaffected?: number[]}} Pattern
 */
";

/// A value as JSON text with a space after each `,` and `:`.
fn js(v: &Value) -> String {
    match v {
        Value::Array(items) => format!("[{}]", items.iter().map(js).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => object(map.iter().map(|(k, v)| (k.as_str(), js(v))).collect::<Vec<_>>()),
        other => other.to_string(),
    }
}

/// A string literal.
fn string(s: &str) -> String {
    Value::from(s).to_string()
}

/// An object on one line, its keys in the order given, each value already written.
fn object<K: AsRef<str>>(fields: Vec<(K, String)>) -> String {
    let fields: Vec<String> = fields.iter().map(|(k, v)| format!("{}: {v}", string(k.as_ref()))).collect();
    format!("{{{}}}", fields.join(", "))
}

/// An object with one entry a line, its keys in the order given.
fn object_lines<K: AsRef<str>>(fields: Vec<(K, String)>) -> String {
    let mut out = String::from("{\n");
    for (k, v) in &fields {
        out += &format!("  {}: {v},\n", string(k.as_ref()));
    }
    out + "}"
}

fn team(t: Team) -> String {
    string(t.name())
}

/// The team's name as a sentence writes it: `Villains`, `Spies`.
fn team_title(t: Team) -> &'static str {
    match t {
        Team::Villains => "Villains",
        Team::Spies => "Spies",
    }
}

/// A tile type as the data file writes it.
fn tile_type(t: TileType) -> &'static str {
    match t {
        TileType::Move => "move",
        TileType::MoveScan => "move-scan",
        TileType::Build => "build",
        TileType::Passive => "passive",
        TileType::Scan => "scan",
        TileType::Hack => "hack",
        TileType::Attack => "attack",
        TileType::Reveal => "reveal",
        TileType::Detect => "detect",
        TileType::Earpiece => "earpiece",
        TileType::Generator => "generator",
        TileType::Parachute => "parachute",
        TileType::Special => "special",
    }
}

fn cost(c: Cost) -> String {
    let kind = |k: &str| ("kind", string(k));
    object(match c {
        Cost::Direction => vec![kind("direction")],
        Cost::Exact { value } => vec![kind("exact"), ("value", value.to_string())],
        Cost::Range { min, max } => vec![kind("range"), ("min", min.to_string()), ("max", max.to_string())],
        Cost::Sum { value } => vec![kind("sum"), ("value", value.to_string())],
        Cost::Pair => vec![kind("pair")],
        Cost::None => vec![kind("none")],
    })
}

fn declare(d: &Declare) -> String {
    let kind = |k: &str| ("kind", string(k));
    object(match d {
        Declare::None => vec![kind("none")],
        Declare::Name => vec![kind("name")],
        Declare::Quote { text } => vec![kind("quote"), ("text", string(text))],
    })
}

fn target(t: &data::Target) -> String {
    let kind = |k: &str| ("kind", string(k));
    let mut fields = match &t.kind {
        TargetKind::Own => vec![kind("self")],
        TargetKind::Pattern { pattern, rotate, through_walls } => {
            let mut f = vec![kind("pattern"), ("pattern", string(pattern)), ("rotate", rotate.to_string())];
            if *through_walls {
                f.push(("through_walls", "true".into()));
            }
            f
        }
        TargetKind::Area { which, areas } => {
            let which = match which {
                Which::Own => "own",
                Which::Any => "any",
            };
            let mut f = vec![kind("area"), ("which", string(which))];
            // All three kinds is the data file's default, written by leaving `areas` out.
            if areas[..] != [AreaKind::Row, AreaKind::Col, AreaKind::Quad] {
                let names = areas.iter().map(|a| match a {
                    AreaKind::Row => "row",
                    AreaKind::Col => "col",
                    AreaKind::Quad => "quad",
                });
                f.push(("areas", js(&json!(names.collect::<Vec<_>>()))));
            }
            f
        }
        TargetKind::Line { max } => vec![kind("line"), ("max", max.to_string())],
        TargetKind::Adjacent => vec![kind("adjacent")],
        TargetKind::Anywhere => vec![kind("anywhere")],
        TargetKind::Teammate => vec![kind("teammate")],
    };
    if t.plan_time {
        fields.push(("plan_time", "true".into()));
    }
    object(fields)
}

/// TILES: every tile by id, in the notation's order.
fn tiles_js(d: &Data) -> String {
    let entries = d.tiles.iter().map(|t| {
        let mut f = vec![
            ("name", string(&t.name)),
            ("team", team(t.team)),
            ("type", string(tile_type(t.kind))),
            ("text", string(&t.text)),
        ];
        if let Some(c) = &t.character {
            f.push(("character", string(c)));
        }
        if let Some(tier) = t.tier {
            f.push(("tier", tier.to_string()));
        }
        if let Some(c) = t.cost {
            f.push(("cost", cost(c)));
        }
        if let Some(d) = &t.declare {
            f.push(("declare", declare(d)));
        }
        if let Some(t) = &t.target {
            f.push(("target", target(t)));
        }
        if let Some(s) = d.starting_tiles.of(t.team).iter().find(|s| s.id == t.id) {
            f.push(("copies", s.copies.to_string()));
        }
        if t.effect.flag("through_walls") {
            f.push(("throughWalls", "true".into()));
        }
        (t.id.as_str(), object(f))
    });
    object_lines(entries.collect())
}

fn patterns_js(d: &Data) -> String {
    let entries = d.patterns.iter().map(|(name, p)| {
        let cells = p.cells.iter().map(|c| {
            let parent = match &c.2 {
                Parent::Star(s) => json!(s),
                Parent::Cell(j) => json!(j),
                Parent::Any(js) => json!(js),
            };
            json!([c.0, c.1, parent])
        });
        let mut f = vec![("star", p.star_affected.to_string()), ("cells", js(&Value::from_iter(cells)))];
        if !p.unaffected.is_empty() {
            f.push(("unaffected", js(&json!(p.unaffected))));
        }
        (name.as_str(), object(f))
    });
    object_lines(entries.collect())
}

/// TOKEN_KINDS: the kind of each of the view's device tokens, as the engine numbers them,
/// which must be the data file's devices in order, each repeated by its tokens.
fn token_kinds(d: &Data) -> Vec<&'static str> {
    let kinds: Vec<&str> = (0..NUM_TOKENS).map(|i| DeviceKind::of_token(i).id()).collect();
    let from_data: Vec<&str> =
        d.devices.iter().flat_map(|dv| std::iter::repeat_n(dv.id.as_str(), usize::from(dv.tokens))).collect();
    assert_eq!(kinds, from_data, "the engine's device tokens (tiles.rs) are not the data file's");
    kinds
}

fn lookup<'a>(table: &[(&str, &'a str)], key: &str, what: &str) -> &'a str {
    table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v).unwrap_or_else(|| {
        panic!("{what} `{key}` has no entry in tests/web_data.rs: add one, then run {BLESS}")
    })
}

/// The text of `data.js`.
fn generate(d: &Data) -> String {
    // The tables kept here cover exactly what the engine and the data file name.
    let codes: Vec<&str> = DEVICE_EFFECT_TEXT.iter().map(|(c, _)| *c).collect();
    assert_eq!(codes, DEVICE_EFFECTS, "DEVICE_EFFECT_TEXT must describe each of the engine's device effects");
    let ids: Vec<&str> = d.devices.iter().map(|dv| dv.id.as_str()).collect();
    let lettered: Vec<&str> = DEVICE_LETTERS.iter().map(|(id, _)| *id).collect();
    assert_eq!(lettered, ids, "DEVICE_LETTERS must give each of the data file's devices, in order, a letter");
    let mut letters: Vec<&str> = DEVICE_LETTERS.iter().map(|(_, l)| *l).collect();
    letters.sort_unstable();
    letters.dedup();
    assert_eq!(letters.len(), DEVICE_LETTERS.len(), "two devices share a letter on the map");

    let starting = object(
        [Team::Spies, Team::Villains]
            .into_iter()
            .map(|t| {
                let ids: Vec<&str> = d.starting_tiles.of(t).iter().map(|s| s.id.as_str()).collect();
                (t.name(), js(&json!(ids)))
            })
            .collect(),
    );
    let characters = object_lines(
        d.characters
            .iter()
            .map(|c| {
                let f =
                    vec![("name", string(&c.name)), ("team", team(c.team)), ("tiles", js(&json!(c.tiles)))];
                (c.id.as_str(), object(f))
            })
            .collect(),
    );
    let devices = object_lines(
        d.devices
            .iter()
            .map(|dv| {
                let f = vec![
                    ("name", string(&dv.name)),
                    ("team", team(dv.team)),
                    ("tokens", dv.tokens.to_string()),
                ];
                (dv.id.as_str(), object(f))
            })
            .collect(),
    );
    let dice_key = object(
        (1..=6u8)
            .map(|face| {
                let dir = d.dice_key.direction(face).map_or(Value::Null, |dir| json!(dir.name()));
                (face.to_string(), js(&dir))
            })
            .collect(),
    );
    let b = &d.board;
    let board = object(vec![
        ("action_spaces", b.action_spaces.to_string()),
        ("tiers", js(&json!(b.tiers))),
        ("swagger_spaces", b.swagger_spaces.to_string()),
        ("swagger_red_lines", js(&json!(b.swagger_red_lines))),
        ("swagger_dice", js(&json!(b.swagger_dice))),
        ("unlock_spaces", js(&json!(b.unlock_spaces))),
        ("base_dice", b.base_dice.to_string()),
    ]);
    let rooms = |rooms: &[tabula_sabotage_spies::Room]| {
        js(&Value::from_iter(rooms.iter().map(|r| Value::from(r.to_string()))))
    };
    let walls: Vec<Value> = d.map.walls.iter().map(|[a, b]| json!([a.to_string(), b.to_string()])).collect();
    let default_map = object(vec![
        ("machines", rooms(&d.map.machines)),
        ("generators", rooms(&d.map.generators)),
        ("walls", js(&Value::Array(walls))),
    ]);
    let device_text = object_lines(
        d.devices
            .iter()
            .map(|dv| {
                let does = lookup(DEVICE_EFFECT_TEXT, &dv.effect, "device effect");
                (dv.id.as_str(), string(&format!("{} ({}): {does}", dv.name, team_title(dv.team))))
            })
            .collect(),
    );
    let device_letter = object(
        d.devices
            .iter()
            .map(|dv| (dv.id.as_str(), string(lookup(DEVICE_LETTERS, &dv.id, "device"))))
            .collect(),
    );
    let token_kinds = js(&json!(token_kinds(d)));

    let version = d.version;
    format!(
        "\
// GENERATED from the game's data file `crates/games/sabotage-spies/data/sabotage-spies.json`
// (version {version}) by `crates/games/sabotage-spies/tests/web_data.rs`. Do not edit by hand:
// change the data file (or that test), then regenerate with
//   {BLESS}
// (the test fails while this file differs from what it generates).
//
// Sabotage (Fowers & Krause): the components the renderer names and draws: tiles (names,
// costs, declarations, targets, texts), characters, patterns, devices, the dice key and the
// player board's geometry. Only public facts of the box, never a seat's secret. The map's
// pieces (walls, machines, generators) come from the view; DEFAULT_MAP is the data file's
// default layout, kept for reference.

{TYPEDEFS}
/** Tiles by id, in the notation's order (starting tiles, then each character's five). @type {{Record<string, Tile>}} */
export const TILES = {tiles};

/** The starting hands' tiles by team. @type {{Record<string, string[]>}} */
export const STARTING = {starting};

/** Characters by id. @type {{Record<string, Character>}} */
export const CHARACTERS = {characters};

/** Patterns pointing up: cells [dx, dy, parent]. @type {{Record<string, Pattern>}} */
export const PATTERNS = {patterns};

/** Device kinds by id. @type {{Record<string, {{name: string, team: string, tokens: number}}>}} */
export const DEVICES = {devices};

/** The die face → direction key (null: no direction). @type {{Record<string, string | null>}} */
export const DICE_KEY = {dice_key};

/** The player board's geometry. */
export const BOARD = {board};

/** The default map (the view carries the map in play: walls, machines, generators). */
export const DEFAULT_MAP = {default_map};

/** What each device does (rules §Devices; the effects are the data file's, invented). @type {{Record<string, string>}} */
export const DEVICE_TEXT = {device_text};

/** A device's letter on the map. @type {{Record<string, string>}} */
export const DEVICE_LETTER = {device_letter};

/** The public device tokens of the view's `devices`, by index (rules §The state). */
export const TOKEN_KINDS = {token_kinds};
",
        tiles = tiles_js(d),
        patterns = patterns_js(d),
    )
}

#[test]
fn web_data_js_is_generated_from_the_data_file() {
    let text = generate(data::data());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..").join(OUT);
    if std::env::var_os("TABULA_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("cannot write {OUT}: {e}"));
        return;
    }
    let on_disk = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {OUT}: {e}; create it with {BLESS}"));
    if on_disk != text {
        let line = on_disk
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| on_disk.lines().count().min(text.lines().count()));
        let want = on_disk.lines().nth(line).unwrap_or("<end of file>");
        let got = text.lines().nth(line).unwrap_or("<end of output>");
        panic!(
            "{OUT} is not what the data file generates; it differs at line {}:\n  on disk:   {want}\n  \
             generated: {got}\nit is generated, not edited by hand: regenerate with\n  {BLESS}",
            line + 1
        );
    }
}
