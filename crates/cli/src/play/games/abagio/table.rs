//! Abagio in the terminal, apart from the drawing and the moves offered: the board's places
//! and where they sit on the screen, the dice of a turn, the log's sentences and the verdict.
//!
//! Everything here reads the person's seat's [`View`]. Abagio hides nothing, but the screen
//! keeps to the view all the same, like every other game's.

use tabula_abagio::board::ROOT;
use tabula_abagio::{Abagio, Action, Colour, Dice, Phase, Square, Stack, View};
use tabula_core::Turn;

use crate::play::screen::view_of;
use crate::play::session::{LogLine, Session, told};

/// A place frogs leap from: the root or a square of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// The root (the start, numbered 26): both players' frogs wait there.
    Root,
    /// A square of the board.
    Square(Square),
}

impl Place {
    /// Its distance to the pond, the number the notation uses (26 for the root).
    pub fn pip(self) -> u8 {
        match self {
            Place::Root => ROOT,
            Place::Square(square) => square.pip(),
        }
    }

    /// The place numbered `pip` on `player`'s path: squares 7 to 2 are that player's own
    /// safe sector, as in the notation; 26 is the root.
    pub fn of(player: Colour, pip: u8) -> Option<Place> {
        if pip == ROOT { Some(Place::Root) } else { Square::at(player, pip).map(Place::Square) }
    }

    /// The number typed to choose it: `26` for the root.
    pub fn number(self) -> String {
        self.pip().to_string()
    }

    /// Its name in sentences: `the root`, `21`, `red's 5`, `Eight`.
    pub fn name(self) -> String {
        match self {
            Place::Root => "the root".to_owned(),
            Place::Square(square) if square == Square::EIGHT => "Eight (8)".to_owned(),
            Place::Square(square) if square == Square::ONE => "One (1)".to_owned(),
            Place::Square(square) => match square.owner() {
                Some(owner) => format!("{owner}'s {}", square.pip()),
                None => square.pip().to_string(),
            },
        }
    }
}

/// Rows of the board as drawn.
pub const ROWS: usize = 6;
/// Columns of the board as drawn: a to f, and the narrow column between c and d where the
/// diamonds One and Eight sit.
pub const COLS: usize = 7;

/// The board as drawn, top row first, as in `docs/rules/abagio.md`: the outer path up the
/// left column from the root, along the top and down the right; red's safe sector on the
/// left of the inner path, purple's on the right; the pond in the centre. Cells with the
/// same name form one region (the pond, the tree roots).
pub const LAYOUT: [[&str; COLS]; ROWS] = [
    ["21", "20", "19", "", "18", "17", "16"],
    ["22", "r3", "r2", "1", "p2", "p3", "15"],
    ["23", "r4", "pond", "pond", "pond", "p4", "14"],
    ["24", "r5", "pond", "pond", "pond", "p5", "13"],
    ["25", "r6", "r7", "8", "p7", "p6", "12"],
    ["root", "roots", "roots", "roots", "9", "10", "11"],
];

/// The place drawn at `row`, `col` of [`LAYOUT`], if frogs stand there.
pub fn place_at(row: usize, col: usize) -> Option<Place> {
    match *LAYOUT.get(row)?.get(col)? {
        "root" => Some(Place::Root),
        name => name.parse::<Square>().ok().map(Place::Square),
    }
}

/// Where `place` is drawn: its row and column in [`LAYOUT`].
pub fn position(place: Place) -> (usize, usize) {
    (0..ROWS)
        .flat_map(|row| (0..COLS).map(move |col| (row, col)))
        .find(|&(row, col)| place_at(row, col) == Some(place))
        .unwrap_or((ROWS - 1, 0))
}

/// Every place, in the order of the path from the root to One (sector squares of both
/// players at each distance).
pub(super) fn all_places() -> Vec<Place> {
    let mut places = vec![Place::Root];
    let mut squares: Vec<Square> = Square::all().collect();
    squares.sort_by_key(|square| std::cmp::Reverse(square.pip()));
    places.extend(squares.into_iter().map(Place::Square));
    places
}

/// The squares the other player's last turn touched (where their frogs left and landed,
/// where they put the Top Frog), from the person's log of the game.
pub fn last_moves(session: &Session, view: &View) -> Vec<Place> {
    let human = session.human();
    let other = view.colour.other();
    let mut places = Vec::new();
    for seen in session.seen().iter().rev() {
        match seen.actor {
            Turn::Player(seat) if seat == human => break,
            Turn::Player(_) => match Action::parse(&seen.text) {
                Ok(Action::Leap { from, die }) => {
                    places.extend(Place::of(other, from));
                    places.extend(
                        from.checked_sub(die).filter(|&pip| pip > 0).and_then(|pip| Place::of(other, pip)),
                    );
                }
                Ok(Action::TopFrog(pip)) => places.extend(Square::shared(pip).map(Place::Square)),
                _ => {}
            },
            _ => {}
        }
    }
    places
}

/// The dice of the turn in progress, from the log: each die rolled, and whether it has
/// been played. Empty before the roll.
pub fn dice_of_turn(session: &Session, view: &View) -> Vec<(u8, bool)> {
    if !matches!(view.state.phase, Phase::Leap | Phase::TopFrog) {
        return Vec::new();
    }
    let roll = session.seen().iter().rev().find_map(|seen| match Action::parse(&seen.text) {
        Ok(Action::Roll(hi, lo)) if seen.actor == Turn::Chance => Some(Dice::roll(hi, lo)),
        _ => None,
    });
    roll.map_or_else(Vec::new, |rolled| dice_marks(rolled, view.state.dice))
}

/// Each die `rolled`, and whether it has been played, given the dice `left`: the dice
/// played are shown first.
pub fn dice_marks(rolled: Dice, left: Dice) -> Vec<(u8, bool)> {
    let mut left: Vec<u8> = left.as_slice().to_vec();
    let mut marks: Vec<(u8, bool)> = rolled
        .as_slice()
        .iter()
        .rev()
        .map(|&die| match left.iter().position(|&d| d == die) {
            Some(i) => {
                left.remove(i);
                (die, false)
            }
            None => (die, true),
        })
        .collect();
    marks.reverse();
    marks
}

/// The opening roll, from the log: red's die, purple's die.
pub fn opening_roll(session: &Session) -> Option<(u8, u8)> {
    session.seen().iter().find_map(|seen| match Action::parse(&seen.text) {
        Ok(Action::Opening { red, purple }) => Some((red, purple)),
        _ => None,
    })
}

/// How the game ended, for the person: `you win`, `greedy wins`, `a draw at the turn
/// limit`; `None` when the game is not Abagio or not over.
pub fn verdict(session: &Session) -> Option<String> {
    let view =
        view_of::<Abagio>(session.state(), session.human()).filter(|view| view.state.phase == Phase::Over)?;
    Some(match view.state.winner {
        Some(winner) if winner == view.colour => "you win".to_owned(),
        Some(winner) => format!("{} wins", session.name(winner.index())),
        None => format!("a draw at the turn limit ({} turns)", view.state.turn),
    })
}

/// What stands on a square, in words: `empty`, `a red blot`, or a stack from the bottom
/// up and what lies on top: `rpp from the bottom up, a purple pair on top`.
pub fn stack_words(stack: Stack) -> String {
    let Some(top) = stack.top() else { return "empty".to_owned() };
    if stack.height() == 1 {
        return format!("a {top} blot");
    }
    let what = match stack.top_run() {
        1 => format!("a {top} blot on top"),
        2 => format!("a {top} pair on top"),
        n => format!("a {top} heap of {n} on top"),
    };
    format!("{stack} from the bottom up, {what}")
}

/// The log's lines for one action, told from the person's seat: `before` and `after` are
/// the person's views around it, `text` the action as their seat saw it; `names` are the
/// seats' names on screen. The words are the game's own ([`tabula_abagio::narrate`]), the
/// same as the browser's.
pub fn log_lines(
    before: &View,
    after: &View,
    actor: Turn,
    text: &str,
    human: usize,
    names: &[String],
) -> Vec<LogLine> {
    let said = tabula_abagio::narrate::narrate(before, after, Some(text));
    if said.is_empty() {
        return vec![LogLine { seat: actor.player(), text: text.to_owned() }];
    }
    told(&said, names, human)
}
