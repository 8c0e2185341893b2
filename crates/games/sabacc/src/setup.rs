//! Checking a position read from JSON: every broken rule is named.

use tabula_core::SetupError;

use crate::config::{Config, DealVariant, Rules};
use crate::deck::Card;
use crate::limits::MAX_SUDDEN;
use crate::mechanics;
use crate::rules;
use crate::showdown::Showdown;
use crate::state::{
    MAX_COMMUNAL, MAX_HAND, PUBLIC, Phase, RollThen, Seat, Settlement, State, Status, visible,
};

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
    let seats_mask = (1u32 << players) - 1;
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
        bad(format!("hand {} is past the session's {} hands", u32::from(state.hand_no) + 1, cfg.hands));
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
        if hand.pending & hand.blocked != 0 || (hand.pending != 0 && !seat.active()) {
            bad(format!(
                "seat {p}: a blocked card, or a card out of the hand, cannot change (rules §Change)"
            ));
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
        if hand.known().iter().any(|&k| k & !(PUBLIC | seats_mask) != 0) {
            bad(format!("seat {p}: a card is known to a seat beyond the table"));
        }
        check_seat_money(p, seat, state.hand_no, cfg, &mut bad);
        // (At the end of the session the last hand's cards stay on the table.)
        if seat.status == Status::Out
            && (seat.bet != 0 || seat.staked != 0 || (!hand.is_empty() && state.phase != Phase::Over))
        {
            bad(format!("seat {p} has left the session but has a bet or cards"));
        }
        let limit = match cfg.rules {
            Rules::Tarot => cfg.hand_size() as usize + 1,
            Rules::Canonical if cfg.theory() => 4,
            Rules::Canonical => MAX_HAND,
            Rules::BlackKnight => cfg.card_limit() as usize,
        };
        if hand.len() > limit {
            bad(format!("seat {p} holds {} cards; at most {limit} here", hand.len()));
        }
    }
    let communal_full = (1u32 << state.communal.len()) - 1;
    if u32::from(state.communal.pending) & !communal_full != 0 {
        bad("a communal card to be replaced is not on the table".to_owned());
    }
    if state.phase != Phase::Replace
        && (state.communal.pending != 0 || state.seats.iter().any(|s| s.hand.pending != 0))
    {
        bad("cards wait to be replaced only during a change (rules §Change)".to_owned());
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
    let max = cfg.max_money();
    for (name, amount) in [
        ("hand pot", state.hand_pot),
        ("Sabacc pot", state.sabacc_pot),
        ("organizer's take", state.house_take),
    ] {
        if amount < 0 || i64::from(amount) > max {
            bad(format!(
                "the {name} holds {amount}, outside 0 to {max}, the most money this session can hold (rules §Returns \
                 and money)"
            ));
        }
    }
    check_pots(&state, cfg, &mut bad);
    if let Some(last) = &state.last {
        check_settlement(last, players, cfg, "the last settlement", &mut bad);
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
    check_sizes(&state, cfg, &mut problems);
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    let mut state = state;
    state.deck = crate::mechanics::recount_deck(&state, cfg);
    check_playable(&state, cfg, &mut problems);
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    Ok(state)
}

/// A seat's money and points: within what a session can hold and score.
fn check_seat_money(p: usize, seat: &Seat, hand_no: u8, cfg: &Config, bad: &mut dyn FnMut(String)) {
    let max = cfg.max_money();
    for (name, amount) in [("money", seat.stack), ("bet", seat.bet), ("stake in the hand pot", seat.staked)] {
        if amount < 0 || i64::from(amount) > max {
            bad(format!(
                "seat {p}'s {name} is {amount}, outside 0 to {max}, the most money this session can hold (rules \
                 §Returns and money)"
            ));
        }
    }
    let caves = cfg.max_caves(hand_no);
    let bought = i64::from(seat.bought);
    let cave = i64::from(cfg.buy_in);
    if bought < cave || bought % cave != 0 || bought > caves * cave {
        let most = if cfg.table != crate::config::Table::Open {
            "one cave: caves are bought again only in an open game".to_owned()
        } else {
            format!("{caves} caves by hand {}: one more at the end of each hand", u32::from(hand_no) + 1)
        };
        bad(format!(
            "seat {p} has bought {}, but a seat buys whole caves of {}, at most {most} (rules §End of the session)",
            seat.bought, cfg.buy_in
        ));
    }
    if seat.bet > seat.staked {
        bad(format!(
            "seat {p} bet {} but staked {} in the hand pot: a bet lies in the hand pot",
            seat.bet, seat.staked
        ));
    }
    if cfg.points() {
        let (low, high) = cfg.points_per_hand();
        let hands = i32::from(hand_no);
        if seat.points < low * hands || seat.points > high * hands {
            bad(format!(
                "seat {p} has {} points, but {} hands score {} to {} (a hand scores {low} to {high}; rules §The \
                 four-card theory game)",
                seat.points,
                hands,
                low * hands,
                high * hands
            ));
        }
    } else if seat.points != 0 {
        bad(format!("seat {p} has points, but the game is played for money"));
    }
}

/// The hand pot holds every seat's stake; Black Knight bets are its wagers, each covered by
/// the banker; the pots kept through a sudden death hold the hand pot.
fn check_pots(state: &State, cfg: &Config, bad: &mut dyn FnMut(String)) {
    let staked: i64 = state.seats.iter().map(|s| i64::from(s.staked)).sum();
    if staked != i64::from(state.hand_pot) {
        bad(format!(
            "the hand pot holds {} but the seats staked {staked} in it: every bet lies in the hand pot (rules \
             §Betting)",
            state.hand_pot
        ));
    }
    if cfg.rules == Rules::BlackKnight {
        let banker = state.dealer as usize;
        let step = i64::from(cfg.min_bet);
        let most = i64::from(cfg.steps()) * step;
        let mut covered = 0i64;
        for (p, seat) in state.seats.iter().enumerate() {
            let bet = i64::from(seat.bet);
            if seat.staked != seat.bet {
                bad(format!(
                    "seat {p}'s Black Knight bet ({}) is not what it staked ({})",
                    seat.bet, seat.staked
                ));
            }
            if p == banker && bet != 0 {
                bad("the banker does not bet against himself (rules §Black Knight)".to_owned());
            } else if bet % step != 0 || bet > most {
                bad(format!(
                    "seat {p} bet {bet}: a Black Knight bet is 1 to {} minimum bets of {step} (rules §Black Knight)",
                    cfg.steps()
                ));
            } else if bet > 0 && !state.seats[p].active() {
                bad(format!("seat {p} has a bet but is not in the hand"));
            }
            // 3 to 2, rounded down (as `black_knight::sabacc_payout`), in i64: the bet is unchecked.
            covered += bet.max(0) * 3 / 2;
        }
        if state.sabacc_pot != 0 {
            bad("Black Knight has no Sabacc pot".to_owned());
        }
        if banker < state.players() && covered > i64::from(state.seats[banker].stack) {
            bad(format!(
                "the banker has {} but must cover 3 to 2 on every bet ({covered}) (rules §Black Knight)",
                state.seats[banker].stack
            ));
        }
    }
    let pending = &state.pots;
    if state.phase == crate::state::Phase::Sudden && !pending.is_empty() {
        let active = crate::payout::contenders(state);
        if pending.total() != i64::from(state.hand_pot) {
            bad("the pots waiting for the sudden death do not hold the hand pot".to_owned());
        }
        if pending
            .as_slice()
            .iter()
            .any(|p| p.amount < 0 || p.eligible & !active != 0 || p.winners & !p.eligible != 0)
        {
            bad("a pot waiting for the sudden death is open to or won by a seat out of the hand".to_owned());
        }
    } else if !pending.is_empty() {
        bad("pots wait for a winner only during a sudden death".to_owned());
    }
}

/// A settlement names seats at the table and pays out amounts a session can hold.
fn check_settlement(
    last: &Settlement,
    players: usize,
    cfg: &Config,
    what: &str,
    bad: &mut dyn FnMut(String),
) {
    let seats_mask = (1u32 << players) - 1;
    let max = cfg.max_money();
    let pots = last.pots.as_slice();
    if last.winners & !seats_mask != 0 || pots.iter().any(|p| (p.eligible | p.winners) & !seats_mask != 0) {
        bad(format!("{what} names a seat beyond the table"));
    }
    let amounts = [last.pot, last.sabacc].into_iter().chain(pots.iter().map(|p| p.amount));
    if amounts.into_iter().any(|a| a < 0 || i64::from(a) > max) {
        bad(format!("{what} pays an amount outside 0 to {max}, the most money this session can hold"));
    }
}

/// Every card the rules will deal next has room where it goes: the hands hold as many cards
/// as the deal, the sudden death, the draw or the exchange has given so far (the rules never
/// deal a card past a hand's limit, and a validated position cannot make them).
fn check_sizes(state: &State, cfg: &Config, problems: &mut Vec<String>) {
    let phase = state.phase;
    let actor = state.actor as usize;
    let len = |p: usize| state.seats[p].hand.len();
    let mut bad = |p: String| problems.push(p);
    match phase {
        Phase::Deal | Phase::Sudden => {
            let (group, per, communal) = if phase == Phase::Deal {
                let (per, communal) = rules::deal_shape(cfg);
                (crate::payout::contenders(state), per, communal)
            } else {
                (state.tied, crate::showdown::SUDDEN_CARDS, 0)
            };
            let m = (group.count_ones() as usize).max(1);
            let step = state.step as usize;
            if step >= per * m + communal {
                bad(format!("{step} cards of a deal of {} are dealt already", per * m + communal));
                return;
            }
            let mut k = 0;
            for p in state.order() {
                let want = if group >> p & 1 == 1 {
                    k += 1;
                    step / m + usize::from(k - 1 < step % m)
                } else {
                    0
                };
                if len(p) != want {
                    bad(format!(
                        "seat {p} holds {} cards but {step} cards of the deal give it {want}",
                        len(p)
                    ));
                }
            }
            if !state.communal.is_empty() {
                bad("the communal card is dealt last: none lies on the table during a deal".to_owned());
            }
        }
        Phase::OfferCard if len(actor) != cfg.hand_size() as usize => {
            bad(format!(
                "seat {actor} takes the offered card with {} cards, not {}",
                len(actor),
                cfg.hand_size()
            ));
        }
        Phase::DrawCard if len(actor) >= MAX_HAND => {
            bad(format!("seat {actor} draws with {MAX_HAND} cards, the most a hand holds"));
        }
        Phase::ExchangeCard if state.step == 0 || len(actor) + state.step as usize != 4 => {
            bad(format!(
                "seat {actor} holds {} cards and awaits {} more: a theory hand holds four",
                len(actor),
                state.step
            ));
        }
        Phase::HitCard if len(actor) >= cfg.card_limit() as usize => {
            bad(format!("seat {actor} hits with {} cards, the Black Knight limit", len(actor)));
        }
        Phase::BankerCard if len(state.dealer as usize) >= cfg.card_limit() as usize => {
            bad("the banker draws past the Black Knight card limit".to_owned());
        }
        _ => {}
    }
    // Between the deal and the showdown, the hands in play hold what the rule set gives.
    let dealing = matches!(phase, Phase::Deal | Phase::Sudden | Phase::Over | Phase::Wager);
    if !dealing {
        for p in state.active_seats() {
            let n = len(p);
            let fits = match cfg.rules {
                Rules::Tarot if phase == Phase::Discard && p == actor => n == cfg.hand_size() as usize + 1,
                Rules::Tarot => n == cfg.hand_size() as usize,
                Rules::Canonical if cfg.theory() && phase == Phase::ExchangeCard && p == actor => true,
                Rules::Canonical if cfg.theory() => n == 4,
                Rules::Canonical if phase == Phase::DrawCard && p == actor => (1..MAX_HAND).contains(&n),
                Rules::Canonical => (2..=MAX_HAND).contains(&n),
                Rules::BlackKnight => n >= 2,
            };
            if !fits {
                bad(format!("seat {p} holds {n} cards, which this point of the hand does not give"));
            }
        }
    }
    if matches!(phase, Phase::Window | Phase::Roll | Phase::Replace)
        && cfg.rules == Rules::Tarot
        && !cfg.dice.rolls()
    {
        bad(format!("the phase is `{phase:?}`, but with dice=none there is no change roll"));
    }
    if phase == Phase::Sudden
        && 3 * state.tied.count_ones() as usize > cfg.deck.size() * usize::from(cfg.decks)
    {
        bad("a sudden death needs three cards for each tied player, more than the pack holds".to_owned());
    }
    if matches!(phase, Phase::Window | Phase::Roll | Phase::Replace) {
        let fits = match (cfg.rules, state.roll_then) {
            (Rules::Tarot, RollThen::Announce) => true,
            (Rules::Tarot, RollThen::Betting) => cfg.circuit_change,
            (Rules::Canonical, RollThen::Draw) => true,
            _ => false,
        };
        if !fits {
            bad(format!("after this roll comes `{:?}`, which these rules never do", state.roll_then));
        }
    }
    if phase == Phase::Sudden && state.tied & !crate::payout::contenders(state) != 0 {
        bad("a seat in the sudden death is not in the hand".to_owned());
    }
}

/// The position plays on: a player to act has a legal action, and the returns lie within
/// what the game declares.
fn check_playable(state: &State, cfg: &Config, problems: &mut Vec<String>) {
    if rules::turn(state) != tabula_core::Turn::Chance && state.phase != Phase::Over {
        let mut legal = Vec::new();
        rules::legal_actions(state, cfg, &mut legal);
        if legal.is_empty() {
            problems.push(format!(
                "seat {} is to act but no action is legal: {}",
                state.actor,
                mechanics::awaited(state.phase)
            ));
        }
    }
    let mut returns = [0.0; crate::state::MAX_PLAYERS];
    rules::returns_into(state, cfg, &mut returns[..state.players()]);
    let spec = <crate::Sabacc as tabula_core::Game>::spec();
    for (p, r) in returns[..state.players()].iter().enumerate() {
        if !(spec.min_return..=spec.max_return).contains(r) {
            problems.push(format!(
                "seat {p}'s return {r} lies outside {} to {}",
                spec.min_return, spec.max_return
            ));
        }
    }
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
    if cfg.rules == Rules::BlackKnight && !state.seats[state.dealer as usize].active() {
        problems.push("the banker plays every hand (rules §Black Knight)".to_owned());
    }
    if state.active_count() < 2 {
        problems.push(
            "a hand in play has at least two players in it: the last one left wins it at once".to_owned(),
        );
    }
    if !mechanics::is_chance(phase) && !state.seats[actor].active() {
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
    if phase == Phase::Wager {
        // The players bet in turn from the banker's left: those before the actor have bet
        // (or sat out), the actor and those after him not yet.
        let banker = state.dealer as usize;
        for p in state.active_seats().filter(|&p| p != banker) {
            let before = state.position(p) < state.position(actor);
            if before != (state.seats[p].bet > 0) {
                problems.push(format!(
                    "seat {p} {} bet, but seat {actor} bets now: players bet in turn from the banker's left",
                    if before { "has not" } else { "has" }
                ));
            }
        }
    }
    if phase == Phase::Bet {
        let seat = &state.seats[actor];
        if seat.stack == 0 || (seat.acted && seat.bet == state.level) {
            problems.push(format!(
                "seat {actor} is to bet but is all in or has matched the highest bet already (rules §Betting)"
            ));
        }
        let level = state.seats.iter().map(|s| s.bet).max().unwrap_or(0);
        if level != state.level {
            problems.push(format!("the highest bet is {level}, not {}", state.level));
        }
    }
    if mechanics::is_chance(phase) && phase != Phase::Roll && !mechanics::card_available(state, cfg) {
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
        bad(format!("hand {} has not ended yet", u32::from(rec.hand) + 1));
    }
    if rec.dealer as usize >= players {
        bad(format!("the dealer is seat {} but there are {players} seats", rec.dealer));
    }
    let seats_mask = (1u32 << players) - 1;
    if rec.contenders & !seats_mask != 0 {
        bad("a seat beyond the table is named".to_owned());
    }
    check_settlement(&rec.settlement, players, cfg, "its settlement", &mut bad);
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
            crate::record::evaluate(laid.cards(), rec.communal(), cfg)
        } else {
            (0, 0)
        };
        if (laid.rank, laid.value) != eval {
            bad(format!(
                "seat {p}'s hand is worth rank {} value {}, not rank {} value {}",
                eval.0, eval.1, laid.rank, laid.value
            ));
        }
        if laid.stack < 0 || i64::from(laid.stack) > cfg.max_money() {
            bad(format!("seat {p} had {} money, outside 0 to {}", laid.stack, cfg.max_money()));
        }
    }
}
