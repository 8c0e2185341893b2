//! The rules' dispatch: each decision to its rule set (`betting`, `tarot`, `canonical`,
//! `black_knight`), each card dealt where it goes, the change (tarot) or shift (canonical), a
//! hand's start and end, the end of the session. A rule set never calls back into this
//! module: it hands back the next step ([`Next`]) and `carry_out` does it. What the rule
//! sets share lies below them, in [`crate::mechanics`]. Each refusal names the section of
//! `docs/rules/sabacc.md` it enforces.

use tabula_core::{Illegal, Turn};

use crate::action::Action;
use crate::config::{Config, Rules, Table};
use crate::deck::Card;
use crate::hand;
use crate::mechanics::{
    Next, Source, Target, Why, card_outcomes, card_possible, is_chance, pay_sabacc, recount_deck,
    replace_target, reveal, source, take_card,
};
use crate::state::{
    Communal, DeckCount, MAX_COMMUNAL, PUBLIC, Phase, RollThen, Seats, State, Status, seat_bit,
};
use crate::{betting, black_knight, canonical, payout, tarot};

/// Who acts.
pub fn turn(state: &State) -> Turn {
    match state.phase {
        Phase::Over => Turn::Terminal,
        p if is_chance(p) => Turn::Chance,
        _ => Turn::Player(state.actor as usize),
    }
}

/// The `k`-th seat in the hand, in order of play.
pub fn nth_active(state: &State, k: usize) -> usize {
    state.active_seats().nth(k).expect("k below the number of seats in the hand")
}

/// Cards per seat in the deal, and whether a communal card follows.
pub fn deal_shape(cfg: &Config) -> (usize, usize) {
    match cfg.rules {
        Rules::Tarot => (cfg.hand_size() as usize, usize::from(cfg.deal.communal())),
        Rules::Canonical if cfg.theory() => (4, 0),
        Rules::Canonical | Rules::BlackKnight => (2, 0),
    }
}

/// How many cards the deal has in all.
pub fn deal_total(state: &State, cfg: &Config) -> usize {
    let (per, communal) = deal_shape(cfg);
    per * state.active_count() + communal
}

/// Where the next card goes, at a chance node that deals a card.
pub fn target(state: &State, cfg: &Config) -> Target {
    match state.phase {
        Phase::Deal => {
            let (per, _) = deal_shape(cfg);
            let m = state.active_count();
            let s = state.step as usize;
            if s < per * m {
                let seat = nth_active(state, s % m);
                let round = (s / m) as u8;
                let up = match cfg.rules {
                    Rules::Tarot => cfg.deal.face_up(round),
                    Rules::BlackKnight => seat == state.dealer as usize && round == 0,
                    Rules::Canonical => false,
                };
                Target::Seat { seat, up }
            } else {
                Target::Communal
            }
        }
        Phase::Sudden => tarot::sudden_target(state),
        Phase::Replace => replace_target(state).expect("a card is pending replacement"),
        Phase::StudCard => Target::Communal,
        Phase::BankerCard => Target::Seat { seat: state.dealer as usize, up: true },
        _ => Target::Seat { seat: state.actor as usize, up: false },
    }
}

/// Deals `card` where it goes, then moves the game on. A replaced card is set aside before
/// its replacement is drawn (it cannot come back unless no other card is left).
fn play_card(state: &mut State, cfg: &Config, card: Card) -> Next {
    if state.deck.get().is_none() {
        state.deck = recount_deck(state, cfg);
    }
    let target = target(state, cfg);
    match target {
        // The slot holds no card while its replacement is drawn.
        Target::Slot { seat, pos } => {
            let hand = &mut state.seats[seat].hand;
            let (old, old_known) = (hand.card(pos), hand.known_at(pos));
            hand.set(pos, Card::HIDDEN, 0);
            state.aside.push(old, old_known | seat_bit(seat));
        }
        Target::CommunalSlot(i) => {
            let old = state.communal.card(i);
            state.communal.set(i, Card::HIDDEN);
            state.aside.push(old, PUBLIC);
        }
        Target::Seat { .. } | Target::Communal => {}
    }
    let from = take_card(state, cfg, card);
    match target {
        Target::Seat { seat, up } => {
            let known = from | seat_bit(seat) | if up { PUBLIC } else { 0 };
            state.seats[seat].hand.push(card, known, up);
        }
        Target::Slot { seat, pos } => {
            let hand = &mut state.seats[seat].hand;
            let up = hand.is_up(pos);
            hand.set(pos, card, from | seat_bit(seat) | if up { PUBLIC } else { 0 });
            hand.pending &= !(1 << pos);
        }
        Target::Communal => {
            if state.communal.len() == MAX_COMMUNAL {
                // Stud: the fourth card makes the oldest leave the table (under the deck).
                let old = state.communal.remove_oldest();
                state.under.push(old, PUBLIC);
            }
            state.communal.push(card);
        }
        Target::CommunalSlot(i) => {
            state.communal.set(i, card);
            state.communal.pending &= !(1 << i);
        }
    }
    match state.phase {
        Phase::Deal => {
            state.step += 1;
            if state.step as usize != deal_total(state, cfg) {
                return Next::Done;
            }
            match cfg.rules {
                Rules::Tarot => tarot::after_deal(state, cfg),
                Rules::Canonical => canonical::after_deal(state, cfg),
                Rules::BlackKnight => black_knight::after_deal(state, cfg),
            }
        }
        Phase::Sudden => tarot::after_sudden_card(state, cfg),
        Phase::Replace => {
            if replace_target(state).is_none() {
                finish_change(state);
            }
            Next::Done
        }
        Phase::OfferCard => {
            state.phase = Phase::Discard;
            Next::Done
        }
        Phase::StudCard => betting::start(state, cfg),
        Phase::DrawCard => canonical::after_draw(state, cfg),
        Phase::ExchangeCard => canonical::after_exchange_card(state, cfg),
        Phase::HitCard => black_knight::after_hit(state, cfg),
        Phase::BankerCard => black_knight::banker_plays(state, cfg),
        _ => unreachable!("a card is dealt only at a card chance node"),
    }
}

// ---------------------------------------------------------------------------------------
// The change (tarot) and the shift (canonical).

/// Starts the roll: the tarot blocking window first, the canonical shift at once.
fn start_roll(state: &mut State, cfg: &Config, then: RollThen) {
    state.roll_then = then;
    if cfg.rules == Rules::Tarot && !cfg.dice.rolls() {
        // `dice=none`: no roll, so no change and no blocking window.
        after_roll(state);
    } else if cfg.rules == Rules::Tarot {
        tarot::start_window(state);
    } else {
        state.phase = Phase::Roll;
        state.actor = state.dealer;
    }
}

fn roll_outcomes(cfg: &Config, out: &mut Vec<(Action, f64)>) {
    if cfg.rules == Rules::Tarot {
        let total = f64::from(cfg.dice.ways_total());
        for n in cfg.dice.min()..=cfg.dice.max() {
            out.push((Action::Roll(n), f64::from(cfg.dice.ways(n)) / total));
        }
    } else {
        for a in 1..=6u8 {
            for b in a..=6u8 {
                out.push((Action::Dice(a, b), if a == b { 1.0 / 36.0 } else { 2.0 / 36.0 }));
            }
        }
    }
}

fn roll_allowed(cfg: &Config, action: Action) -> Result<(), Why> {
    match (cfg.rules, action) {
        (Rules::Tarot, Action::Roll(n)) if cfg.dice.ways(n) > 0 => Ok(()),
        (Rules::Tarot, Action::Roll(_)) => Err(Why::Rule("the dice cannot show that total")),
        (Rules::Tarot, _) => Err(Why::Rule("the change roll is a total: write `roll N` (rules §Change)")),
        (_, Action::Dice(..)) => Ok(()),
        _ => Err(Why::Rule("the shift rolls two dice: write `roll 3-5` (rules §Canonical turn)")),
    }
}

fn play_roll(state: &mut State, cfg: &Config, action: Action) {
    let change = match action {
        Action::Roll(n) => n == cfg.dice.max(),
        Action::Dice(a, b) => a == b,
        _ => unreachable!("a roll"),
    };
    if !change {
        after_roll(state);
        return;
    }
    if cfg.rules == Rules::Tarot {
        // Every player in the hand pays the mouche (rules §Change).
        let m = betting::mouche_now(state, cfg);
        for p in 0..state.players() {
            if state.seats[p].active() {
                pay_sabacc(state, p, m);
            }
        }
    }
    for seat in state.seats.iter_mut() {
        if seat.active() {
            let all = (1u16 << seat.hand.len()) - 1;
            seat.hand.pending = all & !seat.hand.blocked;
        }
    }
    state.communal.pending = ((1u16 << state.communal.len()) - 1) as u8;
    if replace_target(state).is_some() {
        state.phase = Phase::Replace;
    } else {
        finish_change(state);
    }
}

/// After the last replacement: the cards set aside and those under the deck are shuffled
/// back into the deck.
fn finish_change(state: &mut State) {
    for &card in state.under.cards().iter().chain(state.aside.cards()) {
        state.deck.put_back(card);
    }
    state.under.clear();
    state.aside.clear();
    after_roll(state);
}

fn after_roll(state: &mut State) {
    match state.roll_then {
        RollThen::Announce => tarot::start_announce(state),
        RollThen::Betting => betting::resume(state),
        RollThen::Draw => canonical::start_draw(state),
    }
}

/// The last player in the hand wins it without a showdown: every pot he staked for (money
/// staked above his stake goes back to its owners, rules §Side pots). Holding a Sabacc, he
/// shows it and takes the Sabacc pot too (showing can only gain him money). The hand is
/// then over.
fn win_uncontested(state: &mut State, cfg: &Config) -> Next {
    let seat = state.first_active().expect("one seat is left in the hand");
    let cards = state.seats[seat].hand.cards();
    let sabacc = match cfg.rules {
        Rules::Tarot => tarot::evaluate(state, cfg, seat).is_sabacc(),
        _ if cfg.theory() => hand::points_sabacc(hand::points_hand_in(cards, cfg.deck)),
        _ => hand::canon_hand_in(cards, cfg.deck).is_sabacc(),
    };
    if sabacc {
        reveal(state, seat);
    }
    let mut split = payout::split(state);
    for pot in split.as_mut_slice() {
        pot.winners = pot.eligible;
    }
    payout::pay(state, &split, if sabacc { seat_bit(seat) } else { 0 });
    Next::EndHand
}

/// Carries out the steps the rule sets hand back, one after another, until one is done.
fn carry_out(state: &mut State, cfg: &Config, mut next: Next) {
    loop {
        next = match next {
            Next::Done => return,
            Next::WinUncontested => win_uncontested(state, cfg),
            Next::EndHand => end_hand(state, cfg),
            Next::StartRoll(then) => {
                start_roll(state, cfg, then);
                Next::Done
            }
            Next::AfterBetting => match cfg.rules {
                Rules::Tarot => tarot::after_betting(),
                Rules::Canonical | Rules::BlackKnight => canonical::after_betting(state, cfg),
            },
        };
    }
}

// ---------------------------------------------------------------------------------------
// Hands and the session.

/// The state before the first action: caves bought, the organizer's stake and the entry
/// fees in the Sabacc pot, the first hand started. Seat `players − 1` deals first, so seat 0
/// plays first.
pub fn initial_state(cfg: &Config) -> State {
    let players = cfg.players as usize;
    let mut state = State {
        hand_no: 0,
        dealer: cfg.players - 1,
        phase: Phase::Deal,
        actor: 0,
        step: 0,
        tour: 1,
        level: 0,
        raises: 0,
        roll_then: RollThen::Announce,
        resume: 0,
        called: false,
        sudden: 0,
        tied: 0,
        hand_pot: 0,
        sabacc_pot: 0,
        house_take: 0,
        seats: Seats::new(players, cfg.buy_in),
        communal: Communal::default(),
        under: Default::default(),
        aside: Default::default(),
        last: None,
        pots: Default::default(),
        showdown: None,
        deck: DeckCount::default(),
    };
    if cfg.table == Table::Open {
        state.sabacc_pot += cfg.house;
        for p in 0..players {
            pay_sabacc(&mut state, p, cfg.entry);
        }
    }
    let next = start_hand(&mut state, cfg);
    carry_out(&mut state, cfg, next);
    state
}

/// Clears the table and starts a hand with every seat still in the session.
fn start_hand(state: &mut State, cfg: &Config) -> Next {
    for seat in state.seats.iter_mut() {
        if seat.status != Status::Out {
            seat.status = Status::Active;
        }
        seat.bet = 0;
        seat.staked = 0;
        seat.acted = false;
        seat.announce = None;
        seat.toggled = 0;
        seat.hand.clear();
    }
    state.communal.clear();
    state.under.clear();
    state.aside.clear();
    // The whole pack is gathered and shuffled.
    state.deck = recount_deck(state, cfg);
    state.step = 0;
    state.tour = 1;
    state.level = 0;
    state.raises = 0;
    state.called = false;
    state.sudden = 0;
    state.tied = 0;
    state.actor = state.dealer;
    match cfg.rules {
        Rules::Tarot => tarot::start_hand(state, cfg),
        Rules::Canonical => canonical::start_hand(state, cfg),
        Rules::BlackKnight => return black_knight::start_hand(state, cfg),
    }
    Next::Done
}

/// After a hand is settled: players who lost their cave buy another (open game) or leave
/// (closed game); the deal passes left; the next hand starts, or the session ends.
fn end_hand(state: &mut State, cfg: &Config) -> Next {
    // The public record of how it ended, before the table is cleared: the hands on the
    // table (after a sudden death, recorded at the showdown already), or, for a hand where
    // no card was dealt (Black Knight with no bet), the previous record stays.
    if state.tied != 0 {
        crate::record::record_money(state);
    } else if state.seats.iter().any(|s| !s.hand.is_empty()) {
        crate::record::record_hands(state, cfg);
    }
    state.hand_no += 1;
    let was_in = in_session(state);
    for seat in state.seats.iter_mut() {
        seat.bet = 0;
        seat.staked = 0;
        if seat.status == Status::Out || seat.stack >= cfg.threshold() {
            continue;
        }
        if cfg.table == Table::Open {
            seat.stack += cfg.buy_in;
            seat.bought += cfg.buy_in;
        } else {
            seat.status = Status::Out;
        }
    }
    if state.hand_no >= cfg.hands || in_session(state).count_ones() < 2 {
        finish(state, cfg, was_in);
        return Next::Done;
    }
    let n = state.players();
    let dealer = state.dealer as usize;
    state.dealer = (1..=n)
        .map(|k| (dealer + k) % n)
        .find(|&p| state.seats[p].status != Status::Out)
        .expect("two seats are in the session") as u8;
    start_hand(state, cfg)
}

/// The seats still in the session (bit per seat).
fn in_session(state: &State) -> u32 {
    state
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.status != Status::Out)
        .fold(0, |m, (p, _)| m | seat_bit(p))
}

/// The end of the session: the Sabacc pot is shared among the players who have not left
/// (friendly single game; if the last hand broke them all, among those who played it), kept
/// for the next session (friendly regular), or kept by the organizer (open game).
fn finish(state: &mut State, cfg: &Config, was_in: u32) {
    state.phase = Phase::Over;
    state.actor = 0;
    for seat in state.seats.iter_mut() {
        if seat.status == Status::Active {
            seat.status = Status::Idle;
        }
    }
    match cfg.table {
        Table::FriendlySingle => {
            let stayed = match in_session(state) {
                0 => was_in,
                m => m,
            };
            let pot = std::mem::take(&mut state.sabacc_pot);
            payout::share(state, stayed, pot);
        }
        Table::FriendlyRegular => {}
        Table::Open => state.house_take += std::mem::take(&mut state.sabacc_pot),
    }
}

/// Each seat's return: money now less money brought (points in the points game); in le
/// Contrat Sabacc, its team's: its own and its partner's.
pub fn returns_into(state: &State, cfg: &Config, out: &mut [f64]) {
    let own = |p: usize| {
        let seat = &state.seats[p];
        if cfg.points() { f64::from(seat.points) } else { f64::from(seat.stack) - f64::from(seat.bought) }
    };
    for (p, o) in out.iter_mut().enumerate().take(state.players()) {
        *o = own(p) + cfg.partner(p).map_or(0.0, own);
    }
}

// ---------------------------------------------------------------------------------------
// Dispatch.

/// Whether `action` may be played now, and if not, why.
pub fn allowed(state: &State, cfg: &Config, action: Action) -> Result<(), Why> {
    let phase = state.phase;
    if phase == Phase::Over {
        return Err(Why::Awaited(Phase::Over));
    }
    let chance_action = matches!(action, Action::Card(_) | Action::Roll(_) | Action::Dice(..));
    if is_chance(phase) != chance_action {
        return Err(Why::Awaited(phase));
    }
    match phase {
        Phase::Roll => roll_allowed(cfg, action),
        p if is_chance(p) => match action {
            Action::Card(card) if card_possible(state, cfg, card) => Ok(()),
            Action::Card(card) => Err(Why::NoCard(card)),
            _ => Err(Why::Awaited(p)),
        },
        Phase::Bet => betting::allowed(state, cfg, action),
        Phase::Window | Phase::Announce | Phase::Offer | Phase::Discard | Phase::Show => {
            tarot::allowed(state, cfg, action)
        }
        Phase::Draw | Phase::Exchange => canonical::allowed(state, cfg, action),
        Phase::Wager | Phase::Hit => black_knight::allowed(state, cfg, action),
        _ => Err(Why::Awaited(phase)),
    }
}

/// Whether `action` may be played now, and if not, why, in a sentence.
///
/// # Errors
/// The rule that forbids it.
pub fn check(state: &State, cfg: &Config, action: Action) -> Result<(), Illegal> {
    allowed(state, cfg, action).map_err(|why| Illegal::new(why.message()))
}

/// The chance outcomes with their probabilities (empty unless a chance node).
pub fn chance_outcomes(state: &State, cfg: &Config, out: &mut Vec<(Action, f64)>) {
    out.clear();
    match state.phase {
        Phase::Roll => roll_outcomes(cfg, out),
        p if is_chance(p) => card_outcomes(state, cfg, out),
        _ => {}
    }
}

/// The legal actions (at a chance node, the outcomes), in a stable order.
pub fn legal_actions(state: &State, cfg: &Config, out: &mut Vec<Action>) {
    out.clear();
    match state.phase {
        Phase::Over => {}
        Phase::Roll if cfg.rules == Rules::Tarot => {
            out.extend((cfg.dice.min()..=cfg.dice.max()).map(Action::Roll));
        }
        Phase::Roll => {
            out.extend((1..=6u8).flat_map(|a| (a..=6u8).map(move |b| Action::Dice(a, b))));
        }
        p if is_chance(p) => match source(state, cfg) {
            Source::Deck(counts, _) => out.extend(
                cfg.deck.ids().filter(|&id| counts[id] > 0).filter_map(Card::from_index).map(Action::Card),
            ),
            Source::Under => out.push(Action::Card(state.under.cards()[0])),
            Source::Keep(card) => out.push(Action::Card(card)),
            Source::Aside => {
                let mut seen = [false; Card::NUM];
                for &c in state.aside.cards() {
                    seen[c.index()] = true;
                }
                out.extend(
                    (0..Card::NUM).filter(|&i| seen[i]).filter_map(Card::from_index).map(Action::Card),
                );
            }
            Source::Empty => {}
        },
        Phase::Bet => betting::legal(state, cfg, out),
        Phase::Window | Phase::Announce | Phase::Offer | Phase::Discard | Phase::Show => {
            tarot::legal(state, cfg, out)
        }
        Phase::Draw | Phase::Exchange => canonical::legal(state, cfg, out),
        Phase::Wager | Phase::Hit => black_knight::legal(state, cfg, out),
        _ => {}
    }
}

/// Applies a legal action.
pub fn play(state: &mut State, cfg: &Config, action: Action) {
    let next = match state.phase {
        Phase::Roll => {
            play_roll(state, cfg, action);
            Next::Done
        }
        p if is_chance(p) => match action {
            Action::Card(card) => play_card(state, cfg, card),
            _ => unreachable!("a card at a card chance node"),
        },
        Phase::Bet => betting::play(state, cfg, action),
        Phase::Window | Phase::Announce | Phase::Offer | Phase::Discard | Phase::Show => {
            tarot::play(state, cfg, action)
        }
        Phase::Draw | Phase::Exchange => canonical::play(state, cfg, action),
        Phase::Wager | Phase::Hit => black_knight::play(state, cfg, action),
        _ => Next::Done,
    };
    carry_out(state, cfg, next);
}
