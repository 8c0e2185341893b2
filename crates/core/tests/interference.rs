//! The conformance harness's non-interference check catches leaks that determinization
//! cannot: a guessing game where seat 0 is dealt a secret and seats 1 and 2 guess it, played
//! honestly and with three kinds of leak.

use rand::Rng;
use serde::{Deserialize, Serialize};
use tabula_core::conformance::{self, Config};
use tabula_core::spec::*;
use tabula_core::{Game, Illegal, Options, OptionsError, ParseActionError, SetupError, Turn};

/// How the game leaks the secret to seat 1.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Leak {
    None,
    /// Seat 1's history shows the deal when the secret is 3 (a card it "remembers").
    History,
    /// Seat 1's view tells whether the secret is odd.
    View,
    /// Seat 2's view tells whether the secret is odd, once seat 1 has guessed.
    Later,
}

/// How the observation tensor treats the guesses (the harness's observation checks).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Obs {
    /// Every guess is written.
    Full,
    /// The second guess is not written, and the loss is not declared.
    Forgets,
    /// The second guess is not written, and `observation_view` declares it.
    Declared,
}

#[derive(Debug, Clone)]
struct Guess(Leak, Obs);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct State {
    secret: Option<u8>,
    guesses: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Action {
    Deal(u8),
    Guess(u8),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
struct View {
    seat: usize,
    dealt: bool,
    secret: Option<u8>,
    odd: Option<bool>,
    guesses: Vec<u8>,
}

static SPEC: GameSpec = GameSpec {
    id: "guess",
    name: "Guess",
    min_players: 3,
    max_players: 3,
    teams: false,
    chance: ChanceKind::Explicit,
    information: InformationKind::Imperfect,
    utility: UtilityKind::GeneralSum,
    min_return: 0.0,
    max_return: 1.0,
    options: &[OptionSpec {
        name: "players",
        label: "Players",
        doc: "The number of seats.",
        kind: OptionKind::IntChoice { values: &[3] },
        value_labels: &[],
        default: OptionDefault::Int(3),
    }],
    presets: &[],
    about: About::NONE,
};

impl Game for Guess {
    type State = State;
    type Action = Action;
    type View = View;

    fn spec() -> &'static GameSpec {
        &SPEC
    }
    fn new(_: &Options) -> Result<Self, OptionsError> {
        Ok(Guess(Leak::None, Obs::Full))
    }
    fn options(&self) -> Options {
        Options::defaults(&SPEC)
    }
    fn num_players(&self) -> usize {
        3
    }
    fn num_distinct_actions(&self) -> usize {
        8
    }
    fn max_game_length(&self) -> usize {
        3
    }
    fn initial_state(&self) -> State {
        State { secret: None, guesses: Vec::new() }
    }
    fn turn(&self, s: &State) -> Turn {
        match (s.secret, s.guesses.len()) {
            (None, _) => Turn::Chance,
            (Some(_), n) if n < 2 => Turn::Player(n + 1),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        match self.turn(s) {
            Turn::Chance => out.extend((0..4).map(Action::Deal)),
            Turn::Player(_) => out.extend((0..4).map(Action::Guess)),
            Turn::Terminal => {}
        }
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if s.secret.is_none() {
            out.extend((0..4).map(|n| (Action::Deal(n), 0.25)));
        }
    }
    fn check(&self, s: &State, a: Action) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        if legal.contains(&a) { Ok(()) } else { Err(Illegal::new("not now")) }
    }
    fn play_unchecked(&self, s: &mut State, a: Action) {
        match a {
            Action::Deal(n) => s.secret = Some(n),
            Action::Guess(n) => s.guesses.push(n),
        }
    }
    fn returns_into(&self, s: &State, out: &mut [f64]) {
        out.fill(0.0);
        for (i, &g) in s.guesses.iter().enumerate() {
            if self.turn(s) == Turn::Terminal && Some(g) == s.secret {
                out[i + 1] = 1.0;
            }
        }
    }
    fn view(&self, s: &State, seat: usize) -> View {
        let over = self.turn(s) == Turn::Terminal;
        let secret = if seat == 0 || over { s.secret } else { None };
        let leaks = match self.0 {
            Leak::View => seat == 1,
            Leak::Later => seat == 2 && !s.guesses.is_empty(),
            Leak::None | Leak::History => false,
        };
        let odd = if leaks { s.secret.map(|n| n % 2 == 1) } else { None };
        View { seat, dealt: s.secret.is_some(), secret, odd, guesses: s.guesses.clone() }
    }
    fn public_view(&self, s: &State) -> View {
        // Seat 2 sees no secret; what it sees is what everyone sees.
        let over = self.turn(s) == Turn::Terminal;
        let secret = if over { s.secret } else { None };
        View { seat: 0, dealt: s.secret.is_some(), secret, odd: None, guesses: s.guesses.clone() }
    }
    fn view_player(&self, v: &View) -> usize {
        v.seat
    }
    fn determinize<R: Rng + ?Sized>(&self, v: &View, rng: &mut R) -> State {
        let secret = match (v.secret, v.odd) {
            (Some(n), _) => Some(n),
            (None, Some(odd)) => Some(rng.random_range(0..2) * 2 + odd as u8),
            (None, None) if !v.dealt => None,
            (None, None) => Some(rng.random_range(0..4)),
        };
        State { secret, guesses: v.guesses.clone() }
    }
    fn observe_action(&self, _: &State, a: Action, seat: usize) -> String {
        match a {
            Action::Deal(n) if seat != 0 && !(self.0 == Leak::History && seat == 1 && n == 3) => {
                "deal ?".to_owned()
            }
            _ => self.action_text(a),
        }
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![3 + 1 + 4 + 2 + 2 * 4]
    }
    fn write_observation(&self, v: &View, out: &mut [f32]) {
        let mut w = tabula_core::observation::Writer::new(out);
        w.one_hot(v.seat, 3);
        w.flag(v.dealt);
        w.one_hot_opt(v.secret.map(usize::from), 4);
        w.flag(v.odd == Some(true));
        w.flag(v.odd == Some(false));
        let written = if self.1 == Obs::Full { 2 } else { 1 };
        for i in 0..2 {
            w.one_hot_opt(v.guesses.get(i).filter(|_| i < written).map(|&g| usize::from(g)), 4);
        }
        w.finish();
    }
    fn observation_view(&self, v: &View) -> View {
        let mut v = v.clone();
        if self.1 == Obs::Declared {
            v.guesses.truncate(1);
        }
        v
    }
    fn action_text(&self, a: Action) -> String {
        match a {
            Action::Deal(n) => format!("deal {n}"),
            Action::Guess(n) => format!("guess {n}"),
        }
    }
    fn parse_action(&self, text: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError::new(text, "expected `deal 0..3` or `guess 0..3`");
        let (verb, n) = text.split_once(' ').ok_or_else(err)?;
        let n: u8 = n.parse().ok().filter(|&n| n < 4).ok_or_else(err)?;
        match verb {
            "deal" => Ok(Action::Deal(n)),
            "guess" => Ok(Action::Guess(n)),
            _ => Err(err()),
        }
    }
    fn action_index(&self, a: Action) -> usize {
        match a {
            Action::Deal(n) => n as usize,
            Action::Guess(n) => 4 + n as usize,
        }
    }
    fn action_from_index(&self, i: usize) -> Option<Action> {
        match i {
            0..4 => Some(Action::Deal(i as u8)),
            4..8 => Some(Action::Guess(i as u8 - 4)),
            _ => None,
        }
    }
    fn validate(&self, s: State) -> Result<State, SetupError> {
        if s.secret.is_some_and(|n| n > 3) || s.guesses.len() > 2 || s.guesses.iter().any(|&g| g > 3) {
            return Err(SetupError::one("out of range"));
        }
        if s.secret.is_none() && !s.guesses.is_empty() {
            return Err(SetupError::one("guesses before the deal"));
        }
        Ok(s)
    }
}

fn run(leak: Leak) -> conformance::Report {
    let config = Config { playouts: 40, view_every: 1, sweep_every: 1, swaps: 8, ..Config::default() };
    conformance::check(&Guess(leak, Obs::Full), config)
}

fn run_observed(obs: Obs) -> conformance::Report {
    let config = Config { playouts: 40, view_every: 1, sweep_every: 1, swaps: 0, ..Config::default() };
    conformance::check(&Guess(Leak::None, obs), config)
}

#[test]
fn observations_and_masks_are_checked() {
    let report = run_observed(Obs::Full);
    assert!(report.observations > 300 && report.masks > 100, "{report:?}");
}

#[test]
#[should_panic(
    expected = "guess(players=3) seed 1 step 3: seat 0's observation is the same for two views that differ at `/guesses/1`"
)]
fn an_observation_that_forgets_part_of_the_view_is_caught() {
    run_observed(Obs::Forgets);
}

#[test]
fn a_declared_loss_passes() {
    run_observed(Obs::Declared);
}

#[test]
fn an_honest_game_passes() {
    let report = run(Leak::None);
    assert!(report.swaps > 100 && report.swap_steps > report.swaps, "{report:?}");
}

#[test]
#[should_panic(expected = "shows as `deal 3` when the outcome is deal 3")]
fn a_remembered_card_in_the_history_is_caught() {
    run(Leak::History);
}

#[test]
#[should_panic(expected = "its view differs: view.odd")]
fn a_view_that_tells_one_seat_about_a_hidden_deal_is_caught() {
    run(Leak::View);
}

#[test]
#[should_panic(expected = "(a leak)")]
fn a_leak_that_appears_later_is_caught() {
    run(Leak::Later);
}
