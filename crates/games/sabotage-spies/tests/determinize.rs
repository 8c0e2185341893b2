//! Determinization draws the other team's side uniformly among the worlds of the seat's
//! deduction aid (rules §The deduction aid, Interpretation 39): a χ² test over the
//! placements (characters' rooms, hidden devices) of a small exact aid.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, Turn};
use tabula_sabotage_spies::SabotageSpies;
use tabula_sabotage_spies::state::{Loc, Phase, Side};

type Placement = ([Loc; 2], [Option<u8>; 2]);

fn placement(side: &Side) -> Placement {
    (side.chars.map(|c| c.loc), side.secret.map(|t| t.map(|t| t.room.index() as u8)))
}

#[test]
fn determinization_is_uniform_over_the_worlds_of_the_aid() {
    let game = SabotageSpies::from_json(&serde_json::json!({"intro": true})).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut legal, mut buffer) = (Vec::new(), Vec::new());
    // A round boundary where the Villains' aid about the Spies is exact and holds a few
    // dozen worlds with several placements.
    let mut state = game.initial_state();
    let view = loop {
        match game.turn(&state) {
            Turn::Terminal => panic!("no position with a small aid in this game"),
            Turn::Chance => {
                if state.phase == Phase::Roll && state.round >= 2 {
                    let view = game.view(&state, 0);
                    let n = view.worlds.len();
                    let kinds: std::collections::HashSet<Placement> =
                        view.worlds.iter().map(|w| placement(&w.now)).collect();
                    if view.deduction.exact && (8..=400).contains(&n) && kinds.len() >= 4 {
                        break view;
                    }
                }
                let a = game.sample_chance(&state, &mut buffer, &mut rng);
                game.play_unchecked(&mut state, a);
            }
            Turn::Player(_) => {
                game.legal_actions(&state, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                game.play_unchecked(&mut state, a);
            }
        }
    };
    let n = view.worlds.len() as f64;
    let mut expected: HashMap<Placement, f64> = HashMap::new();
    for w in view.worlds.iter() {
        *expected.entry(placement(&w.now)).or_default() += 1.0 / n;
    }
    let draws = 6000;
    let mut seen: HashMap<Placement, f64> = HashMap::new();
    let mut draw_rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..draws {
        let det = game.determinize(&view, &mut draw_rng);
        let key = placement(&det.sides[1]);
        assert!(expected.contains_key(&key), "a determinization outside the aid: {key:?}");
        *seen.entry(key).or_default() += 1.0;
    }
    let chi2: f64 = expected
        .iter()
        .map(|(k, p)| {
            let e = p * f64::from(draws);
            let o = seen.get(k).copied().unwrap_or(0.0);
            (o - e) * (o - e) / e
        })
        .sum();
    let df = (expected.len() - 1) as f64;
    eprintln!("{} worlds, {} placements, χ² {chi2:.1}", view.worlds.len(), expected.len());
    // Far in the tail: about p < 1e-6 for these degrees of freedom.
    let bound = df + 7.0 * (2.0 * df).sqrt() + 15.0;
    assert!(chi2 < bound, "χ² {chi2:.1} with {df} degrees of freedom (bound {bound:.1}): not uniform");
}
