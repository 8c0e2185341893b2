//! The deduction aid: the real side is always among the worlds, and the aid is the same
//! in two games that differ only in what the other team hides.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::Options;
use tabula_sabotage_spies::aid;
use tabula_sabotage_spies::config::{Config, SPEC};
use tabula_sabotage_spies::rules;
use tabula_sabotage_spies::state::{Phase, State};

fn config(json: serde_json::Value) -> Config {
    Config::from_options(&Options::from_json(&SPEC, &json).unwrap()).unwrap()
}

/// Plays a random game with the aids tracked; asserts the truth is in both aids after
/// every action. Returns the final state and the largest aid seen.
fn play(cfg: &Config, seed: u64, rounds: u16) -> (State, [usize; 2]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = rules::initial(cfg);
    let mut legal = Vec::new();
    let mut most = [0; 2];
    let mut steps = 0;
    while state.phase != Phase::Over && state.round <= rounds {
        rules::legal(&state, cfg, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        aid::play(&mut state, cfg, action);
        steps += 1;
        for (h, most) in most.iter_mut().enumerate() {
            *most = (*most).max(state.aid.worlds[h].len());
            assert!(
                aid::contains(&state, h),
                "seed {seed} step {steps} after {action}: team {h}'s real side is not in its aid ({} worlds)",
                state.aid.worlds[h].len()
            );
        }
    }
    (state, most)
}

#[test]
fn the_real_side_is_always_in_the_aid() {
    for (set, seed) in [
        (serde_json::json!({"intro": true}), 1),
        (serde_json::json!({}), 2),
        (serde_json::json!({"players": 2, "map": "variable"}), 3),
    ] {
        play(&config(set), seed, 3);
    }
}

#[test]
#[ignore = "statistics for a person: cargo test --release -p tabula-sabotage-spies --test aid -- --ignored --nocapture"]
fn aid_sizes() {
    for set in [serde_json::json!({"intro": true}), serde_json::json!({})] {
        let cfg = config(set.clone());
        for seed in 0..6 {
            let t = std::time::Instant::now();
            let (state, most) = play(&cfg, seed, u16::MAX);
            println!(
                "{set} seed {seed}: {} rounds, largest aids {most:?}, {:.1}s",
                state.round,
                t.elapsed().as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore = "diagnostics"]
fn aid_trace() {
    let cfg = config(serde_json::json!({"intro": true, "round_limit": 10}));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut state = rules::initial(&cfg);
    let mut legal = Vec::new();
    let mut steps = 0;
    while state.phase != Phase::Over && steps < 3000 {
        rules::legal(&state, &cfg, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        let t = std::time::Instant::now();
        let masked = tabula_sabotage_spies::view::masked(action).is_some();
        aid::play(&mut state, &cfg, action);
        steps += 1;
        let dt = t.elapsed().as_secs_f64();
        if dt > 0.05 || !masked {
            println!(
                "step {steps} r{} {action}: {:?} {:.3}s",
                state.round,
                state.aid.worlds.iter().map(|w| w.len()).collect::<Vec<_>>(),
                dt
            );
        }
    }
}
