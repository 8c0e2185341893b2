//! The leap generator's fast path: one player's side of the board as bit sets over their
//! path, so that "which frogs may leap a 4" is a shift and an `and`, and the forced-move
//! search (rules §Other leaping rules) tries a leap by updating two squares.
//!
//! Bit `n` of each set stands for the square `n` pips from the pond on the player's own
//! path (`Square::at(player, n)`: their own safe sector for 2 to 7), bit 26 for the root.
//! A leap of `d` from `n` lands on `n − d`, so the frogs that may leap `d` onto the board
//! are `from & (land << d)`. This states the rules of [`crate::leaps::single_leap`] in
//! another form: what changes there changes here, and the unit tests below compare the two
//! on every square and die of random games and crowded positions.

use crate::action::Action;
use crate::board::{
    Colour, EIGHT, FROGS, MAX_STACK, MAX_STACK_DIAMOND, ONE, OUTER_LAST, ROOT, Square, Stack,
};
use crate::state::{Dice, State};

/// The root's bit.
const ROOT_BIT: u32 = 1 << ROOT;
/// The outer path and the root: while a frog of the player's is there, the pond is closed
/// (rules §Final leaps).
const OUTER_AND_ROOT: u32 = ((ROOT_BIT << 1) - 1) & !((1 << OUTER_LAST) - 1);
/// Eight and One, where a stack is maxed at two frogs.
const DIAMONDS: u32 = (1 << EIGHT) | (1 << ONE);

// What a stack means to one player, by the stack's byte ([`Stack::bits`]): one table per
// colour, so that the generator reads a square with one load.

/// The player's frog is on top: it may leap (unless the Top Frog freezes it).
const FROM: u8 = 1;
/// The player has a frog in the stack (the farthest frog and the pond rule count it).
const HAS: u8 = 2;
/// The player may land here on a square holding five frogs at most: not maxed, no
/// opposing heap on top.
const LAND: u8 = 4;
/// The same on Eight or One, maxed at two frogs. Must be `LAND << 1` (see `refresh`).
const LAND_DIAMOND: u8 = 8;
/// Landing here hits: one opposing frog alone on top (a blot).
const HIT: u8 = 16;

/// The flags of stack byte `bits` for colour index `c`.
const fn flags(bits: u8, c: usize) -> u8 {
    let stack = Stack::from_bits(bits);
    let height = stack.height();
    if height > MAX_STACK {
        return 0; // not a stack
    }
    let mut out = 0;
    let mut mine = 0;
    let mut i = 0;
    while i < height {
        if stack.frog(i).index() == c {
            mine += 1;
        }
        i += 1;
    }
    if mine > 0 {
        out |= HAS;
    }
    // The run of the top frog's colour on top (rules §Stacks: blot, pair, heap).
    let (mut top_mine, mut run) = (false, 0);
    if height > 0 {
        top_mine = stack.frog(height - 1).index() == c;
        let mut i = height;
        while i > 0 && (stack.frog(i - 1).index() == c) == top_mine {
            run += 1;
            i -= 1;
        }
    }
    if top_mine {
        out |= FROM;
    }
    let heap = height > 0 && !top_mine && run >= 3;
    if height < MAX_STACK && !heap {
        out |= LAND;
    }
    if height < MAX_STACK_DIAMOND && !heap {
        out |= LAND_DIAMOND;
    }
    if height > 0 && !top_mine && run == 1 {
        out |= HIT;
    }
    out
}

const fn flag_table(c: usize) -> [u8; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = flags(b as u8, c);
        b += 1;
    }
    table
}

/// [`flags`] of every byte, for red and for purple.
static FLAGS: [[u8; 256]; Colour::NUM] = [flag_table(0), flag_table(1)];

const fn square_table(player: Colour) -> [u8; ROOT as usize] {
    let mut table = [0; ROOT as usize];
    let mut pip = 1;
    while pip < ROOT {
        table[pip as usize] = match Square::at(player, pip) {
            Some(square) => square.index() as u8,
            None => panic!("every pip from 1 to 25 is a square"),
        };
        pip += 1;
    }
    table
}

const fn pip_table() -> [u8; Square::NUM] {
    let mut table = [0; Square::NUM];
    let mut i = 0;
    while i < Square::NUM {
        table[i] = match Square::from_index(i) {
            Some(square) => square.pip(),
            None => panic!("every index below NUM is a square"),
        };
        i += 1;
    }
    table
}

/// The pip of each square, by [`Square`] index.
static PIP_OF: [u8; Square::NUM] = pip_table();

/// The index of `Square::at(player, pip)` for pips 1 to 25, by colour index.
static SQUARE_AT: [[u8; ROOT as usize]; Colour::NUM] =
    [square_table(Colour::Red), square_table(Colour::Purple)];

/// The highest bit set of a non-empty set.
fn highest(set: u32) -> u8 {
    debug_assert!(set != 0);
    31 - set.leading_zeros() as u8
}

/// Whether `set` has four squares or more.
fn at_least_four(set: u32) -> bool {
    let three_fewer = (0..3).fold(set, |s, _| s & s.wrapping_sub(1)); // the lowest bit off, three times
    three_fewer != 0
}

/// Eight bytes, each 0 or 1, packed into eight bits: byte `i` becomes bit `i`. Multiplying
/// by this constant adds up shifted copies of the word so that byte `i`'s bit lands on bit
/// `56 + i`, with no carries into bits 56 to 63 (each of them receives one byte only).
const PACK: u64 = 0x0102_0408_1020_4080;
/// The lowest bit of each byte.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// Bit `flag` of each byte of `bytes`, as a bit set: byte `i` becomes bit `i`.
fn gather(words: &[u64; 4], flag: u8) -> u32 {
    let mut set = 0;
    for (k, word) in words.iter().enumerate() {
        let bits = (word >> flag) & LOW_BITS;
        set |= ((bits.wrapping_mul(PACK) >> 56) as u32) << (8 * k);
    }
    set
}

/// Whether `player` has a leap with one of `dice` onto a square of the board, looked for
/// square by square from the root down and stopping at the first found: a cheaper
/// [`Reach::any`] when some leap is possible, as it usually is. `false` says only that no
/// such leap was found: a final leap may still be possible.
pub(crate) fn some_leap_onto_board(state: &State, player: Colour, dice: Dice) -> bool {
    let c = player.index();
    let (table, squares) = (&FLAGS[c], &SQUARE_AT[c]);
    let frozen = state.top_frog.map_or(usize::MAX, Square::index);
    // Whether a frog may land on the square `pip`.
    let lands = |pip: u8| {
        let square = squares[pip as usize] as usize;
        let flag = if DIAMONDS & (1 << pip) != 0 { LAND_DIAMOND } else { LAND };
        square != frozen && table[state.board.0[square].bits() as usize] & flag != 0
    };
    let (hi, lo) = (dice.as_slice()[0], dice.as_slice()[dice.len() - 1]);
    let may_leap = |from: u8| (hi < from && lands(from - hi)) || (lo < from && lands(from - lo));
    if state.root[c] > 0 && may_leap(ROOT) {
        return true;
    }
    (1..ROOT).rev().any(|from| {
        let square = squares[from as usize] as usize;
        square != frozen && table[state.board.0[square].bits() as usize] & FROM != 0 && may_leap(from)
    })
}

/// One player's side of a position, for generating leaps: the stacks and the bit sets read
/// from them, kept up to date leap by leap.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reach {
    /// The stacks, by [`Square`] index.
    board: [Stack; Square::NUM],
    /// The player's colour index.
    c: u8,
    /// The player's frogs at the root.
    root: u8,
    /// The player's frogs in the pond.
    pond: u8,
    /// Every bit but the Top Frog's square: frogs there may not leap, none may land there.
    thawed: u32,
    /// Squares whose top frog is the player's and may leap; the root while it holds one.
    from: u32,
    /// Squares where the player's frog may land.
    land: u32,
    /// Squares holding any frog of the player's; the root while it holds one.
    present: u32,
}

impl Reach {
    /// `player`'s side of `state`.
    pub(crate) fn new(state: &State, player: Colour) -> Reach {
        let c = player.index();
        let mut thawed = !0;
        if let Some(square) = state.top_frog {
            let pip = PIP_OF[square.index()];
            if SQUARE_AT[c][pip as usize] as usize == square.index() {
                thawed = !(1 << pip); // the Top Frog on the player's path (always, in play)
            }
        }
        // Each square's flags at the byte of its pip, then each flag's bytes packed into a
        // bit set eight squares at a time.
        let (table, squares) = (&FLAGS[c], &SQUARE_AT[c]);
        let mut bytes = [0u8; 32];
        for pip in 1..ROOT as usize {
            bytes[pip] = table[state.board.0[squares[pip] as usize].bits() as usize];
        }
        let words: [u64; 4] = std::array::from_fn(|k| {
            u64::from_le_bytes(bytes[8 * k..8 * k + 8].try_into().expect("eight bytes"))
        });
        let diamond = |pip: u8| u32::from(bytes[pip as usize] & LAND_DIAMOND != 0) << pip;
        let land_diamonds = diamond(EIGHT) | diamond(ONE);
        let land = (gather(&words, LAND.trailing_zeros() as u8) & !DIAMONDS) | land_diamonds;
        let root = state.root[c];
        let at_root = if root > 0 { ROOT_BIT } else { 0 };
        Reach {
            board: state.board.0,
            c: c as u8,
            root,
            pond: state.pond[c],
            thawed,
            from: (gather(&words, FROM.trailing_zeros() as u8) & thawed) | at_root,
            land: land & thawed,
            present: gather(&words, HAS.trailing_zeros() as u8) | at_root,
        }
    }

    /// The stack on the square `pip` pips from the pond, to change.
    fn stack_mut(&mut self, pip: u8) -> &mut Stack {
        &mut self.board[SQUARE_AT[self.c as usize][pip as usize] as usize]
    }

    /// Reads the square `pip` again after its stack changed.
    fn refresh(&mut self, pip: u8) {
        let stack = self.board[SQUARE_AT[self.c as usize][pip as usize] as usize];
        let f = u32::from(FLAGS[self.c as usize][stack.bits() as usize]);
        let bit = 1u32 << pip;
        let diamond = (DIAMONDS >> pip) & 1;
        self.from = (self.from & !bit) | (((f & u32::from(FROM)) << pip) & self.thawed);
        self.present = (self.present & !bit) | (((f & u32::from(HAS)) >> 1) << pip);
        self.land = (self.land & !bit) | ((((f >> (2 + diamond)) & 1) << pip) & self.thawed);
    }

    /// The squares (bit 26: the root) from which the player may leap `die` now, into the
    /// pond included: exactly those where [`crate::leaps::single_leap`] says yes.
    pub(crate) fn moves(&self, die: u8) -> u32 {
        let onto_board = self.from & (self.land << die);
        if self.present & OUTER_AND_ROOT != 0 || self.from == 0 {
            return onto_board;
        }
        // Every frog is on the inner path: a frog on `die` enters the pond exactly, and the
        // farthest frog with any larger number.
        let farthest = highest(self.present);
        let over = if farthest < die { 1 << farthest } else { 0 };
        onto_board | (self.from & ((1 << die) | over))
    }

    /// The position after the player's leap of `die` from `from`, which [`Reach::moves`]
    /// allows (the same change as [`crate::leaps::apply_leap`]).
    pub(crate) fn after(&self, from: u8, die: u8) -> Reach {
        let mut next = *self;
        if from == ROOT {
            next.root -= 1;
            if next.root == 0 {
                next.from &= !ROOT_BIT;
                next.present &= !ROOT_BIT;
            }
        } else {
            next.stack_mut(from).pop();
            next.refresh(from);
        }
        if die >= from {
            next.pond += 1;
        } else {
            let to = from - die;
            let c = self.c as usize;
            let stack = next.stack_mut(to);
            if FLAGS[c][stack.bits() as usize] & HIT != 0 {
                stack.pop();
            }
            stack.push(Colour::ALL[c]);
            next.refresh(to);
        }
        next
    }

    /// Whether all twelve of the player's frogs are in the pond.
    pub(crate) fn won(&self) -> bool {
        self.pond == FROGS
    }

    /// Whether the player can make any leap with one of `dice`.
    pub(crate) fn any(&self, dice: Dice) -> bool {
        dice.distinct().any(|die| self.moves(die) != 0)
    }

    /// The leaps the forced-move rules allow with `dice` (rules §Other leaping rules), as
    /// each different number, larger first, with the squares it may leap from: those after
    /// which the most leaps the dice allow can still be made; and when only one of two
    /// different numbers can be played, only the larger if it can be.
    pub(crate) fn legal(&self, dice: Dice) -> Numbers {
        let n = dice.len() as u8;
        let mut numbers = Numbers { count: 0, dice: [(0, 0); 4] };
        for die in dice.distinct() {
            numbers.dice[numbers.count] = (die, self.moves(die));
            numbers.count += 1;
        }
        if n < 2 {
            return numbers; // every leap possible is a whole sequence
        }
        let moves = numbers.dice;
        let mut best = 0;
        for (i, &(die, mut from_set)) in moves[..numbers.count].iter().enumerate() {
            // With two dice, the other die and where it may leap from now.
            let other = dice.without(die).as_slice()[0];
            let other_moves = match (n, numbers.count) {
                (2, 1) => from_set,
                (2, _) => moves[1 - i].1,
                _ => 0,
            };
            if n == 2 && from_set != 0 && at_least_four(other_moves) {
                // `keeps_second` rules out three squares at most: every leap of `die`
                // leaves a second leap, and two is the most with two dice.
                if best < 2 {
                    best = 2;
                    numbers.dice.iter_mut().for_each(|(_, set)| *set = 0);
                }
                numbers.dice[i].1 = from_set;
                continue;
            }
            let mut kept = 0;
            while from_set != 0 {
                let from = highest(from_set);
                from_set &= !(1 << from);
                let m = if n == 2 && self.keeps_second(from, die, other, other_moves) {
                    2
                } else {
                    self.most_after(from, die, dice)
                };
                if m > best {
                    // A longer sequence: what was kept so far is not enough.
                    best = m;
                    numbers.dice.iter_mut().for_each(|(_, set)| *set = 0);
                    kept = 0;
                }
                if m == best {
                    kept |= 1 << from;
                }
            }
            numbers.dice[i].1 = kept;
        }
        if best == 1 && dice.two_numbers() && numbers.dice[0].1 != 0 {
            // Only one number can be played and the larger can: not the smaller.
            numbers.dice[1..].iter_mut().for_each(|(_, set)| *set = 0);
        }
        numbers
    }

    /// Whether after the leap of `die` from `from` a leap of `other` can still be made,
    /// judged without making it, from the squares `other_moves` where `other` may leap
    /// from now; `false` when that does not settle it. The leap changes only its own
    /// square `from` and its landing square, and may open the pond but never close it, so
    /// a leap of `other` that starts elsewhere and lands on neither is still possible.
    fn keeps_second(&self, from: u8, die: u8, other: u8, other_moves: u32) -> bool {
        // The squares a leap of `other` would start from to land on `from` or on the
        // landing square (in 64 bits: from the root, `from + other` may pass bit 31).
        let mut touched = 1u64 << from | 1u64 << (from + other);
        if die < from {
            touched |= 1u64 << (from - die + other);
        }
        other_moves & !(touched as u32) != 0
    }

    /// The most leaps the player can make in a row with `dice`, in any order; a leap that
    /// wins counts as playing every number left.
    pub(crate) fn most(&self, dice: Dice) -> u8 {
        let n = dice.len() as u8;
        let mut best = 0;
        for die in dice.distinct() {
            let mut moves = self.moves(die);
            if moves != 0 && n == 1 {
                return 1;
            }
            let other = dice.without(die).as_slice().first().copied().unwrap_or(0);
            let other_moves = if n == 2 { self.moves(other) } else { 0 };
            while moves != 0 {
                let from = highest(moves);
                moves &= !(1 << from);
                if n == 2 && self.keeps_second(from, die, other, other_moves) {
                    return 2;
                }
                let m = self.most_after(from, die, dice);
                if m == n {
                    return n;
                }
                best = best.max(m);
            }
        }
        best
    }

    /// The most leaps in a sequence that starts with the leap of `die` from `from`.
    fn most_after(&self, from: u8, die: u8, dice: Dice) -> u8 {
        let next = self.after(from, die);
        if next.won() { dice.len() as u8 } else { 1 + next.most(dice.without(die)) }
    }
}

/// The leaps allowed, by number: what [`Reach::legal`] finds.
pub(crate) struct Numbers {
    /// How many different numbers.
    pub(crate) count: usize,
    /// Each number, larger first, with the squares it may leap from (bit 26: the root).
    pub(crate) dice: [(u8, u32); 4],
}

impl Numbers {
    /// Writes the leaps into `out`, by square from the farthest (the root) down, then by
    /// number, larger first.
    pub(crate) fn write(&self, out: &mut Vec<Action>) {
        let numbers = &self.dice[..self.count];
        let mut from_set = numbers.iter().fold(0, |set, &(_, s)| set | s);
        while from_set != 0 {
            let from = highest(from_set);
            from_set &= !(1 << from);
            for &(die, set) in numbers {
                if set & (1 << from) != 0 {
                    out.push(Action::Leap { from, die });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use tabula_core::{Game, Turn, sample_chance};

    use super::*;
    use crate::leaps::{Landing, any_leap, apply_leap, legal_leaps, max_leaps, single_leap};
    use crate::{Abagio, Board, Phase};

    /// The leaps `single_leap` allows from `state` with `die`, as a set of squares.
    fn slow_moves(state: &State, player: Colour, die: u8) -> u32 {
        (1..=ROOT)
            .filter(|&from| single_leap(state, player, from, die).is_ok())
            .fold(0, |m, from| m | 1 << from)
    }

    /// The generator as it was before the bit sets, square by square: the reference for
    /// [`legal_leaps`], [`max_leaps`] and [`any_leap`], order of the actions included.
    mod slow {
        use crate::action::Action;
        use crate::board::{Colour, ROOT};
        use crate::leaps::{MAX_LEAPS, apply_leap, single_leap};
        use crate::state::{Dice, State};

        fn sources(state: &State, player: Colour) -> impl Iterator<Item = u8> + '_ {
            let root = (state.root[player.index()] > 0).then_some(ROOT);
            let squares = state
                .board
                .iter()
                .filter(move |&(sq, st)| st.top() == Some(player) && !state.frozen(sq))
                .map(|(sq, _)| sq.pip());
            root.into_iter().chain(squares)
        }

        pub fn any_leap(state: &State, player: Colour, dice: Dice) -> bool {
            dice.distinct()
                .any(|die| sources(state, player).any(|from| single_leap(state, player, from, die).is_ok()))
        }

        pub fn max_leaps(state: &State, player: Colour, dice: Dice) -> u8 {
            let n = dice.len() as u8;
            let mut best = 0;
            for die in dice.distinct() {
                for from in sources(state, player) {
                    if single_leap(state, player, from, die).is_err() {
                        continue;
                    }
                    if n == 1 {
                        return 1;
                    }
                    let m = after_leap(state, player, from, die, dice);
                    if m == n {
                        return n;
                    }
                    best = best.max(m);
                }
            }
            best
        }

        fn after_leap(state: &State, player: Colour, from: u8, die: u8, dice: Dice) -> u8 {
            let landing = single_leap(state, player, from, die).unwrap();
            let mut next = *state;
            apply_leap(&mut next, player, from, landing);
            if next.has_won(player) {
                dice.len() as u8
            } else {
                1 + max_leaps(&next, player, dice.without(die))
            }
        }

        pub fn legal_leaps(state: &State) -> Vec<Action> {
            let mut out = Vec::new();
            let (player, dice) = (state.to_move, state.dice);
            let mut most = [0u8; MAX_LEAPS];
            let mut best = 0;
            for from in sources(state, player) {
                for die in dice.distinct() {
                    if single_leap(state, player, from, die).is_err() {
                        continue;
                    }
                    let m = if dice.len() == 1 { 1 } else { after_leap(state, player, from, die, dice) };
                    most[out.len()] = m;
                    best = best.max(m);
                    out.push(Action::Leap { from, die });
                }
            }
            let larger = dice.as_slice()[0];
            let only_larger = best == 1
                && dice.two_numbers()
                && out.iter().any(|a| matches!(a, Action::Leap { die, .. } if *die == larger));
            let mut kept = Vec::new();
            for (i, &a) in out.iter().enumerate() {
                let Action::Leap { die, .. } = a else { unreachable!() };
                if most[i] == best && (!only_larger || die == larger) {
                    kept.push(a);
                }
            }
            kept
        }
    }

    /// Checks the generator against the square-by-square one, for the player to move and
    /// the dice in `state`, and every shorter set of the same dice.
    fn same_leaps(state: &State) {
        let mut dice = state.dice;
        while !dice.is_empty() {
            let s = State { dice, ..*state };
            let mut fast = Vec::new();
            legal_leaps(&s, &mut fast);
            assert_eq!(fast, slow::legal_leaps(&s), "{s:?}");
            for player in Colour::ALL {
                assert_eq!(max_leaps(&s, player, dice), slow::max_leaps(&s, player, dice), "{s:?}");
                assert_eq!(any_leap(&s, player, dice), slow::any_leap(&s, player, dice), "{s:?}");
                let onto_board = dice.distinct().any(|die| {
                    (1..=ROOT)
                        .any(|from| matches!(single_leap(&s, player, from, die), Ok(Landing::Square(_))))
                });
                assert_eq!(some_leap_onto_board(&s, player, dice), onto_board, "{s:?}");
            }
            dice = dice.without(dice.as_slice()[dice.len() - 1]);
        }
    }

    /// Checks the bit sets against `single_leap` for both players and every die, and every
    /// leap's `after` against `apply_leap`, one leap deep.
    fn agree(state: &State) {
        for player in Colour::ALL {
            let reach = Reach::new(state, player);
            for die in 1..=6 {
                let moves = reach.moves(die);
                assert_eq!(moves, slow_moves(state, player, die), "{player} {die} in {state:?}");
                for from in 1..=ROOT {
                    if moves & (1 << from) == 0 {
                        continue;
                    }
                    let landing = single_leap(state, player, from, die).unwrap();
                    let mut next = *state;
                    apply_leap(&mut next, player, from, landing);
                    let fast = reach.after(from, die);
                    let fresh = Reach::new(&next, player);
                    assert_eq!(fast.won(), next.has_won(player));
                    assert_eq!(landing == Landing::Pond, die >= from);
                    for d in 1..=6 {
                        assert_eq!(fast.moves(d), fresh.moves(d), "after {from}/{die}: {next:?}");
                        assert_eq!(fast.moves(d), slow_moves(&next, player, d));
                    }
                }
            }
        }
    }

    #[test]
    fn the_generator_agrees_with_single_leap_along_random_games() {
        let g = Abagio::with_defaults();
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        for _ in 0..10 {
            let mut s = g.initial_state();
            while g.turn(&s) != Turn::Terminal {
                if s.phase != Phase::Opening {
                    agree(&s);
                }
                if s.phase == Phase::Leap {
                    same_leaps(&s);
                }
                let action = match g.turn(&s) {
                    Turn::Chance => sample_chance(&g, &s, &mut outcomes, &mut rng),
                    _ => {
                        g.legal_actions(&s, &mut actions);
                        actions[rng.random_range(0..actions.len())]
                    }
                };
                g.play_unchecked(&mut s, action);
            }
        }
    }

    #[test]
    fn the_generator_agrees_with_single_leap_on_crowded_boards() {
        // Random stacks anywhere (frog counts not kept, sectors mixed only with their
        // owner), late in the race half of the time, the Top Frog on an outer square.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..1000 {
            let mut s = Abagio::with_defaults().initial_state();
            s.phase = Phase::Leap;
            s.board = Board::default();
            let late = rng.random_bool(0.5);
            for square in Square::all() {
                if rng.random_bool(0.4) || (late && square.is_outer()) {
                    continue;
                }
                for _ in 0..rng.random_range(0..=square.max_height()) {
                    let colour = square.owner().unwrap_or(Colour::ALL[rng.random_range(0..2)]);
                    if square.is_diamond() && s.stack(square).top().is_some_and(|t| t != colour) {
                        break;
                    }
                    s.board.get_mut(square).push(colour);
                }
            }
            s.root = [rng.random_range(0..2) * rng.random_range(0..4), rng.random_range(0..2)];
            s.pond = [rng.random_range(0..12), rng.random_range(0..12)];
            if rng.random_bool(0.5) {
                s.pond[0] = FROGS - 1;
            }
            if rng.random_bool(0.4) {
                s.top_frog = Some(Square::outer().nth(rng.random_range(0..17)).unwrap());
            }
            agree(&s);
            s.to_move = Colour::ALL[rng.random_range(0..2)];
            s.dice = Dice::roll(rng.random_range(1..=6), rng.random_range(1..=6));
            same_leaps(&s);
        }
    }
}
