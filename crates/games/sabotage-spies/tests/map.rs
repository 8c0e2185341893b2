//! The map (rules §The map): room, edge, direction and area names round-trip; adjacency
//! across the grid with walls; areas; the layout's variable-setup rules.

use tabula_sabotage_spies::map::{
    Area, Dir, Edge, Half, Layout, NUM_EDGES, NUM_ROOMS, Quad, Room, Rooms, Walls,
};

fn room(s: &str) -> Room {
    s.parse().unwrap()
}

fn rooms(s: &str) -> Rooms {
    s.split_whitespace().map(room).collect()
}

fn edge(s: &str) -> Edge {
    s.parse().unwrap()
}

#[test]
fn rooms_are_named_and_numbered_as_the_notation_says() {
    assert_eq!(Room::ALL.len(), NUM_ROOMS);
    let names: Vec<String> = Room::ALL.iter().map(Room::to_string).collect();
    assert_eq!(names[..5], ["a1", "b1", "c1", "d1", "a2"]);
    assert_eq!(names[15], "d4");
    for r in Room::ALL {
        assert_eq!(r.to_string().parse::<Room>(), Ok(r));
        assert_eq!(r.to_string().to_uppercase().parse::<Room>(), Ok(r), "case-insensitive");
        assert_eq!(Room::from_index(r.index()), Some(r));
    }
    assert_eq!(room(" C3 ").index(), 4 * 2 + 2);
    for bad in ["e1", "a5", "a0", "a", "a11", ""] {
        let e = bad.parse::<Room>().unwrap_err().to_string();
        assert!(e.contains("is not a room: rooms are a1 to d4"), "{e}");
    }
}

#[test]
fn directions_round_trip_and_turn() {
    for d in Dir::ALL {
        assert_eq!(d.to_string().parse::<Dir>(), Ok(d));
        assert_eq!(d.rotate(4), d);
        assert_eq!(d.reverse().reverse(), d);
    }
    assert_eq!("U".parse::<Dir>(), Ok(Dir::Up));
    assert_eq!("e".parse::<Dir>(), Ok(Dir::Right));
    assert_eq!("s".parse::<Dir>(), Ok(Dir::Down));
    assert_eq!("W".parse::<Dir>(), Ok(Dir::Left));
    assert_eq!(Dir::Up.rotate(1), Dir::Right, "clockwise");
    assert!("x".parse::<Dir>().unwrap_err().to_string().contains("is not a direction"));
    assert_eq!(room("a1").step(Dir::Up), None, "the board edge");
    assert_eq!(room("a1").step(Dir::Right), Some(room("b1")));
    assert_eq!(room("d4").step(Dir::Right), None);
    assert_eq!(room("c3").step(Dir::Down), Some(room("c4")));
}

#[test]
fn the_24_inner_edges_are_numbered_as_the_notation_says() {
    assert_eq!(Edge::ALL.len(), NUM_EDGES);
    assert_eq!(edge("a1|b1").index(), 0);
    assert_eq!(edge("c1|d1").index(), 2);
    assert_eq!(edge("a2|b2").index(), 3);
    assert_eq!(edge("c4|d4").index(), 11);
    assert_eq!(edge("a1|a2").index(), 12);
    assert_eq!(edge("d3|d4").index(), 23);
    for e in Edge::ALL {
        assert_eq!(e.to_string().parse::<Edge>(), Ok(e));
        let (a, b) = e.rooms();
        assert_eq!(Edge::between(b, a), Some(e), "either order");
        assert_eq!(e.is_vertical(), a.row() == b.row());
    }
    assert_eq!(edge("B2 b1"), edge("b1|b2"));
    assert!("a1|c1".parse::<Edge>().unwrap_err().to_string().contains("a1 and c1 are not adjacent"));
    assert!("a1".parse::<Edge>().unwrap_err().to_string().contains("is not an edge"));
    assert_eq!(Edge::between(room("a1"), room("b2")), None, "diagonal rooms share no edge");
    assert_eq!(Edge::from_index(24), None);
}

#[test]
fn adjacency_follows_the_grid_and_stops_at_walls() {
    let open = Walls::EMPTY;
    assert_eq!(open.adjacent(room("a1")), rooms("b1 a2"));
    assert_eq!(open.adjacent(room("b2")), rooms("b1 a2 c2 b3"));
    assert_eq!(open.adjacent(room("d4")), rooms("d3 c4"));
    let map = Layout::default_map();
    let w = map.walls;
    // b1|b2, b2|c2, c3|d3, b3|b4, d2|d3 (rules §The default map).
    assert_eq!(w.adjacent(room("b2")), rooms("a2 b3"));
    assert_eq!(w.adjacent(room("d3")), rooms("d4"));
    assert_eq!(w.neighbour(room("b1"), Dir::Down), None, "a wall");
    assert_eq!(w.neighbour(room("b1"), Dir::Up), None, "the board edge");
    assert_eq!(w.neighbour(room("b1"), Dir::Left), Some(room("a1")));
    assert!(w.open_between(room("c2"), room("c3")));
    assert!(!w.open_between(room("c3"), room("d3")));
    assert!(!w.open_between(room("a1"), room("c1")), "not adjacent");
    // Every room is reachable, none enclosed.
    assert!(w.connected());
    assert_eq!(w.enclosed(), Rooms::EMPTY);
    assert_eq!(w.reachable(room("d3")), Rooms::ALL);
    // Walls as a set of 24 bits.
    let x = Walls::EMPTY.with(edge("a1|b1")).with(edge("d3|d4"));
    assert_eq!(x.bits(), 1 | 1 << 23);
    assert_eq!(x.len(), 2);
    assert!(x.contains(edge("b1|a1")));
    assert_eq!(x.without(edge("a1|b1")).len(), 1);
    assert_eq!(Walls::from_bits(1 << 24), None);
    assert_eq!(Walls::from_bits(x.bits()), Some(x));
}

#[test]
fn areas_are_the_documents() {
    assert_eq!("row 1".parse::<Area>().unwrap().rooms(), rooms("a1 b1 c1 d1"));
    assert_eq!("col b".parse::<Area>().unwrap().rooms(), rooms("b1 b2 b3 b4"));
    assert_eq!("quad nw".parse::<Area>().unwrap().rooms(), rooms("a1 b1 a2 b2"));
    assert_eq!("quad ne".parse::<Area>().unwrap().rooms(), rooms("c1 d1 c2 d2"));
    assert_eq!("quad sw".parse::<Area>().unwrap().rooms(), rooms("a3 b3 a4 b4"));
    assert_eq!("quad se".parse::<Area>().unwrap().rooms(), rooms("c3 d3 c4 d4"));
    assert_eq!("top".parse::<Area>().unwrap().rooms(), rooms("a1 b1 c1 d1 a2 b2 c2 d2"));
    assert_eq!("bottom".parse::<Area>().unwrap().rooms().len(), 8);
    assert_eq!("left".parse::<Area>().unwrap().rooms(), rooms("a1 b1 a2 b2 a3 b3 a4 b4"));
    assert_eq!("right".parse::<Area>().unwrap().rooms().len(), 8);
    // Synonyms and case.
    assert_eq!("Quadrant SE".parse::<Area>(), Ok(Area::Quad(Quad::Se)));
    assert_eq!("column  d".parse::<Area>(), Ok(Area::Col(3)));
    assert!("row 5".parse::<Area>().unwrap_err().to_string().contains("is not an area"));
    assert!("quad n".parse::<Area>().is_err());
    // The twelve scan areas: indices 0-11, names round-trip, four rooms each; each room
    // lies in exactly three (its row, column and quadrant).
    for (i, a) in Area::SCAN.into_iter().enumerate() {
        assert_eq!(a.scan_index(), Some(i));
        assert_eq!(a.to_string().parse::<Area>(), Ok(a));
        assert_eq!(a.rooms().len(), 4);
    }
    for h in Half::ALL {
        let a = Area::Half(h);
        assert_eq!(a.to_string().parse::<Area>(), Ok(a));
        assert_eq!(a.scan_index(), None);
    }
    for r in Room::ALL {
        let holding: Vec<Area> = Area::SCAN.into_iter().filter(|a| a.rooms().contains(r)).collect();
        assert_eq!(holding, Area::containing(r));
        for h in Half::of(r) {
            assert!(Area::Half(h).rooms().contains(r));
        }
    }
    assert_eq!(Half::of(room("c2")), [Half::Top, Half::Right]);
    assert_eq!(Quad::of(room("b3")), Quad::Sw);
}

#[test]
fn room_sets_print_in_index_order() {
    let s = rooms("d4 a1 c2");
    assert_eq!(s.to_string(), "a1 c2 d4");
    assert_eq!(s.len(), 3);
    assert!(s.contains(room("c2")) && !s.contains(room("c3")));
    assert_eq!(s.without(room("a1")).and(rooms("c2 b1")), rooms("c2"));
    assert_eq!(Rooms::EMPTY.or(s), s);
}

#[test]
fn layouts_obey_the_variable_setup_rules() {
    let default = Layout::default_map();
    assert_eq!(default.check(), Ok(()));
    let with = |machines: [&str; 3], generators: [&str; 2], walls: &[&str]| Layout {
        walls: walls.iter().map(|w| edge(w)).fold(Walls::EMPTY, Walls::with),
        machines: machines.map(room),
        generators: generators.map(room),
    };
    // A machine beside a generator is refused without a wall between, allowed with one.
    let near = with(["a1", "d4", "a4"], ["b1", "d1"], &[]);
    assert!(
        near.check().unwrap_err().contains("Doomsday Machine in a1 and the Generator in b1 are adjacent")
    );
    assert!(Layout::too_close(Walls::EMPTY, room("a1"), room("b1")));
    let walled = with(["a1", "d4", "a4"], ["b1", "d1"], &["a1|b1"]);
    assert_eq!(walled.check(), Ok(()));
    assert!(!Layout::too_close(walled.walls, room("a1"), room("b1")));
    // Diagonal neighbours do not touch.
    assert_eq!(with(["a1", "d4", "a4"], ["b2", "d1"], &[]).check(), Ok(()));
    // Two pieces in one room.
    assert!(with(["a1", "a1", "a4"], ["c3", "d1"], &[]).check().unwrap_err().contains("share room a1"));
    // A surrounded room and a split map.
    let corner = with(["b1", "d3", "a4"], ["d1", "b3"], &["a1|b1", "a1|a2"]);
    assert!(corner.check().unwrap_err().contains("room a1 is surrounded"));
    let split = with(["b1", "d3", "a4"], ["d1", "b3"], &["a1|a2", "b1|b2", "c1|c2", "d1|d2"]);
    let e = split.check().unwrap_err();
    assert!(e.contains("the walls cut the map in two: a1 b1 c1 d1 cannot be reached"), "{e}");
}
