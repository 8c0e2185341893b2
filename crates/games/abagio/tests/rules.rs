//! One test (at least) per rule, named after the sections of `docs/rules/abagio.md`, and the
//! rulebook's examples.

mod common;

use common::{act, game, leaping, legal, play, position, raw_position, refused};
use tabula_abagio::leaps::{Refusal, single_leap};
use tabula_abagio::{Action, Colour, Phase, Square, State};
use tabula_core::{Game, Turn};

use Colour::{Purple, Red};

fn stack(state: &State, square: &str) -> String {
    state.stack(square.parse::<Square>().unwrap()).to_string()
}

fn after_opening(text: &str) -> State {
    let mut s = game().initial_state();
    play(&mut s, &[text]);
    s
}

// §Setup

#[test]
fn six_frogs_of_each_colour_start_at_the_root() {
    let g = game();
    let s = g.initial_state();
    assert_eq!(s.phase, Phase::Opening);
    assert_eq!(g.turn(&s), Turn::Chance);
    assert_eq!(s.root, [6, 6]);
    assert!(s.board.0.iter().all(|st| st.is_empty()), "the corner stacks wait for the opening roll");
}

#[test]
fn the_opening_roll_is_one_die_each_and_a_tie_is_rolled_again() {
    let g = game();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&g.initial_state(), &mut outcomes);
    assert_eq!(outcomes.len(), 30);
    for &(a, p) in &outcomes {
        assert!((p - 1.0 / 30.0).abs() < 1e-12);
        let Action::Opening { red, purple } = a else { panic!("{a:?}") };
        assert_ne!(red, purple);
    }
    assert!(g.parse_action("open r3 p3").is_err(), "a tie is no outcome");
}

#[test]
fn red_first_puts_red_on_top_of_the_top_right_corner_only() {
    // Rulebook diagram 1.
    let s = after_opening("open r5 p3");
    assert_eq!(s.to_move, Red);
    assert_eq!(s.phase, Phase::Roll);
    assert_eq!(stack(&s, "16"), "prpr", "top-right: red on top");
    assert_eq!(stack(&s, "21"), "rprp", "top-left: purple on top");
    assert_eq!(stack(&s, "11"), "rprp", "bottom-right: purple on top");
    assert_eq!(s.root, [6, 6]);
}

#[test]
fn purple_first_inverts_the_corner_stacks() {
    // Rulebook diagram 2.
    let s = after_opening("open r2 p6");
    assert_eq!(s.to_move, Purple);
    assert_eq!(stack(&s, "16"), "rprp");
    assert_eq!(stack(&s, "21"), "prpr");
    assert_eq!(stack(&s, "11"), "prpr");
}

// §A turn

#[test]
fn two_dice_are_rolled_as_21_outcomes() {
    let g = game();
    let s = after_opening("open r5 p3");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes.len(), 21);
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let p = |t: &str| outcomes.iter().find(|(a, _)| *a == act(t)).unwrap().1;
    assert!((p("roll 6-6") - 1.0 / 36.0).abs() < 1e-12);
    assert!((p("roll 6-4") - 2.0 / 36.0).abs() < 1e-12);
}

#[test]
fn the_first_leaps_of_the_game() {
    let mut s = after_opening("open r5 p3");
    play(&mut s, &["roll 6-4"]);
    assert_eq!(s.phase, Phase::Leap);
    assert_eq!(s.turn, 1);
    // From the root a 6 lands on the sixth square (the start is not counted); red's only
    // frog on top of a corner stack is on 16.
    assert_eq!(legal(&s), ["root/20", "root/22", "16/10", "16/12"]);
    play(&mut s, &["root/20"]);
    assert_eq!(s.dice.as_slice(), [4]);
    play(&mut s, &["20/16"]);
    assert_eq!(stack(&s, "16"), "prprr", "a red frog on red makes the top-right stack maxed");
    assert_eq!(s.phase, Phase::Roll, "red still has frogs at the root: no Top Frog");
    assert_eq!(s.to_move, Purple);
}

// §Leaping

#[test]
fn only_the_top_frog_of_a_stack_may_leap() {
    let mut s = after_opening("open r5 p3");
    play(&mut s, &["roll 6-4"]);
    let why = refused(&s, "21/17");
    assert!(why.contains("under a purple frog") && why.contains("only the top frog"), "{why}");
    let why = refused(&s, "20/16");
    assert!(why.contains("no frog on 20"), "{why}");
}

#[test]
fn a_leap_uses_a_number_rolled() {
    let mut s = after_opening("open r5 p3");
    play(&mut s, &["roll 6-4"]);
    let why = refused(&s, "root/21");
    assert!(why.contains("no 5 to play") && why.contains("6 and 4"), "{why}");
}

#[test]
fn one_frog_may_take_both_numbers_each_landing_legal() {
    // 20/14 lands on a purple heap, so the frog must take the 4 first: 20/16, then 16/10.
    let s = leaping(Red, &[6, 4], [0, 0], &[("20", "r"), ("14", "ppp")]);
    assert_eq!(legal(&s), ["20/16"]);
    let mut s2 = s;
    play(&mut s2, &["20/16"]);
    assert_eq!(legal(&s2), ["16/10"]);
    assert!(refused(&s, "20/14").contains("heap of 3"));
}

#[test]
fn doubles_give_four_leaps() {
    let mut s = after_opening("open r5 p3");
    play(&mut s, &["roll 3-3"]);
    assert_eq!(s.dice.as_slice(), [3, 3, 3, 3]);
    play(&mut s, &["root/23", "23/20", "20/17"]);
    assert_eq!(s.dice.as_slice(), [3]);
    play(&mut s, &["17/14"]);
    assert_eq!((s.phase, s.to_move), (Phase::Roll, Purple));
}

#[test]
fn frogs_leap_over_anything() {
    // Heaps, maxed stacks and the Top Frog between 20 and 14 do not stop a 6.
    let s = position(
        Phase::Leap,
        Red,
        &[6],
        [0, 0],
        &[("20", "r"), ("19", "ppp"), ("18", "rrrpp"), ("17", "p"), ("15", "pp")],
        Some("17"),
    );
    assert_eq!(legal(&s), ["20/14"]);
}

#[test]
fn from_the_outer_path_each_player_turns_into_its_own_safe_sector() {
    let s = leaping(Red, &[4], [0, 0], &[("9", "rp"), ("10", "r")]);
    let mut r = s;
    play(&mut r, &["10/6"]);
    assert_eq!(stack(&r, "r6"), "r");
    let mut p = leaping(Purple, &[4], [0, 0], &[("9", "rp"), ("10", "r"), ("r5", "r")]);
    play(&mut p, &["9/5"]);
    assert_eq!(stack(&p, "p5"), "p", "purple's 5 is not red's 5");
    assert_eq!(stack(&p, "r5"), "r");
}

// §Stacks: hitting a blot

#[test]
fn landing_on_a_lone_blot_sends_it_back_to_the_root() {
    let mut s = leaping(Red, &[3], [0, 0], &[("20", "r"), ("17", "p")]);
    play(&mut s, &["20/17"]);
    assert_eq!(stack(&s, "17"), "r");
    assert_eq!(s.root, [0, 1]);
}

#[test]
fn a_blot_alone_on_top_of_the_opponents_frogs_is_hit_too() {
    let mut s = leaping(Red, &[3], [0, 0], &[("20", "r"), ("17", "rrp")]);
    play(&mut s, &["20/17"]);
    assert_eq!(stack(&s, "17"), "rrr");
    assert_eq!(s.root, [0, 1]);
}

#[test]
fn a_blot_on_top_of_a_maxed_stack_cannot_be_hit() {
    let s = leaping(Red, &[3, 1], [0, 0], &[("20", "r"), ("17", "rrrrp")]);
    let why = refused(&s, "20/17");
    assert!(why.contains("maxed at five frogs") && why.contains("rules §Maxed stacks"), "{why}");
}

#[test]
fn the_opening_corner_blots_can_be_hit() {
    let mut s = after_opening("open r5 p3");
    play(&mut s, &["roll 5-1", "root/21"]);
    assert_eq!(stack(&s, "21"), "rprr");
    assert_eq!(s.root, [5, 7]);
}

// §Stacks: covering a pair

#[test]
fn covering_a_pair_traps_it() {
    let mut s = leaping(Red, &[3], [0, 0], &[("20", "r"), ("17", "pp"), ("22", "p")]);
    play(&mut s, &["20/17"]);
    assert_eq!(stack(&s, "17"), "ppr");
    assert_eq!(s.root, [0, 0], "a pair is not hit");
    // Purple's turn: its frogs on 17 cannot leap.
    let p = leaping(Purple, &[3], [0, 0], &[("17", "ppr"), ("22", "p")]);
    assert!(refused(&p, "17/14").contains("under a red frog"));
    assert_eq!(legal(&p), ["22/19"]);
}

// §Stacks: heaps

#[test]
fn no_opposing_frog_lands_on_a_heap_but_its_owner_may() {
    let s = leaping(Red, &[3], [0, 0], &[("25", "r"), ("20", "r"), ("17", "rppp"), ("23", "p")]);
    let why = refused(&s, "20/17");
    assert!(why.contains("purple has a heap of 3 frogs on top at 17") && why.contains("§Heaps"), "{why}");
    let mut p = leaping(Purple, &[3], [0, 0], &[("20", "r"), ("17", "rppp"), ("23", "p")]);
    play(&mut p, &["23/20"]);
    assert_eq!((stack(&p, "20"), p.root), ("p".to_owned(), [1, 0]), "a 3 from 23 hits the blot on 20");
    let mut p = leaping(Purple, &[6], [0, 0], &[("20", "r"), ("17", "rppp"), ("23", "p")]);
    play(&mut p, &["23/17"]);
    assert_eq!(stack(&p, "17"), "rpppp");
}

// §Stacks: maxed stacks

#[test]
fn nothing_lands_on_a_maxed_stack_not_even_its_top_colour() {
    let s = leaping(Red, &[3, 2], [0, 0], &[("20", "r"), ("17", "rrrrr"), ("24", "p")]);
    assert!(refused(&s, "20/17").contains("maxed at five frogs"));
    assert_eq!(legal(&s), ["20/18", "17/14", "17/15"]);
}

#[test]
fn eight_is_maxed_at_two_frogs() {
    let s = leaping(Purple, &[3], [0, 0], &[("11", "p"), ("8", "rr"), ("20", "p")]);
    let why = refused(&s, "11/8");
    assert_eq!(why, "the stack on 8 is maxed at two frogs; nothing may land there (rules §Maxed stacks)");
    // Red may not land on its own pair there either.
    let r = leaping(Red, &[3, 1], [0, 0], &[("11", "r"), ("8", "rr"), ("20", "p")]);
    assert!(refused(&r, "11/8").contains("maxed at two frogs"));
}

#[test]
fn a_blot_on_eight_or_one_can_be_hit_but_a_pair_there_cannot_be_covered() {
    let mut s = leaping(Purple, &[3], [0, 0], &[("11", "p"), ("8", "r"), ("r2", "r")]);
    play(&mut s, &["11/8"]);
    assert_eq!((stack(&s, "8"), s.root), ("p".to_owned(), [1, 0]));
    let mut s = leaping(Purple, &[2], [0, 0], &[("p3", "p"), ("1", "r"), ("20", "r")]);
    play(&mut s, &["3/1"]);
    assert_eq!((stack(&s, "1"), s.root), ("p".to_owned(), [1, 0]), "a red frog hit on One goes back");
    let s = leaping(Purple, &[2, 1], [0, 0], &[("p3", "p"), ("1", "rr"), ("20", "r")]);
    assert!(refused(&s, "3/1").contains("maxed at two frogs"));
    assert_eq!(legal(&s), ["3/2"]);
}

#[test]
fn stacking_at_the_root_and_in_the_pond_does_not_matter() {
    // Any frog at the root may leap, however many are there; the pond holds any number.
    let mut s = leaping(Red, &[1], [12, 0], &[("20", "p")]);
    play(&mut s, &["root/25"]);
    assert_eq!(s.root[0], 11);
    let mut s = leaping(Red, &[2], [0, 0], &[("r2", "r"), ("20", "p")]);
    assert_eq!(s.pond[0], 11);
    play(&mut s, &["2/pond"]);
    assert_eq!(s.winner, Some(Red));
}

// §Other leaping rules (forced moves)

#[test]
fn both_numbers_must_be_played_when_possible() {
    // The 6 from 20 would leave the 4 unplayable (14/10 and 13/9 land on purple heaps);
    // 20/16 and 13/7 keep both numbers playable.
    let s = leaping(Red, &[6, 4], [0, 0], &[("20", "r"), ("13", "r"), ("10", "ppp"), ("9", "ppp")]);
    assert_eq!(legal(&s), ["20/16", "13/7"]);
    let why = refused(&s, "20/14");
    assert!(why.contains("0 more leaps, but 2 leaps are possible with both your numbers"), "{why}");
    assert!(why.contains("rules §Other leaping rules"), "{why}");
}

#[test]
fn if_only_one_number_can_be_played_it_is_played() {
    // The 6 cannot be played at all (20/14 is a heap); after 20/16 the 6 is lost.
    let mut s = leaping(Red, &[6, 4], [0, 0], &[("20", "r"), ("14", "ppp"), ("10", "ppp")]);
    assert_eq!(legal(&s), ["20/16"]);
    play(&mut s, &["20/16"]);
    assert_eq!(s.phase, Phase::TopFrog, "the leaps are over; the 6 is forfeited");
    assert!(s.dice.is_empty());
}

#[test]
fn if_either_number_but_not_both_can_be_played_the_larger_is() {
    // 20/14 and 20/16 are each possible, but then 14/10 or 16/10 lands on a heap.
    let s = leaping(Red, &[6, 4], [0, 0], &[("20", "r"), ("10", "ppp")]);
    assert_eq!(legal(&s), ["20/14"]);
    let why = refused(&s, "20/16");
    assert!(why.contains("you must play the larger number") && why.contains("the 6 can"), "{why}");
}

#[test]
fn the_order_that_allows_the_most_leaps_is_required() {
    // 20/14 first maxes the red stack on 14, so the 4 would be lost (18/14 maxed, 14/10 a
    // heap); playing the 4 first (18/14 or 20/16) lets the 6 follow.
    let s = leaping(Red, &[6, 4], [0, 0], &[("20", "r"), ("18", "r"), ("14", "rrrr"), ("10", "ppp")]);
    assert!(!legal(&s).contains(&"20/14".to_owned()));
    assert!(legal(&s).contains(&"18/14".to_owned()) && legal(&s).contains(&"20/16".to_owned()));
    let why = refused(&s, "20/14");
    assert!(why.contains("in the order that allows the most leaps"), "{why}");
    let mut s2 = s;
    play(&mut s2, &["18/14"]);
    assert_eq!(legal(&s2), ["14/8"], "20/14 now lands on a maxed stack");
}

#[test]
fn doubles_play_as_many_leaps_as_possible() {
    // The fourth 3 would land on the maxed pair on 8: three leaps, then the turn ends.
    let mut s = leaping(Red, &[3, 3, 3, 3], [0, 0], &[("20", "r"), ("8", "pp")]);
    play(&mut s, &["20/17", "17/14", "14/11"]);
    assert_eq!(s.phase, Phase::TopFrog);
    assert!(s.dice.is_empty());
}

#[test]
fn with_no_legal_leap_the_turn_is_lost() {
    let mut s = position(Phase::Roll, Red, &[], [1, 0], &[("20", "ppp")], None);
    play(&mut s, &["roll 6-6"]);
    assert_eq!(
        (s.phase, s.to_move, s.turn),
        (Phase::Roll, Purple, 2),
        "red has a frog at the root: no Top Frog"
    );
}

#[test]
fn with_no_legal_leap_the_top_frog_may_still_be_played() {
    let mut s = position(Phase::Roll, Red, &[], [0, 0], &[("20", "r"), ("14", "ppp")], None);
    play(&mut s, &["roll 6-6"]);
    assert_eq!((s.phase, s.to_move), (Phase::TopFrog, Red));
    play(&mut s, &["top 20"]);
    assert_eq!((s.phase, s.to_move, s.top_frog), (Phase::Roll, Purple, Some("20".parse().unwrap())));
}

// §Final leaps

#[test]
fn final_leaps_wait_until_every_frog_is_on_the_inner_path() {
    let s = leaping(Red, &[3], [0, 0], &[("r3", "r"), ("12", "r"), ("20", "p")]);
    let why = refused(&s, "3/pond");
    assert!(
        why.contains("only when all your frogs are on the inner path") && why.contains("on the outer path")
    );
    assert_eq!(legal(&s), ["12/9"]);
    let s = leaping(Red, &[3], [1, 0], &[("r3", "r"), ("20", "p")]);
    assert!(refused(&s, "3/pond").contains("at the root"));
}

#[test]
fn a_final_leap_with_the_exact_number() {
    let s = leaping(Red, &[3], [0, 0], &[("r3", "r"), ("r5", "r"), ("20", "p")]);
    assert_eq!(legal(&s), ["5/2", "3/pond"]);
}

#[test]
fn a_larger_number_takes_only_the_farthest_frog_into_the_pond() {
    // The rulebook's example: a six, and the farthest frog only four squares from the pond.
    let s = leaping(Red, &[6, 1], [0, 0], &[("r4", "rr"), ("r2", "r"), ("20", "p")]);
    assert_eq!(legal(&s), ["4/pond(6)", "4/3", "2/1"]);
    let why = refused(&s, "2/pond(6)");
    assert!(why.contains("only your farthest frog") && why.contains("it is on r4"), "{why}");
    // Once the frogs on 4 have gone, the frog on 2 is the farthest.
    let mut s = leaping(Red, &[6, 5], [0, 0], &[("r4", "r"), ("r2", "r"), ("20", "p")]);
    assert_eq!(legal(&s), ["4/pond(6)", "4/pond(5)"]);
    play(&mut s, &["4/pond(6)", "2/pond(5)"]);
    assert_eq!(s.winner, Some(Red));
}

#[test]
fn a_final_leap_is_never_forced_while_another_leap_is_possible() {
    let s = leaping(Red, &[2], [0, 0], &[("r5", "r"), ("r2", "r"), ("20", "p")]);
    assert_eq!(legal(&s), ["5/3", "2/pond"]);
}

#[test]
fn the_last_frog_reaching_the_inner_path_opens_the_pond_within_the_turn() {
    let mut s = leaping(Red, &[3, 2], [0, 0], &[("9", "r"), ("r2", "r"), ("20", "p")]);
    assert_eq!(legal(&s), ["9/6", "9/7"]);
    play(&mut s, &["9/6"]);
    assert_eq!(legal(&s), ["6/4", "2/pond"]);
}

// §Winning

#[test]
fn the_first_to_bring_twelve_frogs_into_the_pond_wins() {
    let g = game();
    // The game ends with the twelfth frog: a winning leap counts as playing every number.
    let mut s = leaping(Purple, &[4, 1], [0, 0], &[("p4", "p"), ("20", "r")]);
    assert_eq!(legal(&s), ["4/pond", "4/3"]);
    play(&mut s, &["4/pond"]);
    assert_eq!((s.phase, s.winner), (Phase::Over, Some(Purple)));
    assert_eq!(g.turn(&s), Turn::Terminal);
    assert_eq!(g.returns(&s), [-1.0, 1.0]);
    assert!(refused(&s, "pass").contains("game is over"));
}

#[test]
fn at_the_turn_limit_the_game_is_a_draw() {
    let g = tabula_abagio::Abagio::with_turn_limit(100).unwrap();
    let mut s = raw_position(Phase::Leap, Red, &[2], [2, 0], &[("20", "p")], None);
    s.turn = 100;
    let mut s = g.validate(s).unwrap();
    g.play(&mut s, act("root/24")).unwrap();
    assert_eq!((s.phase, s.winner), (Phase::Over, None));
    assert_eq!(g.returns(&s), [0.0, 0.0]);
}

// §The Top Frog

#[test]
fn the_top_frog_is_offered_only_without_frogs_at_the_root() {
    let mut s = leaping(Red, &[2], [1, 0], &[("20", "r"), ("15", "p")]);
    play(&mut s, &["20/18"]);
    assert_eq!((s.phase, s.to_move), (Phase::Roll, Purple));
    let mut s = leaping(Red, &[2], [0, 0], &[("20", "r"), ("15", "p")]);
    play(&mut s, &["20/18"]);
    assert_eq!((s.phase, s.to_move), (Phase::TopFrog, Red));
}

#[test]
fn the_top_frog_goes_on_your_own_frog_or_an_empty_outer_square() {
    let s = position(
        Phase::TopFrog,
        Red,
        &[],
        [0, 0],
        &[("25", "r"), ("24", "p"), ("23", "rrrrr"), ("22", "pr"), ("21", "rp"), ("8", "r"), ("r5", "r")],
        None,
    );
    let squares = legal(&s);
    assert!(squares.contains(&"top 25".to_owned()), "own frog");
    assert!(squares.contains(&"top 22".to_owned()), "own frog on top of a purple one");
    assert!(squares.contains(&"top 20".to_owned()), "empty outer square");
    assert_eq!(squares.len(), 17 - 3 + 1, "every outer square but 24, 23, 21; and pass");
    assert!(refused(&s, "top 24").contains("never on your opponent's frogs"));
    assert!(refused(&s, "top 21").contains("never on your opponent's frogs"));
    assert!(refused(&s, "top 23").contains("never goes on a maxed stack"));
    // Never on the inner path: such a placement is not even an action.
    let err = game().parse_action("top 8").unwrap_err();
    assert!(err.reason.contains("only on the outer path"), "{err}");
    assert!(game().parse_action("top r5").is_err());
}

#[test]
fn the_top_frog_blocks_landing_on_its_square() {
    let s = position(Phase::Leap, Purple, &[3], [0, 0], &[("20", "p"), ("17", "r"), ("23", "p")], Some("17"));
    let why = refused(&s, "20/17");
    assert_eq!(why, "the Top Frog sits on 17; no frog may land there (rules §The Top Frog)");
    let empty =
        position(Phase::Leap, Purple, &[3], [0, 0], &[("20", "p"), ("23", "p"), ("25", "r")], Some("17"));
    assert!(refused(&empty, "20/17").contains("Top Frog sits on 17"));
}

#[test]
fn the_top_frog_freezes_the_frogs_under_it() {
    // Only the "forgotten Top Frog" of the rulebook could leave it on the mover's frogs, and
    // the engine always asks; the rule still holds for the frogs beneath it.
    let s = raw_position(Phase::Leap, Red, &[3], [0, 0], &[("20", "r"), ("23", "p")], Some("20"));
    assert_eq!(single_leap(&s, Red, 20, 3), Err(Refusal::Frozen));
    let err = game().validate(s).unwrap_err();
    assert!(err.to_string().contains("the Top Frog sits on a red frog at 20"), "{err}");
}

#[test]
fn passing_sets_the_top_frog_aside_and_so_does_ending_a_turn_without_it() {
    let mut s = position(Phase::TopFrog, Red, &[], [0, 0], &[("20", "r"), ("15", "p")], Some("15"));
    play(&mut s, &["pass"]);
    assert_eq!((s.top_frog, s.phase, s.to_move), (None, Phase::Roll, Purple));
    // Purple placed it on 15; red, with a frog at the root, plays and cannot replace it.
    let mut s = position(Phase::Leap, Red, &[2], [2, 0], &[("15", "p"), ("22", "p")], Some("15"));
    play(&mut s, &["root/24"]);
    assert_eq!(s.top_frog, None);
}

#[test]
fn the_top_frog_may_be_placed_again_where_it_stands_if_the_square_is_empty() {
    let mut s = position(Phase::TopFrog, Red, &[], [0, 0], &[("20", "r"), ("22", "p")], Some("15"));
    assert!(legal(&s).contains(&"top 15".to_owned()));
    play(&mut s, &["top 20"]);
    assert_eq!(s.top_frog, Some("20".parse().unwrap()));
}

#[test]
fn the_top_frog_comes_after_the_leaps() {
    let s = leaping(Red, &[2], [0, 0], &[("20", "r"), ("15", "p")]);
    assert!(refused(&s, "top 20").contains("still have leaps to make"));
    assert!(refused(&s, "pass").contains("play each number when you legally can"));
    let t = position(Phase::TopFrog, Red, &[], [0, 0], &[("20", "r"), ("22", "p")], None);
    assert!(refused(&t, "20/18").contains("your leaps are over"));
}

// Chance and turn order

#[test]
fn chance_actions_only_at_chance_nodes_and_player_actions_only_in_turn() {
    let s = after_opening("open r5 p3");
    assert!(refused(&s, "root/20").contains("about to roll"));
    assert!(refused(&s, "open r5 p3").contains("opening roll was made"));
    let l = leaping(Red, &[2], [0, 0], &[("20", "r"), ("15", "p")]);
    assert!(refused(&l, "roll 6-4").contains("no roll is due"));
    let o = game().initial_state();
    assert!(refused(&o, "roll 6-4").contains("opening roll"));
}

// Notation

#[test]
fn notation_reads_what_people_type() {
    let g = game();
    for (text, canonical) in [
        ("21/17", "21/17"),
        ("root/22", "root/22"),
        ("start/22", "root/22"),
        ("ROOT / 22", "root/22"),
        ("26/22", "root/22"),
        ("3/pond", "3/pond"),
        ("3/off", "3/pond"),
        ("3/0", "3/pond"),
        ("3/pond(5)", "3/pond(5)"),
        ("3/off(5)", "3/pond(5)"),
        ("3/pond(3)", "3/pond"),
        ("top 14", "top 14"),
        ("pass", "pass"),
        ("roll 4-6", "roll 6-4"),
        ("roll 64", "roll 6-4"),
        ("open r5 p3", "open r5 p3"),
        ("open 2-6", "open r2 p6"),
    ] {
        let action = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.action_text(action), canonical, "{text}");
    }
    for bad in
        ["", "21/21", "21/25", "21/14", "9/pond", "3/pond(2)", "top 5", "top", "roll 7-1", "open r3 p3", "x"]
    {
        let err = g.parse_action(bad).unwrap_err();
        assert!(!err.reason.is_empty(), "{bad}");
    }
}

#[test]
fn every_index_names_one_action() {
    let g = game();
    assert_eq!(g.num_distinct_actions(), 225);
    for i in 0..g.num_distinct_actions() {
        let a = g.action_from_index(i).unwrap();
        assert_eq!(g.action_index(a), i);
        assert_eq!(g.parse_action(&g.action_text(a)).unwrap(), a);
    }
}

#[test]
fn state_and_action_are_small() {
    let state = std::mem::size_of::<State>();
    let action = std::mem::size_of::<Action>();
    println!("State: {state} bytes, Action: {action} bytes");
    assert_eq!(action, 3, "Action is {action} bytes");
    assert!(state <= 64, "State is {state} bytes");
}

// Positions

#[test]
fn a_position_from_json_is_validated() {
    let json = r#"{"phase":"leap","to_move":"purple","dice":[5,2],"root":[2,0],"pond":[4,3],
        "board":{"21":"rprp","16":"prpr","11":"rr","8":"p","p5":"ppp","1":"p"},
        "top_frog":"16","turn":12,"winner":null}"#;
    let s: State = serde_json::from_str(json).unwrap();
    let s = game().validate(s).unwrap();
    assert_eq!(stack(&s, "p5"), "ppp");
    assert_eq!(s.top_frog, Some(Square::shared(16).unwrap()));
    assert_eq!(refused(&s, "21/16"), "the Top Frog sits on 16; no frog may land there (rules §The Top Frog)");
    assert!(legal(&s).contains(&"21/19".to_owned()));
}

#[test]
fn a_position_breaking_rules_lists_every_problem() {
    let mut s = raw_position(
        Phase::Leap,
        Red,
        &[6, 4],
        [0, 0],
        &[("8", "rrp"), ("r5", "p"), ("1", "rp"), ("20", "r")],
        Some("r3"),
    );
    s.pond = [12, 12];
    let err = game().validate(s).unwrap_err();
    let text = err.to_string();
    for expected in [
        "red has 16 frogs",
        "purple has 15 frogs",
        "the stack on 8 has 3 frogs; at most 2 fit there",
        "square r5 is red's safe sector, where no purple frog may be",
        "the stack on 1 mixes colours",
        "the Top Frog is on r3, but it goes only on the outer path",
        "red has all twelve frogs in the pond",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in {text}");
    }
    let bad_json = r#"{"phase":"leap","to_move":"red","dice":[7],"root":[0,0],"pond":[0,0],"board":{},
        "top_frog":null,"turn":1,"winner":null}"#;
    assert!(serde_json::from_str::<State>(bad_json).unwrap_err().to_string().contains("1 to 6"));
}

#[test]
fn every_seat_sees_the_whole_state() {
    let g = game();
    let s = leaping(Red, &[2], [0, 0], &[("20", "r"), ("15", "p")]);
    for seat in 0..2 {
        let v = g.view(&s, seat);
        assert_eq!(v.state, s);
        assert_eq!(g.view_player(&v), seat);
        assert_eq!(
            g.determinize(&v, &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1)),
            s
        );
    }
}

#[test]
fn a_position_is_drawn_as_the_board() {
    let s = position(
        Phase::Leap,
        Purple,
        &[5, 2],
        [2, 0],
        &[("21", "rprp"), ("16", "prpr"), ("11", "rr"), ("8", "p"), ("p5", "ppp"), ("1", "p")],
        Some("16"),
    );
    let text = s.to_string();
    println!("{text}");
    let expected = "\
purple to leap, dice 5 2; turn 1
 6 |21:rprp  |20:      |19:      |     |18:      |17:      |16:prprT |
 5 |22:      |r3:      |r2:      |1:p  |p2:      |p3:      |15:      |
 4 |23:      |r4:      |pond     |     |         |p4:      |14:      |
 3 |24:      |r5:      |4r 3p    |     |         |p5:ppp   |13:      |
 2 |25:      |r6:      |r7:      |8:p  |p7:      |p6:      |12:      |
 1 |root     |2r 0p    |         |     |9:       |10:      |11:rr    |
    a         b         c         1/8   d         e         f";
    assert_eq!(text, expected);
}

#[test]
fn legal_actions_fit_the_buffer_bound() {
    use rand::{Rng, SeedableRng};
    let g = game();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let (mut actions, mut outcomes, mut most) = (Vec::new(), Vec::new(), 0);
    for _ in 0..30 {
        let mut s = g.initial_state();
        while g.turn(&s) != Turn::Terminal {
            g.legal_actions(&s, &mut actions);
            most = most.max(actions.len());
            let a = match g.turn(&s) {
                Turn::Chance => tabula_core::sample_chance(&g, &s, &mut outcomes, &mut rng),
                _ => actions[rng.random_range(0..actions.len())],
            };
            g.play(&mut s, a).unwrap();
        }
    }
    assert!(most <= tabula_abagio::rules::MAX_LEGAL, "{most} legal actions");
    assert_eq!(most, 30, "the opening roll has the most outcomes");
}
