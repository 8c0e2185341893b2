//! The shared conformance harness every game runs with each of its option sets, in the
//! spirit of OpenSpiel's `RandomSimTest`. It panics with a precise message on the first
//! broken property, so it is meant for tests.
//!
//! Over seeded random playouts it checks: clone equals original, and so does a state
//! overwritten by `clone_from` (searches reuse one scratch state); the state's JSON
//! round-trips and validates; every legal action's text and index round-trip; the
//! checked `play` refuses every action the legal list omits and leaves the state
//! untouched; chance probabilities are positive and sum to 1; returns fit the declared
//! utility; length stays under the declared bound; the same seed gives the same game;
//! and views do not leak: every determinization for a seat gives that seat the same
//! view, and leaves the acting seat the same legal actions.
//!
//! Views are also checked by **non-interference**: at a chance node whose outcome a seat
//! cannot tell from another (a card another seat draws, a shuffle), every outcome must look
//! the same to that seat; and when the outcome is replaced by another one and the same
//! actions are replayed where they stay legal, the seat's view and observed history stay
//! identical until the rules reveal something: a player's move or an outcome the seat sees.
//! A determinization cannot catch a leak that the view and the sample share (knowledge kept
//! in the state); two games that differ only in what the seat may not see can.
//!
//! **Observation tensors** are checked on every view met: the length is the product of the
//! fixed shape, the values are finite and scaled, the tensor is a function of the view (the
//! same view, a determinized state's view, the same JSON met again give the same tensor),
//! and views that differ give different tensors unless the game declares the loss in
//! [`Game::observation_view`]. The **legal action mask** is true exactly at the legal
//! actions' indices, and all false where no seat acts.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, Turn, sample_chance};
use crate::observation_check::Observations;
use crate::spec::UtilityKind;

/// How much the harness does.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Random playouts to run.
    pub playouts: usize,
    /// Seed of the first playout (playout `i` uses `seed + i`).
    pub seed: u64,
    /// Check views and determinization at every `view_every`-th state (1 = every state).
    pub view_every: usize,
    /// Try every action index against `check` at every `sweep_every`-th state.
    pub sweep_every: usize,
    /// Non-interference swaps per playout: a hidden chance outcome replaced by another and
    /// the rest of the game replayed (0 = none).
    pub swaps: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config { playouts: 20, seed: 1, view_every: 3, sweep_every: 17, swaps: 6 }
    }
}

/// What the harness covered, so a test can assert it did real work.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    /// Playouts run to the end.
    pub playouts: usize,
    /// States checked.
    pub states: usize,
    /// Chance nodes met.
    pub chance_nodes: usize,
    /// Determinizations checked against their view.
    pub determinizations: usize,
    /// Index sweeps against `check`.
    pub sweeps: usize,
    /// Non-interference swaps replayed.
    pub swaps: usize,
    /// Steps replayed after a swap with the seat's view compared.
    pub swap_steps: usize,
    /// Observation tensors checked against their views.
    pub observations: usize,
    /// Legal action masks checked against the legal actions.
    pub masks: usize,
}

/// Runs the harness on `game` and returns what it covered.
///
/// # Panics
/// On the first property that does not hold, naming it, the playout and the step.
pub fn check<G: Game>(game: &G, config: Config) -> Report {
    check_index_space(game);
    let mut report = Report::default();
    let mut observations = Observations::new(game);
    for i in 0..config.playouts {
        let seed = config.seed.wrapping_add(i as u64);
        let first = playout(game, seed, config, &mut report, &mut observations);
        let mut quiet = Report::default();
        let quiet_config = Config { view_every: usize::MAX, sweep_every: usize::MAX, ..config };
        let second = playout(game, seed, quiet_config, &mut quiet, &mut observations);
        let texts = |actions: &[G::Action]| actions.iter().map(|&a| game.action_text(a)).collect::<Vec<_>>();
        assert_eq!(
            texts(&first),
            texts(&second),
            "{}: seed {seed} did not give the same game twice",
            game.options()
        );
        let (swaps, swap_steps) = crate::interference::check(game, seed, &first, config.swaps);
        report.swaps += swaps;
        report.swap_steps += swap_steps;
        report.playouts += 1;
    }
    report.observations = observations.observations;
    report.masks = observations.masks;
    report
}

/// Every index names an action whose text and index read back to it.
fn check_index_space<G: Game>(game: &G) {
    let n = game.num_distinct_actions();
    assert!(n > 0, "num_distinct_actions is 0");
    let mut texts = HashSet::new();
    for index in 0..n {
        let action =
            game.action_from_index(index).unwrap_or_else(|| panic!("index {index} < {n} names no action"));
        assert_eq!(game.action_index(action), index, "index of {action:?} does not round-trip");
        let text = game.action_text(action);
        assert!(texts.insert(text.clone()), "two actions share the text `{text}`");
        crate::error::ParseActionError::screen(&text)
            .unwrap_or_else(|e| panic!("`{text}` is refused before any game reads it: {e}"));
        let parsed = game.parse_action(&text).unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
        assert_eq!(parsed, action, "`{text}` parses to another action");
    }
    assert!(game.action_from_index(n).is_none(), "index {n} should be out of range");
}

/// Plays one seeded random game, checking every state; returns its actions.
fn playout<G: Game>(
    game: &G,
    seed: u64,
    config: Config,
    report: &mut Report,
    observations: &mut Observations<G>,
) -> Vec<G::Action> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut det_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_de7e);
    let mut state = game.initial_state();
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let mut history = Vec::new();
    // Overwritten with `clone_from` at every step, so it still holds the last step's state
    // (other hands, longer piles) when it is overwritten.
    let mut scratch = game.initial_state();
    // The game's sampler is checked against the listed odds at this playout's first chance
    // node with many draws, at the others with a few.
    let mut sampler_draws = 4000;
    let n = game.num_players();
    let ctx = |step: usize| format!("{} seed {seed} step {step}", game.options());
    for step in 0.. {
        report.states += 1;
        assert!(step <= game.max_game_length(), "{}: longer than max_game_length", ctx(step));
        check_state(game, &state, &ctx(step));
        let turn = game.turn(&state);
        game.legal_actions(&state, &mut actions);
        if step % config.view_every.max(1) == 0 {
            for seat in 0..n {
                check_view(game, &state, seat, &mut det_rng, observations, &ctx(step));
                report.determinizations += 2;
            }
            observations.check_mask(game, &state, &actions, &ctx(step));
        }
        if step % config.sweep_every.max(1) == 0 && turn != Turn::Terminal {
            sweep(game, &state, &actions, &ctx(step));
            report.sweeps += 1;
        }
        let action = match turn {
            Turn::Terminal => {
                assert!(actions.is_empty(), "{}: legal actions at a terminal state", ctx(step));
                check_returns(game, &state, &ctx(step));
                return history;
            }
            Turn::Chance => {
                report.chance_nodes += 1;
                check_chance(game, &state, &actions, &ctx(step));
                check_sampler(game, &state, sampler_draws, &ctx(step));
                sampler_draws = 16;
                sample_chance(game, &state, &mut outcomes, &mut rng)
            }
            Turn::Player(p) => {
                assert!(p < n, "{}: seat {p} acts but there are {n} seats", ctx(step));
                assert!(!actions.is_empty(), "{}: seat {p} acts but has no legal action", ctx(step));
                actions[rng.random_range(0..actions.len())]
            }
        };
        check_actions(game, &actions, &ctx(step));
        let before = state.clone();
        game.play(&mut state, action)
            .unwrap_or_else(|e| panic!("{}: legal action {action:?} refused: {e}", ctx(step)));
        let mut unchecked = before;
        game.play_unchecked(&mut unchecked, action);
        assert_eq!(unchecked, state, "{}: play and play_unchecked disagree", ctx(step));
        scratch.clone_from(&state);
        assert_eq!(scratch, state, "{}: clone_from over another state differs from it", ctx(step));
        assert_eq!(
            serde_json::to_value(&scratch).ok(),
            serde_json::to_value(&state).ok(),
            "{}: clone_from over another state writes other JSON",
            ctx(step)
        );
        history.push(action);
    }
    unreachable!()
}

fn check_state<G: Game>(game: &G, state: &G::State, ctx: &str) {
    let copy = state.clone();
    assert_eq!(&copy, state, "{ctx}: a clone differs from its original");
    let json = serde_json::to_value(state).expect("state serializes");
    let back: G::State = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{ctx}: state JSON does not read back: {e}\n{json}"));
    assert_eq!(&back, state, "{ctx}: state JSON does not round-trip");
    let valid = game
        .validate(back)
        .unwrap_or_else(|e| panic!("{ctx}: a reachable state fails validation: {e}\n{json}"));
    assert_eq!(&valid, state, "{ctx}: validation changed the state");
}

fn check_actions<G: Game>(game: &G, actions: &[G::Action], ctx: &str) {
    let mut seen = HashSet::new();
    for &action in actions {
        assert!(seen.insert(action), "{ctx}: {action:?} is listed twice");
        let text = game.action_text(action);
        let parsed = game.parse_action(&text).unwrap_or_else(|e| panic!("{ctx}: `{text}`: {e}"));
        assert_eq!(parsed, action, "{ctx}: `{text}` does not parse back");
        let index = game.action_index(action);
        assert!(index < game.num_distinct_actions(), "{ctx}: index {index} out of range");
        assert_eq!(game.action_from_index(index), Some(action), "{ctx}: index of `{text}`");
    }
}

fn check_chance<G: Game>(game: &G, state: &G::State, actions: &[G::Action], ctx: &str) {
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    assert!(!outcomes.is_empty(), "{ctx}: chance node without outcomes");
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9, "{ctx}: chance probabilities sum to {total}");
    assert!(outcomes.iter().all(|&(_, p)| p > 0.0), "{ctx}: a chance outcome has probability 0");
    let listed: HashSet<_> = actions.iter().copied().collect();
    let given: HashSet<_> = outcomes.iter().map(|&(a, _)| a).collect();
    assert_eq!(listed, given, "{ctx}: legal_actions and chance_outcomes differ");
}

/// The game's sampler ([`Game::sample_chance`]) draws only listed outcomes; with many
/// `draws`, each outcome about as often as its probability (within six standard
/// deviations, and one draw).
fn check_sampler<G: Game>(game: &G, state: &G::State, draws: usize, ctx: &str) {
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    let mut seen = vec![0usize; outcomes.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(draws as u64);
    let mut buffer = Vec::new();
    for _ in 0..draws {
        let drawn = game.sample_chance(state, &mut buffer, &mut rng);
        let i = outcomes.iter().position(|&(a, _)| a == drawn).unwrap_or_else(|| {
            panic!("{ctx}: the sampler drew {}, which is not a chance outcome", game.action_text(drawn))
        });
        seen[i] += 1;
    }
    if draws < 1000 {
        return;
    }
    let n = draws as f64;
    for (&(action, p), &k) in outcomes.iter().zip(&seen) {
        let sigma = (n * p * (1.0 - p)).sqrt();
        assert!(
            (k as f64 - n * p).abs() <= 6.0 * sigma + 1.0,
            "{ctx}: {} drawn {k} times in {draws}, expected about {:.1}",
            game.action_text(action),
            n * p
        );
    }
}

/// Every index: legal ones pass `check`, the others are refused and change nothing.
fn sweep<G: Game>(game: &G, state: &G::State, legal: &[G::Action], ctx: &str) {
    let legal: HashSet<_> = legal.iter().copied().collect();
    for index in 0..game.num_distinct_actions() {
        let action = game.action_from_index(index).expect("index space checked");
        let mut copy = state.clone();
        let result = game.play(&mut copy, action);
        if legal.contains(&action) {
            assert!(result.is_ok(), "{ctx}: legal {action:?} refused by check: {result:?}");
        } else {
            let err = result.err().unwrap_or_else(|| {
                panic!("{ctx}: {} is not in the legal list but play accepted it", game.action_text(action))
            });
            assert!(!err.reason.is_empty(), "{ctx}: refusal without a reason");
            assert_eq!(&copy, state, "{ctx}: a refused action changed the state");
        }
    }
}

fn check_view<G: Game>(
    game: &G,
    state: &G::State,
    seat: usize,
    rng: &mut ChaCha8Rng,
    observations: &mut Observations<G>,
    ctx: &str,
) {
    let view = game.view(state, seat);
    assert_eq!(game.view_player(&view), seat, "{ctx}: the view names another seat");
    let turn = game.turn(state);
    let mut legal = Vec::new();
    let mut legal_d = Vec::new();
    game.legal_actions(state, &mut legal);
    let mut determinized = Vec::with_capacity(2);
    for _ in 0..2 {
        let det = game.determinize(&view, rng);
        let det = game
            .validate(det)
            .unwrap_or_else(|e| panic!("{ctx}: determinization for seat {seat} is invalid: {e}"));
        let det_view = game.view(&det, seat);
        assert_eq!(
            det_view, view,
            "{ctx}: a determinization for seat {seat} gives that seat another view (a leak or a bad sample)"
        );
        determinized.push(det_view);
        assert_eq!(game.turn(&det), turn, "{ctx}: determinization changed whose turn it is");
        assert!(
            game.public_view(&det) == game.public_view(state),
            "{ctx}: the public view (a spectator's) changes with what seat {seat} cannot see: it shows a spectator something hidden from that seat"
        );
        if turn == Turn::Player(seat) {
            game.legal_actions(&det, &mut legal_d);
            assert_eq!(legal_d, legal, "{ctx}: seat {seat}'s legal actions depend on what it cannot see");
        }
    }
    observations.check_view(game, &view, &determinized, seat, ctx);
}

fn check_returns<G: Game>(game: &G, state: &G::State, ctx: &str) {
    let spec = G::spec();
    let unit = game.return_unit();
    assert!(unit.is_finite() && unit > 0.0, "{ctx}: the return unit {unit} is not a positive number");
    let returns = game.returns(state);
    assert_eq!(returns.len(), game.num_players(), "{ctx}: one return per seat");
    for &r in &returns {
        assert!(
            (spec.min_return..=spec.max_return).contains(&r),
            "{ctx}: return {r} outside {}..={}",
            spec.min_return,
            spec.max_return
        );
    }
    let sum: f64 = returns.iter().sum();
    match spec.utility {
        UtilityKind::ZeroSum => assert!(sum.abs() < 1e-9, "{ctx}: zero-sum returns sum to {sum}"),
        UtilityKind::ConstantSum | UtilityKind::GeneralSum => {}
    }
}
