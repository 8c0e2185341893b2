//! The corral (docs/rules/abilene.md §5 Sales): every case of the table "Every case in
//! figures", the rulebook's example, the doc's whole sale, and that only `other` contests.

mod common;

use common::FIGURES;
use tabula_abilene::Ranch;
use tabula_abilene::cattle::{Brand, Identity};
use tabula_abilene::corral::{self, CorralCard, Sale};

/// The cow sold by the rancher of ranch A: `'s'` the seller's brand, `'u'` unbranded, `'o'`
/// another brand (B's).
fn cow(kind: char, value: u16) -> Identity {
    let brand = match kind {
        's' => Brand::Of(Ranch::A),
        'u' => Brand::Unbranded,
        'o' => Brand::Of(Ranch::B),
        _ => unreachable!(),
    };
    Identity { brand, value }
}

/// The doc's table, row by row: tests/common's `FIGURES`.
#[test]
fn every_case_in_figures() {
    for (kind, v, bank, contested, cards) in FIGURES {
        let c = cow(kind, v);
        assert_eq!(corral::bank_pays(Ranch::A, c, false), bank, "{kind} {v}");
        assert_eq!(corral::bank_pays(Ranch::A, c, true), contested, "{kind} {v} contested");
        for (card, amount) in CorralCard::ALL.into_iter().zip(cards) {
            assert_eq!(corral::settlement(card, Ranch::A, c), amount, "{kind} {v} {card}");
        }
    }
}

/// The same cases for every seller and every brand: only the relation of the brand to the
/// seller's ranch counts.
#[test]
fn every_seller_every_brand() {
    for seller in Ranch::ALL {
        for brand in Ranch::ALL.map(Brand::Of).into_iter().chain([Brand::Unbranded]) {
            let values: &[u16] = if brand == Brand::Unbranded { &[500] } else { &[100, 300, 600, 1000] };
            for &value in values {
                let c = Identity { brand, value };
                let kind = match brand {
                    Brand::Unbranded => 'u',
                    Brand::Of(r) if r == seller => 's',
                    Brand::Of(_) => 'o',
                };
                let row = FIGURES.iter().find(|r| r.0 == kind && r.1 == value).unwrap();
                assert_eq!(corral::bank_pays(seller, c, false), row.2);
                assert_eq!(corral::bank_pays(seller, c, true), row.3);
                for (card, amount) in CorralCard::ALL.into_iter().zip(row.4) {
                    assert_eq!(corral::settlement(card, seller, c), amount);
                }
                let right = match kind {
                    's' => CorralCard::Own,
                    'u' => CorralCard::None,
                    _ => CorralCard::Other,
                };
                assert_eq!(corral::truth(seller, c), right);
            }
        }
    }
}

/// §Produit de la vente's example: `other` on an unbranded $500 cow pays the seller $500 and
/// the bank pays $1,500; on a cow of another brand it receives twice its value and the bank
/// pays nothing.
#[test]
fn the_rulebooks_example() {
    let sale = corral::settle(Ranch::A, cow('u', 500), &[None, Some(CorralCard::Other)]);
    assert_eq!(sale.bank, 1_500);
    assert_eq!(sale.transfers[1], -500, "the card player pays the seller $500");
    assert_eq!(sale.seller_gain(), 2_000);

    let sale = corral::settle(Ranch::A, cow('o', 600), &[None, Some(CorralCard::Other)]);
    assert_eq!(sale.bank, 0, "the seller gets nothing from the bank");
    assert_eq!(sale.transfers[1], 1_200, "the card player receives 2v");
    assert_eq!(sale.seller_gain(), -1_200);
}

/// The doc's whole sale: seat 0 (ranch A) sells ranch B's stolen $1,000 cow; seat 1 plays
/// `other`, seat 2 `own`, seat 3 `none`.
#[test]
fn a_whole_sale() {
    let cards = [None, Some(CorralCard::Other), Some(CorralCard::Own), Some(CorralCard::None)];
    let sale = corral::settle(Ranch::A, cow('o', 1_000), &cards);
    assert_eq!(sale, Sale { bank: 0, transfers: [0, 2_000, -2_000, -1_000, 0, 0] });
    assert_eq!(sale.seller_gain(), 1_000);
}

/// Only `other` contests: `none` and `own` on a cow of another brand leave the bank paying
/// $2,000 + v (Interpretation 26).
#[test]
fn none_does_not_contest() {
    assert!(corral::contests(CorralCard::Other));
    assert!(!corral::contests(CorralCard::None));
    assert!(!corral::contests(CorralCard::Own));
    let c = cow('o', 300);
    let cards = [None, Some(CorralCard::None), Some(CorralCard::Own), Some(CorralCard::None)];
    let sale = corral::settle(Ranch::A, c, &cards);
    assert_eq!(sale.bank, 2_300);
    assert_eq!(sale.transfers, [0, -300, -600, -300, 0, 0]);
    assert_eq!(sale.seller_gain(), 3_500);
    let contested = corral::settle(Ranch::A, c, &[None, Some(CorralCard::None), Some(CorralCard::Other)]);
    assert_eq!(contested.bank, 0);
}

/// With every other rancher bankrupt nobody plays a card, and the bank pays as if nobody
/// contested.
#[test]
fn no_cards_no_contest() {
    for (kind, v, bank, _, _) in FIGURES {
        let sale = corral::settle(Ranch::A, cow(kind, v), &[None; 4]);
        assert_eq!(sale, Sale { bank, transfers: [0; 6] });
        assert_eq!(sale.seller_gain(), i64::from(bank));
    }
    let seller_last = corral::settle(Ranch::F, cow('u', 500), &[Some(CorralCard::None); 5]);
    assert_eq!(seller_last.transfers, [500, 500, 500, 500, 500, 0]);
    assert_eq!(seller_last.seller_gain(), 1_500 - 2_500);
}
