//! What one seat sees, and determinization from that view alone.
//!
//! A seat sees its own hand, both roofs, the face-up discard pile, how many cards each
//! hand and the face-down pile hold, the scores and whose turn it is. It never sees
//! another hand, its partner's included (partners may not confer, rules §Four players),
//! nor the order of the pile (which the engine does not even have: each draw is a chance
//! node).

use rand::Rng;
use serde::Serialize;

use crate::card::{Card, composition};
use crate::state::{Cards, MAX_PLAYERS, Phase, Results, Roof, State};

/// Seat `player`'s view of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// Whose view this is.
    pub player: u8,
    /// Seats: 2 or 4.
    pub players: u8,
    /// Whether Démontage cards are in the deck.
    pub demontage: bool,
    /// Rounds in the game.
    pub rounds: u8,
    /// The round being played, from 0.
    pub round: u8,
    /// The dealer of this round.
    pub dealer: u8,
    /// The phase.
    pub phase: Phase,
    /// The seat to act (in `consent`: the seat that asked to end).
    pub to_move: u8,
    /// This seat's hand.
    pub hand: Cards,
    /// How many cards each seat holds.
    pub hand_sizes: Vec<u8>,
    /// How many cards are left in the face-down pile.
    pub stock: u8,
    /// Each team's roof (this seat's team is `player % 2`).
    pub roofs: [Roof; 2],
    /// Each team's roof value now.
    pub values: [u8; 2],
    /// The discard pile, face up.
    pub discards: Cards,
    /// The card on top of the discard pile.
    pub top_discard: Option<Card>,
    /// Whether the partner refused to end the round this turn.
    pub refused: bool,
    /// The finished rounds.
    pub results: Results,
    /// Each team's roof as the last finished round ended (empty before: then not written).
    #[serde(skip_serializing_if = "crate::state::no_roofs")]
    pub last_roofs: [Roof; 2],
    /// Each team's points from finished rounds.
    pub totals: [i32; 2],
}

/// Builds seat `player`'s view.
pub fn view(state: &State, player: usize) -> View {
    View {
        player: player as u8,
        players: state.players,
        demontage: state.demontage,
        rounds: state.rounds,
        round: state.round,
        dealer: state.dealer(),
        phase: state.phase,
        to_move: state.to_move,
        hand: state.hands[player],
        hand_sizes: state.hands[..state.players as usize].iter().map(|h| h.len() as u8).collect(),
        stock: state.stock_len() as u8,
        roofs: state.roofs,
        values: state.values(),
        discards: state.discards,
        top_discard: state.top_discard,
        refused: state.refused,
        results: state.results,
        last_roofs: state.last_roofs,
        totals: state.totals(),
    }
}

/// What every seat sees (a spectator's view): seat 0's view without its hand.
pub fn public(state: &State) -> View {
    View { hand: Cards::default(), ..view(state, 0) }
}

/// Samples a full state consistent with `view`: the other hands are dealt uniformly from
/// the cards this seat has not seen.
pub fn determinize<R: Rng + ?Sized>(view: &View, rng: &mut R) -> State {
    let mut unseen = Cards(composition(view.demontage));
    let seen = view.hand.0.iter().zip(view.discards.0).map(|(h, d)| h + d);
    for (n, s) in unseen.0.iter_mut().zip(seen) {
        *n -= s;
    }
    for card in view.roofs.iter().flatten().flatten() {
        unseen.remove(*card);
    }
    let mut remaining = unseen.len();
    let mut hands = [Cards::default(); MAX_PLAYERS];
    hands[view.player as usize] = view.hand;
    for (seat, hand) in hands.iter_mut().enumerate().take(view.players as usize) {
        if seat == view.player as usize {
            continue;
        }
        for _ in 0..view.hand_sizes[seat] {
            let mut pick = rng.random_range(0..remaining);
            let card = Card::all()
                .find(|&c| {
                    let n = unseen.count(c) as usize;
                    if pick < n {
                        true
                    } else {
                        pick -= n;
                        false
                    }
                })
                .expect("the pick is below the number of unseen cards");
            unseen.remove(card);
            hand.add(card);
            remaining -= 1;
        }
    }
    let mut state =
        State::new(view.players, view.demontage, view.rounds, view.round, view.phase, view.to_move);
    state.hands = hands;
    state.roofs = view.roofs;
    state.discards = view.discards;
    state.top_discard = view.top_discard;
    state.refused = view.refused;
    state.results = view.results;
    state.last_roofs = view.last_roofs;
    // What is still unseen after dealing the other hands is the pile.
    state.set_pile(unseen);
    state
}

impl View {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
}
