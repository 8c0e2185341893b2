//! The log in words ([`tabula_core::Game::narrate`]): each bet, card move and announce with
//! what it costs or shows, the rolls and the change, the hands laid down and who won which
//! pot, told from the views around the step (a card a reader has not seen stays unnamed),
//! the same in every client.

use tabula_core::{Said, Turn};

use crate::action::Action;
use crate::deck::Card;
use crate::showdown::Showdown;
use crate::state::{Announce, Phase, Settlement, State, Status};
use crate::view::View;
use crate::words::{hand_brief, is_sabacc, result, signed};
use crate::{Config, Rules};

/// `{0}`, `{0} and {1}`, `{0}, {1} and {2}`: seats, named by each client.
fn seats_list(seats: &[usize]) -> String {
    let named: Vec<String> = seats.iter().map(|p| format!("{{{p}}}")).collect();
    match named.as_slice() {
        [] => "nobody".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The card at `pos` of `seat`'s hand as the view shows it: `T21`, or `card 2` when hidden.
fn card_at(state: &State, seat: usize, pos: u8) -> String {
    let hand = &state.seats[seat].hand;
    match (pos as usize) < hand.len() {
        true if !hand.card(pos as usize).is_hidden() => hand.card(pos as usize).to_string(),
        _ => format!("card {}", pos + 1),
    }
}

/// The cards as the view shows them, `?` for those hidden: `T21 3c ?`.
pub fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// One sentence per pot when the hand pot was split into side pots (rules §Side pots),
/// main pot first: `main pot (24, open to {0} and {1}): {0}`; nothing with one pot.
pub fn pot_sentences(settlement: &Settlement) -> Vec<String> {
    let pots = settlement.pots.as_slice();
    if pots.len() < 2 {
        return Vec::new();
    }
    let seats = |mask: u32| (0..32).filter(|p| mask >> p & 1 == 1).collect::<Vec<usize>>();
    pots.iter()
        .enumerate()
        .map(|(i, pot)| {
            let name = if i == 0 { "main pot".to_owned() } else { format!("side pot {i}") };
            let open = seats_list(&seats(pot.eligible));
            match seats(pot.winners).as_slice() {
                [] => {
                    format!("{name} ({}, open to {open}): no hand can win it, to the Sabacc pot", pot.amount)
                }
                winners => format!("{name} ({}, open to {open}): {}", pot.amount, seats_list(winners)),
            }
        })
        .collect()
}

/// The line that opens a hand: who deals, what everyone paid.
fn hand_start(cfg: &Config, state: &State) -> Said {
    let seat = state.dealer as usize;
    let number = format!("hand {} of {}", state.hand_no + 1, cfg.hands);
    Said::by(
        seat,
        match cfg.rules {
            Rules::BlackKnight => format!("holds the bank: {number}"),
            Rules::Canonical if cfg.points() => format!("deals four cards each: {number}"),
            Rules::Canonical => format!("deals {number}; everyone antes {}", cfg.min_bet),
            Rules::Tarot if cfg.mouche > 0 => {
                format!("deals {number}; everyone pays the mouche ({})", cfg.mouche)
            }
            Rules::Tarot => format!("deals {number}"),
        },
    )
}

/// The line at the end of the session: each seat's result.
fn session_line(cfg: &Config, state: &State) -> Said {
    let parts: Vec<String> =
        (0..state.players()).map(|p| format!("{{{p}}} {}", signed(result(cfg, state, p) as i32))).collect();
    Said::table(format!("the session is over: {}", parts.join(", ")))
}

/// The lines for one step, from the reader's views `before` and `after`, `seen` the step
/// as the reader saw it (`card ?` for a card it was not shown).
pub fn narrate(cfg: &Config, before: &View, after: &View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
    let (b, a) = (&before.state, &after.state);
    let me = before.player as usize;
    let action = seen.and_then(|t| Action::parse(t, cfg.min_bet).ok());
    let ended = a.hand_no > b.hand_no || (a.phase == Phase::Over && b.phase != Phase::Over);
    // The record of the hand's end, which the engine keeps as it clears the table.
    let record = a.showdown.filter(|r| ended && r.hand == b.hand_no);
    let mut lines = Vec::new();
    if b.hand_no == 0 && b.phase == Phase::Deal && b.seats.iter().all(|s| s.hand.is_empty()) {
        lines.push(hand_start(cfg, b));
    }
    match actor {
        Turn::Player(seat) => {
            if let Some(action) = action
                && let Some(text) = move_words(cfg, b, a, record.as_ref(), seat, action)
            {
                lines.push(Said::by(seat, text));
            }
        }
        Turn::Chance => chance_lines(cfg, b, a, me, record.is_some(), action, &mut lines),
        Turn::Terminal => {}
    }
    // The deal is done: the reader's own cards, and what lies face up.
    if b.phase == Phase::Deal && a.phase != Phase::Deal && a.hand_no == b.hand_no {
        let mine = &a.seats[me].hand;
        if !mine.is_empty() && mine.cards().iter().all(|c| !c.is_hidden()) {
            lines.push(Said::by(me, format!("is dealt {}", cards_text(mine.cards()))));
        }
        let shown: Vec<String> = (0..a.players())
            .filter(|&p| p != me && !a.seats[p].hand.is_empty())
            .filter_map(|p| {
                let up: Vec<String> = a.seats[p]
                    .hand
                    .cards()
                    .iter()
                    .filter(|c| !c.is_hidden())
                    .map(|c| c.to_string())
                    .collect();
                (!up.is_empty()).then(|| format!("{{{p}}} {}", up.join(" ")))
            })
            .collect();
        if !shown.is_empty() {
            lines.push(Said::table(format!("face up: {}", shown.join(", "))));
        }
        if !a.communal.is_empty() {
            lines.push(Said::table(format!(
                "communal: {}",
                cards_text(&a.communal.cards().collect::<Vec<_>>())
            )));
        }
    }
    // Black Knight: a hand over 23 busts at once, shown.
    if cfg.rules == Rules::BlackKnight && a.hand_no == b.hand_no {
        for p in 0..a.players() {
            let busted = b.seats[p].active() && !a.seats[p].active() && !a.seats[p].hand.is_empty();
            if busted && p != a.dealer as usize {
                let words = hand_brief(cfg, a.seats[p].hand.cards(), &[]).unwrap_or_default();
                lines.push(Said::by(p, format!("busts with {words}: the bet goes to the banker")));
            }
        }
    }
    // A betting round opens: the first player in the hand bets the minimum, forced.
    let opening = a.phase == Phase::Bet
        && a.hand_no == b.hand_no
        && !matches!(b.phase, Phase::Bet | Phase::Window | Phase::Roll | Phase::Replace);
    if let Some(opener) = opening.then(|| a.first_active()).flatten() {
        lines.push(Said::by(opener, format!("opens the betting with {} (forced)", a.seats[opener].bet)));
    }
    // A tie at the showdown: the tied hands were laid down before the sudden-death deal.
    if a.phase == Phase::Sudden && b.phase != Phase::Sudden {
        if let Some(rec) = a.showdown.filter(|r| r.hand == a.hand_no) {
            lines.push(tie_line(cfg, &rec, a.tied));
        }
    } else if a.phase == Phase::Sudden && a.sudden > b.sudden {
        lines.push(Said::table("tied again: another sudden-death deal"));
    }
    if let Some(rec) = record {
        end_lines(cfg, &rec, b, a, &mut lines);
        let void = a.hand_no.saturating_sub(b.hand_no + 1);
        if void > 0 {
            lines.push(Said::table(format!("{void} more hand(s) void: the banker could cover no bet")));
        }
        lines.push(if a.phase == Phase::Over { session_line(cfg, a) } else { hand_start(cfg, a) });
    }
    lines
}

/// A chance step: a roll, a card replaced, a card dealt that the reader sees.
fn chance_lines(
    cfg: &Config,
    b: &State,
    a: &State,
    me: usize,
    ends: bool,
    action: Option<Action>,
    lines: &mut Vec<Said>,
) {
    match (b.phase, action) {
        (Phase::Roll, Some(Action::Roll(n))) => lines.push(Said::by(
            b.dealer as usize,
            if n == cfg.dice.max() {
                format!("rolls {n}: the cards change (mouche {} each)", cfg.mouche)
            } else {
                format!("rolls {n}: no change")
            },
        )),
        (Phase::Roll, Some(Action::Dice(x, y))) => lines.push(Said::by(
            b.dealer as usize,
            if x == y {
                format!("rolls {x}-{y}: a double, the shift!")
            } else {
                format!("rolls {x}-{y}: no shift")
            },
        )),
        (Phase::Replace, _) => replacement(b, a, lines),
        (Phase::StudCard, Some(Action::Card(card))) => {
            lines.push(Said::table(format!("a new communal card: {card}")))
        }
        (
            Phase::OfferCard | Phase::DrawCard | Phase::HitCard | Phase::ExchangeCard,
            Some(Action::Card(card)),
        ) if b.actor as usize == me && !card.is_hidden() => {
            lines.push(Said::by(me, format!("gets {card}")));
        }
        (Phase::BankerCard, Some(Action::Card(card))) => {
            lines.push(Said::by(b.dealer as usize, format!("draws {card} (the banker)")));
        }
        (Phase::Sudden, Some(Action::Card(card))) => {
            // Sudden-death cards are dealt face up, one each in turn; the last one ends the
            // deal (and the hand, when it decides), so it goes to the last tied seat.
            let got = |p: usize| a.seats[p].hand.len() > b.seats[p].hand.len();
            let seat = match ends || a.sudden > b.sudden {
                true => b.order().filter(|&p| b.tied >> p & 1 == 1).last(),
                false => (0..a.players()).find(|&p| got(p)),
            };
            if let Some(seat) = seat {
                lines.push(Said::by(seat, format!("gets {card} (sudden death)")));
            }
        }
        _ => {}
    }
}

/// A player's move in words, after its name.
fn move_words(
    cfg: &Config,
    b: &State,
    a: &State,
    ended: Option<&Showdown>,
    seat: usize,
    action: Action,
) -> Option<String> {
    let mouche = if cfg.escalating { cfg.mouche * i32::from(b.tour) } else { cfg.mouche };
    let tarot = cfg.rules == Rules::Tarot;
    Some(match action {
        Action::Call => {
            let need = b.level - b.seats[seat].bet;
            if need == 0 {
                "stays (nothing to add)".to_owned()
            } else {
                format!("calls {need} (bet {})", b.level)
            }
        }
        Action::Raise(_) | Action::RaiseMax => {
            let by = a.level - b.level;
            let fee = if tarot && mouche > 0 { format!(", mouche {mouche}") } else { String::new() };
            format!("raises by {by} (bet {}{fee})", a.level)
        }
        Action::Fold if mouche > 0 => format!("folds (mouche {mouche})"),
        Action::Fold => "folds".to_owned(),
        Action::Block(i) => format!("blocks {}", card_at(a, seat, i)),
        Action::Unblock(i) => format!("unblocks {}", card_at(a, seat, i)),
        Action::Ready => "is ready for the roll".to_owned(),
        Action::Announce(Announce::Continue) => "goes on (continue)".to_owned(),
        Action::Announce(Announce::See) => "wants to see".to_owned(),
        Action::Announce(Announce::Fold) => "folds".to_owned(),
        Action::Announce(Announce::Sabacc) => {
            // The cards are laid down: on the table after the step, or in the record of the
            // hand's end.
            let (cards, communal): (&[Card], Vec<Card>) = match ended {
                Some(rec) => (rec.seats()[seat].cards(), rec.communal().to_vec()),
                None => (a.seats[seat].hand.cards(), a.communal.cards().collect()),
            };
            let words = hand_brief(cfg, cards, &communal).unwrap_or_default();
            if is_sabacc(cfg, cards, &communal) {
                format!("lays down a Sabacc: {} — {words}", cards_text(cards))
            } else {
                format!(
                    "lays down {} — {words}: a false Sabacc, five mouches to the Sabacc pot",
                    cards_text(cards)
                )
            }
        }
        Action::Take => "takes the card offered".to_owned(),
        Action::Decline => "declines the card offered".to_owned(),
        Action::Discard(i) => format!("discards {}", card_at(b, seat, i)),
        Action::Show(i) => format!("turns {} face up", card_at(a, seat, i)),
        Action::Field(i) => format!("puts {} in the interference field", card_at(a, seat, i)),
        Action::Draw => "draws a card".to_owned(),
        Action::Trade(i) => format!("trades {}", card_at(b, seat, i)),
        Action::Stand => "stands".to_owned(),
        Action::CallHand => "calls the hand: a last betting round, then the showdown".to_owned(),
        Action::Exchange(0) => "keeps all four cards".to_owned(),
        Action::Exchange(m) => {
            let list: Vec<String> =
                (0..4u8).filter(|i| m >> i & 1 == 1).map(|i| card_at(b, seat, i)).collect();
            format!("exchanges {}", list.join(", "))
        }
        Action::Bet(k) => format!("bets {}", i32::from(k) * cfg.min_bet),
        Action::Hit => "hits".to_owned(),
        Action::Card(_) | Action::Roll(_) | Action::Dice(..) => return None,
    })
}

/// A change in progress: the card just replaced, when the reader sees either card.
fn replacement(b: &State, a: &State, lines: &mut Vec<Said>) {
    for p in 0..a.players() {
        let (old, new) = (&b.seats[p].hand, &a.seats[p].hand);
        for i in 0..old.len().min(new.len()) {
            if old.pending >> i & 1 == 1 && new.pending >> i & 1 == 0 {
                let (was, now) = (old.card(i), new.card(i));
                if !now.is_hidden() || !was.is_hidden() {
                    lines.push(Said::by(p, format!("gets {now} for {was}")));
                }
                return;
            }
        }
    }
    for i in 0..a.communal.len() {
        if b.communal.pending >> i & 1 == 1 && a.communal.pending >> i & 1 == 0 {
            lines.push(Said::table(format!(
                "the communal {} is replaced by {}",
                b.communal.card(i),
                a.communal.card(i)
            )));
        }
    }
}

/// Who tied at a showdown, and with what (the hands laid down, in its record).
fn tie_line(cfg: &Config, rec: &Showdown, tied: u32) -> Said {
    let seats: Vec<usize> = (0..rec.seats().len()).filter(|&p| tied >> p & 1 == 1).collect();
    let words = seats
        .first()
        .and_then(|&p| hand_brief(cfg, rec.seats()[p].cards(), rec.communal()))
        .map(|w| format!(" with {w}"))
        .unwrap_or_default();
    Said::table(format!("{} tie{words}: sudden death, three new cards each, face up", seats_list(&seats)))
}

/// How a hand ended: the hands that count, who won which pot, the seats out of money.
fn end_lines(cfg: &Config, rec: &Showdown, b: &State, a: &State, lines: &mut Vec<Said>) {
    let words = |p: usize| hand_brief(cfg, rec.seats()[p].cards(), rec.communal());
    let s = rec.settlement;
    let winners: Vec<usize> = (0..rec.seats().len()).filter(|&p| s.winners >> p & 1 == 1).collect();
    match cfg.rules {
        Rules::BlackKnight => {
            let banker = rec.dealer as usize;
            if let Some(w) = words(banker) {
                lines.push(Said::by(banker, format!("has {w} (the bank)")));
            }
            for p in (0..rec.seats().len()).filter(|&p| p != banker) {
                if let Some(w) = words(p) {
                    lines.push(Said::by(p, format!("has {w}")));
                }
            }
        }
        Rules::Canonical if cfg.points() => {
            for p in (0..rec.seats().len()).filter(|&p| !rec.seats()[p].cards().is_empty()) {
                let best = if winners.contains(&p) { " (the best hand, +10)" } else { "" };
                let w = words(p).unwrap_or_default();
                lines.push(Said::by(p, format!("has {w}{best}")));
            }
        }
        _ => {
            if cfg.rules == Rules::Canonical {
                for p in (0..b.players()).filter(|&p| b.seats[p].active()) {
                    if let Some(w) = words(p).filter(|w| w.contains("bomb-out")) {
                        lines.push(Said::by(
                            p,
                            format!("has {w}: the hand pot's worth goes to the Sabacc pot"),
                        ));
                    }
                }
            }
            if winners.is_empty() {
                let why = if cfg.rules == Rules::Canonical {
                    "every hand bombed out"
                } else {
                    "every hand is over 23"
                };
                lines.push(Said::table(format!("nobody wins: {why}; the bets go to the Sabacc pot")));
            } else {
                let mut text = format!("the hand pot ({})", s.pot);
                if s.sabacc > 0 {
                    text.push_str(&format!(" and the Sabacc pot ({})", s.sabacc));
                }
                match winners.first().and_then(|&p| words(p)) {
                    Some(w) => text.push_str(&format!(" with {w}")),
                    None => text.push_str(" without showing"),
                }
                lines.push(match winners.as_slice() {
                    [one] => Said::by(*one, format!("wins {text}")),
                    many => Said::table(format!("{} share {text}", seats_list(many))),
                });
                for sentence in pot_sentences(&s) {
                    lines.push(Said::table(sentence));
                }
            }
        }
    }
    for p in 0..a.players() {
        let (was, now) = (&b.seats[p], &a.seats[p]);
        if was.status != Status::Out && now.status == Status::Out {
            lines.push(Said::by(p, "is out of the session: the cave is spent"));
        } else if now.bought > was.bought {
            lines.push(Said::by(p, format!("buys a new cave ({})", cfg.buy_in)));
        }
    }
}
