//! The board against docs/rules/abilene.md §The board: the counts, the ranch formula, the
//! names and numbers, the kinds, both diagrams of the doc rendered from the data, the
//! ranches in play, the neighbours and the away headings.

use std::collections::HashSet;

use tabula_abilene::board::{
    ABILENE_BORDER, FIRST_RING, LAST_RING, NUM_FIELDS, NUM_SPACES, ParseSpaceError, ranches_in_play,
};
use tabula_abilene::{Dir, Field, Hex, Kind, Ranch, Space, Spaces};

fn field(name: &str) -> Field {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn counts() {
    assert_eq!(NUM_FIELDS, 162);
    assert_eq!(NUM_SPACES, 163);
    assert_eq!(Field::all().count(), 162);
    assert_eq!(Spaces::FIELDS.len(), 162);
    assert_eq!(Spaces::ALL.len(), 163);
    for ranch in Ranch::ALL {
        assert_eq!(ranch.fields().len(), 27, "{ranch}");
        assert_eq!(Field::all().filter(|f| f.ranch() == ranch).count(), 27);
        let count = |kind| ranch.fields_of_kind(kind).len();
        assert_eq!(count(Kind::CowHead), 9, "{ranch}");
        assert_eq!(count(Kind::Boot), 5, "{ranch}");
        assert_eq!(count(Kind::OuterEdge), 7, "{ranch}");
        assert_eq!(count(Kind::Plain), 6, "{ranch}");
        for kind in Kind::ALL {
            assert!(ranch.fields_of_kind(kind).iter().all(|s| s.field().unwrap().kind() == kind));
        }
    }
}

#[test]
fn kinds_of_ranch_a_as_the_doc_lists_them() {
    let names = |kind| Ranch::A.fields_of_kind(kind).to_string();
    assert_eq!(names(Kind::Boot), "a31 a40 a41 a42 a43");
    assert_eq!(names(Kind::CowHead), "a51 a52 a53 a60 a61 a62 a63 a64 a65");
    assert_eq!(names(Kind::OuterEdge), "a70 a71 a72 a73 a74 a75 a76");
    assert_eq!(names(Kind::Plain), "a20 a21 a30 a32 a50 a54");
    for ranch in Ranch::ALL {
        // The setup places the cows on the cow heads in field order: ring 5 positions 1–3,
        // then ring 6.
        let order: Vec<(u8, u8)> = ranch
            .fields_of_kind(Kind::CowHead)
            .iter()
            .map(|s| s.field().unwrap())
            .map(|f| (f.ring(), f.pos()))
            .collect();
        assert_eq!(order, [(5, 1), (5, 2), (5, 3), (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)]);
    }
}

#[test]
fn the_ranch_formula_covers_every_hex_of_rings_2_to_7_once() {
    let add = |a: (i32, i32), b: (i32, i32), n: i32, m: i32| (n * a.0 + m * b.0, n * a.1 + m * b.1);
    let d = |i: usize| {
        let (q, r) = Dir::ALL[i % 6].delta();
        (q as i32, r as i32)
    };
    let mut seen = HashSet::new();
    for f in Field::all() {
        let (i, k, j) = (f.ranch().index(), f.ring() as i32, f.pos() as i32);
        let (q, r) = add(d(i), d(i + 1), k - j, j);
        assert_eq!(f.hex(), Hex::new(q as i8, r as i8), "{f}");
        assert_eq!(f.hex().ring() as i32, k, "{f}");
        assert!(seen.insert((q, r)), "{f} shares its hex");
        assert_eq!(Hex::new(q as i8, r as i8).space(), Some(f.space()));
    }
    for q in -9i8..=9 {
        for r in -9i8..=9 {
            let h = Hex::new(q, r);
            let ring = h.ring();
            let space = h.space();
            match ring {
                0..=1 => assert_eq!(space, Some(Space::ABILENE)),
                2..=7 => assert!(seen.contains(&(q as i32, r as i32)), "({q}, {r}) in no ranch"),
                _ => assert_eq!(space, None),
            }
        }
    }
    assert_eq!(seen.len(), 162);
}

#[test]
fn steps_inside_a_ranch_change_ring_and_position_as_the_doc_says() {
    // ±Di: (k ± 1, j); ±D(i+1): (k ± 1, j ± 1); ±D(i+2): (k, j ± 1).
    for f in Field::all() {
        let di = f.ranch().dir();
        let (k, j) = (f.ring() as i8, f.pos() as i8);
        for (dir, dk, dj) in [(di, 1, 0), (di.rotate(1), 1, 1), (di.rotate(2), 0, 1)] {
            for sign in [1, -1] {
                let d = if sign == 1 { dir } else { dir.reverse() };
                let (k2, j2) = (k + sign * dk, j + sign * dj);
                if (2..=7).contains(&k2) && (0..k2).contains(&j2) {
                    let to = Field::new(f.ranch(), k2 as u8, j2 as u8);
                    assert_eq!(f.neighbour(d), Some(to.space()), "{f} {d}");
                }
            }
        }
    }
}

#[test]
fn numbers_and_names() {
    for (i, f) in Field::all().enumerate() {
        let (ranch, k, j) = (f.ranch().index(), f.ring() as usize, f.pos() as usize);
        assert_eq!(i, 27 * ranch + k * (k - 1) / 2 - 1 + j, "§Notation's number of {f}");
        assert_eq!(f.index(), i);
        assert_eq!(f.space().index(), i);
        assert_eq!(Field::new(f.ranch(), f.ring(), f.pos()), f);
        let name = f.to_string();
        assert_eq!(name.len(), 3);
        assert_eq!(name.parse::<Field>(), Ok(f));
        assert_eq!(name.to_uppercase().parse::<Space>(), Ok(f.space()));
    }
    assert_eq!(field("a20").index(), 0);
    assert_eq!(field("a76").index(), 26);
    assert_eq!(field("b20").index(), 27);
    assert_eq!(field("f76").index(), 161);
    assert_eq!(Space::ABILENE.index(), 162);
    assert_eq!(Space::ABILENE.to_string(), "abilene");
    for town in ["abilene", "Abilene", "TOWN", "town"] {
        assert_eq!(town.parse::<Space>(), Ok(Space::ABILENE));
    }
    for bad in ["", "a", "a2", "a22", "a27", "a10", "a80", "g20", "a200", "20a", "abilene ", "é20"] {
        assert_eq!(bad.parse::<Space>(), Err(ParseSpaceError(bad.to_string())), "{bad:?}");
    }
    assert!(ParseSpaceError("a22".into()).to_string().contains("`a22` is not a space"));
    let all: Vec<String> = Space::all().map(|s| s.to_string()).collect();
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 163);
}

/// The doc's two board diagrams, in the order they appear.
fn doc_diagrams() -> [String; 2] {
    let doc = include_str!("../../../../docs/rules/abilene.md");
    let start = doc.find("The\nwhole board, with `**` for Abilene:").expect("the board diagram's caption");
    let mut blocks = doc[start..].split("```\n").skip(1).step_by(2);
    [blocks.next().unwrap().to_string(), blocks.next().unwrap().to_string()]
}

/// The board drawn from the data as the doc draws it: a row per r, each hex three
/// characters wide, indented by the row's offset; Abilene's hexes are `**`.
fn render(cell: impl Fn(Field) -> String) -> String {
    let mut out = String::new();
    for r in -7i8..=7 {
        let mut line = " ".repeat(2 * r.unsigned_abs() as usize);
        let cells: Vec<String> = (-7i8..=7)
            .map(|q| Hex::new(q, r))
            .filter(|h| h.ring() <= LAST_RING)
            .map(|h| match h.space().unwrap().field() {
                Some(f) => cell(f),
                None => " **".to_string(),
            })
            .collect();
        line.push_str(&cells.join(" "));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn the_docs_diagrams_are_the_data() {
    let [names, kinds] = doc_diagrams();
    assert_eq!(render(|f| f.to_string()), names);
    assert_eq!(render(|f| format!(" {} ", f.kind().symbol())), kinds);
}

#[test]
fn ranches_in_play_per_player_count() {
    use Ranch::*;
    assert_eq!(ranches_in_play(3), Some(&[A, C, E][..]));
    assert_eq!(ranches_in_play(4), Some(&[A, B, D, E][..]));
    assert_eq!(ranches_in_play(5), Some(&[A, B, C, D, E][..]));
    assert_eq!(ranches_in_play(6), Some(&Ranch::ALL[..]));
    for n in [0, 1, 2, 7] {
        assert_eq!(ranches_in_play(n), None);
    }
    // Four players leave two opposite ranches free; three leave every other one.
    let free = |n| Ranch::ALL.iter().filter(|r| !ranches_in_play(n).unwrap().contains(r)).count();
    assert_eq!([free(3), free(4), free(5), free(6)], [3, 2, 1, 0]);
    assert_eq!(C.index() + 3, F.index());
}

#[test]
fn directions() {
    let names: Vec<&str> = Dir::ALL.iter().map(|d| d.name()).collect();
    assert_eq!(names, ["NW", "NE", "E", "SE", "SW", "W"]);
    for d in Dir::ALL {
        let (q, r) = d.delta();
        let (rq, rr) = d.reverse().delta();
        assert_eq!((q + rq, r + rr), (0, 0));
        assert_eq!(d.rotate(1).rotate(-1), d);
        assert_eq!(Hex::new(0, 0).dir_to(Hex::new(0, 0).step(d)), Some(d));
    }
    assert_eq!(Dir::D0.rotate(-1), Dir::D5);
}

#[test]
fn neighbours_are_symmetric_and_follow_the_hexes() {
    for a in Space::all() {
        for b in a.neighbours() {
            assert!(b.is_adjacent(a), "{a} borders {b} but not the reverse");
            assert_ne!(a, b);
        }
    }
    for f in Field::all() {
        for d in Dir::ALL {
            let n = f.hex().step(d);
            let expected = n.space();
            assert_eq!(f.neighbour(d), expected, "{f} {d}");
            if let Some(Space::ABILENE) = expected {
                assert_eq!(f.ring(), FIRST_RING);
            }
        }
        let count = Dir::ALL.iter().filter_map(|&d| f.neighbour(d)).collect::<Spaces>().len();
        assert_eq!(f.space().neighbours().len(), count, "{f}");
        assert_eq!(f.space().is_adjacent(Space::ABILENE), f.ring() == 2, "{f}");
    }
    let border: Spaces = ABILENE_BORDER.iter().map(|f| f.space()).collect();
    assert_eq!(Space::ABILENE.neighbours(), border);
    assert_eq!(border.len(), 12);
    assert!(border.iter().all(|s| s.field().unwrap().ring() == 2));
    // A corner of ring 7 has three neighbours, a ring-2 field at position 0 six hex
    // neighbours of which two are the town: five spaces.
    assert_eq!(field("a70").space().neighbours().to_string(), "a60 a71 f76");
    assert_eq!(field("a20").space().neighbours().to_string(), "a21 a30 a31 f21 f32 abilene");
}

#[test]
fn away_headings_of_the_bordering_fields() {
    for f in Field::all() {
        let away: Vec<Dir> = f.away().iter().collect();
        let i = f.ranch().index() as i32;
        let di = Dir::ALL[i as usize];
        let sorted = |mut v: Vec<Dir>| {
            v.sort();
            v
        };
        match (f.ring(), f.pos()) {
            (2, 0) => assert_eq!(away, sorted(vec![di.rotate(-1), di, di.rotate(1)]), "{f}"),
            (2, 1) => assert_eq!(away, sorted(vec![di, di.rotate(1)]), "{f}"),
            _ => assert!(away.is_empty(), "{f}"),
        }
        for d in away {
            assert_eq!(f.neighbour(d).and_then(Space::field).map(Field::ring), Some(3));
        }
    }
    // rules §Paths' example: out of Abilene onto d20, then d30, d31 or c32.
    let d20 = field("d20");
    let next: Vec<String> = d20.away().iter().map(|d| d20.neighbour(d).unwrap().to_string()).collect();
    assert_eq!(next, ["c32", "d30", "d31"]);
}

#[test]
fn spaces_set_operations() {
    let a = [field("a20").space(), Space::ABILENE].into_iter().collect::<Spaces>();
    assert_eq!(a.to_string(), "a20 abilene");
    assert_eq!(format!("{a:?}"), r#"{"a20", "abilene"}"#);
    assert_eq!((!a).len(), 161);
    assert_eq!(!Spaces::EMPTY, Spaces::ALL);
    assert_eq!(Spaces::ALL - a, !a);
    assert_eq!(a & Spaces::FIELDS, Spaces::single(field("a20").space()));
    assert!(Spaces::EMPTY.is_empty());
    let mut b = Spaces::EMPTY;
    for s in Space::all() {
        b.insert(s);
        assert!(b.contains(s));
    }
    assert_eq!(b, Spaces::ALL);
    assert_eq!(b.iter().map(Space::index).collect::<Vec<_>>(), (0..163).collect::<Vec<_>>());
    b.remove(Space::ABILENE);
    assert_eq!(b, Spaces::FIELDS);
    assert_eq!(std::mem::size_of::<Spaces>(), 24);
}
