//! Abilene's moves offered to the person, grouped by piece (its space) or decision with what
//! each does, and the choosing of one by keys or number.
//!
//! Nothing here decides what is legal: every row is an action of `session.legal()`, in the
//! game's notation; a cow the seat does not know is `?` in the words.

use crossterm::event::KeyEvent;
use tabula_abilene::cattle::Identity;
use tabula_abilene::money::{bank_repayment, prison_cost};
use tabula_abilene::rules::{self, Waiting};
use tabula_abilene::state::{CowAt, Task};
use tabula_abilene::words::{boy_on, cow_on, cow_words, dollars, identity_words, kind_words};
use tabula_abilene::{Action, CorralCard, Kind, Space};

use super::table::{Table, name, ranch, seat_of, whose};
use crate::play::picker::{self, GroupKeys, ListPicker, MoveList};
use crate::play::screen::{Choice, Outcome};

/// The person's legal actions, read and grouped by piece (its space) or decision.
pub type Offer = picker::Offer<Option<Space>>;

impl Offer {
    /// The spaces with a piece that may move now.
    pub fn movable(&self) -> Vec<Space> {
        self.groups.iter().filter_map(|g| g.piece).collect()
    }

    /// Reads the person's legal actions (`legal`, in notation) from their table.
    pub fn read(table: &Table, legal: &[String], names: &[String]) -> Offer {
        let state = table.state();
        let cfg = &table.cfg;
        let me = table.me();
        let actions: Vec<(Action, String)> =
            legal.iter().filter_map(|t| Action::parse(t).ok().map(|a| (a, t.clone()))).collect();
        let mut offer = Offer::default();
        let choice = |action: &str, label: String, effect: String| Choice {
            action: action.to_owned(),
            label,
            effect,
            key: None,
        };
        let mut sorted = actions.clone();
        sorted.sort_by_key(|(a, _)| match *a {
            Action::Cow { from, to, die } => (from.index(), die as usize, to.index()),
            Action::Boy { from, to, die } => (from.index(), die as usize, to.index()),
            _ => (0, 0, 0),
        });
        let mut shortfall_seen = false;
        for (action, text) in &sorted {
            match *action {
                Action::Cow { from, to, .. } => {
                    let Some(cow) = cow_on(state, from) else { continue };
                    let title = format!("Cow {} on {from}", cow_words(cfg, state, cow));
                    let (label, effect) = if to.is_abilene() {
                        ("into Abilene".to_owned(), "to sell".to_owned())
                    } else {
                        (format!("to {to}"), String::new())
                    };
                    offer.push(title, Some(from.space()), choice(text, label, effect));
                }
                Action::Boy { from, to, .. } => {
                    let title = match from.field() {
                        Some(f) => format!("Cowboy on {f}"),
                        None => "Cowboy in Abilene".to_owned(),
                    };
                    let (label, effect) = boy_words(table, names, to);
                    offer.push(title, Some(from), choice(text, label, effect));
                }
                _ => {}
            }
        }
        for (action, text) in &actions {
            match *action {
                Action::Pass => {
                    let left: Vec<String> = state
                        .dice
                        .light
                        .iter()
                        .zip(state.dice.light_used)
                        .filter(|(_, used)| !used)
                        .map(|(d, _)| d.to_string())
                        .collect();
                    let mut c = choice(
                        text,
                        format!("give up the light dice left ({})", left.join(" ")),
                        "the cowboys move next".to_owned(),
                    );
                    c.key = Some('p');
                    offer.push("Or stop moving cows".to_owned(), None, c);
                }
                Action::Herd(value) => {
                    let left = state.herd_left(me);
                    let id = Identity::in_herd(ranch(cfg, me), value);
                    let next = state
                        .cows
                        .iter()
                        .filter(|c| c.at != CowAt::Unplaced)
                        .filter(|c| c.owner as usize == me)
                        .count();
                    let field = ranch(cfg, me)
                        .fields_of_kind(Kind::CowHead)
                        .iter()
                        .nth(next)
                        .and_then(Space::field)
                        .map(|f| f.to_string())
                        .unwrap_or_default();
                    offer.push(
                        format!("Your herd: the cow on {field}"),
                        None,
                        choice(
                            text,
                            id.map_or_else(String::new, identity_words),
                            format!("{} left", left.count(value)),
                        ),
                    );
                }
                Action::Release(k) => {
                    let n = state.ranchers[me].in_prison();
                    let cost = prison_cost(n, k).unwrap_or(0);
                    let label = match k {
                        0 => "keep them all in prison".to_owned(),
                        1 => "release one cowboy".to_owned(),
                        k => format!("release {k} cowboys"),
                    };
                    offer.push(
                        format!("Prison: {n} of your cowboys"),
                        None,
                        choice(text, label, format!("costs {} with the fees", dollars(i64::from(cost)))),
                    );
                }
                Action::Place(f) => {
                    let title = match state.tasks.head() {
                        Some(Task::PlaceCow { cow }) => {
                            format!("Put the stolen cow {}", cow_words(cfg, state, cow as usize))
                        }
                        Some(Task::PlaceBoy { owner, by, .. }) if owner == by => {
                            "Put your released cowboy".to_owned()
                        }
                        Some(Task::PlaceBoy { owner, .. }) => {
                            format!("Put {} cowboy who lost the duel", whose(names, me, owner as usize))
                        }
                        _ => "Put the piece".to_owned(),
                    };
                    offer.push(title, None, choice(text, format!("on {f}"), kind_words(f.kind()).to_owned()));
                }
                Action::Sell(n) => {
                    let cow = state.town.as_slice().get(n as usize - 1).copied();
                    let words = cow.map(|c| cow_words(cfg, state, c as usize)).unwrap_or_default();
                    offer.push(
                        "Sell first".to_owned(),
                        None,
                        choice(text, format!("cow {words}"), String::new()),
                    );
                }
                Action::Corral(card) => {
                    let (label, effect) = corral_words(table, card);
                    offer.push(corral_title(table, names), None, choice(text, label, effect));
                }
                Action::Borrow(_) | Action::Ask { .. } | Action::Bankrupt if !shortfall_seen => {
                    shortfall_seen = true;
                    for c in money_choices(table, legal, names) {
                        offer.push("Short of money".to_owned(), None, c);
                    }
                }
                Action::Accept | Action::Refuse => {
                    let title = match state.asked {
                        Some(a) => {
                            let borrower = match state.tasks.head() {
                                Some(Task::Pay { payer, .. }) => name(names, payer as usize),
                                _ => "someone".to_owned(),
                            };
                            format!(
                                "{borrower} asks you for {}, repaid {} at the end",
                                dollars(i64::from(a.amount)),
                                dollars(i64::from(a.repay))
                            )
                        }
                        None => "A loan asked".to_owned(),
                    };
                    let label = if *action == Action::Accept { "lend the money" } else { "refuse" };
                    offer.push(title, None, choice(text, label.to_owned(), String::new()));
                }
                _ => {}
            }
        }
        offer
    }
}

/// Where a cowboy's move ends, and what happens there: `to b52`, `steals B4 (?)`.
fn boy_words(table: &Table, names: &[String], to: Space) -> (String, String) {
    let state = table.state();
    let me = table.me();
    let Some(field) = to.field() else {
        return ("into Abilene".to_owned(), "no duel in town".to_owned());
    };
    let label = format!("to {field}");
    if let Some(cow) = cow_on(state, field) {
        return (label, format!("steals {}", cow_words(&table.cfg, state, cow)));
    }
    if let Some(seat) = boy_on(state, field) {
        return (label, format!("duel with {}", name(names, seat)));
    }
    let owner = seat_of(&table.cfg, field.ranch());
    let effect = match owner {
        None => "free ranch".to_owned(),
        Some(s) if s == me => String::new(),
        Some(s) => format!("on {} ranch", whose(names, me, s)),
    };
    (label, effect)
}

/// The corral's heading: the cow sold and who sells it.
fn corral_title(table: &Table, names: &[String]) -> String {
    let state = table.state();
    match state.sale {
        Some(sale) => {
            let seller = state.turn as usize;
            format!(
                "Corral card: cow {} sold by {} (ranch {})",
                cow_words(&table.cfg, state, sale.cow as usize),
                name(names, seller),
                ranch(&table.cfg, seller).letter()
            )
        }
        None => "Corral card".to_owned(),
    }
}

/// A corral card in words, and, when the person knows the cow, what it would bring.
fn corral_words(table: &Table, card: CorralCard) -> (String, String) {
    let state = table.state();
    let label = match card {
        CorralCard::Own => "OK: it carries the seller's brand",
        CorralCard::None => "–: it carries no brand",
        CorralCard::Other => "?: it carries another brand (contests)",
    };
    let effect = state
        .sale
        .and_then(|sale| state.cows[sale.cow as usize].id.0)
        .map(|id| {
            let seller = ranch(&table.cfg, state.turn as usize);
            let t = tabula_abilene::corral::settlement(card, seller, id);
            match t {
                0 => "you pay nothing".to_owned(),
                t if t > 0 => format!("you receive {}", dollars(i64::from(t))),
                t => format!("you pay {}", dollars(i64::from(-t))),
            }
        })
        .unwrap_or_default();
    (label.to_owned(), effect)
}

/// The money choices for a payment the person cannot make: the smallest bank loan (and a
/// round one), a loan from each seat that may be asked, bankruptcy.
fn money_choices(table: &Table, legal: &[String], names: &[String]) -> Vec<Choice> {
    let state = table.state();
    let Waiting::Short { shortfall, .. } = rules::waiting(state) else { return Vec::new() };
    let mut out = Vec::new();
    let has = |t: &str| legal.iter().any(|l| l == t);
    let mut amounts = vec![shortfall];
    let round = shortfall.div_ceil(1000) * 1000;
    if round != shortfall {
        amounts.push(round);
    }
    for amount in amounts {
        let text = format!("borrow {amount}");
        if has(&text) {
            out.push(Choice {
                action: text,
                label: format!("a bank loan of {}", dollars(i64::from(amount))),
                effect: format!("repay {} at the end", dollars(i64::from(bank_repayment(amount)))),
                key: None,
            });
        }
    }
    for seat in 0..state.num_players() {
        // Cheaper than the bank by $100, and never less than the loan.
        let repay = bank_repayment(shortfall).saturating_sub(100).max(shortfall);
        let text = format!("ask {seat} {shortfall} {repay}");
        if has(&text) {
            out.push(Choice {
                action: text,
                label: format!("ask {} for {}", name(names, seat), dollars(i64::from(shortfall))),
                effect: format!("repay {} at the end, if accepted", dollars(i64::from(repay))),
                key: None,
            });
        }
    }
    if has("bankrupt") {
        out.push(Choice {
            action: "bankrupt".to_owned(),
            label: "go bankrupt".to_owned(),
            effect: "out of the game, ranked last".to_owned(),
            key: None,
        });
    }
    out
}

// ---------------------------------------------------------------------------------------
// Choosing a move.

/// The keys between the list's groups: Tab (and ←/→) to the next piece or group.
fn group_keys(offer: &Offer) -> GroupKeys {
    GroupKeys {
        tab: true,
        hint: ("Tab", if offer.movable().is_empty() { "next group" } else { "next piece" }),
    }
}

/// What the person is choosing: the shared list picker ([`ListPicker`]), and the piece
/// chosen last, whose moves stay selected when the game moves on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Picker {
    list: ListPicker,
    /// The piece chosen before the game moved on, to keep it selected.
    last_from: Option<Space>,
}

impl std::ops::Deref for Picker {
    type Target = ListPicker;
    fn deref(&self) -> &ListPicker {
        &self.list
    }
}

impl Picker {
    /// This choice as it stands after `steps` actions: unchanged while the game has not
    /// moved; otherwise started again on the first row (or the same piece's moves).
    pub fn synced(&self, steps: usize, offer: &Offer) -> Picker {
        let first = || {
            self.last_from
                .and_then(|from| offer.groups.iter().position(|g| g.piece == Some(from)))
                .map_or(0, |g| offer.first_row(g))
        };
        Picker { list: self.list.synced(steps, first), last_from: self.last_from }
    }

    /// The selected move, if any.
    pub fn selected<'a>(&self, offer: &'a Offer) -> Option<&'a Choice> {
        offer.moves().get(self.list.row).copied()
    }

    /// Reacts to a key (the screen's common keys are [`Outcome::Ignored`]).
    pub fn on_key(&mut self, steps: usize, offer: &Offer, key: KeyEvent) -> Outcome {
        *self = self.synced(steps, offer);
        let row = self.list.row;
        let outcome = self.list.on_key(offer, key, group_keys(offer));
        if let Outcome::Play(action) = &outcome {
            self.last_from = MoveList::group_of(offer, row).and_then(|g| offer.groups[g].piece);
            if let Ok(Action::Cow { to, .. } | Action::Boy { to, .. }) = Action::parse(action) {
                // The piece moved: follow it where it lands (its moves are over).
                self.last_from = Some(to);
            }
        }
        outcome
    }

    /// Reads a typed line ([`ListPicker::on_line`]).
    pub fn on_line(&mut self, offer: &Offer, line: &str) -> Outcome {
        ListPicker::on_line(offer, line)
    }

    /// The keys that do something now.
    pub fn key_hints(&self, offer: &Offer) -> Vec<(&'static str, &'static str)> {
        self.list.key_hints(offer, group_keys(offer))
    }
}
