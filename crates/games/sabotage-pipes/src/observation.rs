//! The observation tensor: a seat's [`View`] as `f32`s (see `tabula_core::observation` for
//! the conventions, `docs/python-observations.md` for every game).
//!
//! Shape `[len]`, one flat vector, for `n` seats (2 or 4) and `R` rounds. Seats are
//! *relative*: 0 is the observing seat, 1 the next seat, and so on; teams are *own first*:
//! 0 is the observing seat's team (its roof), 1 the other. Cards are one-hot over the 46
//! distinct cards in index order (`Ao Ar Ab Al Bo … Wl sab dem`); counts of a card are
//! divided by 4 (no card has more copies).
//!
//! | section | values | what |
//! |---|---|---|
//! | `seat` | n | the observing seat's absolute number, one-hot |
//! | `phase` | 6 | deal, start, draw, play, consent, over |
//! | `to_move` | n | the seat to act (in consent: the seat that asked to end), relative |
//! | `dealer` | n | this round's dealer, relative |
//! | `round` | R + 1 | the round being played, one-hot (R once the game is over) |
//! | `refused` | 1 | the partner refused to end the round this turn |
//! | `hand` | 46 | the seat's own hand: each card's count / 4 |
//! | `hand_sizes` | n | each seat's number of cards / 9, relative |
//! | `stock` | 1 | cards left in the face-down pile / 104 |
//! | `roofs` | 2 × 9 × 46 | each team's roof (own first), squares A–I, the card on it one-hot (none: zeros) |
//! | `values` | 2 | each roof's value now / 16, own first |
//! | `discards` | 46 | the face-up discard pile: each card's count / 4 |
//! | `top_discard` | 46 | the card on top of the discard pile, one-hot |
//! | `results` | R × (5 + n) | per round slot: finished flag, both roofs' final values / 16 and both teams' points / 30 (own first), the seat that ended it (relative, zeros: none) |
//!
//! Left out of the tensor ([`observation_view`]): `last_roofs`, the cards of the roofs as
//! the last round ended. They are public and play no part in the rounds to come (their
//! values are in `results`); the tables show them after a round.
//! | `totals` | 2 | each team's points from finished rounds / 100, own first |
//!
//! The tensor loses nothing of the view: the view holds no history beyond the finished
//! rounds' results, which are all here.

use tabula_core::observation::{Writer, relative_seat};

use crate::card::{Card, deck_size};
use crate::state::{MAX_ROOF_VALUE, Phase, State};
use crate::view::View;

/// Distinct phases.
const PHASES: usize = 6;
/// Per square of a roof: the card on it.
const ROOF: usize = 9 * Card::NUM;

/// Where each section of the tensor starts, for `players` seats and `rounds` rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Seats.
    pub players: usize,
    /// Rounds.
    pub rounds: usize,
    /// The seat one-hot.
    pub seat: usize,
    /// The phase one-hot.
    pub phase: usize,
    /// The seat to act, relative.
    pub to_move: usize,
    /// The dealer, relative.
    pub dealer: usize,
    /// The round one-hot.
    pub round: usize,
    /// The refusal flag.
    pub refused: usize,
    /// The seat's hand, per card.
    pub hand: usize,
    /// Each seat's hand size, relative.
    pub hand_sizes: usize,
    /// The stock.
    pub stock: usize,
    /// The two roofs, own team's first.
    pub roofs: usize,
    /// The roof values.
    pub values: usize,
    /// The discard pile, per card.
    pub discards: usize,
    /// The top discard.
    pub top_discard: usize,
    /// The finished rounds.
    pub results: usize,
    /// The totals.
    pub totals: usize,
    /// The number of values.
    pub len: usize,
}

impl Layout {
    /// The layout for `players` seats and `rounds` rounds.
    pub const fn new(players: usize, rounds: usize) -> Layout {
        let seat = 0;
        let phase = seat + players;
        let to_move = phase + PHASES;
        let dealer = to_move + players;
        let round = dealer + players;
        let refused = round + rounds + 1;
        let hand = refused + 1;
        let hand_sizes = hand + Card::NUM;
        let stock = hand_sizes + players;
        let roofs = stock + 1;
        let values = roofs + 2 * ROOF;
        let discards = values + 2;
        let top_discard = discards + Card::NUM;
        let results = top_discard + Card::NUM;
        let totals = results + rounds * (5 + players);
        let len = totals + 2;
        Layout {
            players,
            rounds,
            seat,
            phase,
            to_move,
            dealer,
            round,
            refused,
            hand,
            hand_sizes,
            stock,
            roofs,
            values,
            discards,
            top_discard,
            results,
            totals,
            len,
        }
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Deal => 0,
        Phase::Start => 1,
        Phase::Draw => 2,
        Phase::Play => 3,
        Phase::Consent => 4,
        Phase::Over => 5,
    }
}

/// Writes `view` into `out` (length [`Layout::len`] for the view's seats and rounds).
///
/// # Panics
/// If `out` has another length.
pub fn write(view: &View, out: &mut [f32]) {
    let n = view.players as usize;
    let rounds = view.rounds as usize;
    let layout = Layout::new(n, rounds);
    let me = view.player as usize;
    let rel = |seat: usize| relative_seat(seat, me, n);
    let own = State::team(view.player);
    let teams = [own, 1 - own];
    let mut w = Writer::new(out);
    w.one_hot(me, n);
    w.one_hot(phase_index(view.phase), PHASES);
    w.one_hot(rel(view.to_move as usize), n);
    w.one_hot(rel(view.dealer as usize), n);
    w.one_hot(view.round as usize, rounds + 1);
    w.flag(view.refused);
    debug_assert_eq!(w.position(), layout.hand);
    for &count in &view.hand.0 {
        w.scaled(f64::from(count), 4.0);
    }
    for k in 0..n {
        w.scaled(f64::from(view.hand_sizes[(me + k) % n]), 9.0);
    }
    w.scaled(f64::from(view.stock), deck_size(true) as f64);
    debug_assert_eq!(w.position(), layout.roofs);
    for team in teams {
        for square in &view.roofs[team] {
            w.one_hot_opt(square.map(Card::index), Card::NUM);
        }
    }
    for team in teams {
        w.scaled(f64::from(view.values[team]), f64::from(MAX_ROOF_VALUE));
    }
    for &count in &view.discards.0 {
        w.scaled(f64::from(count), 4.0);
    }
    w.one_hot_opt(view.top_discard.map(Card::index), Card::NUM);
    debug_assert_eq!(w.position(), layout.results);
    let results = view.results.as_slice();
    for slot in 0..rounds {
        match results.get(slot) {
            Some(r) => {
                w.flag(true);
                for team in teams {
                    w.scaled(f64::from(r.values[team]), f64::from(MAX_ROOF_VALUE));
                }
                for team in teams {
                    w.scaled(f64::from(r.points[team]), 30.0);
                }
                w.one_hot_opt(r.closer.map(|c| rel(c as usize)), n);
            }
            None => w.skip(5 + n),
        }
    }
    for team in teams {
        w.scaled(f64::from(view.totals[team]), 100.0);
    }
    w.finish();
}

/// The view as far as the tensor tells it: the last round's final roofs left out (kept for
/// the tables; their values are in the results).
pub fn observation_view(view: &View) -> View {
    let mut v = view.clone();
    v.last_roofs = [[None; crate::card::Square::NUM]; 2];
    v
}

#[cfg(test)]
mod tests {
    use tabula_core::Game;

    use super::*;
    use crate::SabotagePipes;

    #[test]
    fn the_seat_sees_its_hand_and_its_roof_first() {
        let game = SabotagePipes::with(2, true, 4).unwrap();
        let layout = Layout::new(2, 4);
        assert_eq!(game.observation_shape(), vec![layout.len]);
        let mut state = game.initial_state();
        // The deal starts with seat 0 (left of the dealer, seat 1) and alternates.
        for text in ["card Ao", "card Bo", "card Ao", "card sab"] {
            game.play(&mut state, game.parse_action(text).unwrap()).unwrap();
        }
        let mut out = vec![0.0; layout.len];
        game.write_observation(&game.view(&state, 0), &mut out);
        let ao = Card::pipe(crate::PipeKind::Letter(0), crate::Colour::Orange).index();
        assert_eq!(out[layout.seat], 1.0);
        assert_eq!(out[layout.hand + ao], 0.5, "two Ao of four");
        assert_eq!(out[layout.hand + Card::SABOTAGE.index()], 0.0);
        assert_eq!(out[layout.hand_sizes], 2.0 / 9.0);
        assert_eq!(out[layout.phase], 1.0, "dealing");
        game.write_observation(&game.view(&state, 1), &mut out);
        assert_eq!(out[layout.seat + 1], 1.0);
        assert_eq!(out[layout.hand + Card::SABOTAGE.index()], 0.25);
        assert_eq!(out[layout.hand + ao], 0.0, "seat 1 does not see seat 0's hand");
        // Seat 1 is the dealer: relative seat 0 for itself.
        assert_eq!(out[layout.dealer], 1.0);
    }

    #[test]
    fn a_card_on_the_own_roof_is_in_the_first_roof() {
        let game = SabotagePipes::with(4, true, 1).unwrap();
        let layout = Layout::new(4, 1);
        let mut state = game.initial_state();
        let c = Card::pipe(crate::PipeKind::Letter(4), crate::Colour::Blue);
        state.roofs[1][4] = Some(c);
        state.recount_pile();
        let mut out = vec![0.0; layout.len];
        // Seat 3 plays for team 1: its roof comes first.
        game.write_observation(&game.view(&state, 3), &mut out);
        assert_eq!(out[layout.roofs + 4 * Card::NUM + c.index()], 1.0);
        // Seat 0 (team 0) sees it on the other roof.
        game.write_observation(&game.view(&state, 0), &mut out);
        assert_eq!(out[layout.roofs + ROOF + 4 * Card::NUM + c.index()], 1.0);
        assert_eq!(out[layout.roofs + 4 * Card::NUM + c.index()], 0.0);
    }
}
