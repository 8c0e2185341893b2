//! The rules engine (rules §Setup, §A turn, §Money, §End of the game): who acts, the legal
//! actions, the chance nodes, applying an action, and the refusals that name the rule.
//!
//! After every action [`advance`] plays what needs no decision — a payment the payer can
//! make, a placement with one field allowed, the end of a phase no die can play on, the
//! reveal of a sale, the end of a turn — so the state always waits on a decision, a chance
//! outcome, or nothing (the end).

use rand::Rng;
use tabula_core::{Illegal, Turn};

use crate::action::{Action, CorralCard, MAX_BANK_LOAN, MAX_INTEREST, MAX_PLAYER_LOAN};
use crate::board::{Field, Kind, Ranch, Space};
use crate::cattle::{HERD_SIZE, Identity};
use crate::config::{Config, Placement};
use crate::corral;
use crate::money::{self, COWBOYS, RELEASE_PRICE};
use crate::paths;
use crate::spaces::Spaces;
use crate::state::{
    Asked, Board, Boy, BoyAt, BoyPlace, Cow, CowAt, Dice, Duel, Fixed, MAX_SEATS, Piece, Rancher, START_CASH,
    Sale, SaleRecord, Slot, Stage, State, Sticker, Task, Tasks, TownCows,
};

/// The faces of a dark cowboy die.
pub const DARK_FACES: [u8; 6] = [1, 1, 2, 2, 3, 4];

/// The ranch of seat `s`.
pub fn ranch(cfg: &Config, s: usize) -> Ranch {
    cfg.ranches()[s]
}

/// The state before the first action (rules §Setup): $10,000 each, the cowboys on the
/// boots, the herds waiting to be placed, and who starts to be drawn (or the seat named).
pub fn initial_state(cfg: &Config) -> State {
    let n = cfg.players as usize;
    let mut ranchers = Fixed::new(
        n,
        Rancher {
            cash: START_CASH,
            bank_debt: 0,
            owes: [0; MAX_SEATS],
            bankrupt: None,
            cowboys: [Boy { at: BoyAt::Box, moved: false }; COWBOYS as usize],
        },
    );
    for (s, r) in ranchers.iter_mut().enumerate() {
        for (boy, f) in r.cowboys.iter_mut().zip(ranch(cfg, s).fields_of_kind(Kind::Boot).iter()) {
            boy.at = BoyAt::Field(f.field().expect("a boot is a field"));
        }
    }
    let mut cows = Fixed::new(n * HERD_SIZE, Cow::unplaced(0));
    for (i, c) in cows.iter_mut().enumerate() {
        *c = Cow::unplaced((i / HERD_SIZE) as u8);
    }
    State {
        players: cfg.players,
        stage: Stage::Setup,
        turn: cfg.first.unwrap_or(0),
        first: cfg.first,
        turns: 0,
        dice: Dice::default(),
        ranchers,
        cows,
        town: TownCows::default(),
        order_chosen: false,
        duel: None,
        sale: None,
        last_sale: None,
        released: false,
        tasks: Tasks::default(),
        asked: None,
        asked_before: 0,
        sold: 0,
        bankruptcies: 0,
    }
}

// ---------------------------------------------------------------------------------------
// Who acts
// ---------------------------------------------------------------------------------------

/// What the state waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waiting {
    /// The end.
    Over,
    /// Chance: who starts.
    First,
    /// The next cow of the herd being placed (a decision, or chance with
    /// `placement=random`).
    Herd,
    /// Chance: the turn's roll.
    Roll,
    /// Chance: a duel's dice.
    Duel,
    /// The payer of the first task is short of money: borrow, ask or go bankrupt.
    Short {
        /// Who must pay.
        payer: u8,
        /// How much he lacks.
        shortfall: u32,
    },
    /// A seat asked for a loan answers.
    Answer(u8),
    /// A seat puts a held piece on a field.
    Place(u8),
    /// The player decides how many cowboys to release.
    Release,
    /// The player moves cows with the light dice.
    Cattle,
    /// The player moves cowboys with the dark dice.
    Cowboys,
    /// The player chooses which of his two cows is sold first.
    Sell,
    /// A seat commits a corral card.
    Corral(u8),
}

/// What the state waits on now. The state is settled ([`advance`] has run).
pub fn waiting(state: &State) -> Waiting {
    if state.stage == Stage::Over {
        return Waiting::Over;
    }
    if let Some(task) = state.tasks.head() {
        return match task {
            Task::Pay { payer, amount, .. } => match state.asked {
                Some(a) => Waiting::Answer(a.seat),
                None => Waiting::Short { payer, shortfall: amount - state.ranchers[payer as usize].cash },
            },
            Task::PlaceBoy { by, .. } => Waiting::Place(by),
            Task::PlaceCow { cow } => Waiting::Place(state.cows[cow as usize].owner),
        };
    }
    if state.duel.is_some() {
        return Waiting::Duel;
    }
    match state.stage {
        Stage::Setup if state.first.is_none() => Waiting::First,
        Stage::Setup => Waiting::Herd,
        Stage::Roll => Waiting::Roll,
        Stage::Prison => Waiting::Release,
        Stage::Cattle => Waiting::Cattle,
        Stage::Cowboys => Waiting::Cowboys,
        Stage::Sales => match state.sale {
            Some(sale) => Waiting::Corral(next_card_seat(state, &sale).unwrap_or(state.turn)),
            None => Waiting::Sell,
        },
        Stage::Over => Waiting::Over,
    }
}

/// Who acts now.
pub fn turn(state: &State, cfg: &Config) -> Turn {
    match waiting(state) {
        Waiting::Over => Turn::Terminal,
        Waiting::First | Waiting::Roll | Waiting::Duel => Turn::Chance,
        Waiting::Herd if cfg.placement == Placement::Random => Turn::Chance,
        Waiting::Herd | Waiting::Release | Waiting::Cattle | Waiting::Cowboys | Waiting::Sell => {
            Turn::Player(state.turn as usize)
        }
        Waiting::Short { payer, .. } => Turn::Player(payer as usize),
        Waiting::Answer(s) | Waiting::Place(s) | Waiting::Corral(s) => Turn::Player(s as usize),
    }
}

/// The next seat to commit a corral card: from the seller's left, not bankrupt, without a
/// card yet.
pub fn next_card_seat(state: &State, sale: &Sale) -> Option<u8> {
    let n = state.num_players();
    (1..n)
        .map(|i| (state.turn as usize + i) % n)
        .find(|&s| state.ranchers[s].active() && sale.cards[s] == Slot::Empty)
        .map(|s| s as u8)
}

// ---------------------------------------------------------------------------------------
// Legal actions
// ---------------------------------------------------------------------------------------

/// The fields a held piece may go to now, for the first task (a placement), with the
/// fallbacks of rules §4 Duels and §Rustling: empty when it goes to prison (a cowboy) or
/// leaves the game (a cow).
pub fn place_options(state: &State, cfg: &Config, board: &Board, task: Task) -> Spaces {
    let free = |r: Ranch, k: Kind| r.fields_of_kind(k) - board.occupied;
    match task {
        Task::PlaceBoy { owner, place, .. } => {
            let r = ranch(cfg, owner as usize);
            let first = match place {
                BoyPlace::Release => free(r, Kind::Boot) | free(r, Kind::OuterEdge),
                BoyPlace::OuterEdge => free(r, Kind::OuterEdge),
                BoyPlace::Boot => {
                    let boots = free(r, Kind::Boot);
                    if boots.is_empty() { free(r, Kind::OuterEdge) } else { boots }
                }
            };
            if first.is_empty() { r.fields() - board.occupied } else { first }
        }
        Task::PlaceCow { cow } => {
            let r = ranch(cfg, state.cows[cow as usize].owner as usize);
            let heads = free(r, Kind::CowHead);
            let first = if heads.is_empty() { free(r, Kind::OuterEdge) } else { heads };
            if first.is_empty() { r.fields() - board.occupied } else { first }
        }
        Task::Pay { .. } => Spaces::EMPTY,
    }
}

/// The fields of seat `s`'s ranch that take a stolen cow: its cow heads and its outer edge
/// (rules §Rustling).
fn cow_room(cfg: &Config, s: usize) -> Spaces {
    let r = ranch(cfg, s);
    r.fields_of_kind(Kind::CowHead) | r.fields_of_kind(Kind::OuterEdge)
}

/// Whether seat `s`'s ranch can take the cow his cowboy on `from` steals: a free cow-head
/// or outer-edge field once the cowboy has moved, the field he leaves counting as free (the
/// cow is put down after the move; rules §Rustling, Interpretation 19).
fn has_room(cfg: &Config, board: &Board, s: usize, from: Space) -> bool {
    let room = cow_room(cfg, s);
    room.contains(from) || !(room - board.occupied).is_empty()
}

/// The most cowboys the player may release now: all in prison from three on, bounded by
/// the free boot and outer-edge fields of his ranch.
pub fn max_release(state: &State, cfg: &Config, board: &Board) -> u8 {
    let s = state.turn as usize;
    let r = ranch(cfg, s);
    let room = ((r.fields_of_kind(Kind::Boot) | r.fields_of_kind(Kind::OuterEdge)) - board.occupied).len();
    money::max_release(state.ranchers[s].in_prison()).min(room as u8)
}

/// The unused light dice with a number, each value once.
fn light_dice(state: &State) -> impl Iterator<Item = u8> + '_ {
    let d = &state.dice;
    (0..2)
        .filter(move |&i| {
            !d.light_used[i] && d.light[i] > 0 && (i == 0 || d.light_used[0] || d.light[0] != d.light[1])
        })
        .map(move |i| d.light[i])
}

/// The unused dark dice, each value once.
fn dark_dice(state: &State) -> impl Iterator<Item = u8> + '_ {
    let d = &state.dice;
    (0..3)
        .filter(move |&i| !d.dark_used[i] && !(0..i).any(|j| !d.dark_used[j] && d.dark[j] == d.dark[i]))
        .map(move |i| d.dark[i])
}

/// Walks the player's cows that have not moved, for each light die of `dice` (outer loop)
/// and each cow on a field (inner loop, in cow order), calling `f` with the cow's field, the
/// die and the ends it reaches, until `f` returns `true`; says whether it did.
fn each_cow_move(
    state: &State,
    board: &Board,
    dice: impl Iterator<Item = u8>,
    mut f: impl FnMut(Field, u8, Spaces) -> bool,
) -> bool {
    let p = state.turn as usize;
    let empty = Spaces::FIELDS - board.occupied;
    for die in dice {
        for c in state.cows.iter() {
            if c.owner as usize != p || c.moved {
                continue;
            }
            let CowAt::Field(from) = c.at else { continue };
            if f(from, die, paths::cow_ends(from, die, empty, board.boys[p])) {
                return true;
            }
        }
    }
    false
}

/// The ends a cowboy of seat `p` may move to (rules §3): empty fields, Abilene, another
/// rancher's cowboy, and another rancher's cow when his ranch has room for it once the
/// cowboy has moved ([`has_room`]), which depends on the field he starts from.
#[derive(Clone, Copy)]
struct BoyEnds {
    /// Empty fields, Abilene, the other ranchers' cowboys.
    quiet: Spaces,
    /// The other ranchers' cows.
    cows: Spaces,
    /// The fields of seat `p`'s ranch that take a stolen cow.
    room: Spaces,
    /// Whether one of them is free before the move.
    free_room: bool,
}

impl BoyEnds {
    fn new(cfg: &Config, board: &Board, p: usize, players: usize) -> BoyEnds {
        let mut quiet = (Spaces::FIELDS - board.occupied).with(Space::ABILENE);
        let mut cows = Spaces::EMPTY;
        for s in (0..players).filter(|&s| s != p) {
            quiet |= board.boys[s];
            cows |= board.cows[s];
        }
        let room = cow_room(cfg, p);
        BoyEnds { quiet, cows, room, free_room: !(room - board.occupied).is_empty() }
    }

    /// The ends of a cowboy starting on `from`.
    fn from(&self, from: Space) -> Spaces {
        if self.free_room || self.room.contains(from) { self.quiet | self.cows } else { self.quiet }
    }
}

/// Walks the player's cowboys that have not moved, for each unused dark die (outer loop)
/// and each cowboy on the board (inner loop; those in Abilene once, as they are alike),
/// calling `f` with the start, the die and the ends it reaches, until `f` returns `true`;
/// says whether it did.
fn each_boy_move(
    state: &State,
    cfg: &Config,
    board: &Board,
    mut f: impl FnMut(Space, u8, Spaces) -> bool,
) -> bool {
    let p = state.turn as usize;
    let empty = Spaces::FIELDS - board.occupied;
    let ends = BoyEnds::new(cfg, board, p, state.num_players());
    for die in dark_dice(state) {
        let mut town_done = false;
        for b in &state.ranchers[p].cowboys {
            if b.moved {
                continue;
            }
            let from = match b.at {
                BoyAt::Field(f) => f.space(),
                BoyAt::Abilene if !town_done => {
                    town_done = true;
                    Space::ABILENE
                }
                _ => continue,
            };
            if f(from, die, paths::cowboy_ends(from, die, empty, ends.from(from))) {
                return true;
            }
        }
    }
    false
}

/// Whether some unused light die moves some cow of the player. The largest die is enough:
/// it reaches every end a smaller one does.
fn any_cow_move(state: &State, board: &Board) -> bool {
    each_cow_move(state, board, light_dice(state).max().into_iter(), |_, _, ends| !ends.is_empty())
}

/// Whether some unused dark die moves some cowboy of the player.
fn any_boy_move(state: &State, cfg: &Config, board: &Board) -> bool {
    each_boy_move(state, cfg, board, |_, _, ends| !ends.is_empty())
}

/// The legal actions (or chance outcomes) now, in a stable order.
pub fn legal_actions(state: &State, cfg: &Config, out: &mut Vec<Action>) {
    out.clear();
    match waiting(state) {
        Waiting::Over => {}
        Waiting::First | Waiting::Roll | Waiting::Duel => {
            let mut outcomes = Vec::new();
            chance_outcomes(state, cfg, &mut outcomes);
            out.extend(outcomes.into_iter().map(|(a, _)| a));
        }
        Waiting::Herd => out.extend(state.herd_left(state.turn as usize).values().map(Action::Herd)),
        Waiting::Short { payer, shortfall } => {
            let first = shortfall.div_ceil(100).max(1) as u16 * 100;
            out.extend((first..=MAX_BANK_LOAN).step_by(100).map(Action::Borrow));
            for s in 0..state.num_players() {
                if !may_be_asked(state, payer, s) {
                    continue;
                }
                let cash = state.ranchers[s].cash.min(u32::from(MAX_PLAYER_LOAN)) as u16;
                for amount in (first..=cash).step_by(100) {
                    for repay in (amount..=amount + MAX_INTEREST).step_by(100) {
                        out.push(Action::Ask { seat: s as u8, amount, repay });
                    }
                }
            }
            out.push(Action::Bankrupt);
        }
        Waiting::Answer(_) => out.extend([Action::Accept, Action::Refuse]),
        Waiting::Place(_) => {
            let board = state.board();
            let task = state.tasks.head().expect("a placement waits");
            out.extend(
                place_options(state, cfg, &board, task).iter().filter_map(|s| s.field()).map(Action::Place),
            );
        }
        Waiting::Release => {
            let board = state.board();
            out.extend((0..=max_release(state, cfg, &board)).map(Action::Release));
        }
        Waiting::Cattle => {
            let board = state.board();
            // No `pass`: the cows must move while one can (rules §2 Cattle, Interpretation
            // 16), and when none can the phase has ended by itself (`advance`).
            each_cow_move(state, &board, light_dice(state), |from, die, ends| {
                out.extend(ends.iter().map(|to| Action::Cow { from, to, die }));
                false
            });
        }
        Waiting::Cowboys => {
            let board = state.board();
            each_boy_move(state, cfg, &board, |from, die, ends| {
                out.extend(ends.iter().map(|to| Action::Boy { from, to, die }));
                false
            });
        }
        Waiting::Sell => out.extend([Action::Sell(1), Action::Sell(2)]),
        Waiting::Corral(_) => out.extend(CorralCard::ALL.map(Action::Corral)),
    }
}

/// Whether `payer` may ask seat `s` for a loan now (cash aside).
fn may_be_asked(state: &State, payer: u8, s: usize) -> bool {
    s != payer as usize && state.ranchers[s].active() && state.asked_before & (1 << s) == 0
}

// ---------------------------------------------------------------------------------------
// Chance
// ---------------------------------------------------------------------------------------

/// The probability of a dark die's face (1–4): 1/3, 1/3, 1/6, 1/6.
fn dark_p(face: u8) -> f64 {
    DARK_FACES.iter().filter(|&&f| f == face).count() as f64 / 6.0
}

/// The probability of a roll: the light pair's and the dark triple's, each unordered.
pub fn roll_probability(light: [u8; 2], dark: [u8; 3]) -> f64 {
    let pair = if light[0] == light[1] { 1.0 / 36.0 } else { 2.0 / 36.0 };
    let mut counts = [0u32; 5];
    for d in dark {
        counts[d as usize] += 1;
    }
    let fact = |n: u32| (1..=n).product::<u32>() as f64;
    let perms = 6.0 / counts.iter().map(|&c| fact(c)).product::<f64>();
    pair * perms * dark.iter().map(|&d| dark_p(d)).product::<f64>()
}

/// The 26ths of a duel's outcome (attacker's die, defender's die): two dark dice that
/// differ (rules §4 Duels).
pub fn duel_weight(attacker: u8, defender: u8) -> u32 {
    if attacker == defender {
        return 0;
    }
    let n = |f: u8| DARK_FACES.iter().filter(|&&x| x == f).count() as u32;
    n(attacker) * n(defender)
}

/// The chance outcomes now with their probabilities; empty at a decision.
pub fn chance_outcomes(state: &State, cfg: &Config, out: &mut Vec<(Action, f64)>) {
    out.clear();
    match waiting(state) {
        Waiting::First => {
            let p = 1.0 / f64::from(cfg.players);
            out.extend((0..cfg.players).map(|s| (Action::First(s), p)));
        }
        Waiting::Herd if cfg.placement == Placement::Random => {
            out.extend(state.herd_left(state.turn as usize).outcomes().map(|(v, p)| (Action::Herd(v), p)));
        }
        Waiting::Roll => {
            for a in 0..=5u8 {
                for b in a..=5u8 {
                    for c in 1..=4u8 {
                        for d in c..=4u8 {
                            for e in d..=4u8 {
                                out.push((
                                    Action::Roll { light: [a, b], dark: [c, d, e] },
                                    roll_probability([a, b], [c, d, e]),
                                ));
                            }
                        }
                    }
                }
            }
        }
        Waiting::Duel => {
            for attacker in 1..=4 {
                for defender in 1..=4 {
                    if attacker != defender {
                        out.push((
                            Action::Duel { attacker, defender },
                            f64::from(duel_weight(attacker, defender)) / 26.0,
                        ));
                    }
                }
            }
        }
        _ => {}
    }
}

/// Draws the roll or a duel straight from the dice, with the distribution of
/// [`chance_outcomes`]; `None` at other chance nodes.
pub fn sample_dice<R: Rng + ?Sized>(state: &State, rng: &mut R) -> Option<Action> {
    match waiting(state) {
        Waiting::Roll => {
            let light = [rng.random_range(0..6u8), rng.random_range(0..6u8)];
            let dark = [0; 3].map(|_| DARK_FACES[rng.random_range(0..6usize)]);
            Some(Action::roll(light, dark))
        }
        Waiting::Duel => loop {
            let (a, d) = (DARK_FACES[rng.random_range(0..6usize)], DARK_FACES[rng.random_range(0..6usize)]);
            if a != d {
                return Some(Action::Duel { attacker: a, defender: d });
            }
        },
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Checking
// ---------------------------------------------------------------------------------------

/// Whether `action` may be played now, and if not why, naming the rule.
pub fn check(state: &State, cfg: &Config, action: Action) -> Result<(), Illegal> {
    if !action.is_well_formed() {
        return Err(Illegal::new(format!("`{action}` is not a well-formed action")));
    }
    let w = waiting(state);
    if w == Waiting::Over {
        return Err(Illegal::new("the game is over (rules §End of the game)"));
    }
    if is_legal(state, cfg, w, action) {
        return Ok(());
    }
    Err(Illegal::new(explain(state, cfg, w, action)))
}

/// Whether the action is legal, without listing every legal action where that is slow
/// (the cow and cowboy moves: only the named piece's ends are worked out).
fn is_legal(state: &State, cfg: &Config, w: Waiting, action: Action) -> bool {
    let p = state.turn as usize;
    match (w, action) {
        (Waiting::Cattle, Action::Cow { from, to, die }) => {
            let Some(c) = state.cows.iter().find(|c| c.at == CowAt::Field(from)) else { return false };
            if c.owner as usize != p || c.moved || !light_dice(state).any(|d| d == die) {
                return false;
            }
            let board = state.board();
            paths::cow_ends(from, die, Spaces::FIELDS - board.occupied, board.boys[p]).contains(to)
        }
        (Waiting::Cattle, _) => false,
        (Waiting::Cowboys, Action::Boy { from, to, die }) => {
            let want = from.field().map_or(BoyAt::Abilene, BoyAt::Field);
            if !state.ranchers[p].cowboys.iter().any(|b| b.at == want && !b.moved)
                || !dark_dice(state).any(|d| d == die)
            {
                return false;
            }
            let board = state.board();
            let ends = BoyEnds::new(cfg, &board, p, state.num_players()).from(from);
            paths::cowboy_ends(from, die, Spaces::FIELDS - board.occupied, ends).contains(to)
        }
        (Waiting::Cowboys, _) => false,
        (Waiting::Short { .. }, Action::Borrow(_) | Action::Ask { .. } | Action::Bankrupt)
        | (Waiting::Answer(_), Action::Accept | Action::Refuse)
        | (Waiting::Place(_), Action::Place(_))
        | (Waiting::Release, Action::Release(_))
        | (Waiting::Sell, Action::Sell(_))
        | (Waiting::Corral(_), Action::Corral(_))
        | (Waiting::Herd, Action::Herd(_))
        | (Waiting::First, Action::First(_))
        | (Waiting::Roll, Action::Roll { .. })
        | (Waiting::Duel, Action::Duel { .. }) => {
            let mut legal = Vec::new();
            legal_actions(state, cfg, &mut legal);
            legal.contains(&action)
        }
        _ => false,
    }
}

/// What the state waits for, as a sentence.
pub fn expected(state: &State, w: Waiting) -> String {
    let seat = |s: u8| format!("seat {s}");
    match w {
        Waiting::Over => "the game is over".into(),
        Waiting::First => "who starts is being drawn (`first S`)".into(),
        Waiting::Herd => format!("{} places its herd, cow by cow (`herd V`, rules §Setup)", seat(state.turn)),
        Waiting::Roll => "the dice are rolled (`roll`, rules §A turn)".into(),
        Waiting::Duel => "the duel's dice are rolled (`duel`, rules §4 Duels)".into(),
        Waiting::Short { payer, shortfall } => format!(
            "{} is ${shortfall} short for a payment and must `borrow`, `ask` or go `bankrupt` (rules §Money)",
            seat(payer)
        ),
        Waiting::Answer(s) => {
            format!("{} answers a loan asked (`accept` or `refuse`, rules §Money)", seat(s))
        }
        Waiting::Place(s) => format!("{} puts a piece on a field (`place`)", seat(s)),
        Waiting::Release => {
            format!(
                "{} decides how many cowboys to release from prison (`release k`, rules §1 Prison)",
                seat(state.turn)
            )
        }
        Waiting::Cattle => {
            format!("{} moves cows with the light dice (`cow`, rules §2 Cattle)", seat(state.turn))
        }
        Waiting::Cowboys => {
            format!("{} moves cowboys with the dark dice (`boy`, rules §3 Cowboys)", seat(state.turn))
        }
        Waiting::Sell => format!(
            "{} chooses which cow is sold first (`sell 1` or `sell 2`, rules §5 Sales)",
            seat(state.turn)
        ),
        Waiting::Corral(s) => format!("{} commits a corral card (`corral`, rules §5 Sales)", seat(s)),
    }
}

fn explain(state: &State, cfg: &Config, w: Waiting, action: Action) -> String {
    let p = state.turn as usize;
    let now = expected(state, w);
    let wrong = || format!("`{action}` is not possible now: {now}");
    match (w, action) {
        (Waiting::First, Action::First(s)) => {
            format!("seat {s} does not exist: {} players sit at seats 0 to {}", cfg.players, cfg.players - 1)
        }
        (Waiting::Herd, Action::Herd(v)) => format!(
            "seat {p} has no cow worth ${v} left to place (a herd is seven cows of its brand worth 1000, 600, 600, 600, \
             300, 300 and 100, and two unbranded worth 500; rules §Setup)"
        ),
        (Waiting::Roll, Action::Roll { .. }) | (Waiting::Duel, Action::Duel { .. }) => {
            format!("`{action}` is not an outcome of these dice")
        }
        (Waiting::Release, Action::Release(k)) => {
            let n = state.ranchers[p].in_prison();
            if n < money::MIN_IN_PRISON_TO_RELEASE {
                format!(
                    "seat {p} has {n} cowboys in prison: cowboys are released only when three or more are (rules §1 Prison)"
                )
            } else if k > n {
                format!("seat {p} has only {n} cowboys in prison (rules §1 Prison)")
            } else {
                let board = state.board();
                format!(
                    "a released cowboy goes to a free boot or outer-edge field of his ranch, and seat {p}'s ranch has only \
                     {} free (rules §1 Prison)",
                    max_release(state, cfg, &board)
                )
            }
        }
        (Waiting::Place(_), Action::Place(f)) => {
            let task = state.tasks.head().expect("a placement waits");
            let board = state.board();
            let options = place_options(state, cfg, &board, task);
            let rule = match task {
                Task::PlaceBoy { place: BoyPlace::Release, .. } => {
                    "a released cowboy goes to a free boot or outer-edge field of his ranch (rules §1 Prison)"
                }
                Task::PlaceBoy { place: BoyPlace::OuterEdge, .. } => {
                    "a cowboy who lost a duel in his own ranch goes to a free field of its outer edge (rules §4 Duels, case b)"
                }
                Task::PlaceBoy { place: BoyPlace::Boot, .. } => {
                    "a cowboy who lost a duel in another ranch goes to a free boot field of his ranch, or if none is free \
                     to a free outer-edge field (rules §4 Duels, case c)"
                }
                _ => {
                    "a stolen cow goes to a free cow-head field of the thief's ranch, or if none is free to a free \
                      outer-edge field (rules §Rustling)"
                }
            };
            format!("{f} is not allowed: {rule}; allowed now: {options}")
        }
        (Waiting::Cattle, Action::Cow { from, to, die }) => {
            let cow = state.cows.iter().find(|c| c.at == CowAt::Field(from));
            match cow {
                None => format!("there is no cow on {from} (rules §2 Cattle)"),
                Some(c) if c.owner as usize != p => {
                    format!(
                        "the cow on {from} is not seat {p}'s: a rancher moves only his own cows (rules §2 Cattle)"
                    )
                }
                Some(c) if c.moved => {
                    format!(
                        "the cow on {from} has moved this turn: each light die moves a different cow (rules §2 Cattle)"
                    )
                }
                Some(_) if !light_dice(state).any(|d| d == die) => {
                    format!(
                        "no unused light die shows {die} (dice {}; rules §2 Cattle)",
                        dice_text(&state.dice.light, &state.dice.light_used)
                    )
                }
                Some(_) if to.field().is_some_and(|t| t.ranch() != from.ranch()) => {
                    "a cow never leaves its ranch (rules §2 Cattle)".into()
                }
                Some(_) => {
                    format!(
                        "the cow on {from} cannot reach {to} with a {die}: a cow goes 1 to {die} steps, straight with at \
                         most one turn, through empty fields and its rancher's cowboys only, to an empty field of its ranch \
                         or into Abilene (rules §2 Cattle, §Paths)"
                    )
                }
            }
        }
        (Waiting::Cattle, Action::Boy { .. }) => {
            format!("the cows move first: {now}; the cowboys move once no light die left can move a cow")
        }
        (Waiting::Cattle, Action::Pass) => format!(
            "seat {p} must move a cow: the light dice are always played while a cow can move (\"Les actions 2 et 3 \
             sont systématiques\"); a cow may stop short of its die, but not stay put, and a die is lost only when no \
             cow left can use it (rules §2 Cattle, Interpretation 16)"
        ),
        (Waiting::Cowboys, Action::Boy { from, to, die }) => {
            let board = state.board();
            let mine = match from.field() {
                Some(f) => state.ranchers[p].cowboys.iter().find(|b| b.at == BoyAt::Field(f)),
                None => state.ranchers[p].cowboys.iter().find(|b| b.at == BoyAt::Abilene && !b.moved),
            };
            let owns = |s: Space| board.boys[p].contains(s) || board.cows[p].contains(s);
            match mine {
                None => format!("seat {p} has no cowboy on {from} that can move (rules §3 Cowboys)"),
                Some(b) if b.moved => {
                    format!(
                        "the cowboy on {from} has moved this turn: each dark die moves a different cowboy (rules §3 Cowboys)"
                    )
                }
                Some(_) if !dark_dice(state).any(|d| d == die) => {
                    format!(
                        "no unused dark die shows {die} (dice {}; rules §3 Cowboys)",
                        dice_text(&state.dice.dark, &state.dice.dark_used)
                    )
                }
                Some(_) if owns(to) => {
                    "a cowboy never ends his move on one of his rancher's own pieces (rules §3 Cowboys)"
                        .to_owned()
                }
                Some(_)
                    if (0..state.num_players()).any(|s| s != p && board.cows[s].contains(to))
                        && !has_room(cfg, &board, p, from) =>
                {
                    format!(
                        "seat {p}'s ranch has no free cow-head or outer-edge field for a stolen cow, even once the cowboy has \
                         left {from}, so he may not end on another rancher's cow (rules §Rustling)"
                    )
                }
                Some(_) => format!(
                    "the cowboy on {from} cannot reach {to} with a {die}: a cowboy goes exactly {die} steps, straight with at \
                     most one turn, through empty fields and Abilene only (rules §3 Cowboys, §Paths)"
                ),
            }
        }
        (Waiting::Cowboys, Action::Pass) => {
            format!("the dark dice must be used while a cowboy can move: {now}")
        }
        (Waiting::Short { shortfall, .. }, Action::Borrow(n)) => {
            if u32::from(n) < shortfall {
                format!("a bank loan covers the shortfall: borrow at least ${shortfall} (rules §Money)")
            } else {
                format!("a bank loan is at most ${MAX_BANK_LOAN} (rules Interpretation 29)")
            }
        }
        (Waiting::Short { payer, shortfall }, Action::Ask { seat, amount, .. }) => {
            let s = seat as usize;
            if s >= state.num_players() {
                format!("there is no seat {seat}")
            } else if s == payer as usize {
                "a rancher cannot lend to himself (rules §Money)".into()
            } else if !state.ranchers[s].active() {
                format!("seat {seat} is bankrupt and out of the game (rules §Money)")
            } else if state.asked_before & (1 << s) != 0 {
                format!(
                    "seat {seat} was already asked for this payment: one offer to each seat a payment (rules §Money, Interpretation 30)"
                )
            } else if u32::from(amount) < shortfall {
                format!("the loan must cover the shortfall: ask for at least ${shortfall} (rules §Money)")
            } else {
                format!("seat {seat} has only ${} in cash to lend (rules §Money)", state.ranchers[s].cash)
            }
        }
        _ => wrong(),
    }
}

/// Dice with the used ones in brackets: `2 [5]`.
fn dice_text(dice: &[u8], used: &[bool]) -> String {
    dice.iter()
        .zip(used)
        .map(|(d, &u)| if u { format!("[{d}]") } else { d.to_string() })
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------------------
// Playing
// ---------------------------------------------------------------------------------------

/// Applies a legal action, then [`advance`]s.
pub fn play(state: &mut State, cfg: &Config, action: Action) {
    let p = state.turn as usize;
    match action {
        Action::First(s) => {
            state.first = Some(s);
            state.turn = s;
        }
        Action::Herd(v) => {
            let range = State::herd_range(p);
            let n = state.cows[range.clone()].iter().take_while(|c| c.at != CowAt::Unplaced).count();
            let field = ranch(cfg, p)
                .fields_of_kind(Kind::CowHead)
                .iter()
                .nth(n)
                .and_then(|s| s.field())
                .expect("nine cow heads");
            let cow = &mut state.cows[range.start + n];
            cow.at = CowAt::Field(field);
            cow.id = Sticker(Identity::in_herd(ranch(cfg, p), v));
            cow.known = 1 << p;
            if n + 1 == HERD_SIZE {
                let next = (p + 1) % state.num_players();
                if Some(next as u8) == state.first {
                    state.stage = Stage::Roll;
                }
                state.turn = next as u8;
            }
        }
        Action::Roll { light, dark } => {
            state.dice = Dice { light, light_used: [false; 2], dark, dark_used: [false; 3] };
            state.stage = Stage::Prison;
            state.released = false;
        }
        Action::Release(k) => {
            state.released = true;
            let r = &mut state.ranchers[p];
            let n = r.in_prison();
            let mut left = k;
            for b in r.cowboys.iter_mut().filter(|b| b.at == BoyAt::Prison) {
                if left == 0 {
                    break;
                }
                b.at = BoyAt::Held;
                left -= 1;
            }
            for _ in 0..k {
                state.tasks.push(Task::Pay { payer: p as u8, to: None, amount: RELEASE_PRICE });
            }
            for _ in 0..k {
                state.tasks.push(Task::PlaceBoy { owner: p as u8, by: p as u8, place: BoyPlace::Release });
            }
            push_fees(state, p, n - k);
        }
        Action::Place(f) => {
            place_on(state, Some(f));
        }
        Action::Pass => {
            state.dice.light_used = [true; 2];
        }
        Action::Cow { from, to, die } => {
            use_die(&mut state.dice.light_used, &state.dice.light, die);
            let i = state.cows.iter().position(|c| c.at == CowAt::Field(from)).expect("a cow there");
            state.cows[i].moved = true;
            if to.is_abilene() {
                state.cows[i].at = CowAt::Abilene;
                state.town.push(i as u8);
            } else {
                state.cows[i].at = CowAt::Field(to.field().expect("a field"));
            }
        }
        Action::Boy { from, to, die } => {
            use_die(&mut state.dice.dark_used, &state.dice.dark, die);
            let target = to.field().and_then(|f| state.piece_at(f));
            let want = match from.field() {
                Some(f) => BoyAt::Field(f),
                None => BoyAt::Abilene,
            };
            let boy = state.ranchers[p]
                .cowboys
                .iter_mut()
                .find(|b| b.at == want && !b.moved)
                .expect("a cowboy there");
            boy.moved = true;
            boy.at = match to.field() {
                Some(f) => BoyAt::Field(f),
                None => BoyAt::Abilene,
            };
            match target {
                Some(Piece::Cow(c)) => {
                    let cow = &mut state.cows[c as usize];
                    cow.owner = p as u8;
                    cow.known |= 1 << p;
                    cow.at = CowAt::Held;
                    state.tasks.push(Task::PlaceCow { cow: c });
                }
                Some(Piece::Boy(s)) => {
                    state.duel =
                        Some(Duel { field: to.field().expect("a field"), attacker: p as u8, defender: s });
                }
                None => {}
            }
        }
        Action::Duel { attacker, defender } => resolve_duel(state, cfg, attacker > defender),
        Action::Sell(n) => {
            state.order_chosen = true;
            if n == 2 {
                state.town.swap();
            }
        }
        Action::Corral(card) => {
            let mut sale = state.sale.expect("a sale in progress");
            let s = next_card_seat(state, &sale).expect("a seat to commit");
            sale.cards[s as usize] = Slot::Card(card);
            state.sale = Some(sale);
        }
        Action::Borrow(n) => {
            let Some(Task::Pay { payer, .. }) = state.tasks.head() else { unreachable!("a payment waits") };
            let r = &mut state.ranchers[payer as usize];
            r.cash += u32::from(n);
            r.bank_debt += money::bank_repayment(u32::from(n));
        }
        Action::Ask { seat, amount, repay } => {
            state.asked = Some(Asked { seat, amount: u32::from(amount), repay: u32::from(repay) });
        }
        Action::Accept => {
            let a = state.asked.take().expect("a loan asked");
            let Some(Task::Pay { payer, .. }) = state.tasks.head() else { unreachable!("a payment waits") };
            state.ranchers[a.seat as usize].cash -= a.amount;
            let r = &mut state.ranchers[payer as usize];
            r.cash += a.amount;
            r.owes[a.seat as usize] += a.repay;
        }
        Action::Refuse => {
            let a = state.asked.take().expect("a loan asked");
            state.asked_before |= 1 << a.seat;
        }
        Action::Bankrupt => bankrupt(state, cfg),
    }
    advance(state, cfg);
}

fn use_die(used: &mut [bool], dice: &[u8], die: u8) {
    let i = (0..dice.len()).find(|&i| !used[i] && dice[i] == die).expect("an unused die");
    used[i] = true;
}

fn push_fees(state: &mut State, p: usize, left: u8) {
    let fees = money::prison_fees(left);
    if fees > 0 {
        state.tasks.push(Task::Pay { payer: p as u8, to: None, amount: fees });
    }
}

/// Puts the held piece of the first task on `field` (or, with no field, in prison / out of
/// the game) and drops the task.
fn place_on(state: &mut State, field: Option<Field>) {
    match state.tasks.head() {
        Some(Task::PlaceBoy { owner, .. }) => {
            if let Some(b) = state.ranchers[owner as usize].cowboys.iter_mut().find(|b| b.at == BoyAt::Held) {
                b.at = field.map_or(BoyAt::Prison, BoyAt::Field);
            }
        }
        Some(Task::PlaceCow { cow }) => {
            state.cows[cow as usize].at = field.map_or(CowAt::Gone, CowAt::Field);
        }
        _ => unreachable!("a placement waits"),
    }
    state.tasks.pop();
}

fn resolve_duel(state: &mut State, cfg: &Config, attacker_wins: bool) {
    let duel = state.duel.take().expect("a duel waits");
    let (winner, loser) =
        if attacker_wins { (duel.attacker, duel.defender) } else { (duel.defender, duel.attacker) };
    let at = BoyAt::Field(duel.field);
    let field_ranch = duel.field.ranch();
    let loser_ranch = ranch(cfg, loser as usize);
    let to_prison = field_ranch == ranch(cfg, winner as usize);
    let boy = state.ranchers[loser as usize]
        .cowboys
        .iter_mut()
        .find(|b| b.at == at)
        .expect("the loser on the field");
    if to_prison {
        // a) In the winner's ranch: prison.
        boy.at = BoyAt::Prison;
    } else {
        boy.at = BoyAt::Held;
        // b) In the loser's ranch: its outer edge; c) elsewhere: its boots, else the edge.
        let place = if field_ranch == loser_ranch { BoyPlace::OuterEdge } else { BoyPlace::Boot };
        state.tasks.push(Task::PlaceBoy { owner: loser, by: winner, place });
    }
}

/// Seat `payer` declares bankruptcy on the payment at the head of the tasks (rules §Money).
fn bankrupt(state: &mut State, cfg: &Config) {
    let Some(Task::Pay { payer, to, .. }) = state.tasks.head() else { unreachable!("a payment waits") };
    let b = payer as usize;
    let cash = std::mem::take(&mut state.ranchers[b].cash);
    if let Some(t) = to {
        state.ranchers[t as usize].cash += cash;
    }
    state.asked = None;
    state.asked_before = 0;
    let r = &mut state.ranchers[b];
    r.bankrupt = Some(state.bankruptcies);
    state.bankruptcies += 1;
    r.bank_debt = 0;
    r.owes = [0; MAX_SEATS];
    for boy in &mut r.cowboys {
        *boy = Boy { at: BoyAt::Box, moved: false };
    }
    state.tasks.retain(|t| match *t {
        Task::Pay { payer, to, .. } => payer as usize != b && to.is_none_or(|t| t as usize != b),
        Task::PlaceBoy { owner, .. } => owner as usize != b,
        Task::PlaceCow { .. } => true,
    });
    // His cows waiting in Abilene go back to his ranch.
    for i in 0..state.cows.len() {
        let c = state.cows[i];
        if c.owner as usize == b && c.at == CowAt::Abilene {
            state.town.remove(i as u8);
            let board = state.board();
            let r = ranch(cfg, b);
            let spot = (r.fields_of_kind(Kind::CowHead) - board.occupied)
                .iter()
                .next()
                .or_else(|| (r.fields_of_kind(Kind::OuterEdge) - board.occupied).iter().next());
            state.cows[i].at = spot.and_then(|s| s.field()).map_or(CowAt::Gone, CowAt::Field);
        }
    }
    if state.turn as usize == b && state.stage != Stage::Setup {
        state.tasks.clear();
        state.sale = None;
        state.duel = None;
        end_turn(state, cfg);
    }
}

/// Plays everything that needs no decision, until the state waits on a decision, a chance
/// outcome or nothing.
pub fn advance(state: &mut State, cfg: &Config) {
    loop {
        if state.stage == Stage::Over {
            return;
        }
        if let Some(task) = state.tasks.head() {
            match task {
                Task::Pay { payer, to, amount } => {
                    let payer_out = !state.ranchers[payer as usize].active();
                    let to_out = to.is_some_and(|t| !state.ranchers[t as usize].active());
                    if payer_out || to_out {
                        state.tasks.pop();
                    } else if state.ranchers[payer as usize].cash >= amount {
                        state.ranchers[payer as usize].cash -= amount;
                        if let Some(t) = to {
                            state.ranchers[t as usize].cash += amount;
                        }
                        state.tasks.pop();
                        state.asked = None;
                        state.asked_before = 0;
                    } else {
                        return;
                    }
                }
                Task::PlaceBoy { owner, .. } if !state.ranchers[owner as usize].active() => state.tasks.pop(),
                _ => {
                    let board = state.board();
                    let options = place_options(state, cfg, &board, task);
                    match options.len() {
                        0 => place_on(state, None),
                        1 => place_on(state, options.iter().next().and_then(|s| s.field())),
                        _ => return,
                    }
                }
            }
            continue;
        }
        if state.duel.is_some() {
            return;
        }
        match state.stage {
            Stage::Setup | Stage::Roll | Stage::Over => return,
            Stage::Prison => {
                if state.released {
                    state.stage = Stage::Cattle;
                    continue;
                }
                let board = state.board();
                let p = state.turn as usize;
                if max_release(state, cfg, &board) > 0 {
                    return;
                }
                state.released = true;
                let n = state.ranchers[p].in_prison();
                push_fees(state, p, n);
            }
            Stage::Cattle => {
                let board = state.board();
                if any_cow_move(state, &board) {
                    return;
                }
                state.dice.light_used = [true; 2];
                state.stage = Stage::Cowboys;
            }
            Stage::Cowboys => {
                let board = state.board();
                if any_boy_move(state, cfg, &board) {
                    return;
                }
                state.dice.dark_used = [true; 3];
                state.stage = Stage::Sales;
            }
            Stage::Sales => {
                if let Some(sale) = state.sale {
                    if next_card_seat(state, &sale).is_some() {
                        return;
                    }
                    reveal(state, cfg, sale);
                    continue;
                }
                if state.town.len() == 2 && !state.order_chosen {
                    return;
                }
                match state.town.as_slice().first().copied() {
                    Some(cow) => {
                        state.town.remove(cow);
                        state.sale = Some(Sale { cow, cards: [Slot::Empty; MAX_SEATS] });
                    }
                    None => end_turn(state, cfg),
                }
            }
        }
    }
}

/// The sale's cards are all down: reveal, pay, and queue the settlements (rules §5).
fn reveal(state: &mut State, cfg: &Config, sale: Sale) {
    let seller = state.turn as usize;
    let n = state.num_players();
    let cow = &mut state.cows[sale.cow as usize];
    let id = cow.id.0.expect("a cow on the board has a sticker");
    cow.at = CowAt::Sold;
    cow.known = ((1u16 << n) - 1) as u8;
    let mut cards = [None; MAX_SEATS];
    for (c, slot) in cards.iter_mut().zip(sale.cards) {
        if let Slot::Card(card) = slot {
            *c = Some(card);
        }
    }
    let settled = corral::settle(ranch(cfg, seller), id, &cards[..n]);
    state.ranchers[seller].cash += settled.bank;
    state.sold += 1;
    state.sale = None;
    state.last_sale = Some(SaleRecord {
        seller: seller as u8,
        cow: sale.cow,
        cards: sale.cards,
        bank: settled.bank,
        transfers: settled.transfers,
    });
    let order = (1..n).map(|i| (seller + i) % n);
    for s in order.clone() {
        let t = settled.transfers[s];
        if t < 0 {
            state.tasks.push(Task::Pay { payer: s as u8, to: Some(seller as u8), amount: t.unsigned_abs() });
        }
    }
    for s in order {
        let t = settled.transfers[s];
        if t > 0 {
            state.tasks.push(Task::Pay { payer: seller as u8, to: Some(s as u8), amount: t as u32 });
        }
    }
}

/// The end of a turn: the end of the game, or the next rancher's roll (rules §End).
fn end_turn(state: &mut State, cfg: &Config) {
    for c in state.cows.iter_mut() {
        c.moved = false;
    }
    for r in state.ranchers.iter_mut() {
        for b in &mut r.cowboys {
            b.moved = false;
        }
    }
    state.town.clear();
    state.order_chosen = false;
    state.released = false;
    state.dice = Dice::default();
    state.turns += 1;
    let n = state.num_players();
    let active = state.active_seats().count();
    let empty_ranch = state.active_seats().any(|s| state.cows_in_ranch(s) == 0);
    let short = cfg.short_game > 0 && state.sold >= cfg.short_game;
    if empty_ranch || short || active < 2 || state.turns >= cfg.turn_limit {
        state.stage = Stage::Over;
        return;
    }
    let next = (1..=n)
        .map(|i| (state.turn as usize + i) % n)
        .find(|&s| state.ranchers[s].active())
        .expect("two active");
    state.turn = next as u8;
    state.stage = Stage::Roll;
}

/// Each seat's rank return (rules §End of the game and returns), so far or at the end.
pub fn returns_into(state: &State, out: &mut [f64]) {
    let mut standings = [money::Standing::Final(0); MAX_SEATS];
    let n = state.num_players();
    for (s, st) in standings.iter_mut().enumerate().take(n) {
        *st = match state.ranchers[s].bankrupt {
            Some(k) => money::Standing::Bankrupt(k),
            None => money::Standing::Final(state.final_money(s)),
        };
    }
    money::rank_returns_into(&standings[..n], out);
}
