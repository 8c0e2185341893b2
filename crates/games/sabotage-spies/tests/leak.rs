//! Hidden information never leaks: where a team takes a hidden step (`character ?`,
//! `start ?`, `plan ?`, `slide ?`, `unlock ?`), every choice it could have made leaves the
//! other team's views the same, aid included, as long as the public log is the same.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, Turn};
use tabula_sabotage_spies::config::Config;
use tabula_sabotage_spies::data::Team;
use tabula_sabotage_spies::{SabotageSpies, rules, view};

/// Plays a random game; at every hidden step, tries up to `alts` other legal choices and
/// compares the other team's views after each. Returns how many comparisons were made.
fn check(options: serde_json::Value, seed: u64, rounds: u16, alts: usize) -> usize {
    let game = SabotageSpies::from_json(&options).unwrap();
    let cfg: &Config = game.config();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.initial_state();
    let mut legal = Vec::new();
    let mut compared = 0;
    while state.round <= rounds {
        let seat = match game.turn(&state) {
            Turn::Terminal => break,
            Turn::Chance => {
                let mut buf = Vec::new();
                let a = game.sample_chance(&state, &mut buf, &mut rng);
                game.play(&mut state, a).unwrap();
                continue;
            }
            Turn::Player(p) => p,
        };
        game.legal_actions(&state, &mut legal);
        let action = legal[rng.random_range(0..legal.len())];
        let mover = cfg.team_of(seat).unwrap();
        if action.masked().is_some() && rules::deciding_slot(&state).is_some() {
            let mut after = state.clone();
            game.play(&mut after, action).unwrap();
            let others: Vec<usize> =
                (0..game.num_players()).filter(|&s| cfg.team_of(s) != Some(mover)).collect();
            for _ in 0..alts {
                let other = legal[rng.random_range(0..legal.len())];
                let mut alt = state.clone();
                game.play(&mut alt, other).unwrap();
                if alt.log != after.log {
                    continue;
                }
                for &s in &others {
                    let (a, b) = (game.view(&after, s), game.view(&alt, s));
                    assert!(
                        a == b,
                        "seed {seed}: {mover:?} played {action} or {other}, and seat {s} ({:?}) can tell: {}",
                        cfg.team_of(s).unwrap_or(Team::Villains),
                        first_difference(&a, &b)
                    );
                    compared += 1;
                }
            }
            state = after;
        } else {
            game.play(&mut state, action).unwrap();
        }
    }
    compared
}

fn first_difference(a: &view::View, b: &view::View) -> String {
    let (a, b) = (serde_json::to_value(a).unwrap(), serde_json::to_value(b).unwrap());
    a.as_object().unwrap().iter().find(|(k, v)| b.get(k.as_str()) != Some(v)).map_or_else(
        || "only in the aid's worlds".to_owned(),
        |(k, v)| format!("{k}: {v} or {}", b[k.as_str()]),
    )
}

#[test]
fn hidden_steps_do_not_show_in_the_other_teams_view() {
    let mut compared = 0;
    for (options, seed) in [
        (serde_json::json!({"intro": true}), 11),
        (serde_json::json!({}), 12),
        (serde_json::json!({"players": 2, "map": "variable"}), 13),
    ] {
        compared += check(options, seed, 2, 2);
    }
    assert!(compared > 100, "only {compared} comparisons");
}
