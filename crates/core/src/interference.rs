//! Non-interference, the conformance harness's leak test that does not trust the game's own
//! idea of what a seat knows: two games alike in everything a seat may see, different in
//! what it may not, must look the same to that seat.
//!
//! Along a playout, a chance node is *hidden* from seat K when K cannot tell its outcome
//! from another one (`observe_action` gives both the same text: a card another seat draws).
//! At such a node:
//! 1. every outcome must look the same to K — a card K once held that looks different
//!    when someone else draws it is a leak;
//! 2. the outcome replaced by another one (game B), K's view must not change (unless the
//!    rules show the table what changed, as in 3);
//! 3. the same actions replayed in B while they stay legal, K must observe each one as in
//!    the real game and keep the same view, until the rules reveal something: K's own
//!    move (a card it looks at), or a step after which the rules show the table what the
//!    swap changed (a card laid face up, a hand that ends, a seat that busts) — then every
//!    other seat that could not tell the games apart sees a change too. A change that
//!    reaches K alone is a leak. (With no such other seat, as in a two-seat game, any
//!    change after the swap is taken for a reveal: rules 1 and 2 still hold there.)

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, Turn};

/// Checks every chance node of the playout `actions` (from the initial state) against
/// rule 1 for every seat, and `swaps` sampled (node, seat) pairs against rules 2 and 3.
/// Returns the swaps replayed and the steps replayed after them.
///
/// # Panics
/// On a leak, naming the option set, the seed, the step and the seat.
pub(crate) fn check<G: Game>(game: &G, seed: u64, actions: &[G::Action], swaps: usize) -> (usize, usize) {
    let mut states = Vec::with_capacity(actions.len() + 1);
    let mut state = game.initial_state();
    for &action in actions {
        states.push(state.clone());
        game.play_unchecked(&mut state, action);
    }
    let ctx = |step: usize, seat: usize| format!("{} seed {seed} step {step}, seat {seat}", game.options());
    let mut outcomes = Vec::new();
    let mut hidden = Vec::new();
    for (step, (state, &action)) in states.iter().zip(actions).enumerate() {
        if game.turn(state) != Turn::Chance {
            continue;
        }
        game.chance_outcomes(state, &mut outcomes);
        for seat in 0..game.num_players() {
            if hidden_from(game, state, &outcomes, action, seat, &ctx(step, seat)) {
                hidden.push((step, seat));
            }
        }
    }
    let mut replayed = (0, 0);
    if hidden.is_empty() || swaps == 0 {
        return replayed;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x1eaf_0b5e_77ed);
    for _ in 0..swaps {
        let (step, seat) = hidden[rng.random_range(0..hidden.len())];
        game.chance_outcomes(&states[step], &mut outcomes);
        let original = actions[step];
        let others: Vec<G::Action> = outcomes.iter().map(|&(a, _)| a).filter(|&a| a != original).collect();
        let other = others[rng.random_range(0..others.len())];
        replayed.0 += 1;
        replayed.1 += replay(game, &states[step], &actions[step..], other, seat, &|t| ctx(step + t, seat));
    }
    replayed
}

/// Whether `seat` cannot tell the outcome `drawn` of this chance node from another one;
/// if so, every outcome must look the same to it (rule 1).
fn hidden_from<G: Game>(
    game: &G,
    state: &G::State,
    outcomes: &[(G::Action, f64)],
    drawn: G::Action,
    seat: usize,
    ctx: &str,
) -> bool {
    if outcomes.len() < 2 {
        return false;
    }
    let seen = game.observe_action(state, drawn, seat);
    let looks = |a: G::Action| game.observe_action(state, a, seat);
    if !outcomes.iter().any(|&(a, _)| a != drawn && looks(a) == seen) {
        return false;
    }
    if let Some(&(a, _)) = outcomes.iter().find(|&&(a, _)| looks(a) != seen) {
        panic!(
            "{ctx}: a chance outcome hidden from this seat (it sees `{seen}`) shows as `{}` when the outcome is {} \
             (a leak: the seat knows something about a hidden outcome)",
            looks(a),
            game.action_text(a)
        );
    }
    true
}

/// Plays `other` instead of `played[0]` from `start`, then `played[1..]` while legal,
/// comparing what `seat` sees in both games (rules 2 and 3). Returns the steps compared.
fn replay<G: Game>(
    game: &G,
    start: &G::State,
    played: &[G::Action],
    other: G::Action,
    seat: usize,
    ctx: &dyn Fn(usize) -> String,
) -> usize {
    let mut real = start.clone();
    let mut swapped = start.clone();
    let (mut real_before, mut swapped_before) = (start.clone(), start.clone());
    let shown: Vec<bool> = (0..game.num_players())
        .map(|m| game.observe_action(start, played[0], m) != game.observe_action(start, other, m))
        .collect();
    for (t, &action) in played.iter().enumerate() {
        real_before.clone_from(&real);
        swapped_before.clone_from(&swapped);
        let mine = if t == 0 { other } else { action };
        if t > 0 && game.check(&swapped, mine).is_err() {
            return t;
        }
        let seen_real = game.observe_action(&real, action, seat);
        let seen_swapped = game.observe_action(&swapped, mine, seat);
        game.play_unchecked(&mut real, action);
        game.play_unchecked(&mut swapped, mine);
        let (view_real, view_swapped) = (game.view(&real, seat), game.view(&swapped, seat));
        if seen_real != seen_swapped || view_real != view_swapped {
            // The seat's own move may show it something (a card it looks at).
            if t > 0 && game.turn(&real_before) == Turn::Player(seat) {
                return t + 1;
            }
            // Otherwise the rules may show the table what the swap changed (a card laid face
            // up, a hand that ends, a seat that busts): then every other seat that could not
            // tell the games apart before sees it too (the seats shown the swapped outcome
            // itself are no witnesses; with none left, as in a two-seat game, any change is
            // taken for a reveal).
            let told_all = (0..game.num_players()).filter(|&m| m != seat && !shown[m]).all(|m| {
                game.view(&real_before, m) != game.view(&swapped_before, m)
                    || game.view(&real, m) != game.view(&swapped, m)
            });
            if told_all {
                return t + 1;
            }
            let what = if seen_real == seen_swapped {
                let json = |v: &G::View| serde_json::to_value(v).unwrap_or_default();
                format!(
                    "its view differs: {}",
                    first_difference(&json(&view_real), &json(&view_swapped), "view")
                )
            } else {
                format!("it observes `{seen_swapped}` instead of `{seen_real}`")
            };
            let how = if t == 0 {
                format!(
                    "replacing the hidden outcome {} by {}",
                    game.action_text(action),
                    game.action_text(other)
                )
            } else {
                format!(
                    "after the hidden outcome {} was replaced by {}, at {} ({t} steps on)",
                    game.action_text(played[0]),
                    game.action_text(other),
                    game.action_text(action)
                )
            };
            panic!("{}: {how}, {what} (a leak)", ctx(t));
        }
    }
    played.len()
}

/// Where two JSON values first differ, as `path: a ≠ b`, for the leak messages.
fn first_difference(a: &serde_json::Value, b: &serde_json::Value, path: &str) -> String {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, value) in x {
                match y.get(key) {
                    Some(other) if other == value => {}
                    Some(other) => return first_difference(value, other, &format!("{path}.{key}")),
                    None => return format!("{path}.{key} only in the real game"),
                }
            }
            match y.keys().find(|k| !x.contains_key(*k)) {
                Some(key) => format!("{path}.{key} only in the swapped game"),
                None => format!("{path}: {a} ≠ {b}"),
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            match x.iter().zip(y).position(|(p, q)| p != q) {
                Some(i) => first_difference(&x[i], &y[i], &format!("{path}[{i}]")),
                None => format!("{path}: {a} ≠ {b}"),
            }
        }
        _ => format!("{path}: {a} ≠ {b}"),
    }
}
