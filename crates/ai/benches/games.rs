#![allow(missing_docs)] // criterion_group! makes undocumented items
//! Criterion benchmarks of every game's hot paths through the generic API: legal-action
//! generation, playing an action, cloning a state, a whole random playout, and 100 MCTS
//! iterations. Positions are sampled from seeded random games, so runs compare.
//!
//! `cargo bench -p tabula-ai --bench games` (add `-- sabotage` to pick a game).

use criterion::{BenchmarkId, Criterion, black_box, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use tabula_abagio::Abagio;
use tabula_ai::{Mcts, SearchConfig};
use tabula_core::{Game, Rng as ChaCha, Turn, random_playout, sample_chance};
use tabula_sabacc::Sabacc;
use tabula_sabotage_pipes::SabotagePipes;

/// Player-decision states spread over `games` seeded random games.
fn positions<G: Game>(game: &G, games: u64) -> Vec<G::State> {
    let mut rng = ChaCha::seed_from_u64(7);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    for _ in 0..games {
        let mut state = game.initial_state();
        let mut step = 0;
        loop {
            let action = match game.turn(&state) {
                Turn::Terminal => break,
                Turn::Chance => sample_chance(game, &state, &mut outcomes, &mut rng),
                Turn::Player(_) => {
                    if step % 7 == 0 {
                        out.push(state.clone());
                    }
                    step += 1;
                    game.legal_actions(&state, &mut actions);
                    actions[rng.random_range(0..actions.len())]
                }
            };
            game.play_unchecked(&mut state, action);
        }
    }
    out
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, game: G) {
    let states = positions(&game, 4);
    let mut group = c.benchmark_group(name);
    let mut actions = Vec::new();
    group.bench_function("legal_actions", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % states.len();
            game.legal_actions(black_box(&states[i]), &mut actions);
            actions.len()
        })
    });
    let moves: Vec<(G::State, G::Action)> = states
        .iter()
        .map(|s| {
            game.legal_actions(s, &mut actions);
            (s.clone(), actions[actions.len() / 2])
        })
        .collect();
    group.bench_function("clone_and_play", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % moves.len();
            let mut state = moves[i].0.clone();
            game.play_unchecked(&mut state, moves[i].1);
            state
        })
    });
    group.bench_function("clone", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % states.len();
            black_box(&states[i]).clone()
        })
    });
    group.bench_function("random_playout", |b| {
        let mut rng = ChaCha::seed_from_u64(1);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        b.iter(|| {
            let mut state = game.initial_state();
            random_playout(&game, &mut state, &mut actions, &mut outcomes, &mut rng)
        })
    });
    let mut mcts = Mcts::<G>::new(SearchConfig::iterations(100));
    let root = &states[states.len() / 3];
    group.bench_with_input(BenchmarkId::new("mcts_iterations", 100), root, |b, root| {
        let mut rng = ChaCha::seed_from_u64(2);
        b.iter(|| mcts.search(&game, root, mcts.config().budget, &mut rng).1)
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game(c, "sabotage-pipes", SabotagePipes::with_defaults());
    bench_game(c, "abagio", Abagio::with_defaults());
    bench_game(c, "sabacc", Sabacc::with_defaults());
}

criterion_group! {
    name = games;
    config = Criterion::default().sample_size(20).warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(games);
