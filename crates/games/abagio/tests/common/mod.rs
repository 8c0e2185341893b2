//! Positions for tests, built from a short description and checked by `validate`.

#![allow(dead_code)]

use tabula_abagio::board::FROGS;
use tabula_abagio::{Abagio, Action, Board, Colour, Dice, Phase, Square, Stack, State};
use tabula_core::Game;

pub fn game() -> Abagio {
    Abagio::with_defaults()
}

/// A position in `phase` with `to_move` to act, the dice left, the frogs at the root, and
/// the stacks (`("21", "rprp")`, bottom first); every other frog is in the pond. Panics if
/// `validate` refuses it.
pub fn position(
    phase: Phase,
    to_move: Colour,
    dice: &[u8],
    root: [u8; 2],
    stacks: &[(&str, &str)],
    top_frog: Option<&str>,
) -> State {
    let state = raw_position(phase, to_move, dice, root, stacks, top_frog);
    game().validate(state).unwrap_or_else(|e| panic!("test position invalid: {e}"))
}

/// As [`position`], not validated.
pub fn raw_position(
    phase: Phase,
    to_move: Colour,
    dice: &[u8],
    root: [u8; 2],
    stacks: &[(&str, &str)],
    top_frog: Option<&str>,
) -> State {
    let mut board = Board::default();
    for (square, stack) in stacks {
        let square: Square = square.parse().unwrap();
        *board.get_mut(square) = stack.parse::<Stack>().unwrap();
    }
    let on_board = |c: Colour| board.0.iter().map(|s| s.count(c)).sum::<u8>();
    let pond = Colour::ALL.map(|c| FROGS.saturating_sub(root[c.index()] + on_board(c)));
    State {
        phase,
        to_move,
        dice: Dice::of(dice).unwrap(),
        root,
        pond,
        board,
        top_frog: top_frog.map(|s| s.parse().unwrap()),
        turn: 1,
        winner: None,
    }
}

/// A leaping position: `to_move` has `dice` to play.
pub fn leaping(to_move: Colour, dice: &[u8], root: [u8; 2], stacks: &[(&str, &str)]) -> State {
    position(Phase::Leap, to_move, dice, root, stacks, None)
}

pub fn act(text: &str) -> Action {
    game().parse_action(text).unwrap_or_else(|e| panic!("{e}"))
}

/// The legal actions, as text.
pub fn legal(state: &State) -> Vec<String> {
    let g = game();
    let mut out = Vec::new();
    g.legal_actions(state, &mut out);
    out.into_iter().map(|a| g.action_text(a)).collect()
}

/// Plays `texts` in order, each of which must be legal.
pub fn play(state: &mut State, texts: &[&str]) {
    let g = game();
    for text in texts {
        g.play(state, act(text)).unwrap_or_else(|e| panic!("`{text}` refused: {e}"));
    }
}

/// Plays `text`, which must be refused without changing the state; returns the reason.
pub fn refused(state: &State, text: &str) -> String {
    let mut copy = *state;
    let err = game().play(&mut copy, act(text)).expect_err(text);
    assert_eq!(&copy, state, "a refused action changes nothing");
    err.reason
}

/// Every distinct sequence of actions from `state` until the turn passes to the other
/// player or the game ends (chance outcomes included when `state` is at a roll).
pub fn turn_sequences(state: &State) -> Vec<Vec<Action>> {
    let g = game();
    let mover = state.to_move;
    let mut out = Vec::new();
    let mut path = Vec::new();
    fn walk(g: &Abagio, s: &State, mover: Colour, path: &mut Vec<Action>, out: &mut Vec<Vec<Action>>) {
        let done = s.phase == Phase::Over || (s.phase == Phase::Roll && s.to_move != mover);
        if done && !path.is_empty() {
            out.push(path.clone());
            return;
        }
        let mut actions = Vec::new();
        g.legal_actions(s, &mut actions);
        for a in actions {
            let mut next = *s;
            g.play(&mut next, a).unwrap();
            path.push(a);
            walk(g, &next, mover, path, out);
            path.pop();
        }
    }
    walk(&g, state, mover, &mut path, &mut out);
    out
}

/// The leap sequences the rulebook allows from a leaping position, found the slow way:
/// every whole sequence of single leaps (each landing legal), then only the longest (a
/// winning sequence counts as using every number), then, when only one of two different
/// numbers can be played, only those with the larger if there are any. Independent of the
/// engine's step-by-step generator.
pub fn reference_sequences(state: &State) -> std::collections::BTreeSet<Vec<Action>> {
    use tabula_abagio::board::ROOT;
    use tabula_abagio::leaps::{apply_leap, single_leap};
    fn walk(
        s: &State,
        player: Colour,
        dice: Dice,
        path: &mut Vec<Action>,
        out: &mut Vec<(Vec<Action>, bool)>,
    ) {
        let mut extended = false;
        if !s.has_won(player) {
            for die in dice.distinct() {
                for from in 1..=ROOT {
                    if let Ok(landing) = single_leap(s, player, from, die) {
                        extended = true;
                        let mut next = *s;
                        apply_leap(&mut next, player, from, landing);
                        path.push(Action::Leap { from, die });
                        walk(&next, player, dice.without(die), path, out);
                        path.pop();
                    }
                }
            }
        }
        if !extended {
            out.push((path.clone(), s.has_won(player)));
        }
    }
    let mut all = Vec::new();
    walk(state, state.to_move, state.dice, &mut Vec::new(), &mut all);
    let n = state.dice.len();
    let length = |(seq, won): &(Vec<Action>, bool)| if *won { n } else { seq.len() };
    let best = all.iter().map(length).max().unwrap_or(0);
    let mut kept: Vec<Vec<Action>> =
        all.iter().filter(|s| length(s) == best).map(|(seq, _)| seq.clone()).collect();
    let larger = state.dice.as_slice().first().copied().unwrap_or(0);
    let uses_larger = |seq: &Vec<Action>| matches!(seq[0], Action::Leap { die, .. } if die == larger);
    if best == 1 && state.dice.two_numbers() && kept.iter().any(uses_larger) {
        kept.retain(uses_larger);
    }
    kept.into_iter().collect()
}

/// The leap sequences the engine offers from a leaping position, step by step.
pub fn engine_sequences(state: &State) -> std::collections::BTreeSet<Vec<Action>> {
    let g = game();
    fn walk(
        g: &Abagio,
        s: &State,
        path: &mut Vec<Action>,
        out: &mut std::collections::BTreeSet<Vec<Action>>,
    ) {
        if s.phase != Phase::Leap {
            out.insert(path.clone());
            return;
        }
        let mut actions = Vec::new();
        g.legal_actions(s, &mut actions);
        assert!(!actions.is_empty(), "a leaping player has a legal leap");
        for a in actions {
            let mut next = *s;
            g.play(&mut next, a).unwrap();
            path.push(a);
            walk(g, &next, path, out);
            path.pop();
        }
    }
    let mut out = std::collections::BTreeSet::new();
    walk(&g, state, &mut Vec::new(), &mut out);
    out
}
