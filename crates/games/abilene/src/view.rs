//! What one seat sees, and determinization from that view alone (rules §What each seat
//! sees).
//!
//! A view is the full state with every cow's brand and value written `?` where the seat
//! does not know them, and the other seats' corral cards in the sale in progress written
//! `?`. A seat knows the cows of its own herd, the cows it has owned (stolen) and every
//! cow sold; everything else — where every piece stands, money, loans, dice, who knows
//! which cow — is public.

use rand::Rng;
use serde::Serialize;

use crate::action::CorralCard;
use crate::cattle::Identity;
use crate::config::Config;
use crate::rules::ranch;
use crate::state::{CowAt, Slot, State, Sticker};

/// Seat `player`'s view: the state with what it may not see written `?`.
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
    let mut masked = state.clone();
    for c in masked.cows.iter_mut() {
        if c.known & (1 << player) == 0 {
            c.id = Sticker(None);
        }
    }
    if let Some(sale) = masked.sale.as_mut() {
        for (s, slot) in sale.cards.iter_mut().enumerate() {
            if s != player && matches!(slot, Slot::Card(_)) {
                *slot = Slot::Hidden;
            }
        }
    }
    View { player: player as u8, state: masked }
}

/// What every seat sees (a spectator's view): a cow's brand and value only where every
/// seat knows them (a cow sold), and no corral card of the sale in progress.
pub fn public(state: &State) -> View {
    let mut masked = state.clone();
    let all = (1u32 << state.num_players()) - 1;
    for c in masked.cows.iter_mut() {
        if u32::from(c.known) & all != all {
            c.id = Sticker(None);
        }
    }
    if let Some(sale) = masked.sale.as_mut() {
        for slot in sale.cards.iter_mut() {
            if matches!(slot, Slot::Card(_)) {
                *slot = Slot::Hidden;
            }
        }
    }
    View { player: 0, state: masked }
}

/// Samples a full state consistent with `view`: each herd's cows the seat does not know get,
/// uniformly, the identities of that herd it has not seen; hidden corral cards are drawn
/// uniformly among the three.
pub fn determinize<R: Rng + ?Sized>(view: &View, cfg: &Config, rng: &mut R) -> State {
    let mut state = view.state.clone();
    for s in 0..state.num_players() {
        let herd = State::herd_range(s);
        // What the seat has not seen of this herd: the whole herd less the cows it knows.
        let mut unseen = crate::cattle::HerdLeft::FULL;
        for c in &state.cows[herd.clone()] {
            if c.at != CowAt::Unplaced
                && let Some(id) = c.id.0
                && let Some(left) = unseen.take(id.value)
            {
                unseen = left;
            }
        }
        for i in herd {
            let c = state.cows[i];
            if c.at == CowAt::Unplaced || c.id.0.is_some() {
                continue;
            }
            let mut x = rng.random_range(0..unseen.len());
            let value = unseen
                .values()
                .find(|&v| {
                    let n = unseen.count(v);
                    if x < n {
                        true
                    } else {
                        x -= n;
                        false
                    }
                })
                .expect("a view hides no more cows than its herd has unseen");
            unseen = unseen.take(value).expect("a value left");
            state.cows[i].id = Sticker(Identity::in_herd(ranch(cfg, s), value));
        }
    }
    if let Some(sale) = state.sale.as_mut() {
        for slot in sale.cards.iter_mut() {
            if *slot == Slot::Hidden {
                *slot = Slot::Card(CorralCard::ALL[rng.random_range(0..3)]);
            }
        }
    }
    state
}
