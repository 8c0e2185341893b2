//! The rules as a state machine: whose turn, the legal actions, checking and playing them,
//! the Top Frog, the end of a turn and of the game. Each refusal names the section of
//! `docs/rules/abagio.md` it enforces.

use tabula_core::{Illegal, Turn};

use crate::action::Action;
use crate::board::{Colour, Square};
use crate::leaps::{self, Forced, Refusal};
use crate::setup;
use crate::state::{Dice, Phase, State};

/// The most actions offered at once: the 30 opening rolls (a player has at most 26 leaps,
/// or 17 Top Frog squares and `pass`). The capacity of action buffers.
pub const MAX_LEGAL: usize = 30;

/// Who acts.
pub fn turn(state: &State) -> Turn {
    match state.phase {
        Phase::Opening | Phase::Roll => Turn::Chance,
        Phase::Leap | Phase::TopFrog => Turn::Player(state.to_move.index()),
        Phase::Over => Turn::Terminal,
    }
}

/// The squares where the player to move may place the Top Frog (rules §The Top Frog): outer
/// squares that are empty or topped by one of the player's own frogs, and not maxed.
pub fn top_frog_squares(state: &State) -> impl Iterator<Item = Square> + '_ {
    Square::outer().filter(|&sq| takes_top_frog(state, sq))
}

/// Whether the Top Frog may go on outer square `square`: [`top_frog_refusal`] says nothing,
/// without writing the sentence.
fn takes_top_frog(state: &State, square: Square) -> bool {
    let stack = state.stack(square);
    stack.top().is_none_or(|top| top == state.to_move) && stack.height() < square.max_height()
}

/// Why the Top Frog may not go on outer square `square`, if it may not.
fn top_frog_refusal(state: &State, square: Square) -> Option<String> {
    let stack = state.stack(square);
    let player = state.to_move;
    match stack.top() {
        Some(top) if top != player => Some(format!(
            "{square} has a {top} frog on top; the Top Frog goes only on one of your own frogs or an empty \
             square of the outer path, never on your opponent's frogs (rules §The Top Frog)"
        )),
        _ if stack.height() >= square.max_height() => Some(format!(
            "the stack on {square} is maxed at {} frogs; the Top Frog never goes on a maxed stack \
             (rules §The Top Frog)",
            square.max_height()
        )),
        _ => None,
    }
}

/// Whether the player to move may play the Top Frog now: none of their frogs is at the
/// root, and some square takes it.
pub fn may_play_top_frog(state: &State) -> bool {
    state.root[state.to_move.index()] == 0 && top_frog_squares(state).next().is_some()
}

/// Writes the legal actions (or chance outcomes) into `out`.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    match state.phase {
        Phase::Opening => out.extend(OPENINGS.iter().map(|&(a, _)| a)),
        Phase::Roll => out.extend(ROLLS.iter().map(|&(a, _)| a)),
        Phase::Leap => leaps::legal_leaps(state, out),
        Phase::TopFrog => {
            out.extend(top_frog_squares(state).map(|sq| Action::TopFrog(sq.pip())));
            out.push(Action::Pass);
        }
        Phase::Over => {}
    }
}

/// The 30 opening rolls with different dice, each 1/30 (a tie is rolled again), red's die
/// then purple's in increasing order.
static OPENINGS: [(Action, f64); 30] = {
    let mut out = [(Action::Pass, 0.0); 30];
    let (mut red, mut i) = (1, 0);
    while red <= 6 {
        let mut purple = 1;
        while purple <= 6 {
            if purple != red {
                out[i] = (Action::Opening { red, purple }, 1.0 / 30.0);
                i += 1;
            }
            purple += 1;
        }
        red += 1;
    }
    out
};

/// The 21 rolls of two dice, a double 1/36, two different numbers 2/36: by the larger die,
/// then the smaller, in increasing order.
static ROLLS: [(Action, f64); 21] = {
    let mut out = [(Action::Pass, 0.0); 21];
    let (mut hi, mut i) = (1, 0);
    while hi <= 6 {
        let mut lo = 1;
        while lo <= hi {
            out[i] = (Action::Roll(hi, lo), if hi == lo { 1.0 / 36.0 } else { 2.0 / 36.0 });
            i += 1;
            lo += 1;
        }
        hi += 1;
    }
    out
};

/// The chance outcomes with their probabilities.
pub fn chance_outcomes(state: &State, out: &mut Vec<(Action, f64)>) {
    out.clear();
    match state.phase {
        Phase::Opening => out.extend_from_slice(&OPENINGS),
        Phase::Roll => out.extend_from_slice(&ROLLS),
        _ => {}
    }
}

/// A square's name for sentences: `the root`, or the square.
fn place(player: Colour, from: u8) -> String {
    match Square::at(player, from) {
        Some(square) => square.to_string(),
        None => "the root".to_owned(),
    }
}

/// Whether `action` is legal now, and if not why, naming the rule.
pub fn check(state: &State, action: Action) -> Result<(), Illegal> {
    let no = |why: String| Err(Illegal::new(why));
    if !action.is_well_formed() {
        return no(format!("{action:?} is not an action of Abagio"));
    }
    let player = state.to_move;
    match (state.phase, action) {
        (Phase::Over, _) => no("the game is over".to_owned()),
        (Phase::Opening, Action::Opening { .. }) | (Phase::Roll, Action::Roll(..)) => Ok(()),
        (Phase::Opening, _) => {
            no("the game has not begun: first comes the opening roll, one die each, and the \
                                   higher plays first (`open r5 p3`, chance) (rules §Setup)"
                .to_owned())
        }
        (_, Action::Opening { .. }) => no("the opening roll was made at the start of the game".to_owned()),
        (Phase::Roll, _) => no(format!("{player} is about to roll the dice: wait for the roll (chance)")),
        (_, Action::Roll(..)) => {
            no(format!("{player} is playing the dice already rolled; no roll is due now"))
        }
        (Phase::Leap, Action::Leap { from, die }) => check_leap(state, from, die),
        (Phase::Leap, Action::TopFrog(_) | Action::Pass) => no(format!(
            "you still have leaps to make with your {}: play each number when you legally can; the Top Frog \
             comes after the leaps (rules §Other leaping rules)",
            state.dice
        )),
        (Phase::TopFrog, Action::Leap { .. }) => {
            no("your leaps are over this turn: place the Top Frog (`top N`) \
                                                      or `pass` (rules §The Top Frog)"
                .to_owned())
        }
        (Phase::TopFrog, Action::Pass) => Ok(()),
        (Phase::TopFrog, Action::TopFrog(pip)) => {
            let square = Square::shared(pip).expect("well formed: an outer square");
            top_frog_refusal(state, square).map_or(Ok(()), no)
        }
    }
}

fn check_leap(state: &State, from: u8, die: u8) -> Result<(), Illegal> {
    let player = state.to_move;
    if !state.dice.contains(die) {
        return Err(Illegal::new(format!("you have no {die} to play: your dice left are {}", state.dice)));
    }
    if let Err(refusal) = leaps::single_leap(state, player, from, die) {
        return Err(Illegal::new(explain(state, from, die, refusal)));
    }
    match leaps::forced(state, from, die) {
        Forced::Allowed => Ok(()),
        Forced::Larger { larger } => Err(Illegal::new(format!(
            "only one of your numbers can be played this turn, and the {larger} can: you must play the larger \
             number (rules §Other leaping rules)"
        ))),
        Forced::TooFew { after, best } => {
            let numbers = if state.dice.two_numbers() { "both your numbers" } else { "more of your dice" };
            Err(Illegal::new(format!(
                "after this leap you could make {after} more leap{}, but {best} leaps are possible with {numbers}: \
                 you must play as many numbers as you legally can, in the order that allows the most leaps \
                 (rules §Other leaping rules)",
                if after == 1 { "" } else { "s" }
            )))
        }
    }
}

/// A refusal of one leap as a sentence naming its rule.
fn explain(state: &State, from: u8, die: u8, refusal: Refusal) -> String {
    let player = state.to_move;
    let here = place(player, from);
    match refusal {
        Refusal::NoFrog => format!("you have no frog on {here}"),
        Refusal::Buried { top } => format!(
            "your frogs on {here} are under a {top} frog; only the top frog of a stack may leap (rules §Leaping)"
        ),
        Refusal::Frozen => {
            format!("the Top Frog sits on {here} and freezes the frogs under it (rules §The Top Frog)")
        }
        Refusal::PondClosed => {
            let where_ = if state.root[player.index()] > 0 { "at the root" } else { "on the outer path" };
            format!(
                "a frog may leap into the pond only when all your frogs are on the inner path (your safe sector, \
                 8 or 1), and you still have frogs {where_} (rules §Final leaps)"
            )
        }
        Refusal::NotFarthest { farthest } => format!(
            "a {die} is more than the {from} square{} from {here} to the pond; a larger number may take into \
             the pond only your farthest frog, and it is on {} (rules §Final leaps)",
            if from == 1 { "" } else { "s" },
            place(player, farthest)
        ),
        Refusal::TopFrogThere(square) => {
            format!("the Top Frog sits on {square}; no frog may land there (rules §The Top Frog)")
        }
        Refusal::Maxed(square) => {
            let max = square.max_height();
            let words = if max == 2 { "two frogs" } else { "five frogs" };
            format!("the stack on {square} is maxed at {words}; nothing may land there (rules §Maxed stacks)")
        }
        Refusal::Heap { square, run } => format!(
            "{} has a heap of {run} frogs on top at {square}; you may not land on it (rules §Heaps)",
            player.other()
        ),
    }
}

/// Applies a legal action. `turn_limit` is the game's option: the turn after which the
/// game ends in a draw.
pub fn play(state: &mut State, action: Action, turn_limit: u16) {
    match action {
        Action::Opening { red, purple } => {
            let first = if red > purple { Colour::Red } else { Colour::Purple };
            setup::place_corner_stacks(state, first);
            state.to_move = first;
            state.phase = Phase::Roll;
        }
        Action::Roll(hi, lo) => {
            state.turn += 1;
            state.dice = Dice::roll(hi, lo);
            state.phase = Phase::Leap;
            if !leaps::any_leap(state, state.to_move, state.dice) {
                // No legal leap: the turn is lost, save for the Top Frog.
                end_leaps(state, turn_limit);
            }
        }
        Action::Leap { from, die } => {
            let player = state.to_move;
            let landing = leaps::landing(player, from, die);
            debug_assert_eq!(leaps::single_leap(state, player, from, die), Ok(landing), "a legal leap");
            leaps::apply_leap(state, player, from, landing);
            state.dice = state.dice.without(die);
            if state.has_won(player) {
                state.phase = Phase::Over;
                state.winner = Some(player);
                state.dice = Dice::NONE;
            } else if !leaps::any_leap(state, player, state.dice) {
                end_leaps(state, turn_limit);
            }
        }
        Action::TopFrog(pip) => {
            state.top_frog = Square::shared(pip);
            end_turn(state, turn_limit);
        }
        Action::Pass => {
            state.top_frog = None;
            end_turn(state, turn_limit);
        }
    }
}

/// The leaps are over: the Top Frog decision if the player may play it, else the turn ends
/// with the Top Frog set aside.
fn end_leaps(state: &mut State, turn_limit: u16) {
    state.dice = Dice::NONE;
    if may_play_top_frog(state) {
        state.phase = Phase::TopFrog;
    } else {
        state.top_frog = None;
        end_turn(state, turn_limit);
    }
}

/// The other player rolls next, unless the turn limit is reached (a draw).
fn end_turn(state: &mut State, turn_limit: u16) {
    state.to_move = state.to_move.other();
    state.phase = if state.turn >= turn_limit { Phase::Over } else { Phase::Roll };
}

/// Each seat's return: +1 for the winner, −1 for the loser; 0 each before the end and in a
/// draw at the turn limit.
pub fn returns_into(state: &State, out: &mut [f64]) {
    out.fill(0.0);
    if let (Phase::Over, Some(winner)) = (state.phase, state.winner) {
        out[winner.index()] = 1.0;
        out[winner.other().index()] = -1.0;
    }
}
