//! Batched stepping (`tabula_core::Batch`, Python's `VectorEnv`) for every registered game:
//! the same games whatever the threads, decisions that agree with the erased layer, and
//! refusals that change nothing.

use serde_json::Value;
use tabula_core::{BatchOut, DynBatch};

/// The output buffers of a batch.
struct Buffers {
    observations: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    players: Vec<i32>,
}

impl Buffers {
    fn new(batch: &dyn DynBatch) -> Self {
        let n = batch.len();
        Buffers {
            observations: vec![0.0; n * batch.observation_len()],
            masks: vec![false; n * batch.num_distinct_actions()],
            rewards: vec![0.0; n * batch.num_players()],
            terminated: vec![false; n],
            players: vec![0; n],
        }
    }

    fn out(&mut self) -> BatchOut<'_> {
        BatchOut {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            players: &mut self.players,
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
    batch.set_threads(threads);
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
