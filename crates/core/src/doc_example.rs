//! A tiny complete game for the crate docs and the core's own tests: Nim with a chance
//! start. Chance picks the pile size (10, 11 or 12, equally likely), then two players take
//! 1 to 3 stones in turn; whoever takes the last stone wins.

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::error::{Illegal, OptionsError, ParseActionError, SetupError};
use crate::game::{Game, Turn};
use crate::options::Options;
use crate::spec::*;

/// Nim with a chance start.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

/// A Nim state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NimState {
    /// Stones left; `None` before the chance start.
    pub pile: Option<u8>,
    /// Seat to move.
    pub to_move: u8,
}

/// A Nim action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NimAction {
    /// Chance: the pile has this many stones.
    Pile(u8),
    /// Take this many stones.
    Take(u8),
}

static SPEC: GameSpec = GameSpec {
    id: "nim",
    name: "Nim",
    min_players: 2,
    max_players: 2,
    teams: false,
    chance: ChanceKind::Explicit,
    information: InformationKind::Perfect,
    utility: UtilityKind::ZeroSum,
    min_return: -1.0,
    max_return: 1.0,
    options: &[OptionSpec {
        name: "players",
        label: "Players",
        doc: "The number of seats.",
        kind: OptionKind::IntChoice { values: &[2] },
        value_labels: &[],
        default: OptionDefault::Int(2),
    }],
    presets: &[],
    about: About::NONE,
};

impl Game for Nim {
    type State = NimState;
    type Action = NimAction;
    type View = (usize, NimState);

    fn spec() -> &'static GameSpec {
        &SPEC
    }
    fn new(_: &Options) -> Result<Self, OptionsError> {
        Ok(Nim)
    }
    fn options(&self) -> Options {
        Options::defaults(&SPEC)
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        6
    }
    fn max_game_length(&self) -> usize {
        13
    }
    fn initial_state(&self) -> NimState {
        NimState { pile: None, to_move: 0 }
    }
    fn turn(&self, s: &NimState) -> Turn {
        match s.pile {
            None => Turn::Chance,
            Some(0) => Turn::Terminal,
            Some(_) => Turn::Player(s.to_move as usize),
        }
    }
    fn legal_actions(&self, s: &NimState, out: &mut Vec<NimAction>) {
        out.clear();
        match s.pile {
            None => out.extend((10..=12).map(NimAction::Pile)),
            Some(n) => out.extend((1..=n.min(3)).map(NimAction::Take)),
        }
    }
    fn chance_outcomes(&self, s: &NimState, out: &mut Vec<(NimAction, f64)>) {
        out.clear();
        if s.pile.is_none() {
            out.extend((10..=12).map(|n| (NimAction::Pile(n), 1.0 / 3.0)));
        }
    }
    fn check(&self, s: &NimState, a: NimAction) -> Result<(), Illegal> {
        match (s.pile, a) {
            (None, NimAction::Pile(_)) => Ok(()),
            (None, NimAction::Take(_)) => Err(Illegal::new("the pile is not made yet")),
            (Some(0), _) => Err(Illegal::new("the game is over")),
            (Some(_), NimAction::Pile(_)) => Err(Illegal::new("the pile is already made")),
            (Some(n), NimAction::Take(k)) if k <= n => Ok(()),
            (Some(n), NimAction::Take(k)) => Err(Illegal::new(format!("only {n} stones are left, not {k}"))),
        }
    }
    fn play_unchecked(&self, s: &mut NimState, a: NimAction) {
        match a {
            NimAction::Pile(n) => s.pile = Some(n),
            NimAction::Take(k) => {
                s.pile = s.pile.map(|n| n - k);
                if s.pile != Some(0) {
                    s.to_move ^= 1;
                }
            }
        }
    }
    fn returns_into(&self, s: &NimState, out: &mut [f64]) {
        out.fill(0.0);
        if s.pile == Some(0) {
            out[s.to_move as usize] = 1.0;
            out[1 - s.to_move as usize] = -1.0;
        }
    }
    fn view(&self, s: &NimState, player: usize) -> (usize, NimState) {
        (player, s.clone())
    }
    fn public_view(&self, s: &NimState) -> (usize, NimState) {
        (0, s.clone())
    }
    fn view_player(&self, view: &(usize, NimState)) -> usize {
        view.0
    }
    fn determinize<R: Rng + ?Sized>(&self, view: &(usize, NimState), _: &mut R) -> NimState {
        view.1.clone()
    }
    /// Seat (2), seat to move relative to it (2), pile size one-hot (13, none before the deal).
    fn observation_shape(&self) -> Vec<usize> {
        vec![17]
    }
    fn write_observation(&self, view: &(usize, NimState), out: &mut [f32]) {
        let (seat, s) = view;
        let mut w = crate::observation::Writer::new(out);
        w.one_hot(*seat, 2);
        w.one_hot(crate::observation::relative_seat(s.to_move as usize, *seat, 2), 2);
        w.one_hot_opt(s.pile.map(usize::from), 13);
        w.finish();
    }
    fn action_text(&self, a: NimAction) -> String {
        match a {
            NimAction::Pile(n) => format!("pile {n}"),
            NimAction::Take(k) => format!("take {k}"),
        }
    }
    fn parse_action(&self, text: &str) -> Result<NimAction, ParseActionError> {
        let err = || ParseActionError::new(text, "expected `pile 10..12` or `take 1..3`");
        let (verb, n) = text.trim().split_once(' ').ok_or_else(err)?;
        let n: u8 = n.trim().parse().map_err(|_| err())?;
        match verb {
            "pile" if (10..=12).contains(&n) => Ok(NimAction::Pile(n)),
            "take" if (1..=3).contains(&n) => Ok(NimAction::Take(n)),
            _ => Err(err()),
        }
    }
    fn action_index(&self, a: NimAction) -> usize {
        match a {
            NimAction::Take(k) => k as usize - 1,
            NimAction::Pile(n) => n as usize - 7,
        }
    }
    fn action_from_index(&self, i: usize) -> Option<NimAction> {
        match i {
            0..=2 => Some(NimAction::Take(i as u8 + 1)),
            3..=5 => Some(NimAction::Pile(i as u8 + 7)),
            _ => None,
        }
    }
    fn validate(&self, s: NimState) -> Result<NimState, SetupError> {
        let mut problems = Vec::new();
        if s.to_move > 1 {
            problems.push(format!("seat {} does not exist", s.to_move));
        }
        if s.pile.is_some_and(|n| n > 12) {
            problems.push("the pile holds at most 12 stones".to_owned());
        }
        if problems.is_empty() { Ok(s) } else { Err(SetupError { problems }) }
    }
}
