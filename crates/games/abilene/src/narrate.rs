//! The log in words ([`tabula_core::Game::narrate`]): each action with what it did — the
//! cows a cowboy steals, a duel and who goes to prison, a sale with every corral card and
//! the money — told from the views around it (so a hidden herd or corral card stays
//! hidden), the same in every client.

use tabula_core::{Said, Turn};

use crate::Config;
use crate::action::Action;
use crate::cattle::Identity;
use crate::money::bank_repayment;
use crate::rules;
use crate::state::{CowAt, Slot, Stage, State, Task};
use crate::words::{boy_on, cow_id, cow_on, cow_words, dollars, identity_words, kind_words};

/// The lines for one action, from the observer's states `b` (before) and `a` (after): its
/// view's states, or a referee's full states. `seen` is the action as the observer saw it
/// (`herd ?` and `corral hidden` for what it may not see; `None`: the seats saw it
/// differently, and the observer is told only what every seat was).
pub fn narrate(cfg: &Config, b: &State, a: &State, actor: Turn, seen: Option<&str>) -> Vec<Said> {
    let text = match seen {
        Some(t) => t,
        None if b.sale.is_some() => "corral hidden",
        None => "herd ?",
    };
    let mover = b.turn as usize;
    let mut lines = Vec::new();
    // Another seat's hidden placement or card.
    if text == "herd ?" {
        // Told once, when the seat's whole herd stands on its ranch.
        let done = a.cows.iter().enumerate().all(|(i, c)| i / 9 != mover || c.at != CowAt::Unplaced);
        if done {
            lines.push(Said::by(mover, "places its herd (values hidden)"));
        }
        return lines;
    }
    if text == "corral hidden" {
        let seat = match (b.sale, actor) {
            (_, Turn::Player(s)) => s,
            (Some(sale), _) => rules::next_card_seat(b, &sale).map_or(mover, usize::from),
            _ => mover,
        };
        lines.push(Said::by(seat, "plays a corral card face down"));
        lines.extend(sale_lines(cfg, b, a));
        return lines;
    }
    let Ok(action) = Action::parse(text) else {
        lines.push(Said { seat: actor.player(), text: text.to_owned() });
        return lines;
    };
    let acting = actor.player().unwrap_or(mover);
    match action {
        Action::First(s) => lines.push(Said::by(usize::from(s), "plays first")),
        Action::Herd(value) => {
            let placed = newly_placed(b, a);
            let at =
                placed.and_then(|c| a.cows[c].at.field()).map(|f| format!(" on {f}")).unwrap_or_default();
            let id = Identity::in_herd(cfg.ranches()[mover], value).map_or_else(String::new, identity_words);
            let cow = placed.map(|c| cow_id(cfg, c)).unwrap_or_default();
            lines.push(Said::by(mover, format!("places cow {cow} ({id}){at}")));
        }
        Action::Roll { light, dark } => {
            let seat = a.turn as usize;
            lines.push(Said::by(
                seat,
                format!("rolls light {} {}, dark {} {} {}", light[0], light[1], dark[0], dark[1], dark[2]),
            ));
            let fees = b.ranchers[seat].cash.saturating_sub(a.ranchers[seat].cash);
            if fees > 0 && a.stage != Stage::Prison {
                lines.push(Said::by(seat, format!("pays {} of prison fees", dollars(i64::from(fees)))));
            }
        }
        Action::Release(k) => lines.push(Said::by(
            mover,
            match k {
                0 => "releases no cowboy from prison".to_owned(),
                1 => "releases one cowboy from prison".to_owned(),
                k => format!("releases {k} cowboys from prison"),
            },
        )),
        Action::Place(f) => {
            let (seat, what) = match b.tasks.head() {
                Some(Task::PlaceCow { cow }) => (
                    b.cows[cow as usize].owner as usize,
                    format!("the stolen cow {}", cow_id(cfg, cow as usize)),
                ),
                Some(Task::PlaceBoy { owner, by, .. }) if owner == by => {
                    (by as usize, format!("{{{by}}}'s released cowboy"))
                }
                Some(Task::PlaceBoy { owner, by, .. }) => {
                    (by as usize, format!("{{{owner}}}'s beaten cowboy"))
                }
                _ => (acting, "a piece".to_owned()),
            };
            lines.push(Said::by(seat, format!("puts {what} on {f} ({})", kind_words(f.kind()))));
        }
        Action::Pass => lines.push(Said::by(mover, "gives up the light dice left")),
        Action::Cow { from, to, die } => {
            let cow = cow_on(b, from).map(|c| cow_id(cfg, c)).unwrap_or_default();
            lines.push(Said::by(
                mover,
                if to.is_abilene() {
                    format!("drives cow {cow} from {from} into Abilene with a {die}")
                } else {
                    format!("moves cow {cow} {from}→{to} with a {die}")
                },
            ));
        }
        Action::Boy { from, to, die } => {
            let mut words = format!("moves a cowboy {from}→{to} with a {die}");
            if let Some(field) = to.field() {
                if let Some(cow) = cow_on(b, field) {
                    let owner = b.cows[cow].owner;
                    words.push_str(&format!(", stealing {{{owner}}}'s cow {}", cow_words(cfg, a, cow)));
                } else if let Some(seat) = boy_on(b, field) {
                    words.push_str(&format!(": a duel with {{{seat}}}'s cowboy"));
                }
            }
            lines.push(Said::by(mover, words));
        }
        Action::Duel { attacker, defender } => {
            if let Some(duel) = b.duel {
                let (att, def) = (duel.attacker as usize, duel.defender as usize);
                let (winner, loser) = if attacker > defender { (att, def) } else { (def, att) };
                let mut words =
                    format!("wins the duel on {}: {{{att}}} {attacker}, {{{def}}} {defender}", duel.field);
                if a.ranchers[loser].in_prison() > b.ranchers[loser].in_prison() {
                    words.push_str(&format!("; {{{loser}}}'s cowboy goes to prison"));
                }
                lines.push(Said::by(winner, words));
            }
        }
        Action::Sell(k) => {
            let cow = b.town.as_slice().get(usize::from(k).wrapping_sub(1)).map(|&c| cow_id(cfg, c as usize));
            lines.push(Said::by(mover, format!("sells cow {} first", cow.unwrap_or_default())));
        }
        Action::Corral(card) => {
            lines.push(Said::by(acting, format!("plays corral {card}")));
            lines.extend(sale_lines(cfg, b, a));
        }
        Action::Borrow(amount) => lines.push(Said::by(
            acting,
            format!(
                "borrows {} from the bank (repays {} at the end)",
                dollars(i64::from(amount)),
                dollars(i64::from(bank_repayment(u32::from(amount))))
            ),
        )),
        Action::Ask { seat: lender, amount, repay } => lines.push(Said::by(
            acting,
            format!(
                "asks {{{lender}}} for {}, repaid {} at the end",
                dollars(i64::from(amount)),
                dollars(i64::from(repay))
            ),
        )),
        Action::Accept | Action::Refuse => {
            let borrower = match b.tasks.head() {
                Some(Task::Pay { payer, .. }) => format!("{{{payer}}}"),
                _ => "the borrower".to_owned(),
            };
            let amount = b.asked.map(|x| dollars(i64::from(x.amount))).unwrap_or_default();
            let verb = if action == Action::Accept { "lends" } else { "refuses to lend" };
            lines.push(Said::by(acting, format!("{verb} {borrower} {amount}")));
        }
        Action::Bankrupt => lines.push(Said::by(acting, "goes bankrupt, out of the game")),
    }
    if a.stage == Stage::Over && b.stage != Stage::Over {
        lines.push(ending(a));
    }
    lines
}

/// The cow placed by a `herd` step.
fn newly_placed(b: &State, a: &State) -> Option<usize> {
    (0..a.cows.len()).find(|&i| b.cows[i].at == CowAt::Unplaced && a.cows[i].at != CowAt::Unplaced)
}

/// When a corral card completes a sale: the reveal, in one line.
fn sale_lines(cfg: &Config, b: &State, a: &State) -> Vec<Said> {
    let Some(rec) = a.last_sale.filter(|r| Some(*r) != b.last_sale) else { return Vec::new() };
    let seller = usize::from(rec.seller);
    let gain = i64::from(rec.bank) - rec.transfers.iter().map(|&t| i64::from(t)).sum::<i64>();
    let cards: Vec<String> = (0..a.num_players())
        .filter_map(|s| match rec.cards[s] {
            Slot::Card(c) => Some(format!("{{{s}}} {c}")),
            _ => None,
        })
        .collect();
    vec![Said::by(
        seller,
        format!(
            "sells cow {}: the corral cards {}; the bank pays {}, and the seller {} {} in all",
            cow_words(cfg, a, usize::from(rec.cow)),
            if cards.is_empty() { "none".to_owned() } else { cards.join(", ") },
            dollars(i64::from(rec.bank)),
            if gain >= 0 { "gets" } else { "loses" },
            dollars(gain.abs())
        ),
    )]
}

/// The ranchers in their final order: seat, final money, bankrupt.
pub fn standings(state: &State) -> Vec<(usize, i64, bool)> {
    let mut rows: Vec<(usize, i64, bool)> =
        (0..state.num_players()).map(|s| (s, state.final_money(s), !state.ranchers[s].active())).collect();
    rows.sort_by_key(|&(s, money, bankrupt)| {
        (
            bankrupt,
            std::cmp::Reverse(if bankrupt {
                i64::from(state.ranchers[s].bankrupt.unwrap_or(0))
            } else {
                money
            }),
        )
    });
    rows
}

/// Who won: `{2} wins with $14,300`, or a tie.
pub fn ending(state: &State) -> Said {
    let rows = standings(state);
    let Some(&(first, money, _)) = rows.first() else { return Said::table("the game is over") };
    let tied: Vec<String> =
        rows.iter().filter(|r| !r.2 && r.1 == money).map(|r| format!("{{{}}}", r.0)).collect();
    if tied.len() > 1 {
        return Said::table(format!(
            "the game is over: a tie between {} with {}",
            tied.join(" and "),
            dollars(money)
        ));
    }
    Said::by(first, format!("wins with {}", dollars(money)))
}
