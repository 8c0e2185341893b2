//! A position drawn for people: the board laid out as in `docs/rules/abagio.md`, each
//! square as `number:stack` (bottom first), `T` where the Top Frog stands.
//!
//! ```text
//! purple to leap, dice 5 2; turn 1
//!  6 |21:rprp  |20:      |19:      |     |18:      |17:      |16:prprT |
//!  5 |22:      |r3:      |r2:      |1:p  |p2:      |p3:      |15:      |
//!  4 |23:      |r4:      |pond     |     |         |p4:      |14:      |
//!  3 |24:      |r5:      |4r 3p    |     |         |p5:ppp   |13:      |
//!  2 |25:      |r6:      |r7:      |8:p  |p7:      |p6:      |12:      |
//!  1 |root     |2r 0p    |         |     |9:       |10:      |11:rr    |
//!     a         b         c         1/8   d         e         f
//! ```
//!
//! The diamonds One and Eight sit in the column between c and d; the pond's and the root's
//! frogs are counted by colour.

use std::fmt;

use crate::board::Square;
use crate::state::{Phase, State};

/// One cell of the grid.
enum Cell {
    /// A square of the path (a shared number or a sector square).
    Square(&'static str),
    /// Text that is not a square (the root, the pond, scenery).
    Text(&'static str),
}

use Cell::{Square as Sq, Text};

/// Room for `16:rprpr` or `16:rprpT` (the Top Frog never sits on a maxed stack).
const WIDTH: usize = 9;
/// Room for `8:rr`.
const DIAMOND_WIDTH: usize = 5;

/// The board, top row first: columns a to c, the diamond column between c and d, d to f.
const LAYOUT: [[Cell; 7]; 6] = [
    [Sq("21"), Sq("20"), Sq("19"), Text(""), Sq("18"), Sq("17"), Sq("16")],
    [Sq("22"), Sq("r3"), Sq("r2"), Sq("1"), Sq("p2"), Sq("p3"), Sq("15")],
    [Sq("23"), Sq("r4"), Text("pond"), Text(""), Text(""), Sq("p4"), Sq("14")],
    [Sq("24"), Sq("r5"), Text("pond frogs"), Text(""), Text(""), Sq("p5"), Sq("13")],
    [Sq("25"), Sq("r6"), Sq("r7"), Sq("8"), Sq("p7"), Sq("p6"), Sq("12")],
    [Text("root"), Text("root frogs"), Text(""), Text(""), Sq("9"), Sq("10"), Sq("11")],
];

impl State {
    fn cell(&self, cell: &Cell) -> String {
        match cell {
            Sq(name) => {
                let square: Square = name.parse().expect("the layout names squares");
                let top = if self.top_frog == Some(square) { "T" } else { "" };
                format!("{name}:{}{top}", self.stack(square))
            }
            Text("root frogs") => format!("{}r {}p", self.root[0], self.root[1]),
            Text("pond frogs") => format!("{}r {}p", self.pond[0], self.pond[1]),
            Text(text) => (*text).to_owned(),
        }
    }
}

impl fmt::Display for State {
    /// The position as a diagram, with a first line saying whose turn it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mover = self.to_move;
        match (self.phase, self.winner) {
            (Phase::Opening, _) => writeln!(f, "the opening roll is due")?,
            (Phase::Roll, _) => writeln!(f, "{mover} to roll; turn {}", self.turn + 1)?,
            (Phase::Leap, _) => {
                let dice: Vec<String> = self.dice.as_slice().iter().map(u8::to_string).collect();
                writeln!(f, "{mover} to leap, dice {}; turn {}", dice.join(" "), self.turn)?
            }
            (Phase::TopFrog, _) => writeln!(f, "{mover} may play the Top Frog; turn {}", self.turn)?,
            (Phase::Over, Some(winner)) => writeln!(f, "{winner} has won")?,
            (Phase::Over, None) => writeln!(f, "a draw at the turn limit")?,
        }
        for (i, row) in LAYOUT.iter().enumerate() {
            write!(f, "{:>2} |", 6 - i)?;
            for (j, cell) in row.iter().enumerate() {
                let width = if j == 3 { DIAMOND_WIDTH } else { WIDTH };
                write!(f, "{:<width$}|", self.cell(cell))?;
            }
            writeln!(f)?;
        }
        let mut footer = String::from("    ");
        for (j, column) in ["a", "b", "c", "1/8", "d", "e", "f"].iter().enumerate() {
            let width = if j == 3 { DIAMOND_WIDTH } else { WIDTH };
            footer.push_str(&format!("{column:<width$} "));
        }
        f.write_str(footer.trim_end())
    }
}
