//! A sensible beginner's policy for Sabotage, played by the `heuristic` bot (and the
//! `easy` level). It reads the seat's view only.
//!
//! It plays the card that most improves its roof's score against the opponents',
//! counting half-built lines as worth something (a line with one colour so far may still
//! score), and it ends a round once it leads by enough that the closing penalty is worth
//! paying. It looks no further than its own move: no counting of cards, no guessing of
//! hands.

use rand::Rng;

use crate::action::{Action, Side};
use crate::card::{Card, LINES, PipeKind};
use crate::state::{Roof, line_points, round_score};
use crate::view::View;

/// How much a half-built line counts, per point it could score, per card already in it.
const POTENTIAL: f64 = 0.4;
/// The lead (in round points, after the closing penalty) at which the round is ended.
const END_LEAD: i32 = 3;

/// A roof's worth to a beginner: its score if the round ended now, plus the promise of
/// lines that are partly built in one colour or one family.
fn worth(roof: &Roof) -> f64 {
    let mut value = 0u8;
    let mut promise = 0.0;
    for line in LINES {
        let points = line_points(roof, line);
        value += points;
        if points > 0 {
            continue;
        }
        let mut filled = 0;
        let mut first: Option<crate::card::Colour> = None;
        let (mut same, mut family, mut plain) = (true, true, true);
        for &i in &line {
            let Some(card) = roof[i] else { continue };
            filled += 1;
            match (card.colour(), first) {
                (None, _) => plain = false,
                (Some(c), None) => first = Some(c),
                (Some(c), Some(f)) => {
                    same &= c == f;
                    family &= c.family() == f.family();
                }
            }
        }
        if filled == 3 || filled == 0 || !plain {
            continue;
        }
        let could = if same {
            2.0
        } else if family {
            1.0
        } else {
            0.0
        };
        promise += could * POTENTIAL * filled as f64 / 3.0;
    }
    f64::from(round_score(value)) + promise
}

/// The roofs (own team's first) after the seat plays `action`.
fn roofs_after(view: &View, action: Action) -> [Roof; 2] {
    let own = (view.player % 2) as usize;
    let mut roofs = [view.roofs[own], view.roofs[1 - own]];
    let side_index = |side: Side| if side == Side::Own { 0 } else { 1 };
    match action {
        Action::Letter { card, side } => {
            if let Some((PipeKind::Letter(l), _)) = card.as_pipe() {
                roofs[side_index(side)][l as usize] = Some(card);
            }
        }
        Action::X { square, .. } | Action::Wrench { square, .. } => {
            roofs[0][square.index()] = action.card_played();
        }
        Action::Sabotage { side, square } => roofs[side_index(side)][square.index()] = None,
        Action::Demontage { square } => roofs[0][square.index()] = None,
        _ => {}
    }
    roofs
}

/// What a card in hand is worth keeping, to choose what to discard: the cards that can
/// repair or wreck any roof are kept longest.
fn keep_value(card: Card) -> f64 {
    match card.as_pipe() {
        None => 1.0,
        Some((PipeKind::Wrench, _)) => 0.8,
        Some((PipeKind::X, _)) => 0.6,
        Some((PipeKind::Letter(_), _)) => 0.3,
    }
}

/// Whether the seat's team should end the round now: it leads by [`END_LEAD`] round
/// points after the penalty, or leads at all when few cards are left to draw.
fn should_end(view: &View) -> bool {
    let own = (view.player % 2) as usize;
    let mine = round_score(view.values[own]) - 1;
    let theirs = round_score(view.values[1 - own]);
    let lead = mine - theirs;
    lead >= END_LEAD || (lead > 0 && view.stock < 8)
}

/// The beginner's move among `legal` (the seat's legal actions), ties broken at random.
pub fn beginner_move<R: Rng + ?Sized>(view: &View, legal: &[Action], rng: &mut R) -> Option<Action> {
    if legal.contains(&Action::End) {
        if should_end(view) {
            return Some(Action::End);
        }
        if legal.contains(&Action::Draw) {
            return Some(Action::Draw);
        }
    }
    if legal.contains(&Action::Agree) {
        return Some(if should_end(view) { Action::Agree } else { Action::Refuse });
    }
    let own = (view.player % 2) as usize;
    let before = worth(&view.roofs[own]) - worth(&view.roofs[1 - own]);
    let mut best: Vec<Action> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    for &action in legal.iter().filter(|&&a| a != Action::End) {
        let score = match action {
            Action::Discard(card) => -0.05 - 0.1 * keep_value(card),
            _ => {
                let roofs = roofs_after(view, action);
                let gain = worth(&roofs[0]) - worth(&roofs[1]) - before;
                // A special card spent for little is a card lost for later.
                gain - 0.1 * keep_value(action.card_played().unwrap_or(Card::SABOTAGE))
            }
        };
        if score > best_score + 1e-9 {
            best_score = score;
            best.clear();
            best.push(action);
        } else if (score - best_score).abs() <= 1e-9 {
            best.push(action);
        }
    }
    if best.is_empty() {
        return legal.first().copied();
    }
    Some(best[rng.random_range(0..best.len())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SabotagePipes;
    use crate::card::Colour;
    use rand::SeedableRng;
    use tabula_core::Game;

    fn pipe(kind: PipeKind, colour: Colour) -> Card {
        Card::pipe(kind, colour)
    }

    #[test]
    fn completes_a_line_of_one_colour() {
        let game = SabotagePipes::with_defaults();
        let mut state = game.initial_state();
        state.phase = crate::Phase::Play;
        state.to_move = 0;
        // A and B orange on the seat's roof; C orange in hand, with a useless X.
        state.roofs[0][0] = Some(pipe(PipeKind::Letter(0), Colour::Orange));
        state.roofs[0][1] = Some(pipe(PipeKind::Letter(1), Colour::Orange));
        state.hands[0].add(pipe(PipeKind::Letter(2), Colour::Orange));
        state.hands[0].add(pipe(PipeKind::Letter(6), Colour::Blue));
        let view = game.view(&state, 0);
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let action = beginner_move(&view, &legal, &mut rng).unwrap();
        assert_eq!(
            action,
            Action::Letter { card: pipe(PipeKind::Letter(2), Colour::Orange), side: Side::Own }
        );
    }

    #[test]
    fn sabotages_the_opponents_best_line() {
        let game = SabotagePipes::with_defaults();
        let mut state = game.initial_state();
        state.phase = crate::Phase::Play;
        state.to_move = 0;
        for square in [0, 4, 8] {
            state.roofs[1][square] = Some(pipe(PipeKind::Letter(square as u8), Colour::Red));
        }
        state.hands[0].add(Card::SABOTAGE);
        let view = game.view(&state, 0);
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        match beginner_move(&view, &legal, &mut rng).unwrap() {
            Action::Sabotage { side: Side::Opp, square } => assert!([0, 4, 8].contains(&square.index())),
            other => panic!("expected a sabotage of the red diagonal, got {other}"),
        }
    }

    #[test]
    fn ends_a_round_it_leads_clearly_and_draws_otherwise() {
        let game = SabotagePipes::with_defaults();
        let mut state = game.initial_state();
        state.phase = crate::Phase::Start;
        state.to_move = 0;
        for square in 0..9 {
            let colour = if square % 2 == 0 { Colour::Orange } else { Colour::Red };
            state.roofs[0][square] = Some(pipe(PipeKind::Letter(square as u8), colour));
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let legal = [Action::End, Action::Draw];
        assert_eq!(beginner_move(&game.view(&state, 0), &legal, &mut rng), Some(Action::End));
        state.roofs[1] = state.roofs[0];
        assert_eq!(beginner_move(&game.view(&state, 0), &legal, &mut rng), Some(Action::Draw));
    }
}
