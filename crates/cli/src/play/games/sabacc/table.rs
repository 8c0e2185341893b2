//! Sabacc in the terminal, apart from the drawing and the moves offered: the cards' labels,
//! what a hand makes in words, what each seat is doing, the log's sentences, and how each
//! hand ended.
//!
//! Everything the screen shows comes from the person's seat's [`View`]: its own cards, the
//! cards laid face up, blocked, shown or put in the interference field, and the public
//! money, bets and announcements. The engine clears the table as it deals the next hand, in
//! the same step as the showdown; the hands laid down stay in the view's public record of
//! the last hand's end (`state.showdown`), masked by the engine like the rest of the view,
//! and the hand's summary is drawn from it.

use tabula_core::{DynState, Turn};
use tabula_sabacc::{Action, Announce, Card, Config, Phase, Rules, Sabacc, Showdown, State, Status, View};

use crate::play::screen::erased;
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

pub use tabula_sabacc::words::{card_label, card_values, hand_brief, hand_words, result, signed};

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
