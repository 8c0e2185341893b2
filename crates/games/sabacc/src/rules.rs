//! The rules' dispatch, and the mechanics every rule set shares: where the next card comes
//! from and where it goes, the change (tarot) or shift (canonical), paying into the pots, a
//! hand's start and end, the end of the session. Each refusal names the section of
//! `docs/rules/sabacc.md` it enforces.

use tabula_core::{Illegal, Turn};

use crate::action::Action;
use crate::config::{Config, Rules, Table};
use crate::deck::Card;
use crate::hand;
use crate::state::{
    Communal, DeckCount, MAX_COMMUNAL, PUBLIC, Phase, RollThen, Seats, State, Status, seat_bit,
};
use crate::{betting, black_knight, canonical, pots, tarot};

/// The most sudden-death deals before tied players split the hand pot.
pub const MAX_SUDDEN: u8 = 3;

/// Why an action is refused: a small value (no allocation while listing legal actions),
/// turned into a sentence by [`Why::message`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// A rule, in a sentence.
    Rule(&'static str),
    /// The action belongs to another phase; the sentence says what is awaited.
    Awaited(Phase),
    /// The position names no card of the hand.
    Position {
        /// The position (0-based).
        pos: u8,
        /// Cards in the hand.
        len: u8,
    },
    /// The card is not among those that can be dealt now.
    NoCard(Card),
    /// Not enough money.
    Money {
        /// What it costs.
        need: i32,
        /// What the player has.
        have: i32,
    },
    /// A raise above what the table allows now.
    RaiseCap {
        /// The largest raise allowed now (0: none).
        max: i32,
    },
    /// Too many raises in this betting round.
    RaiseCount {
        /// The most raises in a round.
        max: u8,
    },
    /// A raise or bet above the limit game's largest.
    StepCap {
        /// The largest, in money.
        max: i32,
    },
    /// Too many cards exchanged.
    ExchangeMax {
        /// The most allowed.
        max: u8,
    },
}

impl Why {
    /// The sentence for a player.
    pub fn message(self) -> String {
        match self {
            Why::Rule(s) => s.to_owned(),
            Why::Awaited(phase) => awaited(phase).to_owned(),
            Why::Position { pos, len } => {
                format!("you hold {len} cards: there is no card {} (positions count from 1)", pos + 1)
            }
            Why::NoCard(c) => format!("{} cannot be dealt now: it is not in the deck", c.name()),
            Why::Money { need, have } => format!("that costs {need} and you have {have} (rules §Betting)"),
            Why::RaiseCap { max: 0 } => {
                "no raise is possible: the poorest player in the hand could not call it \
                                         (rules §Betting, table stakes)"
                    .to_owned()
            }
            Why::RaiseCap { max } => format!(
                "you may raise by at most {max} now: nobody may be asked for more than the poorest player in the \
                 hand can pay, and the raiser pays the mouche (rules §Betting, table stakes)"
            ),
            Why::RaiseCount { max } => {
                format!("a betting round allows at most {max} raises: call or fold (rules §Betting)")
            }
            Why::StepCap { max } => {
                format!("in the limit game a raise or bet is at most {max} (rules §Betting)")
            }
            Why::ExchangeMax { max } => {
                format!("you may exchange at most {max} cards (rules §The four-card exchange game)")
            }
        }
    }
}

/// What the game awaits in `phase`, as a sentence.
pub fn awaited(phase: Phase) -> &'static str {
    match phase {
        Phase::Deal => "the cards are being dealt: a card is awaited (chance)",
        Phase::Bet => "it is the betting round: `call`, `raise N` or `fold` (rules §Betting)",
        Phase::Window => "the dealer is about to roll: `block N`, `unblock N` or `ready` (rules §Blocking)",
        Phase::Roll => "the dealer rolls the dice: a roll is awaited (chance)",
        Phase::Replace => "the cards are changing: new cards are being dealt (chance)",
        Phase::Announce => {
            "it is the announce: `announce continue`, `announce see`, `announce fold` or `announce sabacc` \
             (rules §Announce)"
        }
        Phase::Offer => "the dealer offers you a card: `take` or `decline` (rules §Redeal)",
        Phase::OfferCard => "the offered card is being dealt (chance)",
        Phase::Discard => "you took the offered card: `discard N` one of your cards (rules §Redeal)",
        Phase::Show => "you discarded a face-up card: `show N` to turn another one face up (rules §Redeal)",
        Phase::StudCard => "a new communal card is being dealt (chance)",
        Phase::Sudden => "the sudden-death cards are being dealt (chance)",
        Phase::Draw => {
            "it is the draw phase: `field N`, `draw`, `trade N`, `stand` or `call hand` (rules §Canonical turn)"
        }
        Phase::DrawCard => "the card drawn is being dealt (chance)",
        Phase::Exchange => {
            "it is the exchange: `exchange N …` or `keep` (rules §The four-card exchange game)"
        }
        Phase::ExchangeCard => "the replacement cards are being dealt (chance)",
        Phase::Wager => "place your bet against the banker: `bet N` (rules §Black Knight)",
        Phase::Hit => "`hit` or `stand` (rules §Black Knight)",
        Phase::HitCard => "the card is being dealt (chance)",
        Phase::BankerCard => "the banker is drawing (chance)",
        Phase::Over => "the session is over",
    }
}

/// Whether `phase` is a chance node.
pub fn is_chance(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Deal
            | Phase::Roll
            | Phase::Replace
            | Phase::OfferCard
            | Phase::StudCard
            | Phase::Sudden
            | Phase::DrawCard
            | Phase::ExchangeCard
            | Phase::HitCard
            | Phase::BankerCard
    )
}

/// Who acts.
pub fn turn(state: &State) -> Turn {
    match state.phase {
        Phase::Over => Turn::Terminal,
        p if is_chance(p) => Turn::Chance,
        _ => Turn::Player(state.actor as usize),
    }
}

// ---------------------------------------------------------------------------------------
// Where cards come from.

/// The cards of the shuffled deck: the whole pack less every card located somewhere.
pub fn deck_counts(state: &State, cfg: &Config) -> [u8; Card::NUM] {
    let mut counts = cfg.composition();
    let mut take = |c: Card| {
        if !c.is_hidden() {
            counts[c.index()] = counts[c.index()].saturating_sub(1);
        }
    };
    for seat in state.seats.iter() {
        seat.hand.cards().iter().for_each(|&c| take(c));
    }
    state.communal.cards().for_each(&mut take);
    state.under.cards().iter().for_each(|&c| take(c));
    state.aside.cards().iter().for_each(|&c| take(c));
    counts
}

/// Where the next card is drawn from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The shuffled deck (these counts, this many cards).
    Deck([u8; Card::NUM], u32),
    /// The deck is used up: the first card put under it, in order.
    Under,
    /// Deck and the cards under it are used up: the cards set aside are shuffled in.
    Aside,
    /// A change finds no card at all: the card being replaced comes back (it is set aside
    /// first, then is the only card left).
    Keep(Card),
    /// No card anywhere.
    Empty,
}

/// The deck's counts and their total, recounted from the table.
pub fn recount_deck(state: &State, cfg: &Config) -> DeckCount {
    let counts = deck_counts(state, cfg);
    let total: u32 = counts[cfg.deck.ids()].iter().map(|&n| u32::from(n)).sum();
    DeckCount::new(counts, total)
}

/// Where the next card comes from (rules §The deck).
pub fn source(state: &State, cfg: &Config) -> Source {
    let (counts, total) = match state.deck.get() {
        Some((&counts, total)) => (counts, total),
        None => recount_deck(state, cfg)
            .get()
            .map(|(&counts, total)| (counts, total))
            .expect("a recount is known"),
    };
    if total > 0 {
        Source::Deck(counts, total)
    } else if !state.under.is_empty() {
        Source::Under
    } else if !state.aside.is_empty() {
        Source::Aside
    } else if state.phase == Phase::Replace {
        match replace_target(state) {
            Some(Target::Slot { seat, pos }) => Source::Keep(state.seats[seat].hand.card(pos)),
            Some(Target::CommunalSlot(i)) => Source::Keep(state.communal.card(i)),
            _ => Source::Empty,
        }
    } else {
        Source::Empty
    }
}

/// Whether a card can be drawn at all.
pub fn card_available(state: &State, cfg: &Config) -> bool {
    source(state, cfg) != Source::Empty
}

/// The possible next cards with their probabilities.
pub fn card_outcomes(state: &State, cfg: &Config, out: &mut Vec<(Action, f64)>) {
    match source(state, cfg) {
        Source::Deck(counts, total) => {
            for id in cfg.deck.ids() {
                if counts[id] > 0 {
                    let card = Card::from_index(id).expect("an id in range");
                    out.push((Action::Card(card), f64::from(counts[id]) / f64::from(total)));
                }
            }
        }
        Source::Under => out.push((Action::Card(state.under.cards()[0]), 1.0)),
        Source::Keep(card) => out.push((Action::Card(card), 1.0)),
        Source::Aside => {
            let mut counts = [0u8; Card::NUM];
            for &c in state.aside.cards() {
                counts[c.index()] += 1;
            }
            let total = state.aside.len() as f64;
            for (id, &n) in counts.iter().enumerate() {
                if n > 0 {
                    let card = Card::from_index(id).expect("an id in range");
                    out.push((Action::Card(card), f64::from(n) / total));
                }
            }
        }
        Source::Empty => {}
    }
}

/// At a card chance node whose card comes from the shuffled deck: a card drawn from the
/// deck with `rng`, each as likely as its share of the deck (what [`card_outcomes`] lists,
/// without listing it). Otherwise `None`.
pub fn draw_from_deck<R: rand::Rng + ?Sized>(state: &State, cfg: &Config, rng: &mut R) -> Option<Card> {
    if state.phase == Phase::Roll || !is_chance(state.phase) {
        return None;
    }
    let Source::Deck(counts, total) = source(state, cfg) else { return None };
    pick_card(&counts, total, cfg, rng)
}

/// One card of `counts` (`total` cards of the deck's ids in all), each copy equally likely;
/// `None` when there is none.
pub(crate) fn pick_card<R: rand::Rng + ?Sized>(
    counts: &[u8; Card::NUM],
    total: u32,
    cfg: &Config,
    rng: &mut R,
) -> Option<Card> {
    if total == 0 {
        return None;
    }
    let mut left = rng.random_range(0..total);
    for id in cfg.deck.ids() {
        let n = u32::from(counts[id]);
        if left < n {
            return Card::from_index(id);
        }
        left -= n;
    }
    None
}

/// Whether `card` can be the next card.
fn card_possible(state: &State, cfg: &Config, card: Card) -> bool {
    match source(state, cfg) {
        Source::Deck(counts, _) => {
            counts.get(card.index()).is_some_and(|&n| n > 0) && cfg.deck.ids().contains(&card.index())
        }
        Source::Under => state.under.cards()[0] == card,
        Source::Aside => state.aside.cards().contains(&card),
        Source::Keep(c) => c == card,
        Source::Empty => false,
    }
}

/// Who already knows the next card if it is drawn now: the discarder of the card on top of
/// the cards under the deck (they come back in order, so he knows which). A card of the
/// shuffled deck, and a set-aside card shuffled back in, is known to nobody before it is
/// drawn.
pub fn drawn_known(state: &State, cfg: &Config) -> u32 {
    match source(state, cfg) {
        Source::Under => state.under.known()[0],
        Source::Aside | Source::Deck(..) | Source::Keep(_) | Source::Empty => 0,
    }
}

/// The cards set aside are shuffled into the deck: they leave the pile, and with it every
/// seat's knowledge of them (its discarder knows the pile held them, not which one is
/// drawn where).
fn shuffle_in_aside(state: &mut State) {
    for &card in state.aside.cards() {
        state.deck.put_back(card);
    }
    state.aside.clear();
}

/// Takes `card` from its source; returns who already knew it.
fn take_card(state: &mut State, cfg: &Config, card: Card) -> u32 {
    match source(state, cfg) {
        Source::Under => state.under.remove(0).1,
        Source::Aside => {
            shuffle_in_aside(state);
            state.deck.take(card);
            0
        }
        Source::Deck(..) => {
            state.deck.take(card);
            0
        }
        Source::Keep(_) | Source::Empty => 0,
    }
}

/// Where the next card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A new card at the end of a seat's hand, face up or not.
    Seat {
        /// The seat.
        seat: usize,
        /// Face up.
        up: bool,
    },
    /// A replacement for the card at `pos` of `seat`'s hand (a change).
    Slot {
        /// The seat.
        seat: usize,
        /// The position.
        pos: usize,
    },
    /// A new communal card.
    Communal,
    /// A replacement for communal card `i`.
    CommunalSlot(usize),
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

/// The next card to replace in a change: seats in order of play, then the communal cards.
fn replace_target(state: &State) -> Option<Target> {
    for seat in state.order() {
        let pending = state.seats[seat].hand.pending;
        if pending != 0 {
            return Some(Target::Slot { seat, pos: pending.trailing_zeros() as usize });
        }
    }
    let pending = state.communal.pending;
    (pending != 0).then(|| Target::CommunalSlot(pending.trailing_zeros() as usize))
}

/// Deals `card` where it goes, then moves the game on. A replaced card is set aside before
/// its replacement is drawn (it cannot come back unless no other card is left).
fn play_card(state: &mut State, cfg: &Config, card: Card) {
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
            if state.step as usize == deal_total(state, cfg) {
                match cfg.rules {
                    Rules::Tarot => tarot::after_deal(state, cfg),
                    Rules::Canonical => canonical::after_deal(state, cfg),
                    Rules::BlackKnight => black_knight::after_deal(state, cfg),
                }
            }
        }
        Phase::Sudden => tarot::after_sudden_card(state, cfg),
        Phase::Replace => {
            if replace_target(state).is_none() {
                finish_change(state);
            }
        }
        Phase::OfferCard => state.phase = Phase::Discard,
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
pub fn start_roll(state: &mut State, cfg: &Config, then: RollThen) {
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

// ---------------------------------------------------------------------------------------
// Money.

/// Seat `seat` pays up to `amount` into the Sabacc pot (as far as its money goes); returns
/// what was paid.
pub fn pay_sabacc(state: &mut State, seat: usize, amount: i32) -> i32 {
    let paid = amount.clamp(0, state.seats[seat].stack);
    state.seats[seat].stack -= paid;
    state.sabacc_pot += paid;
    paid
}

/// Seat `seat` pays up to `amount` into the hand pot (as far as its money goes: with less it
/// is all in); returns what was paid.
pub fn pay_pot(state: &mut State, seat: usize, amount: i32) -> i32 {
    let paid = amount.clamp(0, state.seats[seat].stack);
    let seat = &mut state.seats[seat];
    seat.stack -= paid;
    seat.staked += paid;
    state.hand_pot += paid;
    paid
}

/// Reveals every card of `seat` (laid down on the table).
pub fn reveal(state: &mut State, seat: usize) {
    let hand = &mut state.seats[seat].hand;
    for i in 0..hand.len() {
        hand.reveal(i, PUBLIC);
    }
}

/// The last player in the hand wins it without a showdown: every pot he staked for (money
/// staked above his stake goes back to its owners, rules §Side pots). Holding a Sabacc, he
/// shows it and takes the Sabacc pot too (showing can only gain him money).
pub fn win_uncontested(state: &mut State, cfg: &Config) {
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
    let mut split = pots::split(state);
    for pot in split.as_mut_slice() {
        pot.winners = pot.eligible;
    }
    pots::pay(state, &split, if sabacc { seat_bit(seat) } else { 0 });
    end_hand(state, cfg);
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
    start_hand(&mut state, cfg);
    state
}

/// Clears the table and starts a hand with every seat still in the session.
fn start_hand(state: &mut State, cfg: &Config) {
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
        Rules::BlackKnight => black_knight::start_hand(state, cfg),
    }
}

/// After a hand is settled: players who lost their cave buy another (open game) or leave
/// (closed game); the deal passes left; the next hand starts, or the session ends.
pub fn end_hand(state: &mut State, cfg: &Config) {
    // The public record of how it ended, before the table is cleared: the hands on the
    // table (after a sudden death, recorded at the showdown already), or, for a hand where
    // no card was dealt (Black Knight with no bet), the previous record stays.
    if state.tied != 0 {
        crate::showdown::record_money(state);
    } else if state.seats.iter().any(|s| !s.hand.is_empty()) {
        crate::showdown::record_hands(state, cfg);
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
        return;
    }
    let n = state.players();
    let dealer = state.dealer as usize;
    state.dealer = (1..=n)
        .map(|k| (dealer + k) % n)
        .find(|&p| state.seats[p].status != Status::Out)
        .expect("two seats are in the session") as u8;
    start_hand(state, cfg);
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
            pots::share(state, stayed, pot);
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
    match state.phase {
        Phase::Roll => play_roll(state, cfg, action),
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
        _ => {}
    }
}
