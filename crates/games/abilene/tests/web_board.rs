//! The browser client draws Abilene's board from its own copy of the board's data
//! (`web/app/games/abilene/board.js`, as the view carries no geometry): it must be exactly
//! `board.rs`'s fields, in number order, with their hexes and kinds.

use tabula_abilene::board::{Field, Kind};

#[test]
fn the_browser_clients_board_is_board_rs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../web/app/games/abilene/board.js");
    let js = std::fs::read_to_string(path).expect("web/app/games/abilene/board.js");
    let start = js.find("const RAW = [").expect("the RAW table") + "const RAW = [".len();
    let end = start + js[start..].find("];").expect("the end of RAW");
    let rows: Vec<Vec<String>> = js[start..end]
        .split('[')
        .skip(1)
        .map(|row| {
            row.split(']')
                .next()
                .unwrap()
                .split(',')
                .map(|x| x.trim().trim_matches('\'').to_owned())
                .collect()
        })
        .collect();
    let fields: Vec<Field> = Field::all().collect();
    assert_eq!(rows.len(), fields.len(), "board.js lists {} fields, board.rs {}", rows.len(), fields.len());
    for (row, f) in rows.iter().zip(&fields) {
        let kind = match f.kind() {
            Kind::Boot => "boot",
            Kind::CowHead => "cow-head",
            Kind::OuterEdge => "outer-edge",
            Kind::Plain => "plain",
        };
        let want = vec![f.to_string(), f.hex().q.to_string(), f.hex().r.to_string(), kind.to_owned()];
        assert_eq!(row, &want, "field {} differs between board.js and board.rs", f);
    }
}
