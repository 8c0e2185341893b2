//! Hand evaluation: every worked example of the rulebook that survives its OCR, and each
//! special hand. Section names follow `docs/rules/sabacc.md`.
//!
//! The tarot examples' suit symbols were garbled by the OCR (`®`, `¢`, `¥`, `#` stand for
//! suits, and two examples add cards the symbol list puts in opposite tints); each test
//! builds the hand its arithmetic describes and says which suit it reads.

use tabula_sabacc::hand::{
    self, GRAND_SABACC, IDIOT_SABACC, IDIOTS_ARRAY, LOSING, MINUS_23, PETIT_SABACC, PLUS_23,
    POINTS_COMBINATION, POINTS_IMPURE, POINTS_PURE, TRIPLE_IDIOT, canon_hand, canon_hand_in, points_hand,
    tarot_hand, tarot_hand_with, tarot_values,
};
use tabula_sabacc::{Card, DeckKind};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().unwrap_or_else(|e| panic!("{e}"))).collect()
}

fn values(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    tarot_values(&cards(text), DeckKind::Tarot, &mut out);
    out
}

fn tarot(text: &str) -> hand::TarotHand {
    tarot_hand(&cards(text), DeckKind::Tarot)
}

// §Card values: the rulebook's examples.

#[test]
fn example_trump_12_king_and_7_is_19_or_5() {
    // "A 12 + ® R + # 7 vaut au choix 12+14-7=19 ou 12-14+7=5": ® deniers, # read as swords.
    assert_eq!(values("T12 Kd 7s"), [5, 19]);
    assert_eq!(tarot("T12 Kd 7s").value, 19);
}

#[test]
fn example_trump_8_king_and_dame_is_35_or_19() {
    // "A 8 + ®R + ¢ D vaut au choix 8+14+13=35 ou 8-14-13=19": the king and the dame are
    // added together, so they share a tint (the OCR's ¢ would be batons, an Arme); read as
    // deniers and cups.
    assert_eq!(values("T8 Kd Qc"), [19, 35]);
    assert_eq!(tarot("T8 Kd Qc"), hand::TarotHand { rank: 20, value: 19 });
}

#[test]
fn example_cavalier_king_ace_is_17_or_3() {
    // "¥ C + ®R + ¢ A vaut au choix 12-14-15=-17 ou -12+14+15=17 ou 12-14-1=-3 ou
    // -12+14+1=3": the cavalier is alone in its tint, king and ace in the other; read as
    // cups against swords and batons. The ace counts 15 or 1.
    assert_eq!(values("Nc Ks Ab"), [3, 17]);
    assert_eq!(tarot("Nc Ks Ab").value, 17);
    // The fourth example ("® C + ® R + ¢ A … -17 ou 17") is the same hand with its symbols
    // garbled further; it lists only the ace-high totals.
    assert!(values("Nd Kb As").contains(&17));
}

#[test]
fn example_trump_18_two_and_idiot_is_20_or_16() {
    // "A 18 + ¢ 2 + © vaut au choix 18+2+0=20 ou 18-2+0=16": the Idiot is worth 0.
    assert_eq!(values("T18 2b idiot"), [16, 20]);
    assert_eq!(values("T18 2c idiot"), [16, 20]);
    assert_eq!(tarot("T18 2b idiot").value, 20);
}

#[test]
fn trumps_always_add_and_the_sign_does_not_matter() {
    assert_eq!(values("T3 T4 T5"), [12]);
    // 4 − (14 + 13) = −23: a grand Sabacc, the sign does not matter.
    assert_eq!(tarot("T4 Kd Qd").rank, GRAND_SABACC);
    assert_eq!(values("Kd Qc 4s"), [23]);
}

#[test]
fn the_ace_is_worth_1_or_15() {
    assert_eq!(values("Ad"), [1, 15]);
    assert_eq!(values("As Ad"), [0, 14]);
    assert_eq!(tarot("T7 As").value, 22);
}

#[test]
fn face_cards_are_11_to_14() {
    assert_eq!(values("Js"), [11]);
    assert_eq!(values("Ns"), [12]);
    assert_eq!(values("Qs"), [13]);
    assert_eq!(values("Ks"), [14]);
}

// §Hands: the Sabaccs and their order.

#[test]
fn a_hand_of_23_is_the_grand_sabacc() {
    let h = tarot("T21 T2 idiot");
    assert_eq!(h, hand::TarotHand { rank: GRAND_SABACC, value: 23 });
    assert!(h.is_sabacc());
    assert_eq!(tarot("T10 Ks Ad").rank, GRAND_SABACC, "10 + 14 − 1 = 23 (the ace of deniers subtracts)");
}

#[test]
fn trump_21_trump_1_and_the_idiot_are_the_petit_sabacc() {
    let h = tarot("T21 T1 idiot");
    assert_eq!(h.rank, PETIT_SABACC);
    assert!(h.is_sabacc());
    assert_eq!(tarot("idiot T1 T21").rank, PETIT_SABACC, "order does not matter");
}

#[test]
fn the_idiot_a_2_and_a_3_are_the_idiots_sabacc() {
    for hand in ["idiot T2 T3", "idiot 2s 3d", "3c idiot T2", "idiot 2b T3"] {
        assert_eq!(tarot(hand).rank, IDIOT_SABACC, "{hand}");
    }
    assert_ne!(tarot("idiot 2s 4d").rank, IDIOT_SABACC);
}

#[test]
fn two_idiots_and_any_card_are_the_triple_idiot_with_several_decks() {
    assert_eq!(tarot("idiot idiot Kd").rank, TRIPLE_IDIOT);
    assert_eq!(tarot_hand(&cards("idiot idiot 5s"), DeckKind::French).rank, TRIPLE_IDIOT);
}

#[test]
fn sabaccs_rank_grand_petit_idiot_triple_then_closest_to_23() {
    let order = ["T21 T2 idiot", "T21 T1 idiot", "idiot T2 T3", "idiot idiot Kd", "T20 T2", "T20 T1", "T3"];
    let ranks: Vec<u8> = order.iter().map(|h| tarot(h).rank).collect();
    assert!(ranks.windows(2).all(|w| w[0] > w[1]), "{ranks:?}");
    assert_eq!(ranks[..4], [GRAND_SABACC, PETIT_SABACC, IDIOT_SABACC, TRIPLE_IDIOT]);
}

#[test]
fn a_hand_over_23_loses() {
    let h = tarot("T21 T20 T19");
    assert_eq!(h.rank, LOSING);
    assert_eq!(h.value, 60);
    assert!(!h.is_sabacc());
    // With a tint to subtract, the player brings it under 23.
    assert_eq!(tarot("T21 T15 Ks").value, 22);
}

#[test]
fn hold_em_and_stud_take_the_best_communal_card() {
    let own = cards("T21 T1");
    // The Idiot among the communal cards makes the petit Sabacc.
    let h = tarot_hand_with(&own, &cards("Kd 5s idiot"), DeckKind::Tarot);
    assert_eq!(h.rank, PETIT_SABACC);
    let h = tarot_hand_with(&cards("T10 T5"), &cards("T9 T7 T8"), DeckKind::Tarot);
    assert_eq!(h.value, 23, "10 + 5 + 8");
}

// §The 54-card variant.

#[test]
fn the_54_card_deck_values_valet_11_dame_12_roi_13_ace_14_or_1() {
    let v = |t: &str| {
        let mut out = Vec::new();
        tarot_values(&cards(t), DeckKind::French, &mut out);
        out
    };
    assert_eq!(v("Js"), [11]);
    assert_eq!(v("Qs"), [12]);
    assert_eq!(v("Ks"), [13]);
    assert_eq!(v("As"), [1, 14]);
    // No trumps, so no petit Sabacc; the jokers are Idiots.
    assert_eq!(tarot_hand(&cards("idiot 2s 3c"), DeckKind::French).rank, IDIOT_SABACC);
    assert_eq!(tarot_hand(&cards("Ks Qs 2d"), DeckKind::French).rank, GRAND_SABACC, "13 + 12 − 2 = 23");
    assert_eq!(DeckKind::French.composition().iter().map(|&n| n as usize).sum::<usize>(), 54);
    assert_eq!(DeckKind::French.composition()[Card::IDIOT.index()], 2);
    assert_eq!(DeckKind::French.composition()["Nc".parse::<Card>().unwrap().index()], 0, "no cavalier");
}

// §Decks.

#[test]
fn the_decks_have_78_54_76_and_76_cards() {
    for (deck, size) in
        [(DeckKind::Tarot, 78), (DeckKind::French, 54), (DeckKind::Canonical, 76), (DeckKind::Theory, 76)]
    {
        assert_eq!(deck.composition().iter().map(|&n| n as usize).sum::<usize>(), size, "{deck:?}");
        assert_eq!(deck.size(), size);
    }
}

#[test]
fn the_canonical_face_cards_have_the_rulebooks_values_and_west_end_games_as_an_option() {
    // The rulebook: Équilibre (Balance) ±13, Échec (Demise) ±11, Modération ±13, read as
    // negative values (Interpretation 3).
    let faces = ["idiot", "queen", "endurance", "balance", "demise", "moderation", "evil-one", "star"];
    let v = |t: &str| t.parse::<Card>().unwrap().canonical_value();
    assert_eq!(faces.map(v), [0, -2, -8, -13, -11, -13, -15, -17]);
    let rulebook = |t: &str| t.parse::<Card>().unwrap().value_in(DeckKind::Canonical);
    assert_eq!(faces.map(rulebook), faces.map(v));
    // West End Games (deck=west-end): Balance −11, Demise −13, Moderation −14.
    let west_end = |t: &str| t.parse::<Card>().unwrap().value_in(DeckKind::WestEnd);
    assert_eq!(faces.map(west_end), [0, -2, -8, -11, -13, -14, -15, -17]);
    for deck in [DeckKind::Canonical, DeckKind::WestEnd, DeckKind::Theory] {
        let v = |t: &str| t.parse::<Card>().unwrap().value_in(deck);
        assert_eq!(
            ["1-sabres", "11-staves", "commander-flasks", "mistress-coins", "master-sabres", "ace-staves"]
                .map(v),
            [1, 11, 12, 13, 14, 15]
        );
        assert_eq!(
            ["smuggler", "bounty-hunter", "jedi-knight", "jedi-master", "dark-jedi", "sith-lord", "rancor"]
                .map(v),
            [2, 8, 11, 13, 14, 15, 17]
        );
    }
    // The same hand under both tables: star + moderation + 8 is −22 by the rulebook, −23 (a
    // pure Sabacc) by West End Games.
    let hand = cards("star moderation 8-flasks");
    assert_eq!(canon_hand_in(&hand, DeckKind::Canonical).total, -22);
    assert_eq!(canon_hand_in(&hand, DeckKind::WestEnd).rank, MINUS_23);
}

// §Canonical hands.

#[test]
fn canonical_bomb_outs_are_over_23_under_minus_23_or_zero() {
    assert!(canon_hand(&cards("ace-sabres 9-coins")).bombs(), "24");
    assert!(canon_hand(&cards("star evil-one")).bombs(), "−32");
    assert!(canon_hand(&cards("queen 2-coins")).bombs(), "0");
    assert!(!canon_hand(&cards("ace-sabres 8-coins")).bombs(), "23");
}

#[test]
fn the_idiots_array_beats_pure_sabacc_and_positive_beats_negative() {
    let array = canon_hand(&cards("idiot 2-sabres 3-coins"));
    assert_eq!(array.rank, IDIOTS_ARRAY);
    let plus = canon_hand(&cards("ace-sabres 8-coins"));
    let minus = canon_hand(&cards("star moderation 7-flasks"));
    assert_eq!((plus.total, plus.rank), (23, PLUS_23));
    assert_eq!((minus.total, minus.rank), (-23, MINUS_23));
    assert!(array.rank > plus.rank && plus.rank > minus.rank);
    assert!(plus.is_sabacc() && minus.is_sabacc() && array.is_sabacc());
    let p20 = canon_hand(&cards("master-coins 6-flasks"));
    let m20 = canon_hand(&cards("star queen 1-sabres"));
    assert_eq!((p20.total, m20.total), (20, -18));
    let m20 = canon_hand(&cards("star 3-sabres balance 7-coins"));
    assert_eq!(m20.total, -20);
    assert!(p20.rank > m20.rank, "on equal totals positive beats negative");
    assert!(m20.rank > canon_hand(&cards("10-coins 9-flasks")).rank, "−20 beats 19");
    // The Queen of Air and Darkness (−2) is not "a 2".
    assert!(!canon_hand(&cards("idiot queen 3-coins")).is_sabacc());
}

// §The four-card exchange game (theory).

#[test]
fn theory_scores_follow_23_and_46() {
    // Below 23 the sum; 34 − 23 = 11 (the seed's example); over 46 the sum − 46 and a loss.
    assert_eq!(points_hand(&cards("5-sabres 6-coins 2-flasks 1-staves")).score, 14);
    let h = points_hand(&cards("10-sabres 10-coins 10-flasks 4-staves"));
    assert_eq!((h.sum, h.score), (34, 11));
    let h = points_hand(&cards("ace-sabres ace-coins 11-flasks 7-staves"));
    assert_eq!((h.sum, h.score, h.is_bust()), (48, 2, true), "the seed's example: 48 costs 48 − 46 = 2");
    assert_eq!(points_hand(&cards("10-sabres 10-coins 2-flasks 1-staves")).rank, POINTS_PURE);
    assert_eq!(points_hand(&cards("ace-sabres ace-coins 10-flasks 6-staves")).rank, POINTS_IMPURE);
    let combo = points_hand(&cards("idiot 1-sabres 2-coins 3-flasks"));
    assert_eq!((combo.rank, combo.score), (POINTS_COMBINATION, 23), "the Idiot's combination counts 23");
    let best_plain = points_hand(&cards("10-sabres 10-coins 1-flasks 1-staves"));
    assert_eq!(best_plain.score, 22);
    assert!(combo.rank > best_plain.rank, "the combination beats any plain score");
    assert_eq!(points_hand(&cards("rancor smuggler 2-coins 1-flasks")).score, 22);
}
