//! The observation tensor: a seat's [`View`] as `f32`s (see `tabula_core::observation` for
//! the conventions, `docs/python-observations.md` for every game).
//!
//! Shape `[len]`, one flat vector, for `n` seats (3 to 6). Seats are *relative*: 0 is the
//! observing seat, then the seats after it in seat order. Fields are absolute: the 162
//! fields in number order (rules §Notation: ranch A's 27 fields, then B's, …). Cows are
//! listed herd by herd in relative seat order: the seat's own nine cows first (`A1`–`A9` for
//! seat 0), then the next seat's. Money is divided by $10,000 (a rancher's starting cash).
//!
//! A cow's **place** is one-hot over 167: the 162 fields, then Abilene, held (stolen, to be
//! placed), sold, gone, unplaced. A cowboy's **place** is one-hot over 166: the 162 fields,
//! then Abilene, prison, held (to be placed), box. A **cow reference** (the cow in a sale, a
//! task) is one-hot over the `9n` cows in the order above.
//!
//! | section | values | what |
//! |---|---|---|
//! | `seat` | n | the seat's absolute number, one-hot |
//! | `stage` | 7 | setup, roll, prison, cattle, cowboys, sales, over |
//! | `turn` | n | the seat whose turn it is (setup: placing its herd), relative |
//! | `first` | n | the seat that started, relative (zeros: not drawn yet) |
//! | `turns` | 1 | turns played / the turn limit |
//! | `dice` | 32 | light dice one-hot 0–5 (2 × 6), light used (2), dark dice one-hot 0–4 (3 × 5; 0: not rolled), dark used (3) |
//! | `ranchers` | n × (2n + 2 + 2 × 166) | per relative seat: cash, bank debt, what he owes each relative seat, bankruptcy order one-hot (n, zeros: active), then his cowboys per place / 5 and his cowboys that moved this turn per place / 5 |
//! | `cows` | 9n × (167 + 2n + 13) | per cow: its place, its owner (relative), its sticker if this seat knows it (brand one-hot A–F, unbranded; value one-hot 100, 300, 500, 600, 1000; zeros: unknown), the seats that know it (relative), whether it moved this turn |
//! | `town` | 2 × 9n | the cows brought to Abilene this turn, in entry order (cow references) |
//! | `flags` | 2 | the order of this turn's sales is chosen; the release is decided |
//! | `duel` | 1 + 162 + 2n | a duel waits for its dice: flag, its field, the attacker and the defender (relative) |
//! | `sale` | 1 + 9n + 4n | the sale in progress: flag, the cow, each relative seat's corral card one-hot (hidden, own, none, other; zeros: no card) |
//! | `last_sale` | 2 + n + 9n + 5n | the last sale: flag, the seller (relative), the cow, each seat's card as above, the bank's payment, each seat's transfer (+ received) |
//! | `tasks` | 12 × (8 + 13n) | the payments and placements waiting, first first: kind one-hot (pay, place a cowboy, place a cow); pay: payer, payee (relative; zeros and a bank flag for the bank), amount; place a cowboy: his rancher, who places him (relative), where (release, outer edge, boot); place a cow: the cow |
//! | `asked` | 3 + n | a loan asked: flag, the seat asked (relative), the amount, the repayment |
//! | `asked_before` | n | the seats already asked for this payment (relative) |
//! | `counts` | 2 | cows sold / 54, bankruptcies / n |
//!
//! **Deliberate loss**: a rancher's cowboys are alike (only where they are matters, and the
//! notation moves a cowboy by the field he stands on), so the tensor counts them per place
//! and forgets their order in the view's list; [`observation_view`] sorts them.

use tabula_core::observation::{Writer, relative_seat};

use crate::action::HERD_VALUES;
use crate::board::{NUM_FIELDS, Ranch};
use crate::cattle::{Brand, HERD_SIZE, NUM_COWS};
use crate::money::COWBOYS;
use crate::state::{BoyAt, BoyPlace, CowAt, MAX_TASKS, START_CASH, Slot, Stage, Task};
use crate::view::View;

/// Places a cow may be in.
pub const COW_PLACES: usize = NUM_FIELDS + 5;
/// Places a cowboy may be in.
pub const BOY_PLACES: usize = NUM_FIELDS + 4;
/// Values per cow.
pub const fn per_cow(n: usize) -> usize {
    COW_PLACES + 2 * n + 13
}
/// Values per rancher.
pub const fn per_rancher(n: usize) -> usize {
    2 * n + 2 + 2 * BOY_PLACES
}
/// Values per task.
pub const fn per_task(n: usize) -> usize {
    8 + 13 * n
}

/// Where each section of the tensor starts, for `n` seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Seats.
    pub players: usize,
    /// The dice.
    pub dice: usize,
    /// The ranchers.
    pub ranchers: usize,
    /// The cows.
    pub cows: usize,
    /// The cows in town.
    pub town: usize,
    /// The duel.
    pub duel: usize,
    /// The sale in progress.
    pub sale: usize,
    /// The last sale.
    pub last_sale: usize,
    /// The tasks.
    pub tasks: usize,
    /// The loan asked.
    pub asked: usize,
    /// The number of values.
    pub len: usize,
}

impl Layout {
    /// The layout for `n` seats.
    pub const fn new(n: usize) -> Layout {
        let cows_n = HERD_SIZE * n;
        let dice = n + 7 + n + n + 1;
        let ranchers = dice + 32;
        let cows = ranchers + n * per_rancher(n);
        let town = cows + cows_n * per_cow(n);
        let duel = town + 2 * cows_n + 2;
        let sale = duel + 1 + NUM_FIELDS + 2 * n;
        let last_sale = sale + 1 + cows_n + 4 * n;
        let tasks = last_sale + 2 + n + cows_n + 5 * n;
        let asked = tasks + MAX_TASKS * per_task(n);
        let len = asked + 3 + n + n + 2;
        Layout { players: n, dice, ranchers, cows, town, duel, sale, last_sale, tasks, asked, len }
    }
}

const MONEY: f64 = START_CASH as f64;

fn stage_index(stage: Stage) -> usize {
    match stage {
        Stage::Setup => 0,
        Stage::Roll => 1,
        Stage::Prison => 2,
        Stage::Cattle => 3,
        Stage::Cowboys => 4,
        Stage::Sales => 5,
        Stage::Over => 6,
    }
}

/// A cow's place, `0..COW_PLACES`.
pub fn cow_place(at: CowAt) -> usize {
    match at {
        CowAt::Field(f) => f.index(),
        CowAt::Abilene => NUM_FIELDS,
        CowAt::Held => NUM_FIELDS + 1,
        CowAt::Sold => NUM_FIELDS + 2,
        CowAt::Gone => NUM_FIELDS + 3,
        CowAt::Unplaced => NUM_FIELDS + 4,
    }
}

/// A cowboy's place, `0..BOY_PLACES`.
pub fn boy_place(at: BoyAt) -> usize {
    match at {
        BoyAt::Field(f) => f.index(),
        BoyAt::Abilene => NUM_FIELDS,
        BoyAt::Prison => NUM_FIELDS + 1,
        BoyAt::Held => NUM_FIELDS + 2,
        BoyAt::Box => NUM_FIELDS + 3,
    }
}

/// Cow `cow`'s position in the tensor's cow order for seat `me` of `n`: its herd's relative
/// seat, then its number in the herd.
pub fn cow_slot(cow: usize, me: usize, n: usize) -> usize {
    relative_seat(cow / HERD_SIZE, me, n) * HERD_SIZE + cow % HERD_SIZE
}

fn slot_index(slot: Slot) -> Option<usize> {
    match slot {
        Slot::Empty => None,
        Slot::Hidden => Some(0),
        Slot::Card(c) => Some(1 + c.index()),
    }
}

/// Writes `view` into `out` (length [`Layout::len`]); `turn_limit` scales the turn count.
///
/// # Panics
/// If `out` has another length.
pub fn write(view: &View, turn_limit: u32, out: &mut [f32]) {
    let s = &view.state;
    let n = s.num_players();
    let me = view.player as usize;
    let layout = Layout::new(n);
    let rel = |seat: u8| relative_seat(seat as usize, me, n);
    let seat_of = |k: usize| (me + k) % n;
    let cows_n = HERD_SIZE * n;
    let cow = |c: u8| cow_slot(c as usize, me, n);
    let mut w = Writer::new(out);
    w.one_hot(me, n);
    w.one_hot(stage_index(s.stage), 7);
    w.one_hot(rel(s.turn), n);
    w.one_hot_opt(s.first.map(rel), n);
    w.scaled(f64::from(s.turns), f64::from(turn_limit));
    debug_assert_eq!(w.position(), layout.dice);
    for &d in &s.dice.light {
        w.one_hot(d as usize, 6);
    }
    for &used in &s.dice.light_used {
        w.flag(used);
    }
    for &d in &s.dice.dark {
        w.one_hot(d as usize, 5);
    }
    for &used in &s.dice.dark_used {
        w.flag(used);
    }
    debug_assert_eq!(w.position(), layout.ranchers);
    for k in 0..n {
        let r = &s.ranchers[seat_of(k)];
        w.scaled(f64::from(r.cash), MONEY);
        w.scaled(f64::from(r.bank_debt), MONEY);
        for j in 0..n {
            w.scaled(f64::from(r.owes[seat_of(j)]), MONEY);
        }
        w.one_hot_opt(r.bankrupt.map(usize::from), n);
        let places = w.section(2 * BOY_PLACES);
        for boy in &r.cowboys {
            let at = boy_place(boy.at);
            places[at] += 1.0 / f32::from(COWBOYS);
            if boy.moved {
                places[BOY_PLACES + at] += 1.0 / f32::from(COWBOYS);
            }
        }
    }
    debug_assert_eq!(w.position(), layout.cows);
    let cows = w.section(cows_n * per_cow(n));
    for (i, c) in s.cows.iter().enumerate() {
        let at = cow_slot(i, me, n) * per_cow(n);
        let mut cw = Writer::new(&mut cows[at..at + per_cow(n)]);
        cw.one_hot(cow_place(c.at), COW_PLACES);
        cw.one_hot(rel(c.owner), n);
        let id = c.id.0;
        cw.one_hot_opt(
            id.map(|id| match id.brand {
                Brand::Of(r) => r.index(),
                Brand::Unbranded => Ranch::NUM,
            }),
            Ranch::NUM + 1,
        );
        cw.one_hot_opt(id.and_then(|id| HERD_VALUES.iter().position(|&v| v == id.value)), HERD_VALUES.len());
        for j in 0..n {
            cw.flag(c.known >> seat_of(j) & 1 == 1);
        }
        cw.flag(c.moved);
        cw.finish();
    }
    debug_assert_eq!(w.position(), layout.town);
    for k in 0..2 {
        w.one_hot_opt(s.town.as_slice().get(k).map(|&c| cow(c)), cows_n);
    }
    w.flag(s.order_chosen);
    w.flag(s.released);
    debug_assert_eq!(w.position(), layout.duel);
    match &s.duel {
        Some(d) => {
            w.flag(true);
            w.one_hot(d.field.index(), NUM_FIELDS);
            w.one_hot(rel(d.attacker), n);
            w.one_hot(rel(d.defender), n);
        }
        None => w.skip(1 + NUM_FIELDS + 2 * n),
    }
    match &s.sale {
        Some(sale) => {
            w.flag(true);
            w.one_hot(cow(sale.cow), cows_n);
            for k in 0..n {
                w.one_hot_opt(slot_index(sale.cards[seat_of(k)]), 4);
            }
        }
        None => w.skip(1 + cows_n + 4 * n),
    }
    match &s.last_sale {
        Some(l) => {
            w.flag(true);
            w.one_hot(rel(l.seller), n);
            w.one_hot(cow(l.cow), cows_n);
            for k in 0..n {
                w.one_hot_opt(slot_index(l.cards[seat_of(k)]), 4);
            }
            w.scaled(f64::from(l.bank), MONEY);
            for k in 0..n {
                w.scaled(f64::from(l.transfers[seat_of(k)]), MONEY);
            }
        }
        None => w.skip(2 + n + cows_n + 5 * n),
    }
    debug_assert_eq!(w.position(), layout.tasks);
    for k in 0..MAX_TASKS {
        let Some(task) = s.tasks.as_slice().get(k) else {
            w.skip(per_task(n));
            continue;
        };
        let mut tw = Writer::new(w.section(per_task(n)));
        match *task {
            Task::Pay { payer, to, amount } => {
                tw.one_hot(0, 3);
                tw.one_hot(rel(payer), n);
                tw.one_hot_opt(to.map(rel), n);
                tw.flag(to.is_none());
                tw.scaled(f64::from(amount), MONEY);
                tw.skip(2 * n + 3 + cows_n);
            }
            Task::PlaceBoy { owner, by, place } => {
                tw.one_hot(1, 3);
                tw.skip(2 * n + 2);
                tw.one_hot(rel(owner), n);
                tw.one_hot(rel(by), n);
                let place = match place {
                    BoyPlace::Release => 0,
                    BoyPlace::OuterEdge => 1,
                    BoyPlace::Boot => 2,
                };
                tw.one_hot(place, 3);
                tw.skip(cows_n);
            }
            Task::PlaceCow { cow: c } => {
                tw.one_hot(2, 3);
                tw.skip(4 * n + 5);
                tw.one_hot(cow(c), cows_n);
            }
        }
        tw.finish();
    }
    debug_assert_eq!(w.position(), layout.asked);
    match &s.asked {
        Some(a) => {
            w.flag(true);
            w.one_hot(rel(a.seat), n);
            w.scaled(f64::from(a.amount), MONEY);
            w.scaled(f64::from(a.repay), MONEY);
        }
        None => w.skip(3 + n),
    }
    for k in 0..n {
        w.flag(s.asked_before >> seat_of(k) & 1 == 1);
    }
    w.scaled(f64::from(s.sold), NUM_COWS as f64);
    w.scaled(f64::from(s.bankruptcies), n as f64);
    w.finish();
}

/// The part of `view` the tensor keeps: each rancher's cowboys in a canonical order (the
/// tensor counts them per place).
pub fn observation_view(view: &View) -> View {
    let mut v = view.clone();
    for r in v.state.ranchers.iter_mut() {
        r.cowboys.sort_by_key(|b| (boy_place(b.at), b.moved));
    }
    v
}

#[cfg(test)]
mod tests {
    use tabula_core::Game;

    use super::*;
    use crate::Abilene;

    #[test]
    fn the_seat_sees_its_own_herd_first() {
        let game = Abilene::from_json(&serde_json::json!({"players": 4, "first": "1"})).unwrap();
        let layout = Layout::new(4);
        assert_eq!(game.observation_shape(), vec![layout.len]);
        let mut state = game.initial_state();
        // Seat 1 starts and places its herd first: a $1,000 cow on its first cow-head field.
        game.play(&mut state, game.parse_action("herd 1000").unwrap()).unwrap();
        let mut out = vec![0.0; layout.len];
        game.write_observation(&game.view(&state, 1), &mut out);
        assert_eq!(out[1], 1.0, "seat 1");
        // Its cow B1 is the first cow of its tensor: on a field, known to it, worth $1,000.
        let first = layout.cows;
        let place = out[first..first + COW_PLACES].iter().position(|&v| v == 1.0).unwrap();
        assert!(place < NUM_FIELDS, "on a field");
        let sticker = first + COW_PLACES + 4;
        assert_eq!(out[sticker + 1], 1.0, "brand B");
        assert_eq!(out[sticker + Ranch::NUM + 1 + 4], 1.0, "$1,000");
        // Seat 0 sees the cow on the same field, as seat 1's (relative 1), brand unknown.
        game.write_observation(&game.view(&state, 0), &mut out);
        let theirs = layout.cows + HERD_SIZE * per_cow(4);
        assert_eq!(out[theirs + place], 1.0);
        assert_eq!(out[theirs + COW_PLACES + 1], 1.0, "owned by the next seat");
        assert!(out[theirs + COW_PLACES + 4..theirs + COW_PLACES + 4 + 12].iter().all(|&v| v == 0.0));
        // Every rancher starts with $10,000: 1.0.
        assert_eq!(out[layout.ranchers], 1.0);
    }
}
