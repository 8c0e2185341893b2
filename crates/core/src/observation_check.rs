//! The conformance harness's checks of observation tensors and legal action masks.
//!
//! On every view the harness meets (every seat, every `view_every`-th state of every
//! playout), the observation must:
//! 1. have the length of its shape, and the shape must not change;
//! 2. hold finite values of a sane size (at most [`BOUND`] in magnitude: counts and money are
//!    scaled);
//! 3. be a function of the view: written twice it is the same, the view of a determinized
//!    state (equal to the view) gives the same tensor, and a view met again later with the
//!    same JSON gives the same tensor;
//! 4. tell views apart: two views met anywhere in the run (any seat, any playout) whose
//!    [`Game::observation_view`] JSON differs must give different tensors. A game declares
//!    what it deliberately loses in `observation_view`; anything else that two tensors
//!    confuse is named in the failure with both values.
//!
//! The legal action mask must be true exactly at the indices of the legal actions of the
//! seat to act, and all false at chance nodes and terminal states.

use std::collections::HashMap;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

use serde_json::Value;

use crate::game::{Game, Turn};
use crate::observation::shape_len;

/// The largest magnitude an observation value may have: values are one-hot flags and counts
/// scaled to roughly `0..1`, so anything far beyond is a count left unscaled.
pub(crate) const BOUND: f32 = 16.0;

/// How many bytes of view JSON the injectivity check keeps; past it, new tensors are still
/// checked against those kept but no longer remembered.
const MEMORY: usize = 96 << 20;

/// What the harness remembers of the observations it met in one run.
pub(crate) struct Observations<G: Game> {
    shape: Vec<usize>,
    tensor: Vec<f32>,
    again: Vec<f32>,
    /// A hash of each view's JSON met → the hash of its tensor.
    by_view: HashMap<u64, u64>,
    /// The hash of each tensor met → the JSON of the `observation_view` that gave it.
    by_tensor: HashMap<u64, String>,
    kept: usize,
    mask: Vec<bool>,
    scratch: Vec<G::Action>,
    /// Observations checked.
    pub(crate) observations: usize,
    /// Masks checked.
    pub(crate) masks: usize,
}

impl<G: Game> Observations<G> {
    /// Checks the game's shape and prepares the buffers.
    ///
    /// # Panics
    /// On an empty shape or a dimension of 0.
    pub(crate) fn new(game: &G) -> Self {
        let shape = game.observation_shape();
        assert!(!shape.is_empty(), "{}: the observation shape is empty", game.options());
        assert!(
            shape.iter().all(|&d| d > 0),
            "{}: the observation shape {shape:?} has a dimension 0",
            game.options()
        );
        let len = shape_len(&shape);
        Observations {
            shape,
            tensor: vec![f32::NAN; len],
            again: vec![f32::NAN; len],
            by_view: HashMap::new(),
            by_tensor: HashMap::new(),
            kept: 0,
            mask: vec![true; game.num_distinct_actions()],
            scratch: Vec::new(),
            observations: 0,
            masks: 0,
        }
    }

    /// Checks seat `seat`'s observation of `view`; `determinized` are the views the same seat
    /// has in states determinized from `view` (equal to it).
    ///
    /// # Panics
    /// On the first property that does not hold, with `ctx` (the option set, seed and step).
    pub(crate) fn check_view(
        &mut self,
        game: &G,
        view: &G::View,
        determinized: &[G::View],
        seat: usize,
        ctx: &str,
    ) {
        let shape = game.observation_shape();
        assert_eq!(shape, self.shape, "{ctx}: the observation shape changed during the game");
        // Garbage first, so that a value the game forgets to write shows.
        self.tensor.fill(f32::NAN);
        game.write_observation(view, &mut self.tensor);
        for (i, &v) in self.tensor.iter().enumerate() {
            assert!(v.is_finite(), "{ctx}: seat {seat}'s observation holds {v} at index {i}");
            assert!(
                v.abs() <= BOUND,
                "{ctx}: seat {seat}'s observation holds {v} at index {i}: scale counts to roughly 0..1"
            );
        }
        self.again.fill(-1.0);
        game.write_observation(view, &mut self.again);
        same(&self.tensor, &self.again, || format!("{ctx}: seat {seat}'s observation written twice differs"));
        for det in determinized {
            game.write_observation(det, &mut self.again);
            same(&self.tensor, &self.again, || {
                format!("{ctx}: seat {seat}'s observation of a determinized state differs from its view's")
            });
        }
        let tensor = tensor_hash(&self.tensor);
        let json = serde_json::to_string(view).expect("views serialize");
        let view_hash = text_hash(&json);
        if let Some(&before) = self.by_view.get(&view_hash) {
            assert_eq!(
                before, tensor,
                "{ctx}: seat {seat}'s view was met before with the same JSON and another observation: \
                 the tensor reads something the view does not show\n{json}"
            );
        } else {
            self.by_view.insert(view_hash, tensor);
        }
        let kept = serde_json::to_string(&game.observation_view(view)).expect("views serialize");
        match self.by_tensor.get(&tensor) {
            Some(before) if *before != kept => {
                let a: Value = serde_json::from_str(before).expect("kept JSON reads back");
                let b: Value = serde_json::from_str(&kept).expect("kept JSON reads back");
                let (path, x, y) = first_difference(&a, &b, String::new())
                    .unwrap_or_else(|| ("(the text)".into(), None, None));
                panic!(
                    "{ctx}: seat {seat}'s observation is the same for two views that differ at `{path}`: \
                     {} there in one, {} in the other. Encode it, or declare the loss in \
                     `observation_view` and document it",
                    short(&x),
                    short(&y)
                );
            }
            Some(_) => {}
            None if self.kept < MEMORY => {
                self.kept += kept.len();
                self.by_tensor.insert(tensor, kept);
            }
            None => {}
        }
        self.observations += 1;
    }

    /// Checks the legal action mask of `state`, whose legal actions are `legal`.
    ///
    /// # Panics
    /// On an entry that disagrees with the legal list.
    pub(crate) fn check_mask(&mut self, game: &G, state: &G::State, legal: &[G::Action], ctx: &str) {
        self.mask.fill(true);
        game.legal_action_mask(state, &mut self.scratch, &mut self.mask);
        let acting = matches!(game.turn(state), Turn::Player(_));
        let legal: HashSet<usize> =
            if acting { legal.iter().map(|&a| game.action_index(a)).collect() } else { HashSet::new() };
        for (i, &marked) in self.mask.iter().enumerate() {
            if marked != legal.contains(&i) {
                let text = game.action_from_index(i).map(|a| game.action_text(a)).unwrap_or_default();
                let why = match (marked, acting) {
                    (true, false) => "marks an action where no seat acts",
                    (true, true) => "marks an action that is not legal",
                    (false, _) => "does not mark a legal action",
                };
                panic!("{ctx}: the legal action mask {why}: index {i} (`{text}`)");
            }
        }
        self.masks += 1;
    }
}

fn same(a: &[f32], b: &[f32], what: impl FnOnce() -> String) {
    if let Some(i) = (0..a.len()).find(|&i| a[i] != b[i] && !(a[i].is_nan() && b[i].is_nan())) {
        panic!("{}: index {i} is {} then {}", what(), a[i], b[i]);
    }
}

fn tensor_hash(values: &[f32]) -> u64 {
    let mut h = DefaultHasher::new();
    for &v in values {
        // -0.0 and 0.0 are the same observation.
        (v + 0.0).to_bits().hash(&mut h);
    }
    h.finish()
}

fn text_hash(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// The first place two JSON values differ: its path and the two values there (`None`:
/// absent on that side).
fn first_difference(a: &Value, b: &Value, path: String) -> Option<(String, Option<Value>, Option<Value>)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let inner = format!("{path}/{k}");
                match y.get(k) {
                    Some(w) => {
                        if let Some(d) = first_difference(v, w, inner) {
                            return Some(d);
                        }
                    }
                    None => return Some((inner, Some(v.clone()), None)),
                }
            }
            y.iter()
                .find(|(k, _)| !x.contains_key(*k))
                .map(|(k, w)| (format!("{path}/{k}"), None, Some(w.clone())))
        }
        (Value::Array(x), Value::Array(y)) => {
            let common = x.iter().zip(y).enumerate();
            if let Some(d) =
                common.into_iter().find_map(|(i, (v, w))| first_difference(v, w, format!("{path}/{i}")))
            {
                return Some(d);
            }
            let n = x.len().min(y.len());
            (x.len() != y.len()).then(|| (format!("{path}/{n}"), x.get(n).cloned(), y.get(n).cloned()))
        }
        _ if a == b => None,
        _ => Some((if path.is_empty() { "/".into() } else { path }, Some(a.clone()), Some(b.clone()))),
    }
}

/// A value's JSON, cut short; `None` is an absent value.
fn short(v: &Option<Value>) -> String {
    let Some(v) = v else { return "nothing".to_owned() };
    let text = v.to_string();
    if text.chars().count() > 300 {
        format!("{}…", text.chars().take(300).collect::<String>())
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_first_difference_is_named_by_its_path() {
        let a = json!({"x": 1, "y": [1, {"z": 2}]});
        let b = json!({"x": 1, "y": [1, {"z": 3}]});
        assert_eq!(
            first_difference(&a, &b, String::new()),
            Some(("/y/1/z".into(), Some(json!(2)), Some(json!(3))))
        );
        assert_eq!(first_difference(&a, &a, String::new()), None);
        let c = json!({"x": 1, "y": [1]});
        assert_eq!(
            first_difference(&a, &c, String::new()),
            Some(("/y/1".into(), Some(json!({"z": 2})), None))
        );
    }
}
