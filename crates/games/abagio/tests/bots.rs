//! The heuristic (the race in pips) makes a greedy bot beat a random one.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula_abagio::Abagio;
use tabula_ai::{Bot, GreedyBot, RandomBot};
use tabula_core::{Game, Turn, sample_chance};

/// Plays one game; returns the greedy bot's return.
fn play(game: &Abagio, greedy_seat: usize, seed: u64) -> f64 {
    let mut greedy = GreedyBot::new(seed, 1);
    let mut random = RandomBot::new(seed + 1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 2);
    let mut state = game.initial_state();
    let mut outcomes = Vec::new();
    loop {
        let action = match game.turn(&state) {
            Turn::Terminal => return game.returns(&state)[greedy_seat],
            Turn::Chance => sample_chance(game, &state, &mut outcomes, &mut rng),
            Turn::Player(seat) => {
                let view = game.view(&state, seat);
                if seat == greedy_seat { greedy.choose(game, &view) } else { random.choose(game, &view) }
            }
        };
        game.play(&mut state, action).expect("bots play legal actions");
    }
}

#[test]
fn greedy_beats_random() {
    let game = Abagio::with_defaults();
    let games = 60;
    let wins = (0..games).filter(|&i| play(&game, i % 2, i as u64 * 7) > 0.0).count();
    println!("greedy won {wins} of {games}");
    assert!(wins * 10 >= games * 8, "greedy won only {wins} of {games}");
}
