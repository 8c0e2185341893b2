//! The beginner policy (`Game::heuristic_policy`): always a legal action, the obvious move
//! in plain positions, and the same move from the same view and seed.

mod common;

use common::{act, game, leaping, position};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula_abagio::{Abagio, Action, Colour, Phase, State};
use tabula_core::{Game, Turn, sample_chance};

/// The policy's move for the player to act in `state`.
fn policy_move(state: &State, seed: u64) -> Action {
    let g = game();
    let seat = match g.turn(state) {
        Turn::Player(p) => p,
        other => panic!("no player to act: {other:?}"),
    };
    let mut legal = Vec::new();
    g.legal_actions(state, &mut legal);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    g.heuristic_policy(&g.view(state, seat), &legal, &mut rng).expect("Abagio has a beginner policy")
}

/// Plays a game in which the seats of `policy_seats` follow the policy and the others play
/// at random; checks every policy move is legal. Returns the final state.
fn play_game(g: &Abagio, policy_seats: [bool; 2], seed: u64) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = g.initial_state();
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    loop {
        let action = match g.turn(&state) {
            Turn::Terminal => return state,
            Turn::Chance => sample_chance(g, &state, &mut outcomes, &mut rng),
            Turn::Player(seat) => {
                g.legal_actions(&state, &mut legal);
                if policy_seats[seat] {
                    let action = g.heuristic_policy(&g.view(&state, seat), &legal, &mut rng).expect("a move");
                    assert!(legal.contains(&action), "illegal {action} in {state:?}");
                    action
                } else {
                    legal[rand::Rng::random_range(&mut rng, 0..legal.len())]
                }
            }
        };
        g.play(&mut state, action).expect("legal");
    }
}

#[test]
fn always_plays_a_legal_move_and_beats_random() {
    let g = game();
    let mut won = 0;
    for seed in 0..20u64 {
        let seat = (seed % 2) as usize;
        let mut seats = [false; 2];
        seats[seat] = true;
        let end = play_game(&g, seats, seed);
        if end.winner.map(Colour::index) == Some(seat) {
            won += 1;
        }
    }
    assert!(won >= 18, "the policy won {won} of 20 against random moves");
    // Both seats following the policy, including short games drawn at the turn limit.
    for seed in 20..26u64 {
        let end = play_game(&g, [true, true], seed);
        assert_eq!(end.phase, Phase::Over);
    }
    let short = Abagio::with_turn_limit(100).unwrap();
    let end = play_game(&short, [true, false], 99);
    assert_eq!(end.phase, Phase::Over);
}

#[test]
fn hits_a_blot_within_reach() {
    // Red on 20 and 12, a purple blot on 17, one purple frog at the root; a 3 to play.
    let state = leaping(Colour::Red, &[3], [0, 1], &[("20", "r"), ("12", "r"), ("17", "p")]);
    for seed in 0..5 {
        assert_eq!(policy_move(&state, seed), act("20/17"));
    }
}

#[test]
fn makes_a_pair_rather_than_leave_a_blot() {
    // Red blots on 16 and 10 and a frog at the root (so no Top Frog to shelter a blot),
    // purple behind on 22 and at the root; a 6 to play: 16/10 makes a pair and leaves no
    // blot, 10/4 runs into the sector and leaves 16 six squares from purple's frog.
    let state = leaping(Colour::Red, &[6], [1, 1], &[("16", "r"), ("10", "r"), ("22", "p")]);
    for seed in 0..5 {
        assert_eq!(policy_move(&state, seed), act("16/10"));
    }
}

#[test]
fn plays_the_whole_roll_to_bring_the_last_frogs_home() {
    // Red's last frogs on r5 and r3 with a 5 and a 3: both go into the pond and red wins.
    let state = leaping(Colour::Red, &[5, 3], [0, 1], &[("r5", "r"), ("r3", "r"), ("22", "p")]);
    let mut s = state;
    let g = game();
    while s.phase == Phase::Leap {
        let a = policy_move(&s, 1);
        g.play(&mut s, a).unwrap();
    }
    assert_eq!(s.winner, Some(Colour::Red));
}

#[test]
fn puts_the_top_frog_on_its_blot_in_danger() {
    // Red has nothing at the root and a blot on 15 three squares ahead of a purple frog.
    let state =
        position(Phase::TopFrog, Colour::Red, &[], [0, 0], &[("15", "r"), ("r5", "rrr"), ("18", "p")], None);
    for seed in 0..5 {
        assert_eq!(policy_move(&state, seed), act("top 15"));
    }
}

#[test]
fn the_same_view_and_seed_give_the_same_move() {
    let g = game();
    let a = play_game(&g, [true, true], 7);
    let b = play_game(&g, [true, true], 7);
    assert_eq!(a, b);
}
