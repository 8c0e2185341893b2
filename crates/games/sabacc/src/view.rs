//! What one seat sees, and determinization from that view alone (rules §What each seat
//! sees).
//!
//! A view is the full state with every card the seat has not seen replaced by `?`: its own
//! cards, face-up and blocked cards, the communal cards, hands laid down or shown, and the
//! cards it put under the deck itself are visible; the other hands, the deck and the cards
//! others discarded are not. Money, bets, pots, announcements and who knows which card are
//! public. The record of the last hand's end ([`crate::showdown`]) shows the hands laid down
//! and the seat's own. Determinization deals the `?` cards anew from the cards the seat has
//! not seen (the last hand's from that hand's pack).

use rand::Rng;
use serde::Serialize;

use crate::config::Config;
use crate::deck::Card;
use crate::state::{DeckCount, State};

/// Seat `player`'s view: the state with the cards it has not seen hidden (`?` in JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Whose view this is.
    pub player: u8,
    /// The state as this seat sees it.
    #[serde(flatten)]
    pub state: State,
}

/// Builds seat `player`'s view.
pub fn view(state: &State, player: usize) -> View {
    View { player: player as u8, state: state.masked(player) }
}

/// What every seat sees (a spectator's view): every card no seat was shown face up is
/// hidden, as from a seat that holds no card.
pub fn public(state: &State) -> View {
    View { player: 0, state: state.masked(crate::state::NOBODY) }
}

/// Samples a full state consistent with `view`: each hidden card is dealt uniformly from
/// the cards of the pack the seat has not seen.
pub fn determinize<R: Rng + ?Sized>(view: &View, cfg: &Config, rng: &mut R) -> State {
    let mut state = view.state.clone();
    // The masked table hides what the seat has not seen, so its deck count is the pool of
    // cards the hidden ones are dealt from.
    let mut pool = Pool::new(crate::mechanics::deck_counts(&state, cfg), cfg);
    let mut draw = |rng: &mut R| pool.draw(rng);
    for p in 0..state.players() {
        for i in 0..state.seats[p].hand.len() {
            if state.seats[p].hand.card(i).is_hidden() {
                let known = state.seats[p].hand.known_at(i);
                let card = draw(rng);
                state.seats[p].hand.set(i, card, known);
            }
        }
    }
    for i in 0..state.under.len() {
        if state.under.cards()[i].is_hidden() {
            let card = draw(rng);
            state.under.set(i, card);
        }
    }
    for i in 0..state.aside.len() {
        if state.aside.cards()[i].is_hidden() {
            let card = draw(rng);
            state.aside.set(i, card);
        }
    }
    // The last hand's record: its `?` cards (the others' hands not shown) are dealt from
    // the pack of that hand less the cards the record shows.
    if let Some(rec) = state.showdown.as_mut() {
        let mut counts = cfg.composition();
        for c in rec.showdown_cards().filter(|c| !c.is_hidden()) {
            counts[c.index()] = counts[c.index()].saturating_sub(1);
        }
        let mut unseen = Pool::new(counts, cfg);
        rec.fill_hidden(|| unseen.draw(rng));
    }
    // The table's hidden cards are dealt: what the pool has left is the deck.
    state.deck = DeckCount::new(pool.counts, pool.remaining);
    state
}

/// Unseen cards, by count per card id, that hidden cards are dealt from uniformly.
struct Pool<'a> {
    counts: [u8; Card::NUM],
    remaining: u32,
    cfg: &'a Config,
}

impl Pool<'_> {
    fn new(counts: [u8; Card::NUM], cfg: &Config) -> Pool<'_> {
        let remaining = counts.iter().map(|&n| u32::from(n)).sum();
        Pool { counts, remaining, cfg }
    }

    /// One card, each unseen copy equally likely, taken out of the pool.
    fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Card {
        let card = crate::mechanics::pick_card(&self.counts, self.remaining, self.cfg, rng)
            .expect("a view hides no more cards than the pack has unseen");
        self.counts[card.index()] -= 1;
        self.remaining -= 1;
        card
    }
}

impl View {
    /// Whether the session is over.
    pub fn is_over(&self) -> bool {
        self.state.phase == crate::state::Phase::Over
    }
}
