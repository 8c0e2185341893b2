//! Actions (rules §Notation): every index names one action whose canonical text reads back
//! to it; the accepted spellings; the refusals, each saying what was expected; the index
//! table's first indices; slide schedules.

use std::collections::HashSet;

use tabula_sabotage_spies::action::{
    Action, CharId, Landing, MAX_GAP, MAX_SLIDES, NUM_ACTIONS, NUM_CHARACTERS, NUM_SCHEDULES, NUM_TILES,
    RoomTile, Schedule, TileId,
};
use tabula_sabotage_spies::data::data;
use tabula_sabotage_spies::map::{Dir, Half};

fn parse(text: &str) -> Action {
    Action::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn index(text: &str) -> usize {
    parse(text).index()
}

#[test]
fn every_index_round_trips_through_its_text() {
    assert_eq!(NUM_ACTIONS, 37_304);
    let mut texts = HashSet::new();
    for i in 0..NUM_ACTIONS {
        let action = Action::from_index(i).unwrap_or_else(|| panic!("index {i} names no action"));
        assert_eq!(action.index(), i, "{action:?}");
        let text = action.to_string();
        assert_eq!(Action::parse(&text), Ok(action), "{i}: {text}");
        assert_eq!(text.parse::<Action>(), Ok(action), "{i}: {text}");
        assert_eq!(Action::parse(&text.to_uppercase()), Ok(action), "{i}: case-insensitive");
        assert!(texts.insert(text.clone()), "{i}: `{text}` twice");
    }
    assert_eq!(Action::from_index(NUM_ACTIONS), None);
    assert_eq!(Action::from_index(usize::MAX), None);
}

#[test]
fn the_tables_first_indices() {
    for (text, i) in [
        ("roll 1 1 1 1", 0),
        ("roll 1 1 1 2", 1),
        ("roll 1 1 2 2", 6),
        ("roll 6 6 6 6", 125),
        ("starter villains", 126),
        ("starter spies", 127),
        ("wall a1 b1", 128),
        ("wall a1 a2", 128 + 12),
        ("wall c4 d4", 128 + 11),
        ("wall c3 c4", 128 + 22),
        ("wall d3 d4", 128 + 23),
        ("machine a1", 152),
        ("generator d4", 168 + 15),
        ("character acrobat", 184),
        ("character ophidian", 191),
        ("start a2", 192 + 4),
        ("tile move-scan", 208),
        ("tile parachute", 208 + 3),
        ("tile slither", 208 + 47),
        ("tile parachute a1", 256),
        ("tile virus a1", 272),
        ("tile beacon d4", 303),
        ("tile none", 304),
        ("die 1 on 1", 305),
        ("die 6 on 5", 334),
        ("die 1 unlock", 335),
        ("die 6 unlock", 340),
        ("die 1 unlock flashlight", 341),
        ("die 6 unlock slither", 460),
        ("die off", 461),
        ("first acrobat", 462),
        ("aim up", 470),
        ("aim left", 473),
        ("aim a1", 474),
        ("build d4", 505),
        ("scan row 1", 506),
        ("scan col a", 510),
        ("scan quad se", 517),
        ("detect row 1", 518),
        ("land top", 530),
        ("land beacon", 534),
        ("unlock swagger", 535),
        ("unlock tier", 536),
        ("unlock none", 537),
        ("unlock tier wall-run", 538),
        ("unlock tier juiced", 557),
        ("slide none", 558),
        ("slide up", 559),
        ("slide left", 562),
        ("slide wait up", 563),
        ("slide wait wait wait wait wait left", 558 + 24),
        ("slide up up", 558 + 25),
        ("slide wait wait wait wait wait left left left left", 36_758),
        ("build a1 from a1", 36_759),
        ("anywhere none", 37_015),
        ("anywhere beacon a1", 37_016),
        ("anywhere virus a1", 37_015 + 17),
        ("anywhere virus d4 beacon d4", 37_303),
    ] {
        assert_eq!(index(text), i, "{text}");
        assert_eq!(Action::from_index(i).map(|a| a.to_string()).as_deref(), Some(text), "{i}");
    }
}

#[test]
fn accepted_spellings_read_as_the_canonical_text() {
    for (input, canonical) in [
        ("ROLL 1 3 3 6", "roll 1 3 3 6"),
        ("roll 6331", "roll 1 3 3 6"),
        ("roll 1336", "roll 1 3 3 6"),
        ("roll 6 3 3 1", "roll 1 3 3 6"),
        ("  Roll\t1  3 3   6 ", "roll 1 3 3 6"),
        ("starter Spies", "starter spies"),
        ("wall c2 b2", "wall b2 c2"),
        ("wall b2 c2", "wall b2 c2"),
        ("wall c2|b2", "wall b2 c2"),
        ("wall B3 b2", "wall b2 b3"),
        ("MACHINE A4", "machine a4"),
        ("character count v", "character count-v"),
        ("character countv", "character count-v"),
        ("character Count-V", "character count-v"),
        ("first count v", "first count-v"),
        ("tile Move-Scan", "tile move-scan"),
        ("tile move scan", "tile move-scan"),
        ("tile parachute", "tile parachute"),
        ("tile Parachute B3", "tile parachute b3"),
        ("die 3 ON 2", "die 3 on 2"),
        ("die 5 unlock Searchlight", "die 5 unlock searchlight"),
        ("aim n", "aim up"),
        ("aim e", "aim right"),
        ("aim s", "aim down"),
        ("aim w", "aim left"),
        ("aim u", "aim up"),
        ("aim r", "aim right"),
        ("aim d", "aim down"),
        ("aim l", "aim left"),
        ("aim C3", "aim c3"),
        ("scan quadrant ne", "scan quad ne"),
        ("scan column c", "scan col c"),
        ("scan ROW 2", "scan row 2"),
        ("detect Col B", "detect col b"),
        ("land Beacon", "land beacon"),
        ("unlock tier Thermo", "unlock tier thermo"),
        ("slide n e s w", "slide up right down left"),
        ("slide u r d l", "slide up right down left"),
        ("slide up wait left wait", "slide up wait left"),
        ("slide WAIT wait down", "slide wait wait down"),
        ("slide wait", "slide none"),
        ("slide None", "slide none"),
        ("anywhere beacon C3 virus b2", "anywhere virus b2 beacon c3"),
        ("Anywhere  NONE", "anywhere none"),
    ] {
        assert_eq!(parse(input).to_string(), canonical, "{input}");
    }
}

#[test]
fn bad_inputs_are_refused_naming_what_was_expected() {
    for (input, expected) in [
        ("", "an action starts with roll"),
        ("   ", "an action starts with roll"),
        ("dance", "an action starts with roll"),
        ("roll 1 2 3", "exactly four dice, each 1-6"),
        ("roll 123", "exactly four dice, each 1-6"),
        ("roll 1 2 3 4 5", "exactly four dice, each 1-6"),
        ("roll 12345", "exactly four dice, each 1-6"),
        ("roll 0 1 2 3", "a die shows 1 to 6"),
        ("roll 1 2 3 x", "a die shows 1 to 6"),
        ("roll 12 3 4 5", "a die shows 1 to 6"),
        ("starter both", "`starter villains` or `starter spies`"),
        ("die 7 on 1", "a die shows 1 to 6"),
        ("die 3 on 6", "spaces are 1 to 5"),
        ("die 3 on 0", "spaces are 1 to 5"),
        ("die 3", "`die V on S`"),
        ("die 2 unlock thermo", "a Villain advanced tile"),
        ("die 2 unlock move", "a Villain advanced tile"),
        ("die 2 unlock banana", "not a tile"),
        ("tile banana", "not a tile: name a tile by its id, like `move-scan`"),
        ("tile", "`tile` takes a tile"),
        ("tile move b3", "only parachute, virus and beacon"),
        ("anywhere", "`anywhere none`"),
        ("anywhere virus", "`anywhere none`"),
        ("anywhere virus e9", "a room is a column"),
        ("anywhere tnt b2", "neither `virus` nor `beacon`"),
        ("anywhere virus b2 virus c3", "named twice"),
        ("tile parachute e3", "not a tile"),
        ("wall a1 c1", "two adjacent rooms"),
        ("wall a1 c1", "not adjacent"),
        ("wall a1", "two adjacent rooms"),
        ("machine e1", "a room is a column a-d and a row 1-4"),
        ("machine", "a room is a column a-d and a row 1-4"),
        ("start a1 a2", "takes one room"),
        ("aim c5", "neither a direction (up, right, down, left) nor a room"),
        ("aim", "a direction or a room"),
        ("scan half top", "a row, a column or a quadrant"),
        ("scan top", "is a half, not a scan area"),
        ("scan row 5", "a row, a column or a quadrant"),
        ("detect", "a row, a column or a quadrant"),
        ("land middle", "`land top`"),
        ("land", "`land top`"),
        ("unlock tier flashlight", "a Spy advanced tile"),
        ("unlock tier hack", "a Spy advanced tile"),
        ("unlock everything", "`unlock swagger`"),
        ("character bob", "the characters are acrobat, hacker, hawk, juicer, chantico, count-v"),
        ("character", "takes a character"),
        ("first", "takes a character"),
        ("slide up up up up up", "more than 4 slides"),
        ("slide wait wait wait wait wait wait up", "more than 5 `wait`s"),
        ("slide up wait wait wait wait wait wait", "more than 5 `wait`s"),
        ("slide sideways", "neither a direction nor `wait`"),
        ("slide", "a slide schedule is `none`"),
        ("slide none up", "neither a direction nor `wait`"),
    ] {
        let err = Action::parse(input).expect_err(input);
        let text = err.to_string();
        assert!(!err.reason.is_empty(), "{input}");
        assert!(text.contains(expected), "{input:?}: {text}");
    }
}

#[test]
fn errors_quote_no_huge_input() {
    let huge = "x".repeat(10_000);
    for input in [
        huge.clone(),
        format!("roll {huge}"),
        format!("wall {huge}"),
        format!("tile {huge}"),
        format!("character {huge}"),
        format!("slide {huge}"),
        format!("slide {}", "wait ".repeat(10_000)),
        format!("slide {}", "up ".repeat(10_000)),
    ] {
        let err = Action::parse(&input).expect_err("refused");
        assert!(err.to_string().len() < 1_000, "{}", err.to_string().len());
    }
}

#[test]
fn tiles_and_characters_are_named_from_the_data_file() {
    let data = data();
    assert_eq!(data.tiles.len(), NUM_TILES);
    assert_eq!(data.characters.len(), NUM_CHARACTERS);
    for (i, tile) in data.tiles.iter().enumerate() {
        let id = TileId(i as u8);
        assert_eq!(id.name(), tile.id);
        assert_eq!(TileId::from_name(&tile.id), Some(id));
        assert_eq!(TileId::from_name(&tile.name), Some(id), "the printed name `{}`", tile.name);
    }
    for (i, c) in data.characters.iter().enumerate() {
        assert_eq!(CharId(i as u8).to_string(), c.id);
        assert_eq!(CharId::from_name(&c.name), Some(CharId(i as u8)));
    }
    assert_eq!(TileId(48).name(), "?");
    assert_eq!(CharId(8).name(), "?");
    let names: Vec<&str> = RoomTile::ALL.iter().map(|r| r.tile().name()).collect();
    assert_eq!(names, ["parachute", "virus", "beacon"]);
    for r in RoomTile::ALL {
        assert_eq!(r.tile().name(), r.name());
        assert_eq!(RoomTile::of(r.tile()), Some(r));
    }
    assert_eq!(RoomTile::of(TileId(0)), None);
    // The tiles kept and unlocked are the Villains' and the Spies' advanced tiles.
    assert_eq!(parse("die 1 unlock flashlight"), Action::DieUnlock { value: 1, keep: Some(TileId(28)) });
    assert_eq!(parse("unlock tier wall-run"), Action::UnlockTier(Some(TileId(8))));
    assert_eq!(parse("land left"), Action::Land(Landing::Half(Half::Left)));
}

#[test]
fn schedules_rank_and_build() {
    assert_eq!(Schedule::rank(&Schedule::NONE), 0);
    assert_eq!(Schedule::unrank(0), Some(Schedule::NONE));
    assert_eq!(Schedule::unrank(NUM_SCHEDULES), None);
    for rank in 0..NUM_SCHEDULES {
        let s = Schedule::unrank(rank).unwrap();
        assert_eq!(s.rank(), rank);
        let slides: Vec<(u8, Dir)> = s.slides().collect();
        assert_eq!(Schedule::new(&slides), Some(s));
    }
    let s = Schedule::new(&[(1, Dir::Up), (1, Dir::Left), (3, Dir::Down)]).unwrap();
    assert_eq!(s.to_string(), "wait up left wait wait down");
    assert_eq!(s.slides().collect::<Vec<_>>(), [(1, Dir::Up), (1, Dir::Left), (3, Dir::Down)]);
    assert_eq!(parse("slide wait up left wait wait down"), Action::Slide(s));
    // The ordering: by count, then gaps, then directions.
    let order = ["slide none", "slide up", "slide right", "slide left", "slide wait up", "slide up up"];
    let ranks: Vec<usize> = order.iter().map(|t| index(t)).collect();
    assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{ranks:?}");
    assert!(index("slide up wait up") < index("slide wait up up"));
    assert!(index("slide left left") < index("slide up wait up"));
    // Refusals.
    let five = [(0, Dir::Up); MAX_SLIDES + 1];
    assert_eq!(Schedule::new(&five), None);
    assert_eq!(Schedule::new(&five[..MAX_SLIDES]).map(|s| s.len), Some(4));
    assert_eq!(Schedule::new(&[(2, Dir::Up), (1, Dir::Up)]), None, "gaps decrease");
    assert_eq!(Schedule::new(&[(MAX_GAP + 1, Dir::Up)]), None, "gap past 5");
    assert_eq!(
        Schedule::new(&[(MAX_GAP, Dir::Up)]).map(|s| s.to_string()).as_deref(),
        Some("wait wait wait wait wait up")
    );
    assert_eq!(Schedule::new(&[]), Some(Schedule::NONE));
}
