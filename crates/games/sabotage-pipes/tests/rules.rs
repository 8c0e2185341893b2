//! One test (at least) per rule of the rulebook, and the rulebook's worked examples.
//! Section names follow `docs/rules/sabotage-pipes.md`.

use tabula_core::{Game, Turn};
use tabula_sabotage_pipes::card::composition;
use tabula_sabotage_pipes::rules::{self, partner};
use tabula_sabotage_pipes::{
    Action, Card, Cards, Phase, SabotagePipes, Square, State, roof_value, round_score,
};

fn game(players: u8) -> SabotagePipes {
    SabotagePipes::with(players, true, 4).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn act(g: &SabotagePipes, text: &str) -> Action {
    g.parse_action(text).unwrap()
}

fn hand(cards: &str) -> Cards {
    let mut h = Cards::default();
    for c in cards.split_whitespace() {
        h.add(card(c));
    }
    h
}

/// A roof from nine cells written `Ar Bl -` (`-` for empty).
fn roof(cells: &str) -> [Option<Card>; 9] {
    let cells: Vec<&str> = cells.split_whitespace().collect();
    assert_eq!(cells.len(), 9);
    std::array::from_fn(|i| (cells[i] != "-").then(|| card(cells[i])))
}

/// A mid-round position: `to_move` in `phase`, hands as given (the mover needs 9 cards in
/// `Play` while the pile is not empty, others 8).
fn position(players: u8, phase: Phase, to_move: u8, hands: &[&str], roofs: [&str; 2]) -> State {
    let mut s = rules::initial_state(players, true, 4);
    s.phase = phase;
    s.to_move = to_move;
    for (seat, h) in hands.iter().enumerate() {
        s.hands[seat] = hand(h);
    }
    s.roofs = [roof(roofs[0]), roof(roofs[1])];
    game(players).validate(s).unwrap_or_else(|e| panic!("test position invalid: {e}"))
}

const EIGHT: &str = "Ao Bo Co Do Eo Fo Go Ho";
const EIGHT_B: &str = "Ab Bb Cb Db Eb Fb Gb Hb";
const EMPTY: &str = "- - - - - - - - -";

fn refused(g: &SabotagePipes, s: &State, text: &str) -> String {
    let mut copy = s.clone();
    let err = g.play(&mut copy, act(g, text)).expect_err(text);
    assert_eq!(&copy, s, "a refused action changes nothing");
    err.reason
}

// §Contents

#[test]
fn the_deck_has_104_cards_or_100_without_demontage() {
    let full = composition(true);
    assert_eq!(full.iter().map(|&n| n as usize).sum::<usize>(), 104);
    assert_eq!(composition(false).iter().map(|&n| n as usize).sum::<usize>(), 100);
    assert_eq!(full[Card::SABOTAGE.index()], 4);
    assert_eq!(full[Card::DEMONTAGE.index()], 4);
    assert_eq!(composition(false)[Card::DEMONTAGE.index()], 0);
    let pipes: usize = Card::all().filter(|c| c.as_pipe().is_some()).map(|c| full[c.index()] as usize).sum();
    assert_eq!(pipes, 96);
    // Each pipe card exists twice in each colour; X is the twelfth kind (twice per copy).
    assert_eq!(full[card("Ao").index()], 2);
    assert_eq!(full[card("Il").index()], 2);
    assert_eq!(full[card("Wr").index()], 2);
    assert_eq!(full[card("Xb").index()], 4);
}

// §Preparation

#[test]
fn eight_cards_are_dealt_one_at_a_time_starting_left_of_the_dealer() {
    for players in [2u8, 4] {
        let g = game(players);
        let mut s = g.initial_state();
        let dealer = s.dealer();
        assert_eq!(dealer, players - 1, "the last seat deals first so seat 0 plays first");
        for i in 0..8 * players as usize {
            assert_eq!(g.turn(&s), Turn::Chance);
            assert_eq!(s.to_move as usize, (dealer as usize + 1 + i) % players as usize);
            let outcomes = {
                let mut v = Vec::new();
                g.chance_outcomes(&s, &mut v);
                v
            };
            g.play(&mut s, outcomes[0].0).unwrap();
        }
        assert!(s.hands[..players as usize].iter().all(|h| h.len() == 8));
        assert_eq!(s.stock_len(), 104 - 8 * players as usize);
        assert_eq!(g.turn(&s), Turn::Chance, "the first player draws");
        assert_eq!(s.phase, Phase::Draw);
        assert_eq!(s.to_move, 0, "the player left of the dealer starts");
    }
}

#[test]
fn the_deal_alternates_and_each_of_four_players_deals_once() {
    assert_eq!((0..4).map(|r| State::dealer_of(2, r)).collect::<Vec<_>>(), [1, 0, 1, 0]);
    assert_eq!((0..4).map(|r| State::dealer_of(4, r)).collect::<Vec<_>>(), [3, 0, 1, 2]);
}

#[test]
fn chance_draws_follow_the_cards_left() {
    let g = game(2);
    let s = position(2, Phase::Draw, 0, &[EIGHT, EIGHT_B], [EMPTY, EMPTY]);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    let p = |c: &str| outcomes.iter().find(|(a, _)| *a == Action::Deal(card(c))).map(|&(_, p)| p);
    assert_eq!(p("Ao"), Some(1.0 / 88.0), "one Ao left of two, 88 cards in the pile");
    assert_eq!(p("Ar"), Some(2.0 / 88.0));
    assert_eq!(p("Xr"), Some(4.0 / 88.0));
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!(refused(&g, &s, "discard Ao").contains("wait for the card"));
}

// §A round

#[test]
fn a_turn_is_draw_then_play_one_card() {
    let g = game(2);
    let mut s = position(2, Phase::Draw, 0, &[EIGHT, EIGHT_B], [EMPTY, EMPTY]);
    g.play(&mut s, act(&g, "card Ir")).unwrap();
    assert_eq!(s.hands[0].len(), 9);
    assert_eq!(g.turn(&s), Turn::Player(0));
    assert!(refused(&g, &s, "draw").contains("drawn this turn already"));
    g.play(&mut s, act(&g, "discard Ir")).unwrap();
    assert_eq!(s.top_discard, Some(card("Ir")));
    assert_eq!(s.hands[0].len(), 8);
    assert_eq!((s.phase, s.to_move), (Phase::Draw, 1), "then the opponent draws");
}

#[test]
fn you_play_only_cards_you_hold() {
    let g = game(2);
    let s = position(2, Phase::Play, 0, &["Ao Bo Co Do Eo Fo Go Ho Io", EIGHT_B], [EMPTY, EMPTY]);
    assert!(refused(&g, &s, "Ab own").contains("no A blue in your hand"));
    assert!(refused(&g, &s, "sab opp E").contains("no Sabotage"));
}

// §Pipe cards A to I

#[test]
fn letter_cards_go_on_their_empty_square_of_either_roof() {
    let g = game(2);
    // Bob (seat 1) blocks Alfred's F square with a blue F (the rulebook's example).
    let alfred = "- Br - Do - - - - Io";
    let s = position(2, Phase::Play, 1, &[EIGHT, "Fb Ab Bb Cb Db Eb Gb Hb Ib"], [alfred, EMPTY]);
    let mut t = s.clone();
    g.play(&mut t, act(&g, "Fb opp")).unwrap();
    assert_eq!(t.roofs[0][Square::from_letter('F').unwrap().index()], Some(card("Fb")));
    let mut u = s.clone();
    g.play(&mut u, act(&g, "Fb own")).unwrap();
    assert_eq!(u.roofs[1][5], Some(card("Fb")));
    assert!(refused(&g, &s, "Db opp").contains("square D of your opponents' roof is taken"));
    assert!(g.parse_action("Fb opp E").is_err(), "a letter card goes only on its own square");
}

// §The X card

#[test]
fn x_goes_on_any_empty_square_of_your_own_roof_only() {
    let g = game(2);
    let mine = "Ar - - - Eo - - - -";
    let s = position(2, Phase::Play, 0, &["Xr Bo Co Do Eo Fo Go Ho Io", EIGHT_B], [mine, EMPTY]);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let xs: Vec<String> =
        legal.iter().filter(|a| matches!(a, Action::X { .. })).map(|a| a.to_string()).collect();
    assert_eq!(xs, ["Xr B", "Xr C", "Xr D", "Xr F", "Xr G", "Xr H", "Xr I"]);
    assert!(refused(&g, &s, "Xr E").contains("only a wrench may replace a card"));
    assert!(g.parse_action("Xr opp E").unwrap_err().reason.contains("your own roof"));
}

#[test]
fn the_x_example_scores_a_full_red_row() {
    // Red X on E completes the red row D E F.
    let g = game(2);
    let mine = "- - - Dr - Fr - - -";
    let mut s = position(2, Phase::Play, 0, &["Xr Bo Co Do Eo Fo Go Ho Io", EIGHT_B], [mine, EMPTY]);
    assert_eq!(roof_value(&s.roofs[0]), 0);
    g.play(&mut s, act(&g, "Xr E")).unwrap();
    assert_eq!(roof_value(&s.roofs[0]), 2);
}

// §The wrench

#[test]
fn the_wrench_example_replaces_orange_a_and_lifts_the_roof_from_1_to_6() {
    let g = game(2);
    let mine = "Ao Bb Cb Db El Fr Gb Hr Il";
    let mut s = position(2, Phase::Play, 0, &["Wb Bo Co Do Eo Fo Go Ho Io", EIGHT_B], [mine, EMPTY]);
    assert_eq!(roof_value(&s.roofs[0]), 1, "only the diagonal C E G (blue and lilac)");
    g.play(&mut s, act(&g, "Wb A")).unwrap();
    assert_eq!(roof_value(&s.roofs[0]), 6);
    assert_eq!(s.roofs[0][0], Some(card("Wb")));
    assert_eq!(s.top_discard, Some(card("Ao")), "the replaced card is discarded");
    assert!(s.discards.contains(card("Ao")));
}

#[test]
fn the_wrench_may_go_on_an_empty_square_but_never_on_the_opponents_roof() {
    let g = game(2);
    let s = position(2, Phase::Play, 0, &["Wb Bo Co Do Eo Fo Go Ho Io", EIGHT_B], [EMPTY, EMPTY]);
    let mut t = s.clone();
    g.play(&mut t, act(&g, "Wb E")).unwrap();
    assert_eq!(t.roofs[0][4], Some(card("Wb")));
    assert!(t.discards.is_empty());
    assert!(g.parse_action("Wb opp E").is_err());
}

// §Sabotage and Démontage

#[test]
fn the_sabotage_example_frees_a_square_for_a_better_card() {
    let g = game(2);
    let mine = "Ao Bb Cb Db El Fr Gb Hr Il";
    let mut s = position(2, Phase::Play, 0, &["sab Ab Co Do Eo Fo Go Ho Io", EIGHT_B], [mine, EMPTY]);
    g.play(&mut s, act(&g, "sab own A")).unwrap();
    assert_eq!(s.roofs[0][0], None);
    assert!(s.discards.contains(Card::SABOTAGE) && s.discards.contains(card("Ao")));
    // Bob could fill the square with a red or orange A; here he discards.
    g.play(&mut s, act(&g, "card Ir")).unwrap();
    let mut blocked = s.clone();
    blocked.hands[1] = hand("Ar Bb Cb Db Eb Fb Gb Hb Ir");
    g.play(&mut blocked, act(&g, "Ar opp")).unwrap();
    g.play(&mut blocked, act(&g, "card Xo")).unwrap();
    assert!(refused(&g, &blocked, "Ab own").contains("square A of your roof is taken"));
    g.play(&mut s, act(&g, "discard Ir")).unwrap();
    g.play(&mut s, act(&g, "card Xo")).unwrap();
    g.play(&mut s, act(&g, "Ab own")).unwrap();
    assert_eq!(roof_value(&s.roofs[0]), 6);
}

#[test]
fn sabotage_removes_from_either_roof_demontage_from_your_own_only() {
    let g = game(2);
    let theirs = "Ab - - - - - - - -";
    let mine = "- Bo - - - - - - -";
    let s = position(2, Phase::Play, 0, &["sab dem Co Do Eo Fo Go Ho Io", EIGHT_B], [mine, theirs]);
    for text in ["sab opp A", "sab own B", "dem B", "discard sab", "discard dem"] {
        let mut t = s.clone();
        g.play(&mut t, act(&g, text)).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    assert!(refused(&g, &s, "sab opp B").contains("is empty"));
    assert!(refused(&g, &s, "dem A").contains("square A of your roof is empty"));
    assert!(g.parse_action("dem opp A").is_err(), "Démontage never touches the opponent's roof");
}

#[test]
fn the_100_card_variant_has_no_demontage() {
    let g = SabotagePipes::with(2, false, 4).unwrap();
    let mut s = g.initial_state();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert!(outcomes.iter().all(|(a, _)| *a != Action::Deal(Card::DEMONTAGE)));
    assert!(g.play(&mut s, Action::Deal(Card::DEMONTAGE)).is_err());
    assert_eq!(s.stock_len(), 100);
}

// §Ending

#[test]
fn a_round_may_be_ended_before_drawing_with_a_roof_worth_5() {
    let g = game(2);
    let five = "Ar Bl Cl Dr El Fb Gr Xl Xb";
    let four = "Ar Bl Cl Dr El Fb Gr Xl -";
    let s = position(2, Phase::Start, 0, &[EIGHT, EIGHT_B], [five, EMPTY]);
    assert_eq!(g.turn(&s), Turn::Player(0));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::End, Action::Draw]);
    assert!(refused(&g, &s, "discard Ao").contains("draw first"));
    let mut ended = s.clone();
    g.play(&mut ended, Action::End).unwrap();
    let r = ended.results.as_slice()[0];
    assert_eq!(r.values, [5, 0]);
    assert_eq!(r.points, [4, 0], "the closer scores one point less");
    assert_eq!(r.closer, Some(0));
    assert_eq!((ended.round, ended.phase), (1, Phase::Deal));
    assert!(ended.hands.iter().all(Cards::is_empty) && ended.roofs.iter().flatten().all(Option::is_none));
    // After drawing, ending is no longer possible this turn.
    let mut drew = s.clone();
    g.play(&mut drew, Action::Draw).unwrap();
    g.play(&mut drew, act(&g, "card Ir")).unwrap();
    assert!(refused(&g, &drew, "end").contains("only at the start of your turn"));
    // With a roof worth 4, a turn starts straight with the draw.
    let mut weak = position(2, Phase::Play, 1, &[EIGHT, "Ab Bb Cb Db Eb Fb Gb Hb Ib"], [four, EMPTY]);
    // Typing `end` there is refused for the roof's value, not for the moment.
    assert!(refused(&g, &weak, "end").contains("your roof is worth 0"), "{}", refused(&g, &weak, "end"));
    g.play(&mut weak, act(&g, "discard Ib")).unwrap();
    assert_eq!(weak.phase, Phase::Draw);
}

#[test]
fn when_the_pile_runs_out_play_goes_on_until_the_last_card_without_penalty() {
    let g = game(2);
    let mut s = position(2, Phase::Draw, 0, &[EIGHT, EIGHT_B], [EMPTY, EMPTY]);
    // Empty the pile into the discards (as if played), keeping the deck consistent.
    let stock = s.stock();
    for c in stock.to_vec() {
        s.discards.add(c);
        s.top_discard = Some(c);
    }
    s.phase = Phase::Play;
    let s = g.validate(s).unwrap();
    let mut s = s;
    assert_eq!(s.stock_len(), 0);
    let mut plays = 0;
    while g.turn(&s) != Turn::Chance && s.round == 0 {
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        assert!(!legal.contains(&Action::Draw), "nothing to draw");
        let discard = legal.iter().copied().find(|a| matches!(a, Action::Discard(_))).unwrap();
        g.play(&mut s, discard).unwrap();
        plays += 1;
    }
    assert_eq!(plays, 16, "every card in hand is played");
    assert_eq!(s.results.as_slice()[0].closer, None);
    assert_eq!(s.results.as_slice()[0].points, [0, 0]);
}

#[test]
fn with_an_empty_pile_a_player_may_still_end_at_the_start_of_the_turn() {
    let g = game(2);
    let five = "Ar Bl Cl Dr El Fb Gr Xl Xb";
    let mut s = position(2, Phase::Play, 1, &[EIGHT, "Ab Bb Cb Db Eb Fb Gb Hb Ib"], [five, EMPTY]);
    for c in s.stock().to_vec() {
        s.discards.add(c);
        s.top_discard = Some(c);
    }
    g.play(&mut s, act(&g, "discard Ib")).unwrap();
    assert_eq!(s.phase, Phase::Start);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal[0], Action::End);
    assert!(!legal.contains(&Action::Draw));
    assert!(legal.contains(&Action::Discard(card("Ao"))), "or play on from the hand");
}

// §Scoring

#[test]
fn lines_score_two_for_one_colour_one_for_related_colours() {
    assert_eq!(roof_value(&roof("Ar Br Cr - - - - - -")), 2);
    assert_eq!(roof_value(&roof("Ar Bo Cr - - - - - -")), 1);
    assert_eq!(roof_value(&roof("Ab Bl Cl - - - - - -")), 1);
    assert_eq!(roof_value(&roof("Ar Bb Cr - - - - - -")), 0);
    assert_eq!(roof_value(&roof("Ar - Cr - - - - - -")), 0, "an empty square breaks the line");
    assert_eq!(roof_value(&roof("Wr Br Cr Dr Er Fr Gr Hr Ir")), 16, "eight lines of one colour");
}

#[test]
fn the_rulebook_scoring_examples() {
    // First example: worth 5, no bonus.
    let first = roof("Ar Bl Cl Dr El Fb Gr Xl Xb");
    assert_eq!(roof_value(&first), 5);
    assert_eq!(round_score(5), 5);
    // Second example: worth 7, 9 with the bonus.
    let second = roof("Ao - Xr Do Eo Xr Go - Io");
    assert_eq!(roof_value(&second), 7);
    assert_eq!(round_score(7), 9);
    // The text's example: 8 points give 11, 10 for the player who ended the round.
    assert_eq!(round_score(8), 11);
}

#[test]
fn the_bonus_table() {
    let table: Vec<i32> = (5..=16).map(round_score).collect();
    assert_eq!(table, [5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27]);
    assert_eq!((0..=4).map(round_score).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
}

#[test]
fn the_highest_total_after_four_rounds_wins_and_a_tie_is_a_draw() {
    let g = game(2);
    let mut s = g.initial_state();
    s.round = 4;
    s.phase = Phase::Over;
    for points in [[9, 4], [5, 7], [0, 0], [3, 3]] {
        s.results.push(tabula_sabotage_pipes::RoundResult { values: [0, 0], points, closer: None });
    }
    // The points do not match the values, so build them from values instead.
    let mut s2 = g.initial_state();
    s2.round = 4;
    s2.phase = Phase::Over;
    for values in [[7, 4], [5, 6], [0, 0], [3, 3]] {
        s2.results.push(tabula_sabotage_pipes::RoundResult {
            values,
            points: values.map(round_score),
            closer: None,
        });
    }
    let s2 = g.validate(s2).unwrap();
    assert_eq!(s2.totals(), [17, 14]);
    assert_eq!(g.returns(&s2), [1.0, -1.0]);
    assert!(g.validate(s).is_err(), "points must follow from values");
    let mut tie = g.initial_state();
    tie.round = 4;
    tie.phase = Phase::Over;
    for values in [[6, 5], [5, 6], [0, 0], [0, 0]] {
        tie.results.push(tabula_sabotage_pipes::RoundResult {
            values,
            points: values.map(round_score),
            closer: None,
        });
    }
    assert_eq!(g.returns(&tie), [0.0, 0.0]);
    assert_eq!(g.turn(&tie), Turn::Terminal);
}

// §Four players

#[test]
fn four_players_share_a_roof_with_their_partner_and_ask_before_ending() {
    let g = game(4);
    let five = "Ar Bl Cl Dr El Fb Gr Xl Xb";
    let s = position(
        4,
        Phase::Start,
        2,
        &[EIGHT, EIGHT_B, "Ar Br Cr Dr Er Fr Gr Hr", "Al Bl Cl Dl El Fl Gl Hl"],
        [five, EMPTY],
    );
    assert_eq!(partner(2), 0);
    let mut asked = s.clone();
    g.play(&mut asked, Action::End).unwrap();
    assert_eq!(asked.phase, Phase::Consent);
    assert_eq!(g.turn(&asked), Turn::Player(0), "the partner answers");
    assert!(refused(&g, &asked, "draw").contains("answer `agree` or `refuse`"));
    let mut agreed = asked.clone();
    g.play(&mut agreed, Action::Agree).unwrap();
    assert_eq!(agreed.results.as_slice()[0].points, [4, 0]);
    assert_eq!(agreed.results.as_slice()[0].closer, Some(2));
    let mut refused_ = asked.clone();
    g.play(&mut refused_, Action::Refuse).unwrap();
    assert_eq!((refused_.phase, refused_.to_move), (Phase::Draw, 2), "the turn goes on with the draw");
    g.play(&mut refused_, act(&g, "card Io")).unwrap();
    assert!(refused(&g, &refused_, "end").contains("refused"));
    // Seats alternate teams: seat 1 plays on roof 1.
    let mut t = position(
        4,
        Phase::Play,
        1,
        &[EIGHT, "Ab Bb Cb Db Eb Fb Gb Hb Ib", "Ar Br Cr Dr Er Fr Gr Hr", "Al Bl Cl Dl El Fl Gl Hl"],
        [EMPTY, EMPTY],
    );
    g.play(&mut t, act(&g, "Ab own")).unwrap();
    assert_eq!(t.roofs[1][0], Some(card("Ab")));
    assert_eq!(t.to_move, 2);
}

#[test]
fn agree_and_refuse_only_answer_a_request() {
    let g = game(2);
    let s = position(2, Phase::Play, 0, &["Ao Bo Co Do Eo Fo Go Ho Io", EIGHT_B], [EMPTY, EMPTY]);
    assert!(refused(&g, &s, "agree").contains("nobody has asked"));
}

// Hidden information

#[test]
fn a_view_hides_other_hands_the_partners_included() {
    let g = game(4);
    let hands = [EIGHT, EIGHT_B, "Ar Br Cr Dr Er Fr Gr Hr", "Al Bl Cl Dl El Fl Gl Hl"];
    let a = position(4, Phase::Draw, 0, &hands, [EMPTY, EMPTY]);
    // Swap a card between seat 2's hand (the partner) and the pile.
    let mut b = a.clone();
    b.hands[2].remove(card("Ar"));
    b.hands[2].add(card("Xb"));
    let b = g.validate(b).unwrap();
    assert_ne!(a, b);
    assert_eq!(g.view(&a, 0), g.view(&b, 0));
    assert_ne!(g.view(&a, 2), g.view(&b, 2));
    let json = serde_json::to_string(&g.view(&a, 0)).unwrap();
    assert!(json.contains("\"hand\":[\"Ao\""), "{json}");
    assert!(!json.contains("Hr") && !json.contains("Hl") && !json.contains("Hb"), "{json}");
    // A card drawn is seen only by the seat drawing it.
    assert_eq!(g.observe_action(&a, act(&g, "card Wr"), 0), "card Wr");
    assert_eq!(g.observe_action(&a, act(&g, "card Wr"), 2), "card ?");
}

// Notation and sizes

#[test]
fn notation_reads_what_people_type() {
    let g = game(2);
    assert_eq!(g.parse_action("  ao   OWN ").unwrap().to_string(), "Ao own");
    assert_eq!(g.parse_action("Ao opp A").unwrap().to_string(), "Ao opp");
    assert_eq!(g.parse_action("xR e").unwrap().to_string(), "Xr E");
    assert_eq!(g.parse_action("Wl own I").unwrap().to_string(), "Wl I");
    assert_eq!(g.parse_action("sabotage theirs c").unwrap().to_string(), "sab opp C");
    assert_eq!(g.parse_action("discard démontage").unwrap().to_string(), "discard dem");
    for bad in ["", "Zq own", "Ao sideways", "Xr Z", "sab E", "play", "Ao own own", "dem opp"] {
        let err = g.parse_action(bad).unwrap_err();
        assert!(!err.reason.is_empty(), "{bad}");
    }
}

#[test]
fn state_and_action_are_small() {
    let state = std::mem::size_of::<State>();
    let action = std::mem::size_of::<Action>();
    println!("State: {state} bytes, Action: {action} bytes");
    assert!(action <= 4, "Action is {action} bytes");
    assert!(state <= 512, "State is {state} bytes");
}

#[test]
fn a_position_breaking_rules_lists_every_problem() {
    let g = game(2);
    let mut s = rules::initial_state(2, true, 4);
    s.phase = Phase::Play;
    s.to_move = 0;
    s.hands[0] = hand("Ao Ao Ao Bo Co Do Eo Fo Go");
    s.roofs[0][1] = Some(card("Co"));
    s.roofs[1][0] = Some(Card::SABOTAGE);
    let err = g.validate(s).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("A orange appears 3 times"), "{text}");
    assert!(text.contains("belongs on square C"), "{text}");
    assert!(text.contains("cannot lie on a roof"), "{text}");
    assert!(err.problems.len() >= 3);
}

#[test]
fn the_heuristic_banks_a_lead_of_three_or_more() {
    let g = game(2);
    let seven = "Ao - Xr Do Eo Xr Go - Io"; // worth 7, scores 9
    let five = "Ar Bl Cl Dr El Fb Gr Xl Xb"; // worth 5
    let lead = position(2, Phase::Start, 0, &[EIGHT, EIGHT_B], [seven, EMPTY]);
    let close = position(2, Phase::Start, 0, &[EIGHT, EIGHT_B], [five, "Ar Bl Cl Dr El Xb Gr Xl -"]);
    for (s, should_end) in [(lead, true), (close, false)] {
        let after = |a: Action| {
            let mut t = s.clone();
            g.play(&mut t, a).unwrap();
            g.heuristic(&t, 0)
        };
        assert_eq!(after(Action::End) > after(Action::Draw), should_end);
    }
}
