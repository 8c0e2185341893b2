//! Money (rules §Prison, §Money, §End of the game and returns): prison fees and releases,
//! bank loans and their interest, the bounds on loans, and the rank returns.
//!
//! Every amount is in dollars and a multiple of $100. The loan bounds are the constants of
//! [`crate::action`] ([`MAX_BANK_LOAN`], [`MAX_PLAYER_LOAN`], [`MAX_INTEREST`]), which also
//! fix the action index.

pub use crate::action::{MAX_BANK_LOAN, MAX_INTEREST, MAX_PLAYER_LOAN};

/// The price of releasing one cowboy from prison.
pub const RELEASE_PRICE: u32 = 1_500;
/// The fewest cowboys a rancher must have in prison to release any (rules §Prison).
pub const MIN_IN_PRISON_TO_RELEASE: u8 = 3;
/// The cowboys of a rancher, so the most he can have in prison.
pub const COWBOYS: u8 = 5;

/// The prison fees for `left` cowboys staying in prison: $300 for the first, $200 for the
/// second, $100 for each further one ($0, 300, 500, 600, 700, 800 for 0 to 5).
pub const fn prison_fees(left: u8) -> u32 {
    match left {
        0 => 0,
        1 => 300,
        n => 500 + 100 * (n as u32 - 2),
    }
}

/// Whether a rancher with `in_prison` cowboys there may release any: three or more.
pub const fn may_release(in_prison: u8) -> bool {
    in_prison >= MIN_IN_PRISON_TO_RELEASE
}

/// The most cowboys a rancher with `in_prison` there may release: all of them from three on,
/// none below. The free boot and outer-edge fields of his ranch bound it further (rules
/// §Prison); that is the state's to check.
pub const fn max_release(in_prison: u8) -> u8 {
    if may_release(in_prison) { in_prison } else { 0 }
}

/// What the prison costs a rancher with `in_prison` cowboys there who releases `release` of
/// them: $1,500 for each released, then the fees for those left. `None` when the release is
/// not allowed (more than [`max_release`]). The rulebook's example: four in prison,
/// `release 2`, $3,000 + $500.
pub const fn prison_cost(in_prison: u8, release: u8) -> Option<u32> {
    if release > max_release(in_prison) {
        return None;
    }
    Some(release as u32 * RELEASE_PRICE + prison_fees(in_prison - release))
}

/// The interest on a bank loan of `amount`: 25%, rounded up to the next $100 (a multiple of
/// $100 stays as it is: $1,600 costs $400, and so does $1,500).
pub const fn bank_interest(amount: u32) -> u32 {
    amount.div_ceil(400) * 100
}

/// What a bank loan of `amount` costs to repay at the end: the amount and its interest
/// ($1,000 → $1,300).
pub const fn bank_repayment(amount: u32) -> u32 {
    amount + bank_interest(amount)
}

/// Whether `amount` is a bank loan a rancher short by `shortfall` may take: a multiple of
/// $100 from the shortfall (and at least $100) up to [`MAX_BANK_LOAN`] (rules
/// Interpretation 29).
pub const fn bank_loan_allowed(amount: u32, shortfall: u32) -> bool {
    amount % 100 == 0 && amount >= shortfall && amount >= 100 && amount <= MAX_BANK_LOAN as u32
}

/// Whether a rancher short by `shortfall` may ask another for `amount`, repaid `repay`: the
/// amount a multiple of $100 from the shortfall (and at least $100) up to
/// [`MAX_PLAYER_LOAN`], the repayment a multiple of $100 from the amount up to the amount
/// plus [`MAX_INTEREST`] (rules Interpretation 30). The lender's cash, his bankruptcy and
/// whether he was asked already are the state's to check.
pub const fn player_loan_allowed(amount: u32, repay: u32, shortfall: u32) -> bool {
    amount % 100 == 0
        && amount >= shortfall
        && amount >= 100
        && amount <= MAX_PLAYER_LOAN as u32
        && repay % 100 == 0
        && repay >= amount
        && repay <= amount + MAX_INTEREST as u32
}

/// Where a rancher finished, for the ranks (rules §End of the game and returns). Ordered
/// from the worst: every bankruptcy below every rancher who stayed in, a later bankruptcy
/// above an earlier one, richer above poorer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Standing {
    /// Went bankrupt as the `n`-th bankruptcy of the game (0 the first): a larger `n` ranks
    /// higher.
    Bankrupt(u8),
    /// Stayed in the game with this final money (cash less debts plus what he is owed; may be
    /// below zero).
    Final(i64),
}

/// The rank returns (rules Interpretation 36): seat s gets (seats ranked below s − seats
/// ranked above s) / (players − 1), equal standings counting as neither. They sum to 0 and
/// lie from −1 to +1; a sole winner gets +1. Written into `out[..standings.len()]`.
///
/// # Panics
///
/// If `out` is shorter than `standings`.
pub fn rank_returns_into(standings: &[Standing], out: &mut [f64]) {
    assert!(out.len() >= standings.len(), "one return per seat");
    let others = standings.len().saturating_sub(1).max(1) as f64;
    for (s, r) in standings.iter().zip(out.iter_mut()) {
        let below = standings.iter().filter(|t| *t < s).count() as f64;
        let above = standings.iter().filter(|t| *t > s).count() as f64;
        *r = (below - above) / others;
    }
}

/// [`rank_returns_into`] in a new vector.
pub fn rank_returns(standings: &[Standing]) -> Vec<f64> {
    let mut out = vec![0.0; standings.len()];
    rank_returns_into(standings, &mut out);
    out
}
