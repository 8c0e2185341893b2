//! Batched stepping (`tabula_core::Batch`, Python's `VectorEnv`) for every registered game:
//! the same games whatever the threads, decisions that agree with the erased layer, and
//! refusals that change nothing.

use serde_json::Value;
use tabula_core::{BatchOut, DynBatch, Mode};

/// The output buffers of a batch.
struct Buffers {
    observations: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    players: Vec<i32>,
    steps: Vec<i32>,
    finals: Vec<f32>,
}

impl Buffers {
    fn new(batch: &dyn DynBatch) -> Self {
        let n = batch.lengths();
        Buffers {
            observations: vec![0.0; n.observations],
            masks: vec![false; n.masks],
            rewards: vec![0.0; n.rewards],
            terminated: vec![false; n.games],
            truncated: vec![false; n.games],
            players: vec![0; n.games],
            steps: vec![0; n.games],
            finals: vec![0.0; n.finals],
        }
    }

    fn out(&mut self) -> BatchOut<'_> {
        BatchOut {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            players: &mut self.players,
            steps: &mut self.steps,
            finals: &mut self.finals,
        }
    }

    /// The first legal action of each game.
    fn first_legal(&self, actions: usize) -> Vec<i64> {
        self.masks
            .chunks(actions)
            .map(|row| row.iter().position(|&m| m).expect("a decision") as i64)
            .collect()
    }
}

/// What one step wrote: observations, rewards, terminated, players.
type Step = (Vec<f32>, Vec<f32>, Vec<bool>, Vec<i32>);

fn run(id: &str, threads: usize, steps: usize) -> Vec<Step> {
    let registry = tabula_registry::registry();
    let mut batch = registry.make_batch(id, &Value::Null, 5, 11).expect("default options");
    batch.set_mode(Mode { threads, ..Mode::default() });
    let mut buffers = Buffers::new(&*batch);
    batch.reset(11, buffers.out()).expect("buffers fit");
    let mut seen = Vec::new();
    for _ in 0..steps {
        let actions = buffers.first_legal(batch.num_distinct_actions());
        batch.step(&actions, buffers.out()).expect("legal actions");
        seen.push((
            buffers.observations.clone(),
            buffers.rewards.clone(),
            buffers.terminated.clone(),
            buffers.players.clone(),
        ));
    }
    seen
}

#[test]
fn every_game_steps_the_same_whatever_the_threads() {
    for entry in tabula_registry::registry().entries() {
        let id = entry.spec.id;
        assert_eq!(run(id, 1, 40), run(id, 2, 40), "{id}: one thread and two differ");
    }
}

#[test]
fn decisions_agree_with_the_erased_layer() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let id = entry.spec.id;
        let game = registry.make(id, &Value::Null).expect("default options");
        let mut batch = registry.make_batch(id, &Value::Null, 3, 4).expect("default options");
        let mut buffers = Buffers::new(&*batch);
        batch.reset(4, buffers.out()).expect("buffers fit");
        let (obs_len, actions) = (batch.observation_len(), batch.num_distinct_actions());
        for _ in 0..30 {
            for i in 0..batch.len() {
                let state = game.load_state(&batch.state_json(i).expect("a game"), 0).expect("a valid state");
                let seat = state.turn().player().expect("a seat acts");
                assert_eq!(buffers.players[i], seat as i32, "{id}");
                let mut observation = vec![0.0; obs_len];
                state.observation(seat, &mut observation).expect("a seat");
                assert_eq!(&buffers.observations[i * obs_len..(i + 1) * obs_len], &observation[..], "{id}");
                let mut mask = vec![false; actions];
                state.legal_action_mask(&mut mask).expect("a mask");
                assert_eq!(&buffers.masks[i * actions..(i + 1) * actions], &mask[..], "{id}");
            }
            let chosen = buffers.first_legal(actions);
            batch.step(&chosen, buffers.out()).expect("legal actions");
        }
    }
}

#[test]
fn a_refused_action_changes_no_game() {
    let registry = tabula_registry::registry();
    let mut batch = registry.make_batch("abagio", &Value::Null, 3, 1).expect("default options");
    let mut buffers = Buffers::new(&*batch);
    batch.reset(1, buffers.out()).expect("buffers fit");
    let actions = batch.num_distinct_actions();
    let before: Vec<Value> = (0..3).map(|i| batch.state_json(i).expect("a game")).collect();
    let mut chosen = buffers.first_legal(actions);
    chosen[1] =
        buffers.masks[actions..2 * actions].iter().position(|&m| !m).expect("an illegal action") as i64;
    let error = batch.step(&chosen, buffers.out()).expect_err("illegal");
    assert!(error.reason.starts_with("game 1: "), "{}", error.reason);
    chosen[1] = -1;
    assert!(batch.step(&chosen, buffers.out()).is_err());
    let after: Vec<Value> = (0..3).map(|i| batch.state_json(i).expect("a game")).collect();
    assert_eq!(before, after);
    let mut short = Buffers::new(&*batch);
    short.players.pop();
    assert!(batch.reset(1, short.out()).is_err());
}

/// Seat `seat`'s observation of game `i` of `batch`, through the erased layer.
fn erased_observation(batch: &dyn DynBatch, id: &str, i: usize, seat: usize) -> Vec<f32> {
    let registry = tabula_registry::registry();
    let game = registry.make(id, &Value::Null).expect("default options");
    let state = game.load_state(&batch.state_json(i).expect("a game"), 0).expect("a valid state");
    let mut observation = vec![0.0; batch.observation_len()];
    state.observation(seat, &mut observation).expect("a seat");
    observation
}

#[test]
fn a_step_limit_cuts_games_and_keeps_every_seats_last_observation() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let id = entry.spec.id;
        let game = registry.make(id, &Value::Null).expect("default options");
        let mut batch = registry.make_batch(id, &Value::Null, 3, 9).expect("default options");
        batch.set_mode(Mode { max_steps: Some(4), ..Mode::default() });
        let mut buffers = Buffers::new(&*batch);
        batch.reset(9, buffers.out()).expect("buffers fit");
        let (len, players, actions) =
            (batch.observation_len(), batch.num_players(), batch.num_distinct_actions());
        let mut cuts = 0;
        for _ in 0..12 {
            let before: Vec<Value> = (0..3).map(|i| batch.state_json(i).expect("a game")).collect();
            let steps_before = buffers.steps.clone();
            let chosen = buffers.first_legal(actions);
            batch.step(&chosen, buffers.out()).expect("legal actions");
            for i in 0..3 {
                let (ended, cut) = (buffers.terminated[i], buffers.truncated[i]);
                assert!(!(ended && cut), "{id}: a game is ended or cut, not both");
                if !ended && !cut {
                    assert_eq!(buffers.steps[i], steps_before[i] + 1, "{id}: the count goes on");
                    continue;
                }
                assert_eq!(buffers.steps[i], 0, "{id}: a restarted game has played nothing");
                if cut {
                    cuts += 1;
                    assert_eq!(steps_before[i] + 1, 4, "{id}: cut at the limit");
                    assert!(buffers.rewards[i * players..(i + 1) * players].iter().all(|&r| r == 0.0));
                }
                // The last position: the one before, the action played, chance as drawn
                // (where none followed, it can be rebuilt through the erased layer).
                let mut last = game.load_state(&before[i], 0).expect("a valid state");
                last.apply_index(chosen[i] as usize).expect("legal");
                if last.turn().player().is_some() || last.turn() == tabula_core::Turn::Terminal {
                    for seat in 0..players {
                        let mut observation = vec![0.0; len];
                        last.observation(seat, &mut observation).expect("a seat");
                        let at = (i * players + seat) * len;
                        assert_eq!(
                            &buffers.finals[at..at + len],
                            &observation[..],
                            "{id}: seat {seat}'s last view"
                        );
                    }
                }
            }
        }
        assert!(cuts > 0, "{id}: no game was cut");
    }
}

#[test]
fn every_seats_observation_and_no_masks() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let id = entry.spec.id;
        let mut plain = registry.make_batch(id, &Value::Null, 3, 5).expect("default options");
        let mut wide = registry.make_batch(id, &Value::Null, 3, 5).expect("default options");
        wide.set_mode(Mode { every_seat: true, masks: false, threads: 2, ..Mode::default() });
        let (mut a, mut b) = (Buffers::new(&*plain), Buffers::new(&*wide));
        assert!(b.masks.is_empty(), "{id}: no masks are kept");
        plain.reset(5, a.out()).expect("buffers fit");
        wide.reset(5, b.out()).expect("buffers fit");
        let (len, players, actions) =
            (plain.observation_len(), plain.num_players(), plain.num_distinct_actions());
        for _ in 0..25 {
            let mut legal = Vec::new();
            for i in 0..3 {
                assert_eq!(plain.state_json(i), wide.state_json(i), "{id}: the same games");
                for seat in 0..players {
                    let at = (i * players + seat) * len;
                    assert_eq!(
                        &b.observations[at..at + len],
                        &erased_observation(&*wide, id, i, seat)[..],
                        "{id}"
                    );
                }
                assert!(wide.legal_actions(i, &mut legal));
                let from_mask: Vec<i64> = a.masks[i * actions..(i + 1) * actions]
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| **m)
                    .map(|(k, _)| k as i64)
                    .collect();
                assert_eq!(legal, from_mask, "{id}: the legal list is the mask's");
            }
            let mut drawn = vec![0i64; 3];
            let mut k = 0usize;
            wide.sample_actions(
                &mut |count| {
                    k += 1;
                    k % count
                },
                &mut drawn,
            );
            for (i, &action) in drawn.iter().enumerate() {
                assert!(a.masks[i * actions + action as usize], "{id}: a drawn action is legal");
            }
            plain.step(&drawn, a.out()).expect("legal actions");
            wide.step(&drawn, b.out()).expect("legal actions");
        }
        assert!(!wide.legal_actions(3, &mut Vec::new()), "{id}: there is no game 3");
    }
}

#[test]
fn some_games_restart_or_start_from_a_position() {
    let registry = tabula_registry::registry();
    let mut batch = registry.make_batch("abagio", &Value::Null, 4, 2).expect("default options");
    let mut buffers = Buffers::new(&*batch);
    batch.reset(2, buffers.out()).expect("buffers fit");
    let actions = batch.num_distinct_actions();
    for _ in 0..6 {
        let chosen = buffers.first_legal(actions);
        batch.step(&chosen, buffers.out()).expect("legal actions");
    }
    let before: Vec<Value> = (0..4).map(|i| batch.state_json(i).expect("a game")).collect();
    let rows = buffers.observations.clone();
    batch.reset_games(&[1, 3], buffers.out()).expect("games 1 and 3");
    for i in [0, 2] {
        assert_eq!(batch.state_json(i).as_ref(), Some(&before[i]), "game {i} is left as it was");
    }
    assert_eq!(buffers.steps[1], 0);
    assert_eq!(buffers.steps[0], 6);
    let len = batch.observation_len();
    assert_eq!(&buffers.observations[..len], &rows[..len], "game 0's row is left as it was");
    assert!(batch.reset_games(&[0, 4], buffers.out()).is_err(), "there is no game 4");
    assert_eq!(batch.state_json(0).as_ref(), Some(&before[0]), "a refused reset changes nothing");

    // Game 2 starts from game 0's position.
    batch.load(2, &before[0], buffers.out()).expect("a position of the game");
    assert_eq!(batch.state_json(2).as_ref(), Some(&before[0]));
    assert_eq!(
        &buffers.observations[2 * len..3 * len],
        &erased_observation(&*batch, "abagio", 0, buffers.players[2] as usize)[..]
    );
    let mut broken = before[1].clone();
    broken["no_such_field"] = Value::from(1);
    let error = batch.load(1, &broken, buffers.out()).expect_err("a field abagio's positions do not have");
    assert!(error.reason.contains("no_such_field"), "{}", error.reason);
    assert!(batch.load(1, &Value::from("garbage"), buffers.out()).is_err());
    assert!(batch.load(9, &before[0], buffers.out()).is_err());
    assert_eq!(batch.state_json(1).map(|_| ()), Some(()));
}
