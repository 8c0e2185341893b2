//! Sabacc in the terminal, apart from the drawing: the cards' labels, what a hand makes in
//! words, what each seat is doing, the moves offered (with a chooser for the raise and the
//! Black Knight bet), the log's sentences, and how each hand ended.
//!
//! Everything the screen shows comes from the person's seat's [`View`]: its own cards, the
//! cards laid face up, blocked, shown or put in the interference field, and the public
//! money, bets and announcements. The engine clears the table as it deals the next hand, in
//! the same step as the showdown; the hands laid down stay in the view's public record of
//! the last hand's end (`state.showdown`), masked by the engine like the rest of the view,
//! and the hand's summary is drawn from it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_core::{DynState, Turn};
use tabula_sabacc::{Action, Announce, Card, Config, Phase, Rules, Sabacc, Showdown, State, Status, View};

use crate::play::screen::{Choice, Outcome, erased};
use crate::play::session::{LogLine, Session, told};

/// The person's view of the game and the game's options: everything the screen draws from.
#[derive(Debug, Clone)]
pub struct Table {
    /// The person's view.
    pub view: View,
    /// The game's options (public).
    pub cfg: Config,
}

impl Table {
    /// The person's table, when the game is Sabacc.
    pub fn of(session: &Session) -> Option<Table> {
        let erased = erased::<Sabacc>(session.state())?;
        Some(Table { view: erased.concrete_view(session.human()), cfg: *erased.concrete_game().config() })
    }

    /// The state as the person sees it.
    pub fn state(&self) -> &State {
        &self.view.state
    }

    /// The person's seat.
    pub fn me(&self) -> usize {
        self.view.player as usize
    }

    /// Whether the session is over.
    pub fn is_over(&self) -> bool {
        self.view.state.phase == Phase::Over
    }

    /// The communal cards on the table.
    pub fn communal(&self) -> Vec<Card> {
        self.view.state.communal.cards().collect()
    }
}

pub use tabula_sabacc::words::{card_label, card_values, hand_brief, hand_words, is_sabacc, result, signed};

// ---------------------------------------------------------------------------------------
// The table in words.

/// What the game is doing, in a few words: `betting, tour 2`, `the announce`, `the redeal`.
pub fn phase_words(table: &Table) -> String {
    let state = table.state();
    let canonical = table.cfg.rules == Rules::Canonical;
    match state.phase {
        Phase::Deal => "the deal".to_owned(),
        Phase::Bet if canonical && state.called => "the last betting round".to_owned(),
        Phase::Bet => format!("betting, tour {}", state.tour),
        Phase::Window => "blocking, before the roll".to_owned(),
        Phase::Roll if canonical => "the shift roll".to_owned(),
        Phase::Roll => "the change roll".to_owned(),
        Phase::Replace if canonical => "the shift: new cards".to_owned(),
        Phase::Replace => "the change: new cards".to_owned(),
        Phase::Announce => format!("the announce, tour {}", state.tour),
        Phase::Offer | Phase::OfferCard | Phase::Discard | Phase::Show => "the redeal".to_owned(),
        Phase::StudCard => "a new communal card".to_owned(),
        Phase::Sudden => "sudden death".to_owned(),
        Phase::Draw | Phase::DrawCard => format!("the draw, tour {}", state.tour),
        Phase::Exchange | Phase::ExchangeCard => "the exchange".to_owned(),
        Phase::Wager => "bets against the banker".to_owned(),
        Phase::Hit | Phase::HitCard => "hit or stand".to_owned(),
        Phase::BankerCard => "the banker draws".to_owned(),
        Phase::Over => "the session is over".to_owned(),
    }
}

/// Where a seat stands, in a word or two: `in`, `folded`, `out`, `sees`, `Sabacc!`, `bust`.
pub fn status_words(table: &Table, seat: usize) -> String {
    let state = table.state();
    let s = &state.seats[seat];
    let bk = table.cfg.rules == Rules::BlackKnight;
    if s.status == Status::Out {
        return "out".to_owned();
    }
    if state.phase == Phase::Over {
        return String::new();
    }
    if bk && seat == state.dealer as usize {
        return "banker".to_owned();
    }
    match (s.status, s.announce) {
        (Status::Active, Some(Announce::Continue)) => "continues".to_owned(),
        (Status::Active, Some(Announce::See)) => "sees".to_owned(),
        (Status::Active, Some(Announce::Sabacc)) => "Sabacc!".to_owned(),
        (Status::Active, _) if state.phase == Phase::Sudden && state.tied >> seat & 1 == 1 => {
            "sudden death".to_owned()
        }
        (Status::Active, _) if bk && s.acted => "stands".to_owned(),
        (Status::Active, _) => "in".to_owned(),
        (_, Some(Announce::Fold)) => "folded".to_owned(),
        (_, Some(Announce::See)) => "dropped out".to_owned(),
        (_, Some(Announce::Sabacc)) => "false Sabacc".to_owned(),
        _ if bk && s.hand.is_empty() => "sits out".to_owned(),
        _ if bk => "bust".to_owned(),
        _ => "folded".to_owned(),
    }
}

/// The seat that acts now, if a player does (chance deals and rolls have none).
pub fn actor(table: &Table) -> Option<usize> {
    let state = table.state();
    match state.phase {
        Phase::Bet
        | Phase::Window
        | Phase::Announce
        | Phase::Offer
        | Phase::Discard
        | Phase::Show
        | Phase::Draw
        | Phase::Exchange
        | Phase::Wager
        | Phase::Hit => Some(state.actor as usize),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// How hands end.

/// How one hand ended, as the person's seat saw it.
#[derive(Debug, Clone)]
pub struct HandEnd {
    /// The hand, from 0.
    pub hand: u8,
    /// The person's view just after the step that ended the hand: the money and seats now.
    pub table: View,
    /// The view's record of the hand's end: the hands laid down (and the person's own), the
    /// sudden-death deals, the settlement, each seat's money as it was settled.
    pub record: Showdown,
    /// Each seat's result as the hand was settled (money less caves, or points).
    pub results: Vec<i64>,
    /// Each seat's gain (or loss) over the hand: money, or points in the points game.
    pub gains: Vec<i64>,
}

impl HandEnd {
    /// The seats that won the hand pot (or beat the banker, or scored best).
    pub fn winners(&self) -> Vec<usize> {
        let winners = self.record.settlement.winners;
        (0..self.record.seats().len()).filter(|&p| winners >> p & 1 == 1).collect()
    }

    /// When the showdown ended in a tie: the seats tied (their hands, laid down at the
    /// showdown, are in the record; the sudden-death deals too).
    pub fn tied(&self) -> Vec<usize> {
        let tied = self.record.tied().first().copied().unwrap_or(0);
        (0..self.record.seats().len()).filter(|&p| tied >> p & 1 == 1).collect()
    }
}

/// What the session notes of a Sabacc step beyond its text: taken before the step.
pub struct Before {
    view: View,
    cfg: Config,
}

impl Before {
    /// The person's view before a step, when the game is Sabacc.
    pub fn capture(state: &dyn DynState, human: usize) -> Option<Before> {
        let erased = erased::<Sabacc>(state)?;
        Some(Before { view: erased.concrete_view(human), cfg: *erased.concrete_game().config() })
    }
}

/// What noting a step produced: log lines, and the hand it ended (an index into
/// [`Tracker::hands`]).
pub struct Noted {
    /// The log's new lines.
    pub lines: Vec<LogLine>,
    /// The hand this step ended, if it ended one.
    pub hand_end: Option<usize>,
}

/// The last roll of the dice, as the table saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roll {
    /// The hand it was rolled in, from 0.
    pub hand: u8,
    /// The tour of the hand it was rolled in.
    pub tour: u8,
    /// What it showed: `7`, `3-3`.
    pub dice: String,
    /// Whether the cards changed (tarot: the maximum; canonical: a double).
    pub change: bool,
}

/// What the session remembers of a Sabacc game besides the person's view: how each hand
/// ended, the last roll, each seat's last move in the hand.
#[derive(Debug, Clone, Default)]
pub struct Tracker {
    hands: Vec<HandEnd>,
    results: Vec<i64>,
    said: Vec<String>,
    roll: Option<Roll>,
}

impl Tracker {
    /// Every hand ended so far, first first.
    pub fn hands(&self) -> &[HandEnd] {
        &self.hands
    }

    /// Each seat's last move in the hand in progress (`call`, `raise 4`, `block 2`…), or
    /// an empty string.
    pub fn said(&self, seat: usize) -> &str {
        self.said.get(seat).map_or("", String::as_str)
    }

    /// The last roll of the hand in progress.
    pub fn roll(&self, hand: u8) -> Option<&Roll> {
        self.roll.as_ref().filter(|r| r.hand == hand)
    }

    /// Notes a step: `before` was taken before it, `after` is the game now, `actor` acted,
    /// `seen` is the step as the person's seat saw it (another seat's card is `card ?`);
    /// `_played`, its full text, is not needed: everything comes from the person's views.
    pub fn note(
        &mut self,
        before: Before,
        after: &dyn DynState,
        actor: Turn,
        seen: &str,
        _played: &str,
        names: &[String],
    ) -> Noted {
        let Some(erased) = erased::<Sabacc>(after) else {
            return Noted { lines: Vec::new(), hand_end: None };
        };
        let cfg = before.cfg;
        let me = before.view.player as usize;
        let after_view = erased.concrete_view(me);
        // The log's lines: the game's own words, the same as the browser's.
        let said = tabula_sabacc::narrate::narrate(&cfg, &before.view, &after_view, actor, Some(seen));
        let lines = told(&said, names, me);
        let (b, a) = (&before.view.state, &after_view.state);
        let players = b.players();
        if self.said.len() != players {
            self.said = vec![String::new(); players];
        }
        if self.results.len() != players {
            self.results = (0..players).map(|p| result(&cfg, &session_start(&cfg, b), p)).collect();
        }
        let action = Action::parse(seen, cfg.min_bet).ok();
        match (actor, action) {
            (Turn::Player(seat), Some(action)) => {
                if let Some(word) = short_word(&cfg, b, action) {
                    self.said[seat] = word;
                }
            }
            (Turn::Chance, Some(Action::Roll(n))) if b.phase == Phase::Roll => {
                let change = n == cfg.dice.max();
                self.roll = Some(Roll { hand: b.hand_no, tour: b.tour, dice: n.to_string(), change });
            }
            (Turn::Chance, Some(Action::Dice(x, y))) if b.phase == Phase::Roll => {
                self.roll =
                    Some(Roll { hand: b.hand_no, tour: b.tour, dice: format!("{x}-{y}"), change: x == y });
            }
            _ => {}
        }
        // A betting round opens: the first player in the hand bets the minimum, forced.
        let opening = a.phase == Phase::Bet
            && a.hand_no == b.hand_no
            && !matches!(b.phase, Phase::Bet | Phase::Window | Phase::Roll | Phase::Replace);
        if let Some(opener) = opening.then(|| a.first_active()).flatten() {
            self.said[opener] = format!("opens {}", a.seats[opener].bet);
        }
        let ended = a.hand_no > b.hand_no || (a.phase == Phase::Over && b.phase != Phase::Over);
        // The record of the hand's end, which the engine keeps as it clears the table.
        let record = a.showdown.filter(|r| ended && r.hand == b.hand_no);
        let mut hand_end = None;
        if let Some(record) = record {
            // The results as settled: money before the next deal's mouche or ante (and before
            // a new cave: the caves bought are those before the step); points.
            let now: Vec<i64> = (0..players)
                .map(|p| match cfg.points() {
                    true => i64::from(a.seats[p].points),
                    false => i64::from(record.seats()[p].stack) - i64::from(b.seats[p].bought),
                })
                .collect();
            let gains = now.iter().zip(&self.results).map(|(n, r)| n - r).collect();
            self.results = now.clone();
            let end = HandEnd { hand: b.hand_no, table: after_view.clone(), record, results: now, gains };
            self.hands.push(end);
            hand_end = Some(self.hands.len() - 1);
            self.said = vec![String::new(); players];
        }
        Noted { lines, hand_end }
    }
}

/// The state as the first hand began, for each seat's starting result: the cave less the
/// entry fee (the first mouches are part of the first hand).
fn session_start(cfg: &Config, state: &State) -> State {
    let mut start = state.clone();
    for seat in start.seats.iter_mut() {
        seat.stack = seat.bought - cfg.entry;
        seat.points = 0;
    }
    start
}

// ---------------------------------------------------------------------------------------
// The log.

/// One sentence per pot when the hand pot was split into side pots (rules §Side pots),
/// main pot first: `main pot (24, open to you and b): you`, `side pot 1 (10, open to b): no
/// hand can win it, to the Sabacc pot`; nothing when there was one pot. The game's own
/// words ([`tabula_sabacc::narrate::pot_sentences`]), with `names`.
pub fn pot_sentences(settlement: &tabula_sabacc::Settlement, names: &[String]) -> Vec<String> {
    tabula_sabacc::narrate::pot_sentences(settlement)
        .into_iter()
        .map(|t| tabula_core::Said::table(t).words(names, None))
        .collect()
}

/// A seat's last move in a word or two, for the table's "last" column.
fn short_word(cfg: &Config, before: &State, action: Action) -> Option<String> {
    Some(match action {
        Action::Call if before.level == before.seats[before.actor as usize].bet => "stays".to_owned(),
        Action::Call => "calls".to_owned(),
        Action::Fold => "folds".to_owned(),
        Action::Raise(k) => format!("raises {}", i32::from(k) * cfg.min_bet),
        Action::RaiseMax => "raises max".to_owned(),
        Action::Block(i) => format!("blocks {}", i + 1),
        Action::Unblock(i) => format!("unblocks {}", i + 1),
        Action::Ready => "ready".to_owned(),
        Action::Announce(a) => format!("says {}", a.word()),
        Action::Take => "takes".to_owned(),
        Action::Decline => "declines".to_owned(),
        Action::Discard(i) => format!("discards {}", i + 1),
        Action::Show(i) => format!("shows {}", i + 1),
        Action::Field(i) => format!("fields {}", i + 1),
        Action::Draw => "draws".to_owned(),
        Action::Trade(i) => format!("trades {}", i + 1),
        Action::Stand => "stands".to_owned(),
        Action::CallHand => "calls the hand".to_owned(),
        Action::Exchange(0) => "keeps".to_owned(),
        Action::Exchange(m) => format!("exchanges {}", m.count_ones()),
        Action::Bet(k) => format!("bets {}", i32::from(k) * cfg.min_bet),
        Action::Hit => "hits".to_owned(),
        Action::Card(_) | Action::Roll(_) | Action::Dice(..) => return None,
    })
}

// ---------------------------------------------------------------------------------------
// The moves offered.

/// Where the game stands, to notice when the person's choice must start again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Moment {
    hand: u8,
    tour: u8,
    phase: Phase,
    actor: u8,
    raises: u8,
    level: i32,
    cards: usize,
    blocked: u16,
}

impl Moment {
    fn of(table: &Table) -> Moment {
        let state = table.state();
        let hand = &state.seats[table.me()].hand;
        Moment {
            hand: state.hand_no,
            tour: state.tour,
            phase: state.phase,
            actor: state.actor,
            raises: state.raises,
            level: state.level,
            cards: hand.len(),
            blocked: hand.blocked,
        }
    }
}

/// The person's legal actions, read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offer {
    /// The actions other than raises and bets, in the engine's order.
    pub actions: Vec<Action>,
    /// The legal raises, in minimum bets.
    pub raises: Vec<u8>,
    /// The legal Black Knight bets, in minimum bets.
    pub bets: Vec<u8>,
}

impl Offer {
    /// Reads the person's legal actions (empty when it is not their turn).
    pub fn read(cfg: &Config, legal: &[String]) -> Offer {
        let mut offer = Offer::default();
        for text in legal {
            match Action::parse(text, cfg.min_bet) {
                Ok(Action::Raise(k)) => offer.raises.push(k),
                Ok(Action::Bet(k)) => offer.bets.push(k),
                Ok(action) => offer.actions.push(action),
                Err(_) => {}
            }
        }
        offer
    }

    /// Whether the person has a move to make.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty() && self.raises.is_empty() && self.bets.is_empty()
    }

    fn has(&self, action: Action) -> bool {
        self.actions.contains(&action)
    }
}

/// What the person is choosing: the row of the list, the amount on the raise (or bet)
/// chooser, the cards marked for an exchange. It starts again whenever the game moves on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picker {
    /// The selected row of the list.
    pub row: usize,
    /// The amount on the chooser, in minimum bets (the smallest legal one until changed).
    pub amount: Option<u8>,
    /// Points game: the cards marked for the exchange (bit per position).
    pub marked: u8,
    moment: Option<Moment>,
}

/// The key that plays `action` directly, if any.
fn hotkey(action: Action) -> Option<char> {
    Some(match action {
        Action::Call => 'c',
        Action::Fold => 'f',
        Action::Raise(_) => 'r',
        Action::RaiseMax => 'm',
        Action::Block(i) | Action::Unblock(i) | Action::Discard(i) | Action::Show(i) => (b'1' + i) as char,
        Action::Ready => 'r',
        Action::Announce(Announce::Continue) => 'c',
        Action::Announce(Announce::See) => 's',
        Action::Announce(Announce::Fold) => 'f',
        Action::Announce(Announce::Sabacc) => 'a',
        Action::Take => 't',
        Action::Decline => 'd',
        Action::Draw => 'd',
        Action::Stand => 's',
        Action::CallHand => 'h',
        Action::Exchange(0) => 'k',
        Action::Exchange(_) => 'e',
        Action::Bet(_) => 'b',
        Action::Hit => 'h',
        _ => return None,
    })
}

impl Picker {
    /// This choice as it stands now: unchanged while the game has not moved; otherwise
    /// started again on the first row.
    pub fn synced(&self, table: &Table) -> Picker {
        let moment = Moment::of(table);
        if self.moment == Some(moment) {
            return self.clone();
        }
        Picker { moment: Some(moment), ..Picker::default() }
    }

    /// The amount on the chooser: the one chosen if still legal, else the smallest legal.
    fn amount_of(&self, steps: &[u8]) -> Option<u8> {
        match self.amount {
            Some(k) if steps.contains(&k) => Some(k),
            _ => steps.first().copied(),
        }
    }

    /// The rows of the list now, in order, with what each does.
    pub fn choices(&self, table: &Table, offer: &Offer) -> Vec<Choice> {
        let state = table.state();
        let me = table.me();
        let cfg = &table.cfg;
        let seat = &state.seats[me];
        let hand = seat.hand.cards();
        let communal = table.communal();
        let money = |k: u8| i32::from(k) * cfg.min_bet;
        let mouche = if cfg.escalating { cfg.mouche * i32::from(state.tour) } else { cfg.mouche };
        let tarot = cfg.rules == Rules::Tarot;
        let mut rows = Vec::new();
        let mut push = |action: String, label: String, effect: String, key: Option<char>| {
            rows.push(Choice { action, label, effect, key });
        };
        let card = |i: u8| hand.get(i as usize).map_or(String::new(), |&c| card_label(c, cfg.deck));
        let value_without = |i: u8| {
            let rest: Vec<Card> =
                hand.iter().enumerate().filter(|&(j, _)| j != i as usize).map(|(_, &c)| c).collect();
            hand_words(cfg, &rest, &communal).map(|w| format!("leaves {w}")).unwrap_or_default()
        };
        let need = state.level - seat.bet;
        // The betting round: call, the raise chooser, raise max, fold.
        if offer.has(Action::Call) {
            let effect = if need == 0 { "nothing to add".to_owned() } else { format!("put in {need}") };
            push(
                "call".to_owned(),
                if need == 0 { "stay".to_owned() } else { format!("call {need}") },
                effect,
                Some('c'),
            );
        }
        if let Some(k) = self.amount_of(&offer.raises) {
            let arrows =
                if offer.raises.len() > 1 { format!("◀ {} ▶", money(k)) } else { money(k).to_string() };
            let fee = if tarot && mouche > 0 { format!(" + mouche {mouche}") } else { String::new() };
            let effect = format!("bet {} · put in {}{fee}", state.level + money(k), need + money(k));
            push(format!("raise {}", money(k)), format!("raise {arrows}"), effect, Some('r'));
        }
        if offer.has(Action::RaiseMax) {
            let max = tabula_sabacc::betting::max_raise(state, cfg);
            push(
                "raise max".to_owned(),
                format!("raise max ({max})"),
                format!("bet {}", state.level + max),
                Some('m'),
            );
        }
        if offer.has(Action::Fold) {
            let fee = if mouche > 0 { format!("mouche {mouche}; ") } else { String::new() };
            push("fold".to_owned(), "fold".to_owned(), format!("{fee}out of this hand"), Some('f'));
        }
        // The blocking window: ready first, then each card.
        if offer.has(Action::Ready) {
            let change = format!("change on {}", cfg.dice.max());
            push("ready".to_owned(), "ready: roll".to_owned(), change, Some('r'));
        }
        for i in 0..hand.len() as u8 {
            if offer.has(Action::Block(i)) {
                let effect = "safe from a change".to_owned();
                push(
                    format!("block {}", i + 1),
                    format!("block {} {}", i + 1, card(i)),
                    effect,
                    hotkey(Action::Block(i)),
                );
            }
            if offer.has(Action::Unblock(i)) {
                let effect = "it may change again".to_owned();
                push(
                    format!("unblock {}", i + 1),
                    format!("unblock {} {}", i + 1, card(i)),
                    effect,
                    hotkey(Action::Unblock(i)),
                );
            }
        }
        // The announce.
        for a in Announce::ALL {
            if !offer.has(Action::Announce(a)) {
                continue;
            }
            let (label, effect) = match a {
                Announce::Continue if table.state().tour >= cfg.tours => {
                    ("continue", "the last tour: the showdown".to_owned())
                }
                Announce::Continue => ("continue", "another tour, with a redeal".to_owned()),
                Announce::See => ("see", "show down (out if 2 go on)".to_owned()),
                Announce::Fold => ("fold", "out of this hand, free".to_owned()),
                Announce::Sabacc => {
                    let effect = if is_sabacc(cfg, hand, &communal) {
                        "lay it down: the showdown".to_owned()
                    } else {
                        format!("no Sabacc: costs {}", 5 * mouche)
                    };
                    ("Sabacc!", effect)
                }
            };
            push(
                Action::Announce(a).text(cfg.min_bet),
                label.to_owned(),
                effect,
                hotkey(Action::Announce(a)),
            );
        }
        // The redeal.
        if offer.has(Action::Take) {
            push("take".to_owned(), "take the card".to_owned(), "then discard one".to_owned(), Some('t'));
        }
        if offer.has(Action::Decline) {
            push("decline".to_owned(), "decline".to_owned(), "keep your cards".to_owned(), Some('d'));
        }
        for i in 0..hand.len() as u8 {
            if offer.has(Action::Discard(i)) {
                push(
                    format!("discard {}", i + 1),
                    format!("discard {} {}", i + 1, card(i)),
                    value_without(i),
                    hotkey(Action::Discard(i)),
                );
            }
            if offer.has(Action::Show(i)) {
                push(
                    format!("show {}", i + 1),
                    format!("turn up {} {}", i + 1, card(i)),
                    "everyone sees it".to_owned(),
                    hotkey(Action::Show(i)),
                );
            }
        }
        // Black Knight: hit first.
        if offer.has(Action::Hit) {
            push("hit".to_owned(), "hit".to_owned(), "take a card".to_owned(), Some('h'));
        }
        // The canonical draw phase.
        if offer.has(Action::Draw) {
            push("draw".to_owned(), "draw a card".to_owned(), String::new(), Some('d'));
        }
        if offer.has(Action::Stand) {
            let effect = if cfg.rules == Rules::BlackKnight { "the banker plays" } else { "" };
            push("stand".to_owned(), "stand".to_owned(), effect.to_owned(), Some('s'));
        }
        if offer.has(Action::CallHand) {
            push(
                "call hand".to_owned(),
                "call the hand".to_owned(),
                "last bets, then the showdown".to_owned(),
                Some('h'),
            );
        }
        for i in 0..hand.len() as u8 {
            if offer.has(Action::Trade(i)) {
                push(
                    format!("trade {}", i + 1),
                    format!("trade {} {}", i + 1, card(i)),
                    value_without(i),
                    None,
                );
            }
        }
        for i in 0..hand.len() as u8 {
            if offer.has(Action::Field(i)) {
                push(
                    format!("field {}", i + 1),
                    format!("field {} {}", i + 1, card(i)),
                    "frozen: no shift, no trade".to_owned(),
                    None,
                );
            }
        }
        // The points game's exchange: the marked cards (digits mark them), or keep.
        if offer.actions.iter().any(|a| matches!(a, Action::Exchange(m) if *m != 0)) {
            let marked: Vec<String> =
                (0..4u8).filter(|i| self.marked >> i & 1 == 1).map(|i| (i + 1).to_string()).collect();
            // With no card marked the row plays nothing: it says to mark some.
            let (action, label) = if marked.is_empty() {
                (String::new(), "exchange: mark with 1-4".to_owned())
            } else {
                (format!("exchange {}", marked.join(" ")), format!("exchange {}", marked.join(" ")))
            };
            push(action, label, format!("at most {}", cfg.exchange), Some('e'));
        }
        if offer.has(Action::Exchange(0)) {
            push("keep".to_owned(), "keep all four".to_owned(), String::new(), Some('k'));
        }
        // Black Knight.
        if let Some(k) = self.amount_of(&offer.bets) {
            let arrows =
                if offer.bets.len() > 1 { format!("◀ {} ▶", money(k)) } else { money(k).to_string() };
            push(
                format!("bet {}", money(k)),
                format!("bet {arrows}"),
                "a Sabacc pays 3 to 2".to_owned(),
                Some('b'),
            );
        }
        rows
    }

    /// Reacts to a key (the screen's common keys are [`Outcome::Ignored`]).
    pub fn on_key(&mut self, table: &Table, legal: &[String], key: KeyEvent) -> Outcome {
        *self = self.synced(table);
        if key.modifiers.contains(KeyModifiers::CONTROL) || key.modifiers.contains(KeyModifiers::ALT) {
            return Outcome::Ignored;
        }
        let offer = Offer::read(&table.cfg, legal);
        let mine = !offer.is_empty();
        let rows = self.choices(table, &offer);
        match key.code {
            KeyCode::Up
            | KeyCode::Down
            | KeyCode::Left
            | KeyCode::Right
            | KeyCode::Enter
            | KeyCode::Char(' ')
                if !mine || rows.is_empty() =>
            {
                Outcome::Waiting
            }
            KeyCode::Up => {
                self.row = (self.row + rows.len() - 1) % rows.len().max(1);
                Outcome::Done
            }
            KeyCode::Down => {
                self.row = (self.row + 1) % rows.len().max(1);
                Outcome::Done
            }
            KeyCode::Left | KeyCode::Right => {
                let steps = if offer.raises.is_empty() { &offer.bets } else { &offer.raises };
                let Some(current) = self.amount_of(steps) else {
                    return Outcome::Say("there is no amount to choose now".to_owned(), true);
                };
                let at = steps.iter().position(|&k| k == current).unwrap_or(0);
                let next = if key.code == KeyCode::Left {
                    at.saturating_sub(1)
                } else {
                    (at + 1).min(steps.len() - 1)
                };
                self.amount = Some(steps[next]);
                // The chooser's row is the one selected.
                let row =
                    self.choices(table, &offer).iter().position(|c| c.key == Some('r') || c.key == Some('b'));
                if let Some(row) = row {
                    self.row = row;
                }
                Outcome::Done
            }
            KeyCode::Enter | KeyCode::Char(' ') => match rows.get(self.row) {
                Some(choice) => play_row(choice),
                None => Outcome::Say("nothing to play".to_owned(), true),
            },
            KeyCode::Char(c @ '1'..='9') => self.on_digit(table, &offer, &rows, c),
            KeyCode::Char(c) if c != 'q' && c != '?' => match rows.iter().find(|r| r.key == Some(c)) {
                Some(choice) => play_row(choice),
                None if mine && c.is_ascii_lowercase() => Outcome::Say(
                    format!("`{c}` plays nothing now: the moves are listed with their keys"),
                    true,
                ),
                None if c.is_ascii_lowercase() => Outcome::Waiting,
                None => Outcome::Ignored,
            },
            _ => Outcome::Ignored,
        }
    }

    /// A digit: a card's position, for the moves that name one (block or unblock, discard,
    /// turn up; marking for the exchange).
    fn on_digit(&mut self, table: &Table, offer: &Offer, rows: &[Choice], c: char) -> Outcome {
        if offer.is_empty() {
            return Outcome::Waiting;
        }
        let pos = c as u8 - b'1';
        if offer.actions.iter().any(|a| matches!(a, Action::Exchange(m) if *m != 0)) {
            let len = table.state().seats[table.me()].hand.len() as u8;
            if pos >= len {
                return Outcome::Say(format!("you hold {len} cards"), true);
            }
            self.marked ^= 1 << pos;
            return Outcome::Done;
        }
        if let Some(choice) = rows.iter().find(|r| r.key == Some(c)) {
            return Outcome::Play(choice.action.clone());
        }
        let phase = table.state().phase;
        let verb = match phase {
            Phase::Window => "block",
            Phase::Discard => "discard",
            Phase::Show => "show",
            _ => return Outcome::Say("no move names a card now: choose from the list".to_owned(), true),
        };
        // Let the engine say why that card cannot be chosen.
        let unblock = table.state().seats[table.me()].hand.is_blocked(pos as usize);
        let verb = if phase == Phase::Window && unblock { "unblock" } else { verb };
        Outcome::Play(format!("{verb} {}", pos + 1))
    }

    /// Reads a typed line: a row's number plays that row; anything else is played as typed.
    pub fn on_line(&mut self, table: &Table, legal: &[String], line: &str) -> Outcome {
        *self = self.synced(table);
        let offer = Offer::read(&table.cfg, legal);
        let rows = self.choices(table, &offer);
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=rows.len()).contains(&n) => play_row(&rows[n - 1]),
            Ok(n) if rows.is_empty() => {
                Outcome::Say(format!("there is no move {n}: it is not your turn"), true)
            }
            Ok(n) => Outcome::Say(format!("there is no move {n}: the list has {}", rows.len()), true),
            Err(_) => Outcome::Play(line.trim().to_owned()),
        }
    }

    /// The keys that do something now, for the key bar.
    pub fn key_hints(&self, table: &Table, legal: &[String]) -> Vec<(&'static str, &'static str)> {
        let offer = Offer::read(&table.cfg, legal);
        if offer.is_empty() {
            return Vec::new();
        }
        let mut hints = vec![("↑/↓ Enter", "play")];
        if offer.raises.len() > 1 || offer.bets.len() > 1 {
            hints.push(("←/→", "amount"));
        }
        match table.state().phase {
            Phase::Window => hints.push(("1-3", "block/unblock")),
            Phase::Discard => hints.push(("1-4", "discard")),
            Phase::Show => hints.push(("1-3", "turn up")),
            Phase::Exchange => hints.push(("1-4", "mark")),
            _ => {}
        }
        hints.push(("letters", "as listed"));
        hints
    }
}

/// Plays a row of the list; the exchange row with no card marked says to mark some.
fn play_row(choice: &Choice) -> Outcome {
    if choice.action.is_empty() {
        Outcome::Say("mark the cards to exchange with 1-4 first (or k to keep all four)".to_owned(), true)
    } else {
        Outcome::Play(choice.action.clone())
    }
}

/// How the session ended, for the person: `you won 23`, `you lost 12`, `you broke even`;
/// `None` when the game is not Sabacc or not over.
pub fn verdict(session: &Session) -> Option<String> {
    let table = Table::of(session).filter(Table::is_over)?;
    let mine = result(&table.cfg, table.state(), table.me());
    Some(match mine {
        n if table.cfg.points() => format!("you scored {n} points"),
        0 => "you broke even".to_owned(),
        n if n > 0 => format!("you won {n}"),
        n => format!("you lost {}", -n),
    })
}
