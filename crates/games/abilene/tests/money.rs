//! Money (docs/rules/abilene.md §Prison, §Money, §End of the game and returns): the prison's
//! example and fees, bank interest with the loan example, the loan bounds, and rank returns.

use tabula_abilene::action::{MAX_BANK_LOAN, MAX_INTEREST, MAX_PLAYER_LOAN};
use tabula_abilene::money::{self, RELEASE_PRICE, Standing};

/// §Prison's example: $10,000 and four in prison, `release 2`: $3,000 of releases, $500 of
/// fees for the two left, $6,500 left.
#[test]
fn the_prisons_example() {
    assert_eq!(2 * RELEASE_PRICE, 3_000);
    assert_eq!(money::prison_fees(4 - 2), 500);
    assert_eq!(money::prison_cost(4, 2), Some(3_500));
    assert_eq!(10_000 - money::prison_cost(4, 2).unwrap(), 6_500);
}

#[test]
fn prison_fees_and_releases() {
    let fees: Vec<u32> = (0..=5).map(money::prison_fees).collect();
    assert_eq!(fees, [0, 300, 500, 600, 700, 800]);
    // One or two in prison: fees, no release.
    assert_eq!(money::prison_cost(1, 0), Some(300));
    assert_eq!(money::prison_cost(2, 0), Some(500));
    for n in 0..3 {
        assert!(!money::may_release(n));
        assert_eq!(money::max_release(n), 0);
        assert_eq!(money::prison_cost(n, 1), None, "{n} in prison: no release");
    }
    // Three or more: any number released, fees for the rest.
    assert_eq!(money::prison_cost(3, 0), Some(600));
    assert_eq!(money::prison_cost(5, 0), Some(800));
    assert_eq!(money::prison_cost(3, 3), Some(4_500), "no fees");
    for n in 3..=5 {
        assert!(money::may_release(n));
        assert_eq!(money::max_release(n), n);
        assert_eq!(money::prison_cost(n, n + 1), None);
    }
    assert_eq!(money::prison_cost(0, 0), Some(0));
}

/// §Faillite's example, $1,000 → $1,300, and the doc's other figures; $1,500 costs $400 of
/// interest, $1,600 too (Interpretation 29).
#[test]
fn bank_loan_repayment() {
    let cases = [
        (100, 200),
        (400, 500),
        (1_000, 1_300),
        (1_100, 1_400),
        (1_500, 1_900),
        (1_600, 2_000),
        (10_000, 12_500),
    ];
    for (amount, repay) in cases {
        assert_eq!(money::bank_repayment(amount), repay, "borrow {amount}");
    }
    assert_eq!(money::bank_interest(1_500), 400);
    assert_eq!(money::bank_interest(1_600), 400);
    // Every loan: interest is 25% rounded up to a multiple of $100.
    for amount in (100..=u32::from(MAX_BANK_LOAN)).step_by(100) {
        let i = money::bank_interest(amount);
        assert_eq!(i % 100, 0);
        assert!(4 * i >= amount && 4 * (i - 100) < amount, "borrow {amount}: {i}");
    }
}

/// Interpretations 29 and 30, with action.rs's constants.
#[test]
fn loan_bounds() {
    assert_eq!((MAX_BANK_LOAN, MAX_PLAYER_LOAN, MAX_INTEREST), (10_000, 2_000, 1_000));
    // Bank: a multiple of $100 from the shortfall up to $10,000.
    assert!(money::bank_loan_allowed(1_000, 1_000));
    assert!(money::bank_loan_allowed(1_600, 1_500));
    assert!(money::bank_loan_allowed(10_000, 100));
    assert!(!money::bank_loan_allowed(900, 1_000), "less than the shortfall");
    assert!(!money::bank_loan_allowed(10_100, 100), "over the cap");
    assert!(!money::bank_loan_allowed(1_050, 1_000), "not in hundreds");
    assert!(!money::bank_loan_allowed(0, 0));
    // Players: an amount up to $2,000, a repayment from it up to $1,000 above.
    assert!(money::player_loan_allowed(1_000, 1_200, 1_000));
    assert!(money::player_loan_allowed(2_000, 3_000, 100));
    assert!(money::player_loan_allowed(500, 500, 500));
    assert!(!money::player_loan_allowed(2_100, 2_100, 100), "over the cap");
    assert!(!money::player_loan_allowed(400, 500, 500), "less than the shortfall");
    assert!(!money::player_loan_allowed(1_000, 900, 100), "repaid less than lent");
    assert!(!money::player_loan_allowed(1_000, 2_100, 100), "more than $1,000 of interest");
    assert!(!money::player_loan_allowed(1_000, 1_250, 100), "not in hundreds");
}

fn returns(standings: &[Standing]) -> Vec<f64> {
    let r = money::rank_returns(standings);
    assert!(r.iter().sum::<f64>().abs() < 1e-12, "zero-sum: {r:?}");
    assert!(r.iter().all(|x| (-1.0..=1.0).contains(x)));
    r
}

/// §Tests' example: final money 12,000, 9,000, 9,000 and 5,000 give +1, 0, 0 and −1.
#[test]
fn the_ranks_example() {
    let s = [12_000, 9_000, 9_000, 5_000].map(Standing::Final);
    assert_eq!(returns(&s), [1.0, 0.0, 0.0, -1.0]);
}

#[test]
fn ranks() {
    let third = 1.0 / 3.0;
    let r = returns(&[5_000, 12_000, -800, 9_000].map(Standing::Final));
    assert_eq!(r, [-third, 1.0, -1.0, third]);
    assert_eq!(returns(&[Standing::Final(0); 3]), [0.0; 3], "all equal");
    assert_eq!(returns(&[Standing::Final(1), Standing::Final(2), Standing::Final(2)]), [-1.0, 0.5, 0.5]);
    // Bankrupt ranchers rank below everybody, even debtors; a later bankruptcy above an
    // earlier one.
    let s = [Standing::Bankrupt(1), Standing::Final(-5_000), Standing::Bankrupt(0), Standing::Final(20_000)];
    assert_eq!(returns(&s), [-third, third, -1.0, 1.0]);
    let mut out = [9.0; 6];
    money::rank_returns_into(&s, &mut out);
    assert_eq!(out, [-third, third, -1.0, 1.0, 9.0, 9.0], "only the seats given are written");
    assert!(Standing::Bankrupt(u8::MAX) < Standing::Final(i64::MIN));
}

/// Random standings: zero-sum, from −1 to +1, a sole winner +1, a sole last −1.
#[test]
fn ranks_sum_to_zero() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..2_000 {
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let players = 3 + next(4) as usize;
        let s: Vec<Standing> = (0..players)
            .map(|_| match next(5) {
                0 => Standing::Bankrupt(next(3) as u8),
                _ => Standing::Final(next(5) as i64 * 1_000 - 1_000),
            })
            .collect();
        let r = returns(&s);
        for (end, ret) in [(s.iter().max().unwrap(), 1.0), (s.iter().min().unwrap(), -1.0)] {
            if s.iter().filter(|t| *t == end).count() == 1 {
                let i = s.iter().position(|t| t == end).unwrap();
                assert_eq!(r[i], ret);
            }
        }
    }
}
