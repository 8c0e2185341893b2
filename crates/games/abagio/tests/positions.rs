//! `Stack::push` trusts its caller to keep a stack within its square's height (five frogs,
//! two on Eight and One): validation refuses a position that breaks it, and the rules
//! never land a frog on a full stack, at every step of random games.

mod common;

use common::{game, raw_position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_abagio::{Colour, Phase};
use tabula_core::{Game, Turn};

#[test]
fn a_stack_above_its_square_height_is_refused() {
    let over = raw_position(Phase::Leap, Colour::Red, &[3, 5], [0, 0], &[("8", "rrr")], None);
    let err = game().validate(over).unwrap_err().to_string();
    assert!(err.contains("has 3 frogs; at most 2 fit there"), "{err}");
}

#[test]
fn no_step_of_a_random_game_overfills_a_stack() {
    let game = game();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    for seed in 0..120 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        loop {
            for (square, stack) in state.board.iter() {
                assert!(
                    stack.height() <= square.max_height(),
                    "seed {seed}: {square} holds {}",
                    stack.height()
                );
            }
            let action = match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&state, &mut outcomes, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut actions);
                    actions[rng.random_range(0..actions.len())]
                }
            };
            game.play_unchecked(&mut state, action);
        }
    }
}
