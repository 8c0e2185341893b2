//! What every rule set shares and that never hands the game to another rule set: why an
//! action is refused ([`Why`]), the pack (where the next card comes from and where a dealt
//! card goes), paying into the pots, laying a hand down, and the step a rule set hands back
//! to the dispatch when it is done ([`Next`]). The rule sets (`betting`, `tarot`,
//! `canonical`, `black_knight`) build on this module; `rules` dispatches to them and carries
//! out the steps they hand back, so that no rule set calls back into its caller.

use crate::action::Action;
use crate::config::Config;
use crate::deck::Card;
use crate::state::{DeckCount, PUBLIC, Phase, RollThen, State};

/// What a rule set hands back to the dispatch (`rules`) once its part of an action
/// is done: nothing more, or a step that belongs to the whole game (it may lead into another
/// rule set).
#[must_use = "the dispatch must carry out the step a rule set hands back"]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The action's effects are all done.
    Done,
    /// Only one player is left in the hand: he wins it without a showdown.
    WinUncontested,
    /// The hand is over: settle the session or deal the next one.
    EndHand,
    /// The roll (the change, or the shift), then what follows it.
    StartRoll(RollThen),
    /// A betting round is over: what the rule set does after it.
    AfterBetting,
}

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

// ---------------------------------------------------------------------------------------
// Where cards come from.

/// The next card to replace in a change: seats in order of play, then the communal cards.
pub(crate) fn replace_target(state: &State) -> Option<Target> {
    for seat in state.order() {
        let pending = state.seats[seat].hand.pending;
        if pending != 0 {
            return Some(Target::Slot { seat, pos: pending.trailing_zeros() as usize });
        }
    }
    let pending = state.communal.pending;
    (pending != 0).then(|| Target::CommunalSlot(pending.trailing_zeros() as usize))
}

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
pub(crate) fn card_possible(state: &State, cfg: &Config, card: Card) -> bool {
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
pub(crate) fn shuffle_in_aside(state: &mut State) {
    for &card in state.aside.cards() {
        state.deck.put_back(card);
    }
    state.aside.clear();
}

/// Takes `card` from its source; returns who already knew it.
pub(crate) fn take_card(state: &mut State, cfg: &Config, card: Card) -> u32 {
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
