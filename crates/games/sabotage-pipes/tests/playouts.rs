//! Random games, checked step by step: the state's running pile always equals a fresh
//! recount, and the games themselves (every legal action list, every chance outcome with its
//! probability, every return) are exactly those the rules produced before the pile was kept
//! (a digest recorded then).

use rand::{Rng, SeedableRng};
use tabula_core::{Game, Turn};
use tabula_sabotage_pipes::SabotagePipes;

/// The option sets played: players, demontage.
const OPTIONS: [(u8, bool); 4] = [(2, true), (2, false), (4, true), (4, false)];

/// FNV-1a, 64 bits: a digest that does not depend on the platform or the standard library.
struct Digest(u64);

impl Digest {
    fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, value: u64) {
        for byte in value.to_le_bytes() {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Plays `games` seeded random games of each option set, calling `step` at every state.
fn play(games: u64, mut step: impl FnMut(&SabotagePipes, &tabula_sabotage_pipes::State)) {
    for (players, demontage) in OPTIONS {
        let game = SabotagePipes::with(players, demontage, 4).unwrap();
        for seed in 0..games {
            let mut rng = tabula_core::Rng::seed_from_u64(seed);
            let mut state = game.initial_state();
            let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
            loop {
                step(&game, &state);
                let action = match game.turn(&state) {
                    Turn::Terminal => break,
                    Turn::Chance => tabula_core::sample_chance(&game, &state, &mut outcomes, &mut rng),
                    Turn::Player(_) => {
                        game.legal_actions(&state, &mut actions);
                        actions[rng.random_range(0..actions.len())]
                    }
                };
                game.play_unchecked(&mut state, action);
            }
        }
    }
}

#[test]
fn random_games_are_unchanged() {
    let mut digest = Digest::new();
    let (mut actions, mut outcomes, mut returns) = (Vec::new(), Vec::new(), [0.0; 4]);
    play(25, |game, state| {
        game.legal_actions(state, &mut actions);
        game.chance_outcomes(state, &mut outcomes);
        for &action in &actions {
            digest.write(game.action_index(action) as u64);
        }
        digest.write(u64::MAX);
        for &(action, p) in &outcomes {
            digest.write(game.action_index(action) as u64);
            digest.write(p.to_bits());
        }
        digest.write(u64::MAX);
        if game.turn(state) == Turn::Terminal {
            game.returns_into(state, &mut returns[..game.num_players()]);
            for r in returns {
                digest.write(r.to_bits());
            }
        }
    });
    assert_eq!(digest.0, 0x8050_c980_bf3b_efb6, "digest {:#018x}", digest.0);
}

#[test]
fn the_running_pile_always_equals_a_recount() {
    let mut rng = tabula_core::Rng::seed_from_u64(99);
    let mut states = 0;
    play(25, |game, state| {
        let stock = state.stock();
        assert_eq!(state.pile(), &stock, "{state:?}");
        assert_eq!(state.pile_len(), stock.len());
        assert_eq!(state.stock_len(), stock.len());
        assert_eq!(state.pile().present(), stock.distinct().fold(0, |m, c| m | 1 << c.index()));
        states += 1;
        if states % 97 == 0 {
            // Read back from JSON (which has no pile) and sampled from a view: recounted.
            let json = serde_json::to_string(state).unwrap();
            let back: tabula_sabotage_pipes::State = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, state);
            if let Turn::Player(seat) = game.turn(state) {
                let world = game.determinize(&game.view(state, seat), &mut rng);
                assert_eq!(world.pile(), &world.stock());
                assert_eq!(world.pile_len(), world.stock_len());
            }
        }
    });
    assert!(states > 50_000, "{states} states");
}

#[test]
fn legal_actions_fit_the_buffer() {
    let mut most = 0;
    let mut actions = Vec::new();
    play(10, |game, state| {
        if let Turn::Player(_) = game.turn(state) {
            game.legal_actions(state, &mut actions);
            most = most.max(actions.len());
        }
    });
    assert!(most <= tabula_sabotage_pipes::rules::MAX_LEGAL, "{most} legal actions");
    // The worst hand: nine distinct cards with the most placements, both roofs full.
    let game = SabotagePipes::with(2, true, 4).unwrap();
    let mut state = game.initial_state();
    state.phase = tabula_sabotage_pipes::Phase::Play;
    state.to_move = 0;
    for c in ["sab", "dem", "Wo", "Wr", "Wb", "Wl", "Xo", "Xr", "Xb"] {
        state.hands[0].add(c.parse().unwrap());
    }
    state.roofs = [std::array::from_fn(|i| Some(tabula_sabotage_pipes::Card::from_index(i * 4).unwrap())); 2];
    state.recount_pile();
    game.legal_actions(&state, &mut actions);
    let full = 1 + 18 + 1 + 9 + 4 * (1 + 9) + 3;
    assert_eq!(actions.len(), full);
    assert!(full <= tabula_sabotage_pipes::rules::MAX_LEGAL);
}
