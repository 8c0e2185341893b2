//! Checking a position read from JSON: every broken rule is named.

use tabula_core::SetupError;

use crate::config::{Config, DealVariant, Rules};
use crate::deck::Card;
use crate::rules::{self, MAX_SUDDEN};
use crate::showdown::{self, Showdown};
use crate::state::{MAX_COMMUNAL, MAX_HAND, PUBLIC, Phase, State, Status, visible};

/// Whether `phase` belongs to the rule set of `cfg`.
fn phase_fits(phase: Phase, cfg: &Config) -> bool {
    match phase {
        Phase::Deal | Phase::Roll | Phase::Replace | Phase::Over => true,
        Phase::Bet => !cfg.points() && cfg.rules != Rules::BlackKnight,
        Phase::Window
        | Phase::Announce
        | Phase::Offer
        | Phase::OfferCard
        | Phase::Discard
        | Phase::Show
        | Phase::Sudden => cfg.rules == Rules::Tarot,
        Phase::StudCard => cfg.rules == Rules::Tarot && cfg.deal == DealVariant::Stud,
        Phase::Draw | Phase::DrawCard => cfg.rules == Rules::Canonical && !cfg.theory(),
        Phase::Exchange | Phase::ExchangeCard => cfg.theory(),
        Phase::Wager | Phase::Hit | Phase::HitCard | Phase::BankerCard => cfg.rules == Rules::BlackKnight,
    }
}

/// Checks `state` against the game's options and rules; returns it if every rule holds.
///
/// # Errors
/// Every problem found, one sentence each.
pub fn validate(state: State, cfg: &Config) -> Result<State, SetupError> {
    let mut problems = Vec::new();
    let players = cfg.players as usize;
    if state.players() != players {
        problems.push(format!("the position has {} seats but the game {players}", state.players()));
        return Err(SetupError { problems });
    }
    let mut bad = |p: String| problems.push(p);
    if !phase_fits(state.phase, cfg) {
        bad(format!("the phase `{:?}` does not belong to these rules", state.phase));
    }
    if state.dealer as usize >= players {
        bad(format!("the dealer is seat {} but there are {players} seats", state.dealer));
    }
    if state.actor as usize >= players {
        bad(format!("seat {} is to act but there are {players} seats", state.actor));
    }
    if state.hand_no > cfg.hands || (state.hand_no == cfg.hands && state.phase != Phase::Over) {
        bad(format!("hand {} is past the session's {} hands", state.hand_no + 1, cfg.hands));
    }
    if state.tour == 0 || state.tour > cfg.tours {
        bad(format!("tour {} is outside 1 to {}", state.tour, cfg.tours));
    }
    if state.raises > cfg.raises {
        bad(format!("{} raises exceed the {} a betting round allows", state.raises, cfg.raises));
    }
    if state.sudden >= MAX_SUDDEN {
        bad(format!("at most {MAX_SUDDEN} sudden-death deals are played"));
    }

    // Cards: each one a card of this pack, never more copies than the pack has.
    let composition = cfg.composition();
    let mut used = [0usize; Card::NUM];
    let mut count = |c: Card, what: &str, bad: &mut dyn FnMut(String)| {
        if c.is_hidden() {
            bad(format!("{what} holds a hidden card `?`: a position names every card"));
        } else if composition[c.index()] == 0 {
            bad(format!("{what} holds {}, which is not in this pack", c.name()));
        } else {
            used[c.index()] += 1;
        }
    };
    for (p, seat) in state.seats.iter().enumerate() {
        let hand = &seat.hand;
        let what = format!("seat {p}'s hand");
        for &c in hand.cards() {
            count(c, &what, &mut bad);
        }
        let full = (1u32 << hand.len()) - 1;
        for (name, mask) in [("face-up", hand.up), ("blocked", hand.blocked), ("pending", hand.pending)] {
            if u32::from(mask) & !full != 0 {
                bad(format!("seat {p}: a {name} mark names a position beyond its {} cards", hand.len()));
            }
        }
        if cfg.rules == Rules::Tarot && hand.blocked_count() > 2 {
            bad(format!("seat {p} blocks {} cards with two tokens", hand.blocked_count()));
        }
        if cfg.rules == Rules::BlackKnight && hand.blocked != 0 {
            bad(format!("seat {p}: nothing is blocked in Black Knight"));
        }
        for (i, &k) in hand.known().iter().enumerate() {
            if !visible(k, p) {
                bad(format!("seat {p} does not know its own card {}", i + 1));
            }
            if (hand.is_up(i) || hand.is_blocked(i)) && k & PUBLIC == 0 {
                bad(format!("seat {p}'s card {} lies on the table but is not public", i + 1));
            }
        }
        if seat.stack < 0 {
            bad(format!("seat {p} has {} money; nobody owes money", seat.stack));
        }
        if seat.bought < cfg.buy_in || seat.bought % cfg.buy_in != 0 {
            bad(format!(
                "seat {p} has bought {}, not a whole number of caves of {}",
                seat.bought, cfg.buy_in
            ));
        }
        if !cfg.points() && seat.points != 0 {
            bad(format!("seat {p} has points, but the game is played for money"));
        }
        if seat.bet < 0 {
            bad(format!("seat {p} has a negative bet"));
        }
        if seat.status == Status::Out && seat.bet != 0 {
            bad(format!("seat {p} has left the session but has a bet"));
        }
        let limit = match cfg.rules {
            Rules::Tarot => cfg.hand_size() as usize + 1,
            Rules::Canonical if cfg.theory() => 4,
            _ => MAX_HAND,
        };
        if hand.len() > limit {
            bad(format!("seat {p} holds {} cards; at most {limit} here", hand.len()));
        }
    }
    if state.communal.len() > MAX_COMMUNAL || (!cfg.deal.communal() && !state.communal.is_empty()) {
        bad("communal cards lie on the table only in hold'em and stud".to_owned());
    }
    for c in state.communal.cards() {
        count(c, "the communal cards", &mut bad);
    }
    for &c in state.under.cards() {
        count(c, "the cards under the deck", &mut bad);
    }
    for &c in state.aside.cards() {
        count(c, "the cards set aside", &mut bad);
    }
    for card in Card::all() {
        if used[card.index()] > composition[card.index()] as usize {
            bad(format!(
                "{} appears {} times but the pack has {}",
                card.name(),
                used[card.index()],
                composition[card.index()]
            ));
        }
    }

    // Money is conserved: what is on the table is what was brought (and the organizer's stake).
    if state.hand_pot < 0 || state.sabacc_pot < 0 || state.house_take < 0 {
        bad("a pot holds a negative amount".to_owned());
    }
    let expected = state.bought() + i64::from(cfg.house);
    if state.money() != expected {
        bad(format!(
            "the stacks and pots hold {} but the players brought {} (with the organizer's stake): money is \
             neither made nor lost",
            state.money(),
            expected
        ));
    }
    if let Some(rec) = &state.showdown {
        check_showdown(&state, rec, cfg, &mut problems);
    }
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    check_turn(&state, cfg, &mut problems);
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    let mut state = state;
    state.deck = crate::rules::recount_deck(&state, cfg);
    Ok(state)
}

/// The seat to act is one who may act, and a chance node has an outcome.
fn check_turn(state: &State, cfg: &Config, problems: &mut Vec<String>) {
    let actor = state.actor as usize;
    let phase = state.phase;
    if phase == Phase::Over {
        return;
    }
    if state.seats[state.dealer as usize].status == Status::Out {
        problems.push(format!("the dealer, seat {}, has left the session", state.dealer));
    }
    if !rules::is_chance(phase) && !state.seats[actor].active() {
        problems.push(format!("seat {actor} is to act but is not in the hand"));
    }
    if phase == Phase::Bet {
        for (p, seat) in state.seats.iter().enumerate() {
            if seat.active() && seat.bet > state.level {
                problems.push(format!("seat {p} bet more than the highest bet {}", state.level));
            }
        }
    }
    if matches!(phase, Phase::Replace)
        && state.seats.iter().all(|s| s.hand.pending == 0)
        && state.communal.pending == 0
    {
        problems.push("a change is in progress but no card is to be replaced".to_owned());
    }
    if phase == Phase::Sudden && state.tied.count_ones() < 2 {
        problems.push("a sudden death needs two tied players".to_owned());
    }
    if phase == Phase::Discard && state.seats[actor].hand.len() != cfg.hand_size() as usize + 1 {
        problems
            .push(format!("seat {actor} discards after taking a card, so holds one card more than a hand"));
    }
    if phase == Phase::Wager && actor == state.dealer as usize {
        problems.push("the banker does not bet against himself".to_owned());
    }
    if rules::is_chance(phase) && phase != Phase::Roll && !rules::card_available(state, cfg) {
        problems.push("a card is to be dealt but none is left".to_owned());
    }
}

/// The record of the last hand's end: one entry per seat, cards of this pack (never more
/// copies than the pack has, in the hands and in each sudden-death deal), shown positions
/// among the cards held, the evaluation of every fully shown hand, and a hand already ended.
fn check_showdown(state: &State, rec: &Showdown, cfg: &Config, problems: &mut Vec<String>) {
    let players = state.players();
    let mut bad = |p: String| problems.push(format!("the last hand's record: {p}"));
    if rec.seats().len() != players {
        bad(format!("it has {} seats but the game {players}", rec.seats().len()));
        return;
    }
    let during_sudden = state.phase == Phase::Sudden && rec.hand == state.hand_no;
    if rec.hand >= state.hand_no && !during_sudden {
        bad(format!("hand {} has not ended yet", rec.hand + 1));
    }
    if rec.dealer as usize >= players {
        bad(format!("the dealer is seat {} but there are {players} seats", rec.dealer));
    }
    let seats_mask = (1u32 << players) - 1;
    if rec.contenders & !seats_mask != 0 || rec.settlement.winners & !seats_mask != 0 {
        bad("a seat beyond the table is named".to_owned());
    }
    if !rec.communal().is_empty() && !cfg.deal.communal() {
        bad("communal cards lie on the table only in hold'em and stud".to_owned());
    }
    if rec.deals > 0 && cfg.rules != Rules::Tarot {
        bad("sudden death is played only in the tarot game".to_owned());
    }
    let composition = cfg.composition();
    let over = |cards: &mut dyn Iterator<Item = Card>, what: &str, bad: &mut dyn FnMut(String)| {
        let mut used = [0u8; Card::NUM];
        for c in cards {
            if c.is_hidden() {
                bad(format!("{what} holds a hidden card `?`: a position names every card"));
            } else if composition[c.index()] == 0 {
                bad(format!("{what} holds {}, which is not in this pack", c.name()));
            } else {
                used[c.index()] += 1;
                if used[c.index()] == composition[c.index()] + 1 {
                    bad(format!("{what} holds {} more often than the pack has it", c.name()));
                }
            }
        }
    };
    over(&mut rec.showdown_cards(), "the hands laid down", &mut bad);
    for (deal, &tied) in rec.tied().iter().enumerate() {
        if tied.count_ones() < 2 || tied & !seats_mask != 0 {
            bad(format!("sudden-death deal {} needs two tied seats at the table", deal + 1));
        }
        over(&mut rec.deal_cards(deal), &format!("sudden-death deal {}", deal + 1), &mut bad);
    }
    for (p, laid) in rec.seats().iter().enumerate() {
        let len = laid.cards().len();
        if u32::from(laid.shown) >> len != 0 {
            bad(format!("seat {p}: a shown mark names a position beyond its {len} cards"));
        }
        let eval = if laid.fully_shown() && laid.cards().iter().all(|c| !c.is_hidden()) {
            showdown::evaluate(laid.cards(), rec.communal(), cfg)
        } else {
            (0, 0)
        };
        if (laid.rank, laid.value) != eval {
            bad(format!(
                "seat {p}'s hand is worth rank {} value {}, not rank {} value {}",
                eval.0, eval.1, laid.rank, laid.value
            ));
        }
        if laid.stack < 0 {
            bad(format!("seat {p} had {} money; nobody owes money", laid.stack));
        }
    }
}
