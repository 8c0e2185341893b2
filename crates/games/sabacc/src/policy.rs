//! A sensible beginner's policy for Sabacc, in every rule set, played by the `heuristic`
//! bot. It reads the seat's view only: its own cards, the cards laid face up, blocked, in
//! the field or communal, and the public money. Cards it has not seen are counted as
//! equally likely to be any card of the pack it has not seen.
//!
//! **Tarot.** The beginner estimates its chance of winning the showdown with the hand as it
//! stands: against each opponent still in, the chance that the opponent's hand (its known
//! cards and each hidden card drawn from the unseen cards; three hidden cards are taken as
//! a random three-card hand of the deck) ranks below its own, ties counting half, multiplied
//! over the opponents. Then:
//!
//! * betting: it calls when the pot pays for the risk (its chance times what it would win is
//!   worth the call, a fold costing the mouche), otherwise folds; it raises one minimum bet
//!   when it is the favourite, two when a strong favourite and the most allowed with a near
//!   certainty ([`RAISE_AT`]); a Sabacc counts the Sabacc pot as winnings too;
//! * blocking: it blocks only a Sabacc (or a hand of 20 or more when the change is as likely
//!   as one roll in 20), since a blocked card is shown to everybody; otherwise it is ready;
//! * announce: `announce sabacc` with a Sabacc, never without; `announce see` with the
//!   favourite's hand when it announces last and at most one other player went on (so the
//!   showdown comes now); otherwise `announce continue`;
//! * redeal: it always takes the card offered (it may discard that very card, so taking
//!   costs nothing) and discards the card whose loss leaves the best hand.
//!
//! **Canonical (money).** The hand's worth is its rank among the canonical hands (0 for a
//! bomb-out, which also costs a pot's worth). In the draw phase it stands, draws or trades,
//! whichever gives the best average worth over the unseen cards; with 20 or more (or a
//! Sabacc) it puts its cards in the interference field (a shift comes on one roll in six)
//! and calls the hand as soon as it may. It bets like the tarot beginner, its chance taken
//! from its rank; holding a bomb-out when the hand is called it folds (the fold costs a
//! mouche, the bomb-out the pot).
//!
//! **Canonical (points).** It exchanges the cards that give the best average score over the
//! unseen cards (the sum of new cards is taken from the unseen cards' values).
//!
//! **Black Knight.** It bets the minimum, and hits or stands by a two-card look-ahead
//! against a banker who ends on 20 to 23 or busts ([`BANKER`]).
//!
//! Nothing is random but the choice among equally good actions.

use std::sync::OnceLock;

use rand::Rng;

use crate::action::Action;
use crate::betting;
use crate::canonical;
use crate::config::{Config, Rules};
use crate::deck::{Card, DeckKind};
use crate::hand::{self, GRAND_SABACC, LOSING, TarotHand};
use crate::state::{Announce, Phase, State};
use crate::view::View;

/// The chance of winning at which the beginner raises one, two, or the most minimum bets.
pub(crate) const RAISE_AT: [f64; 3] = [0.55, 0.75, 0.9];
/// The Black Knight banker's final hand, as the beginner pictures it: bust, then 20, 21, 22
/// and 23 (he draws to 19 and stands on 20).
const BANKER: [(u8, f64); 5] = [(LOSING, 0.35), (21, 0.2), (22, 0.18), (23, 0.15), (GRAND_SABACC, 0.12)];
/// A canonical hand of this total (in absolute value) or more is kept: fielded and called.
const CANON_STRONG: i32 = 20;
/// The worth of a bomb-out in the canonical draw phase, against 0 to 1 for the others.
const BOMB_WORTH: f64 = -0.5;

/// The beginner's move among `legal` (the seat's legal actions), ties broken at random.
pub fn beginner_move<R: Rng + ?Sized>(
    cfg: &Config,
    view: &View,
    legal: &[Action],
    rng: &mut R,
) -> Option<Action> {
    let me = view.player as usize;
    let state = &view.state;
    if legal.is_empty() || state.actor as usize != me {
        return legal.first().copied();
    }
    let choice = match state.phase {
        Phase::Bet => Some(bet(cfg, state, me, legal)),
        Phase::Window => window(cfg, state, me, legal),
        Phase::Announce => Some(announce(cfg, state, me, legal)),
        Phase::Offer => Some(if legal.contains(&Action::Take) { Action::Take } else { Action::Decline }),
        Phase::Discard => best_of(legal, rng, |a| match a {
            Action::Discard(i) => {
                let mut cards = own_cards(state, me);
                cards.remove(i as usize);
                f64::from(tarot_rank(cfg, state, &cards).rank)
            }
            _ => f64::NEG_INFINITY,
        }),
        Phase::Show => best_of(legal, rng, |_| 0.0),
        Phase::Draw => Some(draw(cfg, state, me, legal, rng)),
        Phase::Exchange => exchange(cfg, state, me, legal, rng),
        Phase::Wager => {
            legal.iter().copied().filter(|a| matches!(a, Action::Bet(_))).min_by_key(|a| a.index())
        }
        Phase::Hit => Some(hit_or_stand(cfg, state, me, legal)),
        _ => None,
    };
    choice.filter(|a| legal.contains(a)).or_else(|| legal.first().copied())
}

/// The action of `legal` with the highest `worth`, ties broken at random.
fn best_of<R: Rng + ?Sized>(legal: &[Action], rng: &mut R, worth: impl Fn(Action) -> f64) -> Option<Action> {
    let mut best: Vec<Action> = Vec::new();
    let mut best_value = f64::NEG_INFINITY;
    for &a in legal {
        let v = worth(a);
        if v > best_value + 1e-9 {
            best_value = v;
            best.clear();
            best.push(a);
        } else if (v - best_value).abs() <= 1e-9 {
            best.push(a);
        }
    }
    match best.len() {
        0 => None,
        n => Some(best[rng.random_range(0..n)]),
    }
}

/// The seat's own cards (all visible to it; a slot being replaced is left out).
pub(crate) fn own_cards(state: &State, me: usize) -> Vec<Card> {
    state.seats[me].hand.cards().iter().copied().filter(|c| !c.is_hidden()).collect()
}

/// The communal cards.
fn communal(state: &State) -> Vec<Card> {
    state.communal.cards().filter(|c| !c.is_hidden()).collect()
}

/// A tarot hand of these cards with the best communal card.
pub(crate) fn tarot_rank(cfg: &Config, state: &State, cards: &[Card]) -> TarotHand {
    hand::tarot_hand_with(cards, &communal(state), cfg.deck)
}

/// The cards of the pack the seat has not seen, as counts by card id: in a view the
/// cards it has not seen are hidden, so this is the deck count of the masked table.
fn unseen(cfg: &Config, state: &State) -> [u8; Card::NUM] {
    crate::mechanics::deck_counts(state, cfg)
}

/// The unseen cards with their counts.
fn pool_cards(cfg: &Config, pool: &[u8; Card::NUM]) -> Vec<(Card, f64)> {
    cfg.deck
        .ids()
        .filter(|&id| pool[id] > 0)
        .filter_map(|id| Card::from_index(id).map(|c| (c, f64::from(pool[id]))))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Tarot: the chance of winning the showdown.

/// For a random three-card hand of the deck: the chance of each tarot rank (computed once
/// per deck by counting every hand).
fn three_card_ranks(deck: DeckKind) -> &'static [f64; GRAND_SABACC as usize + 1] {
    static TAROT: OnceLock<[f64; GRAND_SABACC as usize + 1]> = OnceLock::new();
    static FRENCH: OnceLock<[f64; GRAND_SABACC as usize + 1]> = OnceLock::new();
    static TINY: OnceLock<[f64; GRAND_SABACC as usize + 1]> = OnceLock::new();
    let cell = match deck {
        DeckKind::French => &FRENCH,
        DeckKind::Tiny => &TINY,
        _ => &TAROT,
    };
    cell.get_or_init(|| {
        let cards: Vec<Card> = deck
            .ids()
            .flat_map(|id| {
                let n = deck.composition()[id] as usize;
                std::iter::repeat_n(Card::from_index(id).expect("an id"), n)
            })
            .collect();
        let mut counts = [0.0; GRAND_SABACC as usize + 1];
        let mut total = 0.0;
        for i in 0..cards.len() {
            for j in i + 1..cards.len() {
                for k in j + 1..cards.len() {
                    let rank = hand::tarot_hand(&[cards[i], cards[j], cards[k]], deck).rank;
                    counts[rank as usize] += 1.0;
                    total += 1.0;
                }
            }
        }
        counts.map(|c| c / total)
    })
}

/// The chance that seat `opp`'s hand ranks below `mine` (ties half), from what the seat sees.
fn beats(cfg: &Config, state: &State, opp: usize, mine: u8, pool: &[(Card, f64)]) -> f64 {
    let hand = &state.seats[opp].hand;
    let known: Vec<Card> = hand.cards().iter().copied().filter(|c| !c.is_hidden()).collect();
    let hidden = hand.len() - known.len();
    let score = |rank: u8| below(rank, mine);
    // The communal cards once, not once per hand weighed.
    let communal = communal(state);
    let rank = |cards: &[Card]| crate::hand::tarot_hand_with(cards, &communal, cfg.deck).rank;
    let mut cards = known.clone();
    match hidden {
        0 => score(rank(&cards)),
        1 | 2 => {
            let (mut sum, mut weight) = (0.0, 0.0);
            for (i, &(a, na)) in pool.iter().enumerate() {
                if hidden == 1 {
                    cards.push(a);
                    sum += na * score(rank(&cards));
                    weight += na;
                    cards.pop();
                    continue;
                }
                for &(b, nb) in &pool[i..] {
                    let w = if a == b { na * (na - 1.0) / 2.0 } else { na * nb };
                    if w <= 0.0 {
                        continue;
                    }
                    cards.push(a);
                    cards.push(b);
                    sum += w * score(rank(&cards));
                    weight += w;
                    cards.truncate(known.len());
                }
            }
            if weight > 0.0 { sum / weight } else { 0.5 }
        }
        _ => random_hand_below(cfg.deck, mine),
    }
}

/// 1 if `rank` is below `mine`, a half for a tie, else 0.
fn below(rank: u8, mine: u8) -> f64 {
    match rank.cmp(&mine) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Greater => 0.0,
    }
}

/// The chance that a random three-card hand of the deck ranks below `mine` (ties half).
pub(crate) fn random_hand_below(deck: DeckKind, mine: u8) -> f64 {
    three_card_ranks(deck).iter().enumerate().map(|(r, &p)| p * below(r as u8, mine)).sum()
}

/// The seat's chance of winning the showdown with its tarot hand as it stands.
fn tarot_chance(cfg: &Config, state: &State, me: usize, mine: TarotHand) -> f64 {
    if mine.rank == LOSING {
        return 0.0;
    }
    let pool = pool_cards(cfg, &unseen(cfg, state));
    state.active_seats().filter(|&p| p != me).map(|p| beats(cfg, state, p, mine.rank, &pool)).product()
}

// ---------------------------------------------------------------------------------------
// Betting (tarot and canonical).

/// The seat's chance of winning the hand and whether its hand is a Sabacc, as it stands.
fn chance(cfg: &Config, state: &State, me: usize) -> (f64, bool) {
    let cards = own_cards(state, me);
    match cfg.rules {
        Rules::Tarot => {
            let mine = tarot_rank(cfg, state, &cards);
            (tarot_chance(cfg, state, me, mine), mine.is_sabacc())
        }
        _ => {
            let opponents = state.active_seats().filter(|&p| p != me).count() as i32;
            if cfg.theory() {
                theory_chance(cfg, &cards, opponents, state.called)
            } else {
                canon_chance(cfg, &cards, opponents, state.called)
            }
        }
    }
}

/// A canonical hand's chance of winning against `opponents` others (its rank's share of the
/// ranks, for each), and whether it is a Sabacc.
pub(crate) fn canon_chance(cfg: &Config, cards: &[Card], opponents: i32, called: bool) -> (f64, bool) {
    let h = hand::canon_hand_in(cards, cfg.deck);
    let q = f64::from(h.rank) / f64::from(hand::IDIOTS_ARRAY);
    let p = q.powi(opponents);
    // Before the hand is called the cards will still change: the beginner hopes.
    let p = if called { p } else { 0.5 * p + 0.5 / f64::from(opponents + 1) };
    (if h.bombs() { 0.0 } else { p }, h.is_sabacc())
}

/// A four-card theory hand's chance of winning against `opponents` others (its score's share
/// of 23 for each; a Sabacc or the Idiot's combination nearly sure, a hand over 46 lost), and
/// whether it wins the Sabacc pot when it wins. Before the exchange the beginner hopes.
pub(crate) fn theory_chance(cfg: &Config, cards: &[Card], opponents: i32, called: bool) -> (f64, bool) {
    let h = hand::points_hand_in(cards, cfg.deck);
    if h.is_bust() {
        return (0.0, false);
    }
    let q = if h.rank >= hand::POINTS_COMBINATION { 0.98 } else { f64::from(h.score.max(0)) / 23.0 };
    let p = q.powi(opponents);
    let p = if called { p } else { 0.5 * p + 0.5 / f64::from(opponents + 1) };
    (p, hand::points_sabacc(h))
}

/// Call, raise or fold by the chance of winning and the pot.
fn bet(cfg: &Config, state: &State, me: usize, legal: &[Action]) -> Action {
    let seat = &state.seats[me];
    let to_call = f64::from(state.level - seat.bet);
    let (p, sabacc) = chance(cfg, state, me);
    // A bomb-out in the last betting round would pay the pot: fold.
    if cfg.rules == Rules::Canonical && state.called && p == 0.0 && legal.contains(&Action::Fold) {
        return Action::Fold;
    }
    let mut winnings = f64::from(state.hand_pot) + to_call;
    if sabacc {
        winnings += f64::from(state.sabacc_pot);
    }
    let fold_cost = f64::from(betting::mouche_now(state, cfg));
    let call_ok = legal.contains(&Action::Call);
    let steps = RAISE_AT.iter().filter(|&&t| p >= t).count();
    if steps > 0 && call_ok {
        let want = match steps {
            1 => 1,
            2 => 2,
            _ => cfg.steps(),
        };
        let raise = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Raise(k) if *k <= want))
            .max_by_key(|a| a.index());
        if let Some(raise) = raise {
            return raise;
        }
    }
    if call_ok && (to_call <= 0.0 || p * winnings - to_call >= -fold_cost) {
        Action::Call
    } else {
        Action::Fold
    }
}

// ---------------------------------------------------------------------------------------
// Tarot: blocking and the announce.

/// Blocks the two best cards of a hand worth keeping; otherwise unblocks, then is ready.
fn window(cfg: &Config, state: &State, me: usize, legal: &[Action]) -> Option<Action> {
    let hand = &state.seats[me].hand;
    let cards = own_cards(state, me);
    let mine = tarot_rank(cfg, state, &cards);
    let change = f64::from(cfg.dice.ways(cfg.dice.max())) / f64::from(cfg.dice.ways_total());
    let keep = mine.is_sabacc() || (mine.value >= 20 && mine.rank != LOSING && change >= 0.05);
    // The cards to keep: the two whose pair, with a third card from the unseen, is best.
    let mut wanted = 0u16;
    if keep && cards.len() == hand.len() {
        if cards.len() <= 2 {
            wanted = (1 << cards.len()) - 1;
        } else {
            let pool = pool_cards(cfg, &unseen(cfg, state));
            let mut best = f64::NEG_INFINITY;
            for i in 0..cards.len() {
                for j in i + 1..cards.len() {
                    let mut three = vec![cards[i], cards[j], cards[i]];
                    let (mut sum, mut weight) = (0.0, 0.0);
                    for &(c, n) in &pool {
                        three[2] = c;
                        sum += n * f64::from(tarot_rank(cfg, state, &three).rank);
                        weight += n;
                    }
                    let v = if weight > 0.0 { sum / weight } else { 0.0 };
                    if v > best {
                        best = v;
                        wanted = 1 << i | 1 << j;
                    }
                }
            }
        }
    }
    for i in 0..hand.len().min(3) as u8 {
        let want = wanted >> i & 1 == 1;
        if !want && hand.is_blocked(i as usize) && legal.contains(&Action::Unblock(i)) {
            return Some(Action::Unblock(i));
        }
    }
    for i in 0..hand.len().min(3) as u8 {
        let want = wanted >> i & 1 == 1;
        if want && !hand.is_blocked(i as usize) && legal.contains(&Action::Block(i)) {
            return Some(Action::Block(i));
        }
    }
    Some(Action::Ready)
}

/// Sabacc with a Sabacc; see with the favourite's hand when the showdown would come now;
/// otherwise continue.
fn announce(cfg: &Config, state: &State, me: usize, legal: &[Action]) -> Action {
    let cards = own_cards(state, me);
    let mine = tarot_rank(cfg, state, &cards);
    if mine.is_sabacc() && legal.contains(&Action::Announce(Announce::Sabacc)) {
        return Action::Announce(Announce::Sabacc);
    }
    let others = || state.active_seats().filter(|&p| p != me);
    let last = others().all(|p| state.seats[p].announce.is_some());
    let going_on = others().filter(|&p| state.seats[p].announce == Some(Announce::Continue)).count();
    if last && going_on <= 1 && tarot_chance(cfg, state, me, mine) >= RAISE_AT[0] {
        return Action::Announce(Announce::See);
    }
    Action::Announce(Announce::Continue)
}

// ---------------------------------------------------------------------------------------
// Canonical: the draw phase and the points game.

/// A canonical hand's worth to the beginner: 0 to 1 by rank, a bomb-out below.
fn canon_worth(cfg: &Config, cards: &[Card]) -> f64 {
    let h = hand::canon_hand_in(cards, cfg.deck);
    if h.bombs() { BOMB_WORTH } else { f64::from(h.rank) / f64::from(hand::IDIOTS_ARRAY) }
}

/// Field and call a strong hand; otherwise stand, draw or trade for the best average worth.
fn draw<R: Rng + ?Sized>(cfg: &Config, state: &State, me: usize, legal: &[Action], rng: &mut R) -> Action {
    let hand = &state.seats[me].hand;
    let cards = own_cards(state, me);
    let h = hand::canon_hand_in(&cards, cfg.deck);
    let strong = !h.bombs() && (h.is_sabacc() || h.total.abs() >= CANON_STRONG);
    if strong {
        if legal.contains(&Action::CallHand) && state.tour >= canonical::call_tour(cfg) {
            return Action::CallHand;
        }
        if let Some(i) = (0..hand.len() as u8).find(|&i| !hand.is_blocked(i as usize)) {
            if legal.contains(&Action::Field(i)) {
                return Action::Field(i);
            }
        }
        return Action::Stand;
    }
    let pool = pool_cards(cfg, &unseen(cfg, state));
    let average = |kept: &[Card]| {
        let mut with = kept.to_vec();
        with.push(Card::IDIOT);
        let (mut sum, mut weight) = (0.0, 0.0);
        for &(c, n) in &pool {
            *with.last_mut().expect("a card") = c;
            sum += n * canon_worth(cfg, &with);
            weight += n;
        }
        if weight > 0.0 { sum / weight } else { canon_worth(cfg, kept) }
    };
    let worth = |a: Action| match a {
        Action::Stand => canon_worth(cfg, &cards) + 1e-6,
        Action::Draw => average(&cards),
        Action::Trade(i) => {
            let mut kept = cards.clone();
            kept.remove(i as usize);
            average(&kept)
        }
        _ => f64::NEG_INFINITY,
    };
    best_of(legal, rng, worth).unwrap_or(Action::Stand)
}

/// The points game's score of a hand summing to `sum`, ten more when it is likely best (a
/// Sabacc): `hand::points_hand` by the sum alone (the Idiot's combination left aside).
fn points_score(sum: i32) -> f64 {
    f64::from(match sum {
        23 | 46 => 33,
        s if s > 46 => 46 - s,
        s if s > 23 => s - 23,
        s => s,
    })
}

/// The exchange with the best average score over the unseen cards.
fn exchange<R: Rng + ?Sized>(
    cfg: &Config,
    state: &State,
    me: usize,
    legal: &[Action],
    rng: &mut R,
) -> Option<Action> {
    let cards = own_cards(state, me);
    // The distribution of the sum of k new cards, k = 0..4 (drawn with replacement from the
    // unseen cards' values), offset by OFFSET.
    const OFFSET: i32 = 80;
    let pool = pool_cards(cfg, &unseen(cfg, state));
    let total: f64 = pool.iter().map(|&(_, n)| n).sum();
    let mut sums: Vec<Vec<f64>> = vec![vec![0.0; 2 * OFFSET as usize + 1]; 5];
    sums[0][OFFSET as usize] = 1.0;
    for k in 1..5 {
        let (before, after) = sums.split_at_mut(k);
        for (s, &p) in before[k - 1].iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            for &(c, n) in &pool {
                let t = s as i32 + c.value_in(cfg.deck);
                if (0..=2 * OFFSET).contains(&t) && total > 0.0 {
                    after[0][t as usize] += p * n / total;
                }
            }
        }
    }
    best_of(legal, rng, |a| {
        let Action::Exchange(mask) = a else { return f64::NEG_INFINITY };
        let kept: i32 = cards
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 0)
            .map(|(_, c)| c.value_in(cfg.deck))
            .sum();
        let k = mask.count_ones() as usize;
        let expected: f64 = sums[k]
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(s, p)| p * points_score(kept + s as i32 - OFFSET))
            .sum();
        // Keeping is preferred when nothing is gained.
        expected + if mask == 0 { 1e-6 } else { 0.0 }
    })
}

// ---------------------------------------------------------------------------------------
// Black Knight.

/// The expected gain (in bets) of standing with `h` against the banker of [`BANKER`].
fn stand_value(h: TarotHand) -> f64 {
    if h.rank == LOSING {
        return -1.0;
    }
    let win = if h.is_sabacc() { 1.5 } else { 1.0 };
    BANKER
        .iter()
        .map(|&(banker, p)| {
            p * if banker == LOSING || h.rank > banker {
                win
            } else if h.rank == banker {
                0.0
            } else {
                -1.0
            }
        })
        .sum()
}

/// The expected gain of the best play from `cards`, looking `depth` hits ahead.
fn play_value(cfg: &Config, cards: &mut Vec<Card>, pool: &[(Card, f64)], depth: u8) -> f64 {
    let h = hand::tarot_hand(cards, cfg.deck);
    let stand = stand_value(h);
    if h.rank == LOSING || depth == 0 || cards.len() >= cfg.card_limit() as usize {
        return stand;
    }
    stand.max(hit_value(cfg, cards, pool, depth))
}

/// The expected gain of hitting once, then playing on `depth − 1` hits ahead.
fn hit_value(cfg: &Config, cards: &mut Vec<Card>, pool: &[(Card, f64)], depth: u8) -> f64 {
    let (mut sum, mut weight) = (0.0, 0.0);
    for &(c, n) in pool {
        cards.push(c);
        sum += n * play_value(cfg, cards, pool, depth - 1);
        weight += n;
        cards.pop();
    }
    if weight > 0.0 { sum / weight } else { -1.0 }
}

/// Hit when a hit (and perhaps one more) is worth more than standing.
fn hit_or_stand(cfg: &Config, state: &State, me: usize, legal: &[Action]) -> Action {
    if !legal.contains(&Action::Hit) {
        return Action::Stand;
    }
    let mut cards = own_cards(state, me);
    let pool = pool_cards(cfg, &unseen(cfg, state));
    let stand = stand_value(hand::tarot_hand(&cards, cfg.deck));
    if hit_value(cfg, &mut cards, &pool, 2) > stand { Action::Hit } else { Action::Stand }
}
