//! A sensible beginner's policy for Abagio, played by the `heuristic` bot. It reads the
//! seat's view only (Abagio hides nothing, so the view is the whole position).
//!
//! The beginner plays the whole roll at once, like a backgammon player moving the checkers
//! in their head: every way of playing the dice left is tried (the same end position
//! reached in different orders counted once), and, when the Top Frog is theirs to place,
//! every square for it too. The end position is judged by a few rules of thumb, all in
//! pips (squares still to run):
//!
//! * **the race**: how far ahead of the opponent it is; hitting a blot (26 − its square
//!   for the opponent) and bringing frogs into the pond count here;
//! * **blots**: a lone frog of its own on a shared square (the outer path, Eight, One)
//!   that an opponent's frog behind it could hit next turn costs the chance of being hit
//!   (the rolls of the two dice that reach it, directly or with both dice) times the pips
//!   it would lose going back to the root. Frogs in the safe sector, pairs, heaps, maxed
//!   stacks and a frog under the Top Frog are safe;
//! * **trapped frogs**: each frog buried under an opponent's frog cannot move, worth
//!   [`TRAPPED`] pips against its owner; so covering an opponent's pair is good and being
//!   covered is bad;
//! * a won game is worth more than anything.
//!
//! The Top Frog is placed where the position is judged best (on the blot most likely to be
//! hit, usually), or set aside when no square helps. Nothing else is random: only ties are
//! broken by the generator.

use std::collections::HashMap;

use rand::Rng;
use tabula_core::Game;

use crate::board::{Colour, ROOT};
use crate::state::{Phase, State};
use crate::{Abagio, Action, View};

/// Pips a frog buried under an opponent's frog is worth against its owner.
const TRAPPED: f64 = 3.0;
/// How much the expected pips lost to hits count against the race.
const RISK: f64 = 1.0;
/// The value of a won game (far beyond any race).
const WON: f64 = 1e6;

/// The 21 rolls of two dice, larger first, with their weight out of 36.
const ROLLS: [(u8, u8, f64); 21] = {
    let mut rolls = [(0u8, 0u8, 0.0f64); 21];
    let mut hi = 1;
    let mut k = 0;
    while hi <= 6 {
        let mut lo = 1;
        while lo <= hi {
            rolls[k] = (hi, lo, if hi == lo { 1.0 / 36.0 } else { 2.0 / 36.0 });
            k += 1;
            lo += 1;
        }
        hi += 1;
    }
    rolls
};

/// The beginner's move among `legal` (the seat's legal actions), ties broken at random.
pub fn beginner_move<R: Rng + ?Sized>(
    game: &Abagio,
    view: &View,
    legal: &[Action],
    rng: &mut R,
) -> Option<Action> {
    let me = view.colour;
    let state = &view.state;
    if !matches!(state.phase, Phase::Leap | Phase::TopFrog) || state.to_move != me {
        return legal.first().copied();
    }
    let mut memo = HashMap::new();
    let mut best: Vec<Action> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for &action in legal {
        let mut next = *state;
        game.play_unchecked(&mut next, action);
        let value = best_end(game, &next, me, &mut memo);
        if value > best_value + 1e-9 {
            best_value = value;
            best.clear();
            best.push(action);
        } else if (value - best_value).abs() <= 1e-9 {
            best.push(action);
        }
    }
    match best.len() {
        0 => legal.first().copied(),
        n => Some(best[rng.random_range(0..n)]),
    }
}

/// The value for `me` of the best way to finish the turn from `state`: its leaps left and
/// the Top Frog, then [`judge`] on the position the opponent will roll in.
fn best_end(game: &Abagio, state: &State, me: Colour, memo: &mut HashMap<State, f64>) -> f64 {
    if state.to_move != me || !matches!(state.phase, Phase::Leap | Phase::TopFrog) {
        return judge(state, me);
    }
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let mut actions = Vec::new();
    game.legal_actions(state, &mut actions);
    let mut best = f64::NEG_INFINITY;
    for action in actions {
        let mut next = *state;
        game.play_unchecked(&mut next, action);
        best = best.max(best_end(game, &next, me, memo));
    }
    if best == f64::NEG_INFINITY {
        best = judge(state, me);
    }
    memo.insert(*state, best);
    best
}

/// A position's worth to `me`, in pips: the race, less the expected loss to hits, less the
/// frogs trapped (see the module docs).
fn judge(state: &State, me: Colour) -> f64 {
    if state.phase == Phase::Over {
        return match state.winner {
            Some(w) if w == me => WON,
            Some(_) => -WON,
            None => 0.0,
        };
    }
    let them = me.other();
    let race = f64::from(state.pip_count(them)) - f64::from(state.pip_count(me));
    let trapped = TRAPPED * (f64::from(trapped(state, them)) - f64::from(trapped(state, me)));
    race + trapped - RISK * blot_risk(state, me)
}

/// How many of `player`'s frogs lie under an opponent's frog.
fn trapped(state: &State, player: Colour) -> u32 {
    let mut n = 0;
    for (_, stack) in state.board.iter() {
        let Some(highest) = (0..stack.height()).rev().find(|&i| stack.frog(i) != player) else { continue };
        n += (0..highest).filter(|&i| stack.frog(i) == player).count() as u32;
    }
    n
}

/// The pips `me` may expect to lose to hits in the opponent's next turn: for each blot on a
/// shared square, the chance that some roll brings an opponent's frog from behind onto it,
/// times the pips it would go back.
fn blot_risk(state: &State, me: Colour) -> f64 {
    let them = me.other();
    // The opponent's frogs free to leap, as distances to the pond (26: the root).
    let mut sources = [0u8; 32];
    let mut n = 0;
    if state.root[them.index()] > 0 {
        sources[n] = ROOT;
        n += 1;
    }
    for (square, stack) in state.board.iter() {
        if stack.top() == Some(them) && !state.frozen(square) {
            sources[n] = square.pip();
            n += 1;
        }
    }
    let sources = &sources[..n];
    let mut risk = 0.0;
    for (square, stack) in state.board.iter() {
        let shared = square.owner().is_none();
        if !shared
            || stack.top() != Some(me)
            || stack.top_run() != 1
            || stack.height() >= square.max_height()
            || state.frozen(square)
        {
            continue;
        }
        let p = square.pip();
        // Bit d set: an opponent's frog stands d squares behind the blot.
        let behind: u32 = sources.iter().filter(|&&q| q > p).fold(0, |m, &q| m | 1 << (q - p).min(31));
        if behind == 0 {
            continue;
        }
        let reach = |d: u8| behind >> d & 1 == 1;
        let chance: f64 = ROLLS
            .iter()
            .filter(|&&(hi, lo, _)| {
                if hi == lo {
                    (1..=4).any(|k| reach(k * hi))
                } else {
                    reach(hi) || reach(lo) || reach(hi + lo)
                }
            })
            .map(|&(_, _, w)| w)
            .sum();
        risk += chance * f64::from(ROOT - p);
    }
    risk
}
