//! Sabacc's moves offered to the person, each with a hot key and what it does, and the
//! choosing of one: by the arrows or a row's number, with a chooser for the amount of a
//! raise or of the Black Knight bet, and the cards marked for an exchange.
//!
//! Nothing here decides what is legal: every row is an action of `session.legal()`, in the
//! game's notation, and a typed line is handed to the rules as it is.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_sabacc::{Action, Announce, Card, Config, Phase, Rules};

use super::table::Table;
use crate::play::screen::{Choice, Outcome};
use tabula_sabacc::words::{card_label, hand_words, is_sabacc};

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
