//! The bots' knowledge of Abilene: a position's value for a seat ([`heuristic`], used by
//! greedy bots and cut-off rollouts) and a beginner's move from the seat's view
//! ([`beginner_move`]).

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::action::{Action, CorralCard};
use crate::board::Space;
use crate::cattle::HERD_SIZE;
use crate::config::Config;
use crate::corral;
use crate::rules::{self, ranch};
use crate::state::{CowAt, MAX_SEATS, Piece, Stage, State};
use crate::view::View;

/// What a cow in a ranch is worth, on average, once sold: the bank pays $1,000 plus the
/// value for a cow of the seller's brand, $1,500 for an unbranded one.
const COW_WORTH: f64 = 1_500.0;
/// What each step between a cow and the town takes off its worth (the turns it costs).
const STEP_COST: f64 = 70.0;
/// What a cowboy in prison costs his rancher: fees and lost moves.
const PRISON_COST: f64 = 500.0;
/// The wealth gap that counts as most of a rank.
const SCALE: f64 = 3_000.0;

/// The estimated wealth of seat `s`: final money, plus his cows by their distance from
/// the town, less his cowboys in prison.
fn wealth(state: &State, s: usize) -> f64 {
    let mut w = state.final_money(s) as f64;
    for c in state.cows.iter().filter(|c| c.owner as usize == s) {
        w += match c.at {
            CowAt::Field(f) => COW_WORTH - STEP_COST * f64::from(f.ring() - 1),
            CowAt::Abilene | CowAt::Held => COW_WORTH,
            _ => 0.0,
        };
    }
    w - PRISON_COST * f64::from(state.ranchers[s].in_prison())
}

/// A position's value for `player`, in the units of the returns (−1 to +1): the rank
/// returns at the end; before, how far his estimated wealth lies above or below each other
/// rancher's, squashed into (−1, 1) and averaged.
pub fn heuristic(state: &State, player: usize) -> f64 {
    let n = state.num_players();
    if state.stage == Stage::Over || !state.ranchers[player].active() {
        let mut out = [0.0; MAX_SEATS];
        rules::returns_into(state, &mut out[..n]);
        return out[player];
    }
    let mine = wealth(state, player);
    let mut total = 0.0;
    for s in (0..n).filter(|&s| s != player) {
        total += if state.ranchers[s].active() { ((mine - wealth(state, s)) / SCALE).tanh() } else { 1.0 };
    }
    total / (n - 1) as f64
}

/// The steps from a space to the town, for choosing cow moves (Abilene 0).
fn distance(space: Space) -> u8 {
    space.field().map_or(0, |f| f.ring() - 1)
}

/// A sensible beginner's move for the seat whose view this is, among `legal` (never empty).
pub fn beginner_move<R: Rng + ?Sized>(cfg: &Config, view: &View, legal: &[Action], rng: &mut R) -> Action {
    let state = &view.state;
    let me = view.player as usize;
    let first = legal[0];
    match first {
        // Cattle: bring a cow as close to the town as a die allows. The cows must move
        // (rules §2 Cattle), so when nothing gains, the move that loses least.
        Action::Cow { .. } => {
            let gain = |a: &Action| match *a {
                Action::Cow { from, to, .. } => i32::from(distance(from.space())) - i32::from(distance(to)),
                _ => i32::MIN,
            };
            let best = legal.iter().map(gain).max().unwrap_or(0);
            let top: Vec<Action> = legal.iter().copied().filter(|a| gain(a) == best).collect();
            *top.choose(rng).unwrap_or(&first)
        }
        // Cowboys: steal a cow when one is in reach; else drive an intruder out of the
        // ranch (a duel won there sends him to prison, one lost only to the outer edge);
        // else guard the herd, ending next to one's own cows; keep out of other duels.
        Action::Boy { .. } => {
            let my_ranch = ranch(cfg, me);
            let board = state.board();
            let score = |a: &Action| -> i32 {
                let Action::Boy { to, .. } = *a else { return 0 };
                let Some(f) = to.field() else { return 1 };
                match state.piece_at(f) {
                    Some(Piece::Cow(_)) => 4,
                    Some(Piece::Boy(_)) if f.ranch() == my_ranch => 3,
                    Some(Piece::Boy(_)) => -1,
                    None if f.ranch() == my_ranch && !(to.neighbours() & board.cows[me]).is_empty() => 2,
                    None => 1,
                }
            };
            let best = legal.iter().map(score).max().unwrap_or(0);
            let top: Vec<Action> = legal.iter().copied().filter(|a| score(a) == best).collect();
            *top.choose(rng).unwrap_or(&first)
        }
        // The corral: the most likely truth from what the seat knows.
        Action::Corral(_) => Action::Corral(corral_guess(cfg, state)),
        // Short of money: the bank's loan of the shortfall, never bankruptcy.
        Action::Borrow(_) => first,
        // Lend when the interest is at least the bank's.
        Action::Accept => {
            let fair = state.asked.is_some_and(|a| a.repay >= crate::money::bank_repayment(a.amount));
            if fair { Action::Accept } else { Action::Refuse }
        }
        // Release cowboys when the money is there.
        Action::Release(_) => {
            let cash = state.ranchers[me].cash;
            let k = legal
                .iter()
                .filter_map(|a| if let Action::Release(k) = *a { Some(k) } else { None })
                .max()
                .unwrap_or(0);
            let affordable = (0..=k)
                .rev()
                .find(|&k| cash >= 4_000 + u32::from(k) * crate::money::RELEASE_PRICE)
                .unwrap_or(0);
            Action::Release(affordable)
        }
        // Sell the first cow first; place and set up at random.
        _ => *legal.choose(rng).expect("legal is never empty"),
    }
}

/// The card a seat plays on the cow being sold: the truth when it knows the cow, else the
/// likelier of the seller's brand (a cow of the seller's herd: 7 in 9) or another brand (a
/// stolen cow: 7 in 9).
pub fn corral_guess(cfg: &Config, state: &State) -> CorralCard {
    let Some(sale) = state.sale else { return CorralCard::Own };
    let cow = state.cows[sale.cow as usize];
    let seller = state.turn as usize;
    if let Some(id) = cow.id.0 {
        return corral::truth(ranch(cfg, seller), id);
    }
    likelier_card(state, sale.cow)
}

/// The likelier card for someone who does not know `cow`, sold by the player: the seller's
/// brand for a cow of his own herd (7 in 9), another brand for a stolen one (7 in 9).
fn likelier_card(state: &State, cow: u8) -> CorralCard {
    if cow as usize / HERD_SIZE == state.turn as usize { CorralCard::Own } else { CorralCard::Other }
}

/// How likely the hidden corral cards of the sale in progress are, as `observer` can judge
/// them (rules §5 Sales): a rancher who knows the cow (it is of his herd, or he has owned
/// it — public, from who has owned it) most likely plays the truth; one who does not most
/// likely plays the likelier card, the seller's brand for a cow of the seller's herd and
/// another brand for a stolen one. The observer's own card, and every other hidden thing,
/// weigh nothing: a weight above 0, 1 when no sale is in progress.
pub fn belief_weight(cfg: &Config, state: &State, observer: usize) -> f64 {
    let Some(sale) = state.sale else { return 1.0 };
    let cow = state.cows[sale.cow as usize];
    let Some(id) = cow.id.0 else { return 1.0 };
    let seller = state.turn as usize;
    let truth = corral::truth(ranch(cfg, seller), id);
    let guess = likelier_card(state, sale.cow);
    let mut w = 1.0;
    for (s, slot) in sale.cards.iter().enumerate().take(state.num_players()) {
        let crate::state::Slot::Card(card) = *slot else { continue };
        if s == observer {
            continue;
        }
        let likely = if cow.known & (1 << s) != 0 { truth } else { guess };
        w *= if card == likely { 0.7 } else { 0.15 };
    }
    w
}
