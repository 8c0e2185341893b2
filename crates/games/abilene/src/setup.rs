//! Positions: checking a state read from JSON (rules, every section). A position is
//! accepted only when it keeps every invariant the rules keep and the rules can play on
//! from it.

use tabula_core::SetupError;

use crate::action::{MAX_INTEREST, MAX_PLAYER_LOAN};
use crate::board::{Field, Kind, Space};
use crate::cattle::{Brand, HERD_SIZE, HerdLeft};
use crate::config::Config;
use crate::rules::{self, ranch};
use crate::state::{BoyAt, CowAt, Dice, Slot, Stage, State, Task, cow_name};

/// The most cash or debt a position may show: far beyond any game (54 cows sold at most
/// $3,000 each, loans of at most $10,000 a payment), and small enough that no sum
/// overflows.
pub const MAX_MONEY: u32 = 100_000_000;
/// The largest single payment the rules make: a sale's settlement of twice $1,000.
pub const MAX_PAYMENT: u32 = 2_000;

/// Checks a position; names every broken rule. It never panics: a field found out of range
/// is reported, and every later check that would index by it guards the index.
///
/// # Errors
/// Each problem, one sentence each.
pub fn validate(state: State, cfg: &Config) -> Result<State, SetupError> {
    let mut problems = Vec::new();
    let n = cfg.players as usize;
    if state.players != cfg.players || state.ranchers.len() != n || state.cows.len() != n * HERD_SIZE {
        return Err(SetupError::one(format!(
            "the game has {n} players: `players` must be {n}, with {n} ranchers and {} cows (nine a herd)",
            n * HERD_SIZE
        )));
    }
    let mut bad = |p: String| problems.push(p);
    let names = cfg.ranches();
    let cow_id = |i: usize| cow_name(names, i);
    if state.turn as usize >= n {
        bad(format!("`turn` is seat {}, but the seats are 0 to {}", state.turn, n - 1));
    }
    match (state.first, cfg.first) {
        (Some(f), _) if f as usize >= n => {
            bad(format!("`first` is seat {f}, but the seats are 0 to {}", n - 1))
        }
        (Some(f), Some(c)) if f != c => bad(format!("the options say seat {c} starts, not seat {f}")),
        (None, Some(c)) => bad(format!("the options say seat {c} starts: `first` must be {c}")),
        (None, None)
            if state.stage != Stage::Setup
                || state.cows.iter().any(|c| c.at != crate::state::CowAt::Unplaced) =>
        {
            bad("`first` must say who started once the herds are being placed".into())
        }
        _ => {}
    }
    if state.turns > cfg.turn_limit || (state.turns == cfg.turn_limit && state.stage != Stage::Over) {
        bad(format!(
            "{} turns are played, but the game ends after {} (option `turn_limit`)",
            state.turns, cfg.turn_limit
        ));
    }
    let in_turn = matches!(state.stage, Stage::Prison | Stage::Cattle | Stage::Cowboys | Stage::Sales);

    // Ranchers and money.
    let mut orders = Vec::new();
    for (s, r) in state.ranchers.iter().enumerate() {
        for (what, x) in [("cash", r.cash), ("bank debt", r.bank_debt)] {
            if x % 100 != 0 || x > MAX_MONEY {
                bad(format!(
                    "seat {s}'s {what} ${x} must be a multiple of $100 up to ${MAX_MONEY} (rules §Money)"
                ));
            }
        }
        for (o, &x) in r.owes.iter().enumerate() {
            if x == 0 {
                continue;
            }
            if o >= n || o == s {
                bad(format!("seat {s} owes ${x} to seat {o}, which is no other seat"));
            } else if x % 100 != 0 || x > MAX_MONEY {
                bad(format!("seat {s}'s debt to seat {o} must be a multiple of $100 up to ${MAX_MONEY}"));
            }
        }
        match r.bankrupt {
            Some(k) => {
                orders.push(k);
                if r.cowboys.iter().any(|b| b.at != BoyAt::Box)
                    || r.cash != 0
                    || r.bank_debt != 0
                    || r.owes.iter().any(|&x| x > 0)
                {
                    bad(format!(
                        "seat {s} is bankrupt: his cowboys are back in the box, his cash went to his creditor and his debts \
                         lapsed (rules §Money)"
                    ));
                }
            }
            None => {
                if r.cowboys.iter().any(|b| b.at == BoyAt::Box) {
                    bad(format!("seat {s} is not bankrupt, so none of his cowboys is back in the box"));
                }
            }
        }
        let moved = r.cowboys.iter().filter(|b| b.moved).count();
        if moved > 0 && (s != state.turn as usize || !matches!(state.stage, Stage::Cowboys | Stage::Sales)) {
            bad(format!(
                "seat {s}'s cowboys are marked as moved, but only the player's move, in the cowboy phase"
            ));
        }
        let dark_used = state.dice.dark_used.iter().filter(|&&u| u).count();
        if moved > dark_used {
            bad(format!("seat {s} moved {moved} cowboys with {dark_used} dark dice used"));
        }
    }
    orders.sort_unstable();
    if orders.iter().enumerate().any(|(i, &k)| k as usize != i) || orders.len() != state.bankruptcies as usize
    {
        bad(format!(
            "`bankruptcies` is {}, and the bankrupt ranchers' orders must be 0, 1, … in the order they went bankrupt",
            state.bankruptcies
        ));
    }

    // Cows.
    let all_seats = ((1u16 << n) - 1) as u8;
    let mut sold = 0;
    for s in 0..n {
        let mut left = HerdLeft::FULL;
        let herd = State::herd_range(s);
        let mut placed_run = true;
        for (k, i) in herd.clone().enumerate() {
            let c = state.cows[i];
            let id = cow_id(i);
            if c.owner as usize >= n {
                bad(format!("cow {id} belongs to seat {}, but the seats are 0 to {}", c.owner, n - 1));
                continue;
            }
            if c.known & !all_seats != 0 {
                bad(format!("cow {id} is known to seats that do not exist"));
            }
            if c.at == CowAt::Unplaced {
                placed_run = false;
                if state.stage != Stage::Setup || c.owner as usize != s || c.id.0.is_some() || c.moved {
                    bad(format!(
                        "cow {id} is not placed: only during setup, in its own herd, before its value is chosen"
                    ));
                }
                continue;
            }
            if !placed_run {
                bad(format!(
                    "cow {id} is placed before an earlier cow of its herd: cows are placed in field order"
                ));
            }
            if state.stage == Stage::Setup {
                let head = ranch(cfg, s).fields_of_kind(Kind::CowHead).iter().nth(k).and_then(Space::field);
                if c.at.field() != head || c.owner as usize != s {
                    bad(format!(
                        "during setup cow {id} stands on the {}-th cow-head field of its ranch",
                        k + 1
                    ));
                }
            }
            match c.id.0 {
                None => {
                    bad(format!("cow {id} is on the board, so its brand and value must be given (not `?`)"))
                }
                Some(v) => {
                    let brand_ok = matches!(v.brand, Brand::Unbranded) || v.brand == Brand::Of(ranch(cfg, s));
                    match left.take(v.value) {
                        Some(l) if brand_ok && v.is_valid() => left = l,
                        _ => bad(format!(
                            "cow {id} cannot be {v}: herd {} is seven cows of its brand worth 1000, 600, 600, 600, 300, \
                             300 and 100, and two unbranded worth 500 (rules §Pieces)",
                            ranch(cfg, s).letter()
                        )),
                    }
                }
            }
            if c.known & (1 << s) == 0
                || (c.at != CowAt::Sold && c.at != CowAt::Gone && c.known & (1 << c.owner) == 0)
            {
                bad(format!("cow {id} is known to its herd's rancher and to its owner"));
            }
            if c.moved
                && (c.owner != state.turn
                    || !matches!(state.stage, Stage::Cattle | Stage::Cowboys | Stage::Sales))
            {
                bad(format!(
                    "cow {id} is marked as moved, but only the player's cows move, in the cattle phase"
                ));
            }
            match c.at {
                CowAt::Field(f) => {
                    if f.ranch() != ranch(cfg, c.owner as usize) {
                        bad(format!(
                            "cow {id} stands on {f}, outside its owner's ranch: a cow never leaves its ranch (rules §2 Cattle)"
                        ));
                    }
                }
                CowAt::Abilene => {
                    let listed = state.town.as_slice().contains(&(i as u8))
                        || state.sale.is_some_and(|x| x.cow as usize == i);
                    if !listed || c.owner != state.turn || !c.moved {
                        bad(format!(
                            "cow {id} is in Abilene: only the player's cows that entered it this turn wait there to be sold"
                        ));
                    }
                }
                CowAt::Held => {
                    if !state.tasks.as_slice().contains(&Task::PlaceCow { cow: i as u8 }) {
                        bad(format!("cow {id} is held, but no placement waits for it"));
                    }
                }
                CowAt::Sold => {
                    sold += 1;
                    if c.known != all_seats {
                        bad(format!("cow {id} is sold, so everybody knows its brand and value"));
                    }
                }
                CowAt::Gone | CowAt::Unplaced => {}
            }
        }
    }
    if sold != state.sold as usize {
        bad(format!("`sold` is {}, but {sold} cows are sold", state.sold));
    }
    for (k, &c) in state.town.as_slice().iter().enumerate() {
        if c as usize >= state.cows.len()
            || state.cows[c as usize].at != CowAt::Abilene
            || state.town.as_slice()[..k].contains(&c)
            || state.sale.is_some_and(|x| x.cow == c)
        {
            bad(format!("`town` lists cow {c}, which is not waiting in Abilene"));
        }
    }

    // The board: one piece a field, but for the two cowboys of a duel.
    let mut count = [0u8; crate::board::NUM_FIELDS];
    for c in state.cows.iter() {
        if let CowAt::Field(f) = c.at {
            count[f.index()] += 1;
        }
    }
    for r in state.ranchers.iter() {
        for b in &r.cowboys {
            if let BoyAt::Field(f) = b.at {
                count[f.index()] += 1;
            }
        }
    }
    for f in Field::all() {
        let allowed = if state.duel.is_some_and(|d| d.field == f) { 2 } else { 1 };
        if count[f.index()] > allowed {
            bad(format!("{f} holds {} pieces: each field holds one piece (rules §Paths)", count[f.index()]));
        }
    }

    // Setup: the herds are placed from the first player clockwise, each on its cow heads in
    // field order, while the cowboys stand on their boots; the cow heads still to be filled
    // wait empty, so that the rules can put each cow down (rules §Setup).
    if state.stage == Stage::Setup {
        for (s, r) in state.ranchers.iter().enumerate() {
            let boots = ranch(cfg, s).fields_of_kind(Kind::Boot);
            if !r.cowboys.iter().all(|b| matches!(b.at, BoyAt::Field(f) if boots.contains(f.space()))) {
                bad(format!(
                    "during setup seat {s}'s five cowboys stand on the boot fields of ranch {} (rules §Setup: \"les \
                     Cow-boys sur les cases avec une botte\")",
                    ranch(cfg, s).letter()
                ));
            }
        }
        let placed =
            |s: usize| state.cows[State::herd_range(s)].iter().filter(|c| c.at != CowAt::Unplaced).count();
        for s in 0..n {
            let r = ranch(cfg, s);
            for f in r.fields_of_kind(Kind::CowHead).iter().skip(placed(s)).filter_map(Space::field) {
                if count[f.index()] > 0 {
                    bad(format!(
                        "{f} is the cow-head field where a cow of herd {} is still to be placed, so it holds no piece \
                         during setup (rules §Setup: \"Chaque case ne peut contenir qu'une seule figurine\")",
                        r.letter()
                    ));
                }
            }
        }
        if let Some(f) = state.first
            && (f as usize) < n
            && (state.turn as usize) < n
        {
            // Seats are placed in the order of play from `first`: those before `turn` are
            // done, `turn` is placing (its ninth cow passes the turn on), the others wait.
            let order = |s: usize| (s + n - f as usize) % n;
            let now = order(state.turn as usize);
            for s in 0..n {
                let k = placed(s);
                let ok = match order(s).cmp(&now) {
                    std::cmp::Ordering::Less => k == HERD_SIZE,
                    std::cmp::Ordering::Equal => k < HERD_SIZE,
                    std::cmp::Ordering::Greater => k == 0,
                };
                if !ok {
                    bad(format!(
                        "seat {s} has {k} cows placed, but the herds are placed whole, one seat after the other from seat \
                         {f} (who starts) to seat {} (placing now), clockwise (rules §Setup)",
                        state.turn
                    ));
                }
            }
        }
    }

    // The start of a turn: the game is not over, and the player is in the game (rules §End of
    // the game, §Money).
    if matches!(state.stage, Stage::Roll | Stage::Prison | Stage::Cattle | Stage::Cowboys | Stage::Sales)
        && state.ranchers.get(state.turn as usize).is_some_and(|r| !r.active())
    {
        bad(format!(
            "seat {} is bankrupt and out of the game: he has no more turns (rules §Money)",
            state.turn
        ));
    }
    if state.stage == Stage::Roll {
        let active = state.active_seats().count();
        let empty = state.active_seats().find(|&s| state.cows_in_ranch(s) == 0);
        if active < 2 {
            bad("fewer than two ranchers are left in the game, so it is over (rules §End of the game)".into());
        }
        if let Some(s) = empty {
            bad(format!(
                "seat {s} has no cow left in his ranch, so the game is over (rules §End of the game)"
            ));
        }
        if cfg.short_game > 0 && state.sold >= cfg.short_game {
            bad(format!(
                "{} cows are sold, and the short game ends after {} (option `short_game`)",
                state.sold, cfg.short_game
            ));
        }
    }

    // The turn.
    let d = state.dice;
    if matches!(state.stage, Stage::Setup | Stage::Roll | Stage::Over) {
        if d != Dice::default() {
            bad("the dice are rolled at the start of a turn: before it they are all 0 and unused".into());
        }
    } else if d.light[0] > d.light[1]
        || d.light[1] > 5
        || d.dark[0] < 1
        || d.dark[0] > d.dark[1]
        || d.dark[1] > d.dark[2]
        || d.dark[2] > 4
    {
        bad("the light dice show 0–5 and the dark dice 1–4, each group in ascending order".into());
    }
    let light_used = d.light_used.iter().filter(|&&u| u).count();
    let dark_used = d.dark_used.iter().filter(|&&u| u).count();
    let dice_ok = match state.stage {
        // Before a turn the dice are all unused (above).
        Stage::Setup | Stage::Roll | Stage::Over => true,
        Stage::Prison => light_used == 0 && dark_used == 0,
        Stage::Cattle => dark_used == 0,
        Stage::Cowboys => light_used == 2,
        Stage::Sales => light_used == 2 && dark_used == 3,
    };
    if !dice_ok {
        bad(format!(
            "in stage {:?} the dice used are wrong: none before the cattle phase, the light dice only in it, both light \
             dice from the cowboy phase on, and every die in the sales phase",
            state.stage
        ));
    }
    let cows_moved = state.cows.iter().filter(|c| c.moved).count();
    if cows_moved > light_used {
        bad(format!(
            "{cows_moved} cows moved with {light_used} light dice used: each light die moves one cow"
        ));
    }
    if !in_turn
        && (state.released
            || state.order_chosen
            || !state.town.is_empty()
            || state.duel.is_some()
            || state.sale.is_some())
    {
        bad(format!(
            "`released`, `order_chosen`, `town`, `duel` and `sale` belong to a turn in play, not to stage {:?}",
            state.stage
        ));
    }
    if !in_turn && !state.tasks.is_empty() {
        bad("payments and placements wait only during a turn".into());
    }
    if let Some(duel) = state.duel {
        let here = |s: u8| {
            state
                .ranchers
                .get(s as usize)
                .is_some_and(|r| r.cowboys.iter().any(|b| b.at == BoyAt::Field(duel.field)))
        };
        if state.stage != Stage::Cowboys
            || duel.attacker != state.turn
            || duel.defender == duel.attacker
            || !here(duel.attacker)
            || !here(duel.defender)
        {
            bad("a duel is fought in the cowboy phase between the player's cowboy and another rancher's, on one field".into());
        }
    }
    if let Some(sale) = state.sale {
        let ok = state.stage == Stage::Sales
            && (sale.cow as usize) < state.cows.len()
            && state.cows[sale.cow as usize].at == CowAt::Abilene
            // The seller plays no card; a `turn` out of range is reported above.
            && sale.cards.get(state.turn as usize).is_none_or(|c| *c == Slot::Empty)
            && sale.cards.iter().enumerate().all(|(s, c)| {
                *c == Slot::Empty || (s < n && state.ranchers[s].active() && *c != Slot::Hidden)
            });
        if !ok {
            bad("a sale is of a cow in Abilene, in the sales phase, with corral cards from the other ranchers in the game".into());
        }
    }
    for t in state.tasks.as_slice() {
        match *t {
            Task::Pay { payer, to, amount } => {
                if payer as usize >= n
                    || to.is_some_and(|t| t as usize >= n || t == payer)
                    || amount == 0
                    || amount % 100 != 0
                    || amount > MAX_PAYMENT
                {
                    bad(format!(
                        "a payment is from one seat to another or to the bank, a multiple of $100 up to ${MAX_PAYMENT}"
                    ));
                }
            }
            Task::PlaceBoy { owner, by, .. } => {
                if owner as usize >= n
                    || by as usize >= n
                    || !state.ranchers[owner as usize].cowboys.iter().any(|b| b.at == BoyAt::Held)
                    || !state.ranchers[by as usize].active()
                {
                    bad("a cowboy placement waits for a held cowboy, placed by a rancher in the game".into());
                }
            }
            Task::PlaceCow { cow } => {
                if cow as usize >= state.cows.len() || state.cows[cow as usize].at != CowAt::Held {
                    bad("a cow placement waits for a held cow".into());
                }
            }
        }
    }
    let held_boys: usize =
        state.ranchers.iter().map(|r| r.cowboys.iter().filter(|b| b.at == BoyAt::Held).count()).sum();
    let boy_tasks = state.tasks.as_slice().iter().filter(|t| matches!(t, Task::PlaceBoy { .. })).count();
    if held_boys != boy_tasks {
        bad(format!("{held_boys} cowboys wait to be placed, but {boy_tasks} placements are queued"));
    }
    if let Some(a) = state.asked {
        let short = matches!(state.tasks.head(), Some(Task::Pay { payer, amount, .. }) if (payer as usize) < n && state.ranchers[payer as usize].cash < amount);
        let lender_ok = (a.seat as usize) < n
            && state.ranchers[a.seat as usize].active()
            && state.ranchers[a.seat as usize].cash >= a.amount
            && state.asked_before & (1 << a.seat) == 0;
        let terms_ok = a.amount % 100 == 0
            && a.amount >= 100
            && a.amount <= u32::from(MAX_PLAYER_LOAN)
            && a.repay % 100 == 0
            && a.repay >= a.amount
            && a.repay <= a.amount + u32::from(MAX_INTEREST);
        if !short || !lender_ok || !terms_ok {
            bad("a loan is asked only by a payer short of money, of a rancher in the game with the cash, on allowed terms".into());
        }
    }
    if state.asked_before & !all_seats != 0 {
        bad("`asked_before` names seats that do not exist".into());
    }
    if let Some(rec) = state.last_sale
        && ((rec.cow as usize) >= state.cows.len()
            || state.cows[rec.cow as usize].at != CowAt::Sold
            || rec.seller as usize >= n)
    {
        bad("`last_sale` is the record of a cow sold".into());
    }
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    // Plays on: the position is settled (nothing automatic is pending) and has a move.
    let mut settled = state.clone();
    rules::advance(&mut settled, cfg);
    if settled != state {
        return Err(SetupError::one(
            "the position is not at a decision: the rules would play on by themselves (a payment the payer can make, a \
             placement with one field, a phase no die can play in, a sale whose cards are all down)",
        ));
    }
    if state.stage == Stage::Over {
        return Ok(state);
    }
    let mut legal = Vec::new();
    rules::legal_actions(&state, cfg, &mut legal);
    if legal.is_empty() {
        return Err(SetupError::one("the rules cannot play on from this position: nobody has a move"));
    }
    Ok(state)
}
