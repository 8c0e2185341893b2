//! The data file (rules §The data file): the shipped file validates, the rules document's
//! tables agree with it, and broken copies are refused with a sentence naming the entry.

use serde_json::{Value, json};
use tabula_sabotage_spies::data::{self, Cost, Declare, Team, TileType};
use tabula_sabotage_spies::map::{Dir, Layout, Room, Rooms, Walls};

fn shipped() -> Value {
    serde_json::from_str(data::SHIPPED).unwrap()
}

/// The refusal of the shipped file changed by `edit`.
fn refusal(edit: impl FnOnce(&mut Value)) -> String {
    let mut v = shipped();
    edit(&mut v);
    match data::load(&v.to_string()) {
        Ok(_) => panic!("the broken copy was accepted"),
        Err(e) => e.to_string(),
    }
}

fn tile_mut<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    v["tiles"].as_array_mut().unwrap().iter_mut().find(|t| t["id"] == id).unwrap()
}

fn room(s: &str) -> Room {
    s.parse().unwrap()
}

#[test]
fn the_shipped_file_validates() {
    let d = data::shipped().expect("the shipped data file validates");
    assert_eq!(d.version, data::VERSION);
    assert_eq!(d.tiles.len(), 48, "8 starting tiles and 8 × 5 advanced (rules §Notation: tiles 0-47)");
    assert_eq!(d.characters.len(), 8);
    assert_eq!(d.devices.len(), 7);
    assert!(std::ptr::eq(d, data::data()), "parsed once");
}

#[test]
fn every_entry_says_where_it_comes_from() {
    let d = data::data();
    let all =
        [d.map.provenance(), d.dice_key.provenance(), d.board.provenance(), d.starting_tiles.provenance()]
            .into_iter()
            .chain(d.tiles.iter().map(|t| t.provenance()))
            .chain(d.patterns.values().map(|p| p.provenance()))
            .chain(d.characters.iter().map(|c| c.provenance()))
            .chain(d.devices.iter().map(|x| x.provenance()));
    for p in all {
        assert!(p.source.is_some() || (p.invented && p.why.is_some()), "{p:?}");
    }
    // The invented parts are marked so.
    assert!(d.map.invented && d.dice_key.invented && d.board.invented);
    assert!(d.tiles.iter().all(|t| t.invented), "every tile has an invented cost or tier");
}

#[test]
fn the_default_map_is_the_documents() {
    let map = Layout::default_map();
    assert_eq!(map.machines, [room("b1"), room("d3"), room("a4")]);
    assert_eq!(map.generators, [room("d1"), room("b3")]);
    assert_eq!(map.walls.to_string(), "b2|c2 c3|d3 b1|b2 d2|d3 b3|b4", "walls in edge order");
    assert_eq!(map.walls.len(), 5);
    map.check().unwrap();
}

#[test]
fn the_dice_key_and_board_are_the_documents() {
    let d = data::data();
    let key: Vec<Option<Dir>> = (1..=6).map(|f| d.dice_key.direction(f)).collect();
    assert_eq!(key, [Some(Dir::Up), Some(Dir::Right), Some(Dir::Down), Some(Dir::Left), None, None]);
    let b = &d.board;
    assert_eq!(
        (b.action_spaces, b.tiers.as_slice(), b.swagger_spaces, b.swagger_red_lines.as_slice()),
        (5, &[1, 2, 3][..], 5, &[0, 2][..])
    );
    assert_eq!(b.swagger_dice, [[2, 3], [5, 4]]);
    assert_eq!(b.unlock_spaces, [1, 2, 3, 4, 5, 6]);
    assert_eq!(b.base_dice, 2);
}

/// The starting-tile table of rules §Starting tiles: id, team, copies, cost, declaration.
#[test]
fn the_starting_tiles_are_the_documents() {
    let d = data::data();
    let table: [(&str, Team, u8, Cost, Declare); 8] = [
        ("move-scan", Team::Spies, 3, Cost::Direction, Declare::Quote { text: "scan".into() }),
        ("earpiece", Team::Spies, 1, Cost::Direction, Declare::None),
        ("hack", Team::Spies, 1, Cost::Range { min: 4, max: 6 }, Declare::Name),
        (
            "parachute",
            Team::Spies,
            1,
            Cost::None,
            Declare::Quote { text: "top, bottom, left or right".into() },
        ),
        ("move", Team::Villains, 3, Cost::Direction, Declare::None),
        ("generator", Team::Villains, 1, Cost::Range { min: 1, max: 3 }, Declare::Name),
        ("motion-detector", Team::Villains, 1, Cost::Range { min: 4, max: 6 }, Declare::Name),
        ("stun-gun", Team::Villains, 1, Cost::Range { min: 1, max: 3 }, Declare::Name),
    ];
    for (i, (id, team, copies, cost, declare)) in table.into_iter().enumerate() {
        let t = &d.tiles[i];
        assert_eq!(t.id, id, "tile {i}");
        assert_eq!((t.team, t.cost, t.declare.clone()), (team, Some(cost), Some(declare)), "{id}");
        let st = d.starting_tiles.of(team).iter().find(|s| s.id == id).unwrap();
        assert_eq!(st.copies, copies, "{id}");
        assert!(t.character.is_none() && t.tier.is_none());
    }
}

/// A row of the advanced-tile tables: character, tier, id, type, cost, declaration.
type Row = (&'static str, u8, &'static str, TileType, Option<Cost>, &'static str);

/// The advanced-tile tables of rules §Advanced tiles: character, tier, id, type, cost,
/// declared (name) or not, in the notation's order.
#[test]
fn the_advanced_tiles_are_the_documents() {
    use Cost::{Direction, Pair, Range, Sum};
    use TileType as T;
    let r = |min, max| Range { min, max };
    let s = |value| Sum { value };
    #[rustfmt::skip]
    let table: [Row; 40] = [
        ("acrobat", 1, "wall-run", T::MoveScan, Some(Direction), "scan"),
        ("acrobat", 2, "virus", T::Build, Some(r(4, 6)), "none"),
        ("acrobat", 2, "backflip-hack", T::Hack, Some(Pair), "name"),
        ("acrobat", 3, "zipline", T::Move, Some(Direction), "name"),
        ("acrobat", 3, "double-hack", T::Hack, Some(s(9)), "name"),
        ("hacker", 1, "remote-hack", T::Hack, Some(r(4, 6)), "name"),
        ("hacker", 2, "flashbang", T::Special, Some(Pair), "name"),
        ("hacker", 2, "beacon", T::Build, Some(r(1, 3)), "none"),
        ("hacker", 3, "overclock", T::Passive, None, "-"),
        ("hacker", 3, "worm", T::Hack, Some(s(10)), "name"),
        ("hawk", 1, "thermo", T::Scan, Some(r(5, 6)), "name"),
        ("hawk", 2, "smoke-bomb", T::Special, Some(s(7)), "name"),
        ("hawk", 2, "hologram", T::Build, Some(r(1, 3)), "name"),
        ("hawk", 3, "glide", T::MoveScan, Some(Direction), "scan"),
        ("hawk", 3, "eagle-eye", T::Passive, None, "-"),
        ("juicer", 1, "shoulder-charge", T::Move, Some(Direction), "name"),
        ("juicer", 2, "reflector", T::Build, Some(r(4, 6)), "name"),
        ("juicer", 2, "tough", T::Passive, None, "-"),
        ("juicer", 3, "power-hack", T::Hack, Some(s(10)), "name"),
        ("juicer", 3, "juiced", T::Passive, None, "-"),
        ("chantico", 1, "flashlight", T::Reveal, Some(r(1, 3)), "name"),
        ("chantico", 2, "tnt", T::Build, Some(s(8)), "name"),
        ("chantico", 2, "fire-wall", T::Attack, Some(s(9)), "name"),
        ("chantico", 3, "searchlight", T::Reveal, Some(Pair), "name"),
        ("chantico", 3, "inferno", T::Attack, Some(s(12)), "name"),
        ("count-v", 1, "bat-swarm", T::Reveal, Some(r(4, 6)), "name"),
        ("count-v", 2, "honey-pot", T::Build, Some(r(1, 3)), "name"),
        ("count-v", 2, "shockwave", T::Special, Some(Pair), "name"),
        ("count-v", 3, "bite", T::Attack, Some(r(1, 6)), "name"),
        ("count-v", 3, "crimson-generator", T::Passive, None, "-"),
        ("nadesh", 1, "camouflage", T::Passive, None, "-"),
        ("nadesh", 2, "sniper", T::Attack, Some(r(5, 6)), "name"),
        ("nadesh", 2, "ambush", T::Attack, Some(r(1, 3)), "name"),
        ("nadesh", 3, "dragnet", T::Reveal, Some(Pair), "name"),
        ("nadesh", 3, "overcharge", T::Passive, None, "-"),
        ("ophidian", 1, "trip-laser", T::Build, Some(r(1, 3)), "name"),
        ("ophidian", 2, "freeze-ray", T::Special, Some(Pair), "name"),
        ("ophidian", 2, "venom-dart", T::Attack, Some(r(4, 6)), "name"),
        ("ophidian", 3, "constrict", T::Attack, Some(s(10)), "name"),
        ("ophidian", 3, "slither", T::Passive, None, "-"),
    ];
    let d = data::data();
    for (i, (character, tier, id, kind, cost, declare)) in table.into_iter().enumerate() {
        let t = &d.tiles[8 + i];
        assert_eq!(t.id, id, "tile {}", 8 + i);
        assert_eq!(
            (t.character.as_deref(), t.tier, t.kind, t.cost),
            (Some(character), Some(tier), kind, cost),
            "{id}"
        );
        let said = match &t.declare {
            None => "-".to_owned(),
            Some(Declare::None) => "none".to_owned(),
            Some(Declare::Name) => "name".to_owned(),
            Some(Declare::Quote { text }) => text.clone(),
        };
        assert_eq!(said, declare, "{id}");
        assert_eq!(d.tile_index(id), Some(8 + i));
    }
    let names: Vec<(&str, Team)> = d.characters.iter().map(|c| (c.name.as_str(), c.team)).collect();
    assert_eq!(
        names,
        [
            ("Acrobat", Team::Spies),
            ("Hacker", Team::Spies),
            ("Hawk", Team::Spies),
            ("Juicer", Team::Spies),
            ("Chantico", Team::Villains),
            ("Count V", Team::Villains),
            ("Nadesh", Team::Villains),
            ("Ophidian", Team::Villains),
        ]
    );
}

#[test]
fn the_devices_are_the_documents() {
    let d = data::data();
    let devices: Vec<(&str, &str, Team, u8)> =
        d.devices.iter().map(|x| (x.id.as_str(), x.name.as_str(), x.team, x.tokens)).collect();
    assert_eq!(
        devices,
        [
            ("tnt", "TNT", Team::Villains, 1),
            ("trip-laser", "Trip Laser", Team::Villains, 2),
            ("honey-pot", "Honey Pot", Team::Villains, 1),
            ("hologram", "Hologram", Team::Spies, 2),
            ("reflector", "Reflector", Team::Spies, 2),
            ("virus", "Virus", Team::Spies, 1),
            ("beacon", "Beacon", Team::Spies, 1),
        ]
    );
}

#[test]
fn patterns_follow_walls_and_turn_clockwise() {
    let d = data::data();
    let open = Walls::EMPTY;
    let set = |s: &str| s.split_whitespace().map(room).collect::<Rooms>();
    let p = |name: &str| d.pattern(name).unwrap();
    assert_eq!(p("stun").affected(room("b2"), Dir::Up, open, false), set("b1 b2"));
    assert_eq!(p("stun").affected(room("b2"), Dir::Right, open, false), set("b2 c2"));
    assert_eq!(p("adj").affected(room("b2"), Dir::Left, open, false), set("a2"));
    assert_eq!(p("plus").affected(room("a1"), Dir::Up, open, false), set("a1 b1 a2"));
    assert_eq!(p("around").affected(room("b2"), Dir::Up, open, false), set("b1 c2 b3 a2"));
    assert_eq!(p("line3").affected(room("c1"), Dir::Down, open, false), set("c2 c3 c4"));
    assert_eq!(p("dart").affected(room("a1"), Dir::Right, open, false), set("c1"));
    assert_eq!(p("ring").affected(room("b2"), Dir::Up, open, false).len(), 9);
    assert_eq!(p("row").affected(room("b2"), Dir::Up, open, false), set("a2 b2 c2 d2"));
    assert_eq!(p("rowcol").affected(room("b2"), Dir::Up, open, false).len(), 7);
    // The Chantico example: a wall stops the Flashlight; on the default map c3|d3 cuts the
    // row and b1|b2 the column.
    let walls = Layout::default_map().walls;
    assert_eq!(p("line3").affected(room("a3"), Dir::Right, walls, false), set("b3 c3"));
    assert_eq!(p("line3").affected(room("a3"), Dir::Right, walls, true), set("b3 c3 d3"));
    assert_eq!(p("dart").affected(room("b3"), Dir::Down, walls, false), Rooms::EMPTY, "b3|b4 is walled");
    // A diagonal of the ring needs an open path through one of its two orthogonal cells:
    // from b2, b1|b2 and b2|c2 are walled, so neither b1 nor c1 is reached; a1 is, via a2.
    let ring = p("ring").affected(room("b2"), Dir::Up, walls, false);
    assert!(!ring.contains(room("c1")) && !ring.contains(room("b1")) && ring.contains(room("a1")));
}

#[test]
fn broken_characters_are_refused() {
    // Two tier-1 tiles.
    let e = refusal(|v| tile_mut(v, "virus")["tier"] = json!(1));
    assert!(e.contains("character `acrobat` has tiles of tiers [1, 1, 2, 3, 3]"), "{e}");
    assert!(e.contains("exactly one tier-1, two tier-2 and two tier-3"), "{e}");
    // A fifth Spy.
    let e = refusal(|v| v["characters"][4]["team"] = json!("spies"));
    assert!(e.contains("the spies have 5 characters; each team has four"), "{e}");
    // A tile no character lists.
    let e = refusal(|v| {
        v["characters"][0]["tiles"][1] = json!("flashlight");
    });
    assert!(e.contains("character `acrobat` lists tile `flashlight`, which belongs to chantico"), "{e}");
    // A repeated id.
    let e = refusal(|v| v["characters"][1]["id"] = json!("acrobat"));
    assert!(e.contains("two characters have the id `acrobat`"), "{e}");
}

#[test]
fn broken_tiles_are_refused() {
    let e = refusal(|v| tile_mut(v, "tnt")["effect"]["device"] = json!("nuke"));
    assert!(e.contains("tile `tnt` builds the unknown device \"nuke\""), "{e}");
    let e = refusal(|v| tile_mut(v, "virus")["effect"]["device"] = json!("tnt"));
    assert!(e.contains("tile `virus` builds `tnt`, a device of the villains"), "{e}");
    let e = refusal(|v| tile_mut(v, "flashlight")["target"]["pattern"] = json!("cone"));
    assert!(e.contains("tile `flashlight` targets the unknown pattern `cone`"), "{e}");
    let e = refusal(|v| tile_mut(v, "hack")["cost"] = json!({"kind": "triple"}));
    assert!(e.contains("tile `hack`: unknown variant `triple`"), "{e}");
    let e = refusal(|v| tile_mut(v, "hack")["cost"] = json!({"kind": "range", "min": 4, "max": 7}));
    assert!(e.contains("tile `hack`: a `range` cost 4-7 must lie within the die faces 1-6"), "{e}");
    let e = refusal(|v| tile_mut(v, "inferno")["cost"] = json!({"kind": "sum", "value": 25}));
    assert!(e.contains("tile `inferno`: a `sum` cost of 25"), "{e}");
    let e = refusal(|v| tile_mut(v, "bite")["effect"]["code"] = json!("devour"));
    assert!(e.contains("tile `bite` has the unknown effect code `devour`"), "{e}");
    let e = refusal(|v| tile_mut(v, "hack")["cost"] = json!({"kind": "direction"}));
    assert!(e.contains("tile `hack` has a `direction` cost but its effect `hack` does not move"), "{e}");
    let e = refusal(|v| tile_mut(v, "power-hack")["effect"]["times"] = json!(9));
    assert!(e.contains("tile `power-hack`: the effect's `times` must be an integer from 1 to 3"), "{e}");
    let e = refusal(|v| tile_mut(v, "bite")["name"] = json!("Ambush"));
    assert!(e.contains("two tiles have the name `Ambush`"), "{e}");
    let e = refusal(|v| tile_mut(v, "virus")["target"]["plan_time"] = json!(false));
    assert!(e.contains("tile `virus` is undeclared and its target has a choice"), "{e}");
    let e = refusal(|v| tile_mut(v, "tough")["cost"] = json!({"kind": "pair"}));
    assert!(e.contains("tile `tough` is passive"), "{e}");
    let e = refusal(|v| {
        let t = tile_mut(v, "bite");
        t.as_object_mut().unwrap().remove("source");
        t.as_object_mut().unwrap().remove("invented");
        t.as_object_mut().unwrap().remove("why");
    });
    assert!(e.contains("tile `bite` has neither a `source` nor"), "{e}");
    let e = refusal(|v| {
        tile_mut(v, "bite").as_object_mut().unwrap().remove("why");
    });
    assert!(e.contains("tile `bite` is marked invented but says no `why`"), "{e}");
    let e = refusal(|v| v["tiles"].as_array_mut().unwrap().swap(0, 1));
    assert!(e.contains("tile `earpiece` is at position 0 where `move-scan` belongs"), "{e}");
    let e = refusal(|v| v["starting_tiles"]["spies"][0]["copies"] = json!(2));
    assert!(e.contains("the spies' starting hand holds 5 tiles"), "{e}");
}

#[test]
fn broken_patterns_are_refused() {
    let e = refusal(|v| v["patterns"]["line3"]["cells"][2] = json!([0, -3, 2]));
    assert!(
        e.contains(
            "pattern `line3`: cell 2's parent 2 is not an earlier cell, so it does not lead to the star"
        ),
        "{e}"
    );
    let e = refusal(|v| v["patterns"]["line3"]["cells"][2] = json!([0, -3, 0]));
    assert!(e.contains("pattern `line3`: cell 2 [0, -3] does not touch its parent 0 [0, -1]"), "{e}");
    let e = refusal(|v| v["patterns"]["stun"]["cells"][0] = json!([0, -2, "star"]));
    assert!(e.contains("pattern `stun`: cell 0 [0, -2] has the star as parent but does not touch it"), "{e}");
    let e = refusal(|v| v["patterns"]["row"]["cells"][2] = json!([-4, 0, 1]));
    assert!(e.contains("pattern `row`: cell 2 [-4, 0] lies outside the 4×4 grid"), "{e}");
    let e = refusal(|v| v["patterns"]["plus"]["cells"][0] = json!([0, 0, "star"]));
    assert!(e.contains("pattern `plus`: cell 0 is the star"), "{e}");
}

#[test]
fn broken_maps_are_refused() {
    let e = refusal(|v| v["map"]["walls"][0] = json!(["b1", "c3"]));
    assert!(
        e.contains("the map's wall b1|c3 is not on an inner edge: b1 and c3 are not adjacent rooms"),
        "{e}"
    );
    let e = refusal(|v| v["map"]["walls"][0] = json!(["e1", "e2"]));
    assert!(e.contains("the map: `e1` is not a room"), "{e}");
    // A machine next to a generator: a4 beside b4? Put the generator in a3, above a4.
    let e = refusal(|v| v["map"]["generators"][1] = json!("a3"));
    assert!(
        e.contains("the Doomsday Machine in a4 and the Generator in a3 are adjacent without a wall"),
        "{e}"
    );
    let e = refusal(|v| v["map"]["generators"][1] = json!("a4"));
    assert!(e.contains("two pieces (machines or generators) share room a4"), "{e}");
    // An enclosed room: a1 closed by a1|b1 and a1|a2 (the walls b2|c2 and c3|d3 moved there).
    let e = refusal(|v| {
        v["map"]["walls"][1] = json!(["a1", "b1"]);
        v["map"]["walls"][2] = json!(["a1", "a2"]);
    });
    assert!(e.contains("room a1 is surrounded by walls and the board edge"), "{e}");
    // A cut: a1 b1 walled off together from the rest.
    let e = refusal(|v| {
        v["map"]["walls"] = json!([["a1", "a2"], ["b1", "b2"], ["b1", "c1"], ["c3", "d3"], ["d2", "d3"]]);
    });
    assert!(e.contains("the walls cut the map in two: a1 b1 cannot be reached from the other rooms"), "{e}");
    let e = refusal(|v| v["map"]["machines"].as_array_mut().unwrap().pop().map(drop).unwrap());
    assert!(
        e.contains("the map has 2 Doomsday Machines, 2 Generators and 5 walls; it needs 3, 2 and 5"),
        "{e}"
    );
    let e = refusal(|v| v["map"]["walls"][1] = json!(["b2", "b1"]));
    assert!(e.contains("the map lists the wall b1|b2 twice"), "{e}");
}

#[test]
fn broken_keys_boards_and_devices_are_refused() {
    let e = refusal(|v| v["dice_key"]["4"] = Value::Null);
    assert!(e.contains("the dice key gives no face to `left`"), "{e}");
    let e = refusal(|v| v["dice_key"]["5"] = json!("sideways"));
    assert!(e.contains("the dice key: `sideways` is not a direction"), "{e}");
    let e = refusal(|v| v["board"]["tiers"] = json!([1, 2, 2]));
    assert!(e.contains("the board's tiers hold 5 spaces but a Villain has 6 unlock markers"), "{e}");
    let e = refusal(|v| v["board"]["swagger_spaces"] = json!(6));
    assert!(e.contains("do not use the Spies' 22 unlock markers"), "{e}");
    let e = refusal(|v| v["board"]["action_spaces"] = json!(4));
    assert!(e.contains("the board has 4 action spaces"), "{e}");
    let e = refusal(|v| v["board"]["swagger_dice"] = json!([[2, 5], [5, 4]]));
    assert!(e.contains("the board's Swagger dice"), "{e}");
    let e = refusal(|v| v["devices"][1]["tokens"] = json!(3));
    assert!(e.contains("the villains' devices have 5 tokens; a set holds 4"), "{e}");
    let e = refusal(|v| v["devices"][0]["effect"] = json!("boom"));
    assert!(e.contains("device `tnt` has the unknown effect `boom`"), "{e}");
    let e = refusal(|v| v["version"] = json!(2));
    assert!(e.contains("`version` is 2"), "{e}");
    let e = refusal(|v| v["extra"] = json!(1));
    assert!(e.contains("the file is not the schema's JSON: unknown field `extra`"), "{e}");
    let e = refusal(|v| v["board"]["spaces"] = json!(1));
    assert!(e.contains("the board: unknown field `spaces`"), "{e}");
}
