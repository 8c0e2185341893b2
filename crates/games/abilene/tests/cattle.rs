//! The cows (docs/rules/abilene.md §Pieces, dice, cards, money; §Setup step 4): 54 cows in
//! six herds, the brands and values, and the chance of a random placement.

use tabula_abilene::Ranch;
use tabula_abilene::action::HERD_VALUES;
use tabula_abilene::cattle::{
    self, Brand, HERD_SIZE, HERD_WORTH, HerdLeft, Identity, NUM_COWS, UNBRANDED_VALUE,
};

fn worth(cows: impl IntoIterator<Item = Identity>) -> u32 {
    cows.into_iter().map(|c| u32::from(c.value)).sum()
}

#[test]
fn fifty_four_cows_in_six_herds() {
    let all = cattle::all_cows();
    assert_eq!(NUM_COWS, 54);
    assert_eq!(all.len(), 54);
    for r in Ranch::ALL {
        let herd = cattle::herd(r);
        assert_eq!(herd.len(), HERD_SIZE);
        assert_eq!(&all[r.index() * 9..r.index() * 9 + 9], &herd, "herd {}", r.letter());
        assert_eq!(worth(herd), 4_500, "herd {}", r.letter());
        assert_eq!(HERD_WORTH, 4_500);
        assert!(herd.iter().all(|c| c.is_valid()));
        assert!(herd.iter().all(|c| matches!(c.brand, Brand::Unbranded) || c.brand == Brand::Of(r)));
    }
}

#[test]
fn seven_cows_of_each_brand_worth_3500() {
    let all = cattle::all_cows();
    for r in Ranch::ALL {
        let brand: Vec<_> = all.iter().copied().filter(|c| c.brand == Brand::Of(r)).collect();
        assert_eq!(brand.len(), 7, "brand {}", r.letter());
        assert_eq!(worth(brand.iter().copied()), 3_500, "brand {}", r.letter());
        let mut values: Vec<u16> = brand.iter().map(|c| c.value).collect();
        values.sort_unstable();
        assert_eq!(values, [100, 300, 300, 600, 600, 600, 1000]);
    }
}

#[test]
fn twelve_unbranded_cows_worth_500() {
    let unbranded: Vec<_> = cattle::all_cows().into_iter().filter(|c| c.brand == Brand::Unbranded).collect();
    assert_eq!(unbranded.len(), 12);
    assert!(unbranded.iter().all(|c| c.value == UNBRANDED_VALUE));
}

#[test]
fn herd_values_name_the_herd() {
    let counts: Vec<u8> = HERD_VALUES.iter().map(|&v| cattle::count_in_herd(v)).collect();
    assert_eq!(counts, [1, 2, 2, 3, 1]);
    assert_eq!(cattle::count_in_herd(200), 0);
    for r in Ranch::ALL {
        for v in HERD_VALUES {
            let cow = Identity::in_herd(r, v).unwrap();
            assert_eq!(cow.value, v);
            let expected = if v == 500 { Brand::Unbranded } else { Brand::Of(r) };
            assert_eq!(cow.brand, expected);
            let n = cattle::herd(r).iter().filter(|&&c| c == cow).count();
            assert_eq!(n, usize::from(cattle::count_in_herd(v)));
        }
        assert_eq!(Identity::in_herd(r, 200), None);
    }
    assert!(!Identity { brand: Brand::Unbranded, value: 600 }.is_valid());
    assert!(!Identity { brand: Brand::Of(Ranch::A), value: 500 }.is_valid());
    assert_eq!(Identity::in_herd(Ranch::B, 600).unwrap().to_string(), "B 600");
    assert_eq!(Identity::in_herd(Ranch::B, 500).unwrap().to_string(), "- 500");
}

#[test]
fn placing_a_herd_takes_every_cow_once() {
    let mut left = HerdLeft::FULL;
    assert_eq!(left.len(), 9);
    assert_eq!(left.values().collect::<Vec<_>>(), HERD_VALUES);
    for v in [1000, 600, 600, 600, 300, 300, 100, 500] {
        left = left.take(v).unwrap();
    }
    assert_eq!(left.take(600), None, "only three cows of 600");
    assert_eq!(left.len(), 1);
    assert_eq!(left.only_value(), Some(500), "the last cow is placed without a decision");
    left = left.take(500).unwrap();
    assert!(left.is_empty());
    assert_eq!(left, HerdLeft::EMPTY);
    assert_eq!(left.only_value(), None);
    assert_eq!(left.probability(500), 0.0);
    assert_eq!(HerdLeft::FULL.only_value(), None);
    assert_eq!(HerdLeft::FULL.take(200), None);
}

/// Every state a placement can pass through: the random placement's chance outcomes sum to
/// 1, each is (cows of that value left) / (cows left), and no outcome is a value with no cow.
#[test]
fn random_placement_probabilities_sum_to_one() {
    let mut stack = vec![HerdLeft::FULL];
    let mut seen = 0;
    while let Some(left) = stack.pop() {
        if left.is_empty() {
            continue;
        }
        seen += 1;
        let outcomes: Vec<(u16, f64)> = left.outcomes().collect();
        let sum: f64 = outcomes.iter().map(|o| o.1).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{left:?}: {sum}");
        for (v, p) in outcomes {
            assert!(left.count(v) > 0);
            assert_eq!(p, f64::from(left.count(v)) / f64::from(left.len()));
            stack.push(left.take(v).unwrap());
        }
    }
    assert!(seen > 1);
    let first: Vec<(u16, f64)> = HerdLeft::FULL.outcomes().collect();
    assert_eq!(
        first,
        [(100, 1.0 / 9.0), (300, 2.0 / 9.0), (500, 2.0 / 9.0), (600, 3.0 / 9.0), (1000, 1.0 / 9.0)]
    );
}
