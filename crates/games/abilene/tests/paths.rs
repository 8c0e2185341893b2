//! Paths against docs/rules/abilene.md §Paths, §2 Cattle and §3 Cowboys: the doc's
//! examples, blocking, reversals, turns around the town, and a brute-force cross-check: a
//! naive walker that tries every sequence of spaces step by step and applies the rules
//! literally, on thousands of random boards, for cows and cowboys and every die; and every
//! cow and cowboy move of seeded random games (3, 4 and 6 players), and of crafted
//! positions where the thief's ranch is full, against that walk.

use std::collections::{BTreeSet, HashMap};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_abilene::paths::{cow_ends, cowboy_ends, reach};
use tabula_abilene::state::{BoyAt, CowAt};
use tabula_abilene::{Abilene, Action, Dir, Field, Hex, Kind, Ranch, Space, Spaces, Stage, State};
use tabula_core::{Game, Turn};

mod common;

fn sp(name: &str) -> Space {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn field(name: &str) -> Field {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn set(names: &str) -> Spaces {
    names.split_whitespace().map(sp).collect()
}

// ---------------------------------------------------------------------------------------
// The naive walker: adjacency and headings from the hexes' coordinates, every sequence
// of spaces tried, each checked against the rules' words.
// ---------------------------------------------------------------------------------------

struct Naive {
    /// The spaces one step from each space (by number).
    next: Vec<Vec<Space>>,
}

impl Naive {
    fn new() -> Naive {
        let hex_space: HashMap<(i8, i8), Space> =
            Field::all().map(|f| ((f.hex().q, f.hex().r), f.space())).collect();
        let next = Space::all().map(|s| Naive::around(&hex_space, s)).collect();
        Naive { next }
    }

    fn hex(s: Space) -> Option<Hex> {
        s.field().map(Field::hex)
    }

    /// The spaces one step from `s`: the six hexes around a field (the town for a hex of
    /// rings 0–1); the fields of ring 2 around the town.
    fn around(hex_space: &HashMap<(i8, i8), Space>, s: Space) -> Vec<Space> {
        match Naive::hex(s) {
            None => Field::all().filter(|f| f.hex().ring() == 2).map(Field::space).collect(),
            Some(h) => Dir::ALL
                .iter()
                .map(|&d| h.step(d))
                .filter_map(|n| {
                    if n.ring() <= 1 { Some(Space::ABILENE) } else { hex_space.get(&(n.q, n.r)).copied() }
                })
                .collect(),
        }
    }

    fn next(&self, s: Space) -> &[Space] {
        &self.next[s.index()]
    }

    /// Whether `path` is a legal path by §Paths (what stands on it aside).
    fn legal(&self, path: &[Space]) -> bool {
        for (i, s) in path.iter().enumerate() {
            if path[..i].contains(s) {
                return false; // no space twice
            }
        }
        let mut turns = 0;
        let mut heading: Option<Dir> = None;
        let mut left_town = false;
        for w in path.windows(2) {
            if !self.next(w[0]).contains(&w[1]) {
                return false;
            }
            match (Naive::hex(w[0]), Naive::hex(w[1])) {
                (Some(a), Some(b)) => {
                    let h = a.dir_to(b).unwrap();
                    if left_town {
                        // The first step after leaving the town heads away from it.
                        if a.ring() != 2 || b.ring() != 3 {
                            return false;
                        }
                        left_town = false;
                    } else if let Some(h0) = heading {
                        if h == h0.reverse() {
                            return false;
                        }
                        if h != h0 {
                            turns += 1;
                        }
                    }
                    heading = Some(h);
                }
                (Some(_), None) => {} // into the town: never a turn
                (None, Some(_)) => {
                    // out of the town: always the turn
                    turns += 1;
                    heading = None;
                    left_town = true;
                }
                (None, None) => unreachable!(),
            }
            if turns > 1 {
                return false;
            }
        }
        true
    }

    /// Every end of a legal path of `min..=max` steps from `start` whose inner spaces
    /// satisfy `pass` and whose end satisfies `end`, found by trying every sequence.
    fn ends(
        &self,
        start: Space,
        min: u8,
        max: u8,
        pass: &dyn Fn(Space) -> bool,
        end: &dyn Fn(Space) -> bool,
    ) -> Spaces {
        let mut out = Spaces::EMPTY;
        let mut path = vec![start];
        self.walk(&mut path, min.max(1) as usize, max as usize, pass, end, &mut out);
        out
    }

    fn walk(
        &self,
        path: &mut Vec<Space>,
        min: usize,
        max: usize,
        pass: &dyn Fn(Space) -> bool,
        end: &dyn Fn(Space) -> bool,
        out: &mut Spaces,
    ) {
        let steps = path.len() - 1;
        let last = *path.last().unwrap();
        if steps >= min && end(last) {
            out.insert(last);
        }
        if steps == max || (steps > 0 && !pass(last)) {
            return;
        }
        for &n in self.next(last) {
            path.push(n);
            if self.legal(path) {
                self.walk(path, min, max, pass, end, out);
            }
            path.pop();
        }
    }
}

fn path(names: &str) -> Vec<Space> {
    names.split_whitespace().map(sp).collect()
}

// ---------------------------------------------------------------------------------------
// The doc's examples.
// ---------------------------------------------------------------------------------------

#[test]
fn the_docs_example_paths() {
    let naive = Naive::new();
    assert!(naive.legal(&path("a52 a42 a32 a21")), "three steps, one turn at a32");
    assert!(naive.legal(&path("a30 a20 abilene d20 d30")), "the turn is the step out of Abilene");
    assert!(naive.legal(&path("a30 a20 abilene d20 d31")));
    assert!(naive.legal(&path("a30 a20 abilene d20 c32")));
    assert!(!naive.legal(&path("a30 a20 abilene d20 d21")), "d21 is not away from Abilene");
    assert!(!naive.legal(&path("a20 abilene a20")), "a20 twice");
    assert!(!naive.legal(&path("a52 a42 a52")), "no reversal");
    assert!(!naive.legal(&path("a52 a42 a32 a21 a20")), "two turns");
    assert!(naive.legal(&path("a52 a42 a32 a21 abilene")), "into Abilene is no turn");
    assert!(!naive.legal(&path("a42 a32 a21 abilene b21")), "out of Abilene after a turn");
}

#[test]
fn a_cow_with_a_3_reaches_a21_and_with_a_4_abilene() {
    // §Cattle's illustration: ranch A otherwise empty, the cow on a52.
    let a52 = field("a52");
    let empty = Spaces::ALL.without(a52.space());
    let ends = |die| cow_ends(a52, die, empty, Spaces::EMPTY);
    assert!(ends(3).contains(sp("a21")));
    assert!(!ends(3).contains(Space::ABILENE));
    assert!(!ends(2).contains(sp("a21")), "a21 is three steps away");
    assert!(ends(4).contains(Space::ABILENE));
    assert!(ends(4).contains(sp("a21")), "a cow may move fewer steps than its die");
    assert_eq!(ends(0), Spaces::EMPTY, "a 0 moves nothing");
    for die in 1..=5 {
        assert_eq!(ends(die) - Ranch::A.fields() - Spaces::single(Space::ABILENE), Spaces::EMPTY);
        assert!(!ends(die).contains(a52.space()));
    }
    assert_eq!(ends(1), set("a41 a42 a51 a53 a62 a63"));
}

#[test]
fn a_cowboy_through_abilene_ends_on_d30_d31_or_c32() {
    // §Cowboys' illustration: on an empty board, the cowboy on a30 with a 4 through a20,
    // Abilene and d20.
    let a30 = sp("a30");
    let empty = Spaces::FIELDS.without(a30);
    let ends = cowboy_ends(a30, 4, empty, Spaces::ALL);
    assert!(ends.contains(sp("d30")) && ends.contains(sp("d31")) && ends.contains(sp("c32")));
    assert!(!ends.contains(sp("d21")), "d21 is not reachable with a 4");
    assert!(cowboy_ends(a30, 3, empty, Spaces::ALL).contains(sp("d21")), "with a 3 it is, just out of town");
    // Only by a20, Abilene and d20: exactly the three ends of the illustration.
    let only = set("a20 abilene d20");
    assert_eq!(reach(a30, 4, 4, only, Spaces::ALL), set("c32 d30 d31"));
    // With a 2 he may stop in Abilene.
    assert!(cowboy_ends(a30, 2, empty, Spaces::ALL).contains(Space::ABILENE));
    assert!(!cowboy_ends(a30, 2, empty, empty).contains(Space::ABILENE), "the caller decides the ends");
}

#[test]
fn out_of_abilene_the_path_heads_away() {
    let empty = Spaces::FIELDS;
    // From the town: one step reaches the 12 bordering fields, two steps the 18 fields of
    // ring 3 (each lies ahead of some bordering field), never along ring 2.
    assert_eq!(cowboy_ends(Space::ABILENE, 1, empty, Spaces::ALL), Space::ABILENE.neighbours());
    let two = cowboy_ends(Space::ABILENE, 2, empty, Spaces::ALL);
    assert_eq!(two.len(), 18);
    assert!(two.iter().all(|s| s.field().unwrap().ring() == 3));
    // Three steps go straight on: ring 4 only.
    assert!(
        cowboy_ends(Space::ABILENE, 3, empty, Spaces::ALL).iter().all(|s| s.field().unwrap().ring() == 4)
    );
}

#[test]
fn entering_abilene_after_a_turn_ends_there() {
    // a41 → a30 (SW) → a20 (SE: the turn) → Abilene: it may not leave again.
    let route = set("a30 a20 abilene");
    let a41 = sp("a41");
    assert_eq!(reach(a41, 3, 3, route, Spaces::ALL), Spaces::single(Space::ABILENE));
    assert_eq!(reach(a41, 4, 4, route, Spaces::ALL), Spaces::EMPTY);
    // Straight in, it may: a40 → a30 → a20 → Abilene → any bordering field but a20 (and
    // a40 → a30 → a20 → a21 → Abilene turns along ring 2 and stops in town).
    let out = reach(sp("a40"), 4, 4, route | Space::ABILENE.neighbours(), Spaces::ALL);
    assert_eq!(out, Space::ABILENE.neighbours().without(sp("a20")).with(Space::ABILENE));
}

#[test]
fn no_space_twice_through_the_town() {
    // f42 → f32 → a20 (E, straight) → Abilene → f21, whose away heading NW leads back onto
    // f32: that end is refused, while W leads on to f31.
    let route = set("f32 a20 abilene f21 f31");
    let f42 = sp("f42");
    assert_eq!(reach(f42, 5, 5, route, set("f31 f32")), set("f31"));
    let naive = Naive::new();
    assert!(naive.legal(&path("f42 f32 a20 abilene f21 f31")));
    assert!(!naive.legal(&path("f42 f32 a20 abilene f21 f32")));
}

#[test]
fn a_cow_head_is_4_or_5_steps_from_abilene() {
    // rules §The board: 4 steps from ring 5, 5 from ring 6, on an empty ranch.
    for ranch in Ranch::ALL {
        for s in ranch.fields_of_kind(tabula_abilene::Kind::CowHead) {
            let f = s.field().unwrap();
            let empty = Spaces::ALL.without(s);
            let fewest = (1..=5).find(|&d| cow_ends(f, d, empty, Spaces::EMPTY).contains(Space::ABILENE));
            assert_eq!(fewest, Some(f.ring() - 1), "{f}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// What blocks.
// ---------------------------------------------------------------------------------------

#[test]
fn a_cow_passes_only_empty_fields_and_its_own_cowboys() {
    // The only two-step path from a70 to a50 goes through a60.
    let (a70, a60, a50) = (field("a70"), sp("a60"), sp("a50"));
    let empty = Spaces::ALL.without(a70.space());
    assert!(cow_ends(a70, 2, empty, Spaces::EMPTY).contains(a50));
    // Its owner's cowboy on a60: passed, but not an end.
    let with_boy = cow_ends(a70, 2, empty.without(a60), Spaces::single(a60));
    assert!(with_boy.contains(a50));
    assert!(!with_boy.contains(a60));
    // Another cow, or another rancher's cowboy, on a60: blocked.
    let blocked = cow_ends(a70, 2, empty.without(a60), Spaces::EMPTY);
    assert!(!blocked.contains(a50) && !blocked.contains(a60));
}

#[test]
fn a_cow_never_leaves_its_ranch_nor_goes_through_abilene() {
    let a20 = field("a20");
    let empty = Spaces::ALL.without(a20.space());
    assert_eq!(cow_ends(a20, 1, empty, Spaces::EMPTY), set("a21 a30 a31 abilene"));
    for die in 1..=5 {
        let ends = cow_ends(a20, die, empty, Spaces::EMPTY);
        assert_eq!(ends - Ranch::A.fields() - Spaces::single(Space::ABILENE), Spaces::EMPTY);
    }
    // a20 and a21 blocked by cows of its own: from a30 the town is out of reach, even
    // through another ranch's bordering field.
    let a30 = field("a30");
    let empty = Spaces::ALL - set("a20 a21 a30");
    assert!(!cow_ends(a30, 5, empty, Spaces::EMPTY).contains(Space::ABILENE));
}

#[test]
fn a_cowboy_passes_nothing_but_abilene() {
    let a40 = sp("a40");
    // a40 → a30 → a20 straight SE: an own cowboy on a30 blocks it.
    let empty = Spaces::FIELDS.without(a40);
    assert!(cowboy_ends(a40, 2, empty, Spaces::ALL).contains(sp("a20")));
    let ends = cowboy_ends(a40, 2, empty.without(sp("a30")), Spaces::ALL);
    assert!(!ends.contains(sp("a20")));
    // He may end on an occupied field when the caller allows it, not pass it.
    let cow = sp("a30");
    let ends = cowboy_ends(a40, 1, empty.without(cow), empty | Spaces::single(cow));
    assert!(ends.contains(cow));
    assert!(!cowboy_ends(a40, 2, empty.without(cow), Spaces::ALL).contains(sp("a20")));
    // Abilene, crowded or not, never blocks: through it from a20 to d20 and on.
    let ends = cowboy_ends(sp("a20"), 3, Spaces::FIELDS.without(sp("a20")), Spaces::ALL);
    assert!(ends.contains(sp("d30")));
}

// ---------------------------------------------------------------------------------------
// The brute-force cross-check.
// ---------------------------------------------------------------------------------------

/// What stands on a field of a random board.
#[derive(Clone, Copy, PartialEq)]
enum Piece {
    Empty,
    Cow,
    OwnCowboy,
    OtherCowboy,
}

fn random_board(rng: &mut ChaCha8Rng) -> Vec<Piece> {
    let empty = rng.random_range(0.3..1.0);
    (0..162)
        .map(|_| {
            if rng.random_bool(empty) {
                Piece::Empty
            } else {
                [Piece::Cow, Piece::OwnCowboy, Piece::OtherCowboy][rng.random_range(0..3)]
            }
        })
        .collect()
}

/// A start, near the town half the time so that paths through it are common.
fn random_field(rng: &mut ChaCha8Rng) -> Field {
    loop {
        let f = Field::from_index(rng.random_range(0..162)).unwrap();
        if rng.random_bool(0.5) || f.ring() <= 4 {
            return f;
        }
    }
}

fn of(board: &[Piece], piece: Piece) -> Spaces {
    Field::all().filter(|f| board[f.index()] == piece).map(Field::space).collect()
}

#[test]
fn cows_match_the_brute_force_walk() {
    let naive = Naive::new();
    let mut rng = ChaCha8Rng::seed_from_u64(0xab11e);
    let mut found = 0;
    for _ in 0..3000 {
        let mut board = random_board(&mut rng);
        let start = random_field(&mut rng);
        board[start.index()] = Piece::Cow;
        let (empty, own) = (of(&board, Piece::Empty), of(&board, Piece::OwnCowboy));
        let ranch = start.ranch();
        let in_ranch = |s: Space| s.field().is_some_and(|f| f.ranch() == ranch);
        let piece = |s: Space| s.field().map(|f| board[f.index()]);
        // The rules' words: inside its ranch, past empty fields and its own cowboys,
        // onto an empty field of its ranch or into Abilene, never through the town.
        let pass = |s: Space| in_ranch(s) && matches!(piece(s), Some(Piece::Empty | Piece::OwnCowboy));
        let end = |s: Space| s.is_abilene() || (in_ranch(s) && piece(s) == Some(Piece::Empty));
        for die in 0..=5 {
            let fast = cow_ends(start, die, empty, own);
            let slow = naive.ends(start.space(), 1, die, &pass, &end);
            assert_eq!(fast, slow, "cow on {start} with {die}, empty {empty}, own cowboys {own}");
            found += fast.len();
        }
    }
    assert!(found > 10_000, "the boards leave room to move: {found}");
}

#[test]
fn cowboys_match_the_brute_force_walk() {
    let naive = Naive::new();
    let mut rng = ChaCha8Rng::seed_from_u64(0xc0b0e);
    let mut through_town = 0;
    for _ in 0..3000 {
        let mut board = random_board(&mut rng);
        let start = if rng.random_bool(0.15) { Space::ABILENE } else { random_field(&mut rng).space() };
        if let Some(f) = start.field() {
            board[f.index()] = Piece::OwnCowboy;
        }
        let empty = of(&board, Piece::Empty);
        // The caller's ends: empty fields, the town, and some occupied fields (a cow that
        // may be stolen, a cowboy to fight).
        let mut ends = empty.with(Space::ABILENE);
        for s in Spaces::FIELDS - empty {
            if rng.random_bool(0.5) {
                ends.insert(s);
            }
        }
        let piece = |s: Space| s.field().map(|f| board[f.index()]);
        let pass = |s: Space| s.is_abilene() || piece(s) == Some(Piece::Empty);
        let end = |s: Space| ends.contains(s);
        for die in 1..=4 {
            let fast = cowboy_ends(start, die, empty, ends);
            let slow = naive.ends(start, die, die, &pass, &end);
            assert_eq!(fast, slow, "cowboy on {start} with {die}, empty {empty}, ends {ends}");
            // From ring 3 or beyond, a 4 reaches the opposite ranch only through the town.
            if let Some(f) = start.field().filter(|f| f.ring() >= 3) {
                let opposite = Ranch::from_index((f.ranch().index() + 3) % 6).unwrap();
                through_town += usize::from(!(fast & opposite.fields()).is_empty());
            }
        }
    }
    assert!(through_town > 100, "paths around and through the town are exercised: {through_town}");
}

#[test]
fn reach_matches_the_brute_force_walk_on_random_sets() {
    let naive = Naive::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..1500 {
        let density = rng.random_range(0.4..1.0);
        let mut pass = Spaces::EMPTY;
        let mut end = Spaces::EMPTY;
        for s in Space::all() {
            if rng.random_bool(density) {
                pass.insert(s);
            }
            if rng.random_bool(0.6) {
                end.insert(s);
            }
        }
        let start = if rng.random_bool(0.1) { Space::ABILENE } else { random_field(&mut rng).space() };
        let max = rng.random_range(0..=6);
        let min = rng.random_range(0..=max);
        let fast = reach(start, min, max, pass, end);
        let slow = naive.ends(start, min, max, &|s| pass.contains(s), &|s| end.contains(s));
        assert_eq!(fast, slow, "from {start}, {min}..={max} steps, pass {pass}, end {end}");
    }
}

// ---------------------------------------------------------------------------------------
// Every cow and cowboy move of seeded random games against the brute-force walk.
// ---------------------------------------------------------------------------------------

/// What stands on a field of a game's board: a cow or a cowboy, and its seat.
#[derive(Clone, Copy, PartialEq)]
enum On {
    Empty,
    Cow(usize),
    Boy(usize),
}

/// The ranches of seats 0, 1, 2, … (rules §The board, "Ranches in play").
fn seat_ranches(players: usize) -> Vec<Ranch> {
    let letters = match players {
        3 => "ACE",
        4 => "ABDE",
        5 => "ABCDE",
        6 => "ABCDEF",
        _ => unreachable!(),
    };
    letters.chars().map(|c| Ranch::from_letter(c).unwrap()).collect()
}

/// Whether a field is a cow head (ring 5 positions 1–3, ring 6) or on the outer edge
/// (ring 7): where a stolen cow may be put (rules §The board's kinds, §Rustling).
fn takes_a_stolen_cow(f: Field) -> bool {
    (f.ring() == 5 && (1..=3).contains(&f.pos())) || f.ring() >= 6
}

/// What the coverage of the games came to.
#[derive(Default, Debug)]
struct Seen {
    cattle_states: usize,
    cowboy_states: usize,
    cow_moves: usize,
    cows_into_town: usize,
    boy_moves: usize,
    boys_out_of_town: usize,
    boys_into_town: usize,
    boys_through_town: usize,
    thefts: usize,
    duels: usize,
    cows_kept_for_lack_of_room: usize,
}

/// The cow and cowboy moves of the player in a cattle or cowboy phase, from the rules'
/// words (§2, §3) and the naive walker alone.
fn moves_by_the_rules(naive: &Naive, ranches: &[Ranch], st: &State, seen: &mut Seen) -> BTreeSet<Action> {
    let p = st.turn as usize;
    let mine = ranches[p];
    // Who stands where: one piece a field.
    let mut on = [On::Empty; 162];
    let mut put = |f: Field, piece: On| {
        assert!(on[f.index()] == On::Empty, "two pieces on {f}");
        on[f.index()] = piece;
    };
    for c in st.cows.iter() {
        if let CowAt::Field(f) = c.at {
            put(f, On::Cow(c.owner as usize));
        }
    }
    for (s, r) in st.ranchers.iter().enumerate() {
        for b in &r.cowboys {
            if let BoyAt::Field(f) = b.at {
                put(f, On::Boy(s));
            }
        }
    }
    let at = |s: Space| s.field().map(|f| on[f.index()]);
    let mut out = BTreeSet::new();
    match st.stage {
        Stage::Cattle => {
            seen.cattle_states += 1;
            // Each unused light die, each value once; a 0 moves nothing.
            let dice: BTreeSet<u8> = (0..2)
                .filter(|&i| !st.dice.light_used[i] && st.dice.light[i] > 0)
                .map(|i| st.dice.light[i])
                .collect();
            let in_ranch = |s: Space| s.field().is_some_and(|f| f.ranch() == mine);
            // Inside its ranch, past empty fields and its owner's cowboys; onto an empty
            // field of its ranch or into Abilene.
            let pass = |s: Space| in_ranch(s) && (at(s) == Some(On::Empty) || at(s) == Some(On::Boy(p)));
            let end = |s: Space| s.is_abilene() || (in_ranch(s) && at(s) == Some(On::Empty));
            for c in st.cows.iter().filter(|c| c.owner as usize == p && !c.moved) {
                let CowAt::Field(from) = c.at else { continue };
                for &die in &dice {
                    for to in naive.ends(from.space(), 1, die, &pass, &end) {
                        seen.cow_moves += 1;
                        seen.cows_into_town += usize::from(to.is_abilene());
                        out.insert(Action::Cow { from, to, die });
                    }
                }
            }
        }
        Stage::Cowboys => {
            seen.cowboy_states += 1;
            let dice: BTreeSet<u8> =
                (0..3).filter(|&i| !st.dice.dark_used[i]).map(|i| st.dice.dark[i]).collect();
            // Room for a stolen cow: a free cow-head or outer-edge field of his ranch once the
            // cowboy has moved, so the field he starts from counts as free.
            let free_room = Field::all()
                .any(|f| f.ranch() == mine && takes_a_stolen_cow(f) && on[f.index()] == On::Empty);
            let room_from = |from: Space| {
                free_room || from.field().is_some_and(|f| f.ranch() == mine && takes_a_stolen_cow(f))
            };
            let pass = |s: Space| s.is_abilene() || at(s) == Some(On::Empty);
            let end_from = |from: Space| {
                let room = room_from(from);
                move |s: Space| match at(s) {
                    None => true, // Abilene, whoever is there
                    Some(On::Empty) => true,
                    Some(On::Boy(q)) => q != p,
                    Some(On::Cow(q)) => q != p && room,
                }
            };
            // The cowboys who have not moved, those in Abilene counted once.
            let mut starts = BTreeSet::new();
            for b in st.ranchers[p].cowboys.iter().filter(|b| !b.moved) {
                match b.at {
                    BoyAt::Field(f) => starts.insert(f.space()),
                    BoyAt::Abilene => starts.insert(Space::ABILENE),
                    _ => false,
                };
            }
            for &from in &starts {
                let end = end_from(from);
                for &die in &dice {
                    let ends = naive.ends(from, die, die, &pass, &end);
                    // Through the town: ends the same die reaches only by crossing it.
                    if from != Space::ABILENE {
                        let around = naive.ends(from, die, die, &|s| at(s) == Some(On::Empty), &end);
                        seen.boys_through_town += (ends - around).iter().filter(|s| !s.is_abilene()).count();
                    }
                    for to in ends {
                        seen.boy_moves += 1;
                        seen.boys_out_of_town += usize::from(from.is_abilene());
                        seen.boys_into_town += usize::from(to.is_abilene());
                        seen.thefts += usize::from(matches!(at(to), Some(On::Cow(_))));
                        seen.duels += usize::from(matches!(at(to), Some(On::Boy(_))));
                        out.insert(Action::Boy { from, to, die });
                    }
                    if !room_from(from) {
                        let with_room = naive.ends(from, die, die, &pass, &|s| {
                            end(s) || matches!(at(s), Some(On::Cow(q)) if q != p)
                        });
                        seen.cows_kept_for_lack_of_room += (with_room - ends).len();
                    }
                }
            }
        }
        _ => unreachable!(),
    }
    out
}

/// The engine's cow and cowboy moves (among `legal`) are the moves of the rules' words.
fn same_moves(naive: &Naive, ranches: &[Ranch], st: &State, legal: &[Action], seen: &mut Seen, label: &str) {
    let want = moves_by_the_rules(naive, ranches, st, seen);
    let got: BTreeSet<Action> =
        legal.iter().copied().filter(|a| matches!(a, Action::Cow { .. } | Action::Boy { .. })).collect();
    let json = || serde_json::to_string(st).unwrap();
    assert!(
        want == got,
        "{label}: the rules allow but the engine refuses {:?}; the engine allows but the rules refuse {:?}; state {}",
        want.difference(&got).map(|a| a.to_string()).collect::<Vec<_>>(),
        got.difference(&want).map(|a| a.to_string()).collect::<Vec<_>>(),
        json()
    );
    // Never `pass`: the cows must move while one can, the cowboys too; and a phase no die
    // can play in has ended by itself.
    assert!(!legal.contains(&Action::Pass), "{label}: {}", json());
    assert!(!want.is_empty(), "{label}: a phase with no move left: {}", json());
}

#[test]
fn every_move_of_random_games_matches_the_brute_force_walk() {
    let naive = Naive::new();
    let mut seen = Seen::default();
    let mut legal = Vec::new();
    let mut buffer = Vec::new();
    for (players, seeds) in [(4, 0..10), (3, 10..15), (6, 20..25)] {
        let g = Abilene::from_json(&serde_json::json!({"players": players, "turn_limit": 60})).unwrap();
        let ranches = seat_ranches(players);
        for seed in seeds {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut st = g.initial_state();
            loop {
                let action = match g.turn(&st) {
                    Turn::Terminal => break,
                    Turn::Chance => g.sample_chance(&st, &mut buffer, &mut rng),
                    Turn::Player(seat) => {
                        g.legal_actions(&st, &mut legal);
                        let phase = matches!(st.stage, Stage::Cattle | Stage::Cowboys)
                            && st.tasks.head().is_none()
                            && st.duel.is_none();
                        if phase {
                            assert_eq!(seat, st.turn as usize);
                            let label = format!("{players} players, seed {seed}");
                            same_moves(&naive, &ranches, &st, &legal, &mut seen, &label);
                        }
                        // Half the decisions by the beginner's policy, so that cows reach
                        // the town and cowboys steal and fight; half at random.
                        if rng.random_bool(0.5) {
                            g.heuristic_policy(&g.view(&st, seat), &legal, &mut rng).unwrap()
                        } else {
                            legal[rng.random_range(0..legal.len())]
                        }
                    }
                };
                g.play(&mut st, action).unwrap();
            }
        }
    }
    // Crafted positions for what random games rarely reach: seat 0's ranch A full for a
    // stolen cow (its herd on the cow heads, other seats' cowboys on the outer edge), with a
    // cowboy of his starting elsewhere (no room) or on the cow head or outer-edge field he
    // leaves (room after the move).
    let g = common::four();
    let ranches = seat_ranches(4);
    for (head_left, edge_left) in [(None, None), (Some(8), None), (None, Some(6))] {
        let mut st = common::bare(&g);
        for (n, f) in Ranch::A.fields_of_kind(Kind::CowHead).iter().enumerate() {
            st.cows[n].at = if Some(n) == head_left { CowAt::Gone } else { CowAt::Field(f.field().unwrap()) };
            if Some(n) == head_left {
                st.ranchers[0].cowboys[0].at = BoyAt::Field(f.field().unwrap());
            }
        }
        let mut k = 0;
        for (i, f) in Ranch::A.fields_of_kind(Kind::OuterEdge).iter().enumerate() {
            let at = BoyAt::Field(f.field().unwrap());
            if Some(i) == edge_left {
                st.ranchers[0].cowboys[0].at = at;
            } else {
                st.ranchers[2 + k / 5].cowboys[k % 5].at = at;
                k += 1;
            }
        }
        for (cow, f) in (9..17).zip(["b60", "b61", "b50", "b51", "b52", "b40", "b30", "b20"]) {
            st.cows[cow].at = CowAt::Field(field(f));
        }
        for (k, f) in ["b41", "b31", "b42", "a54"].into_iter().enumerate() {
            st.ranchers[0].cowboys[k + 1].at = BoyAt::Field(field(f));
        }
        let st = g.validate(st).unwrap_or_else(|e| panic!("{e}"));
        for roll in ["roll 0 0 1 1 1", "roll 0 0 1 2 3", "roll 0 0 2 2 4"] {
            let mut st = st.clone();
            g.play(&mut st, g.parse_action(roll).unwrap()).unwrap();
            assert_eq!(st.stage, Stage::Cowboys);
            g.legal_actions(&st, &mut legal);
            let label = format!("ranch A full, cow head {head_left:?} and edge {edge_left:?} left, {roll}");
            same_moves(&naive, &ranches, &st, &legal, &mut seen, &label);
        }
    }
    eprintln!("{seen:?}");
    assert!(seen.cattle_states + seen.cowboy_states > 4000, "several thousand states: {seen:?}");
    // Every kind of move came up: into the town, out of it and through it, thefts, duels,
    // and cows a cowboy may not end on for lack of room in his ranch.
    assert!(seen.cows_into_town > 1000 && seen.boys_out_of_town > 1000, "{seen:?}");
    assert!(seen.boys_into_town > 1000 && seen.boys_through_town > 10_000, "{seen:?}");
    assert!(seen.thefts > 5000 && seen.duels > 5000, "{seen:?}");
    assert!(seen.cows_kept_for_lack_of_room > 0, "{seen:?}");
}
