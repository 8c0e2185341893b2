//! Learned evaluators: a value network over a seat's observation tensor, trained from
//! Python (`tabula.train`, docs/python.md "Training a value network") and run here, on the
//! CPU, on the search's own thread. The search calls it at its leaves instead of rolling
//! out ([`NetEvaluator`]); the `expert` level is such a search ([`crate::level`]).
//!
//! The file is read by the `safetensors` crate; the arithmetic (a few matrix–vector
//! products a leaf) is done here. It was run by candle at first: candle's CPU matmul splits
//! even a two-row product over a thread pool, which made a search with the network three
//! times slower than its own rollouts on a busy machine (117 µs a forward of Abbott's
//! Sabotage's 1019 → 256 → 64 → 1 network on two threads against 34 µs on one, this
//! machine) and would have a bot's move wake threads beside every other table of the
//! server; and it cost a minute of every build. Here the same forward takes 66 µs on the
//! search's thread (x86-64's baseline vector width: the workspace forbids the `unsafe` a
//! wider one chosen at run time would need); `cargo bench -p tabula-ai --bench net`.
//!
//! **The file** is safetensors: `layers.{i}.weight` (`[out, in]`) and `layers.{i}.bias`
//! (`[out]`), `f32`, for `i` from 0, a ReLU between two layers, the last layer one output:
//! the observing seat's expected return divided by the game's
//! [`return_unit`](tabula_core::Game::return_unit). Its metadata names the game (`game`) and
//! the observation's length (`inputs`), and says how it was made (`command`, `seed`,
//! `positions`, `seconds`: written by the trainer; for the networks shipped with tabula,
//! also in `crates/ai/nets/README.md`).
//!
//! **What it sees**: only a seat's observation ([`Game::write_observation`] of that seat's
//! view), as every bot. In a game with hidden information the search evaluates
//! determinizations drawn from the searching seat's view, and the network reads each seat's
//! view of that drawn state: never the true state.

use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, OnceLock};

use rand_chacha::ChaCha8Rng;
use safetensors::Dtype;
use tabula_core::{Game, Turn};

use crate::evaluator::{Evaluator, PolicyRollout};

/// A value network (see the module's documentation for its file).
#[derive(Debug)]
pub struct ValueNet {
    /// Each layer: its weight (`[out, in]`, row-major) and its bias (`[out]`).
    layers: Vec<Layer>,
    inputs: usize,
    meta: BTreeMap<String, String>,
}

/// One dense layer.
#[derive(Debug)]
struct Layer {
    /// `outputs × inputs`, one output's weights after another.
    weight: Vec<f32>,
    bias: Vec<f32>,
    inputs: usize,
}

impl Layer {
    /// `out = x · weightᵀ + bias` for `rows` rows of `x` (one after another), then a ReLU
    /// if `relu`. Each weight row is read once for every row of `x` while it is in cache.
    fn apply(&self, x: &[f32], rows: usize, out: &mut Vec<f32>, relu: bool) {
        let outputs = self.bias.len();
        out.clear();
        out.resize(rows * outputs, 0.0);
        for (o, (w, b)) in self.weight.chunks_exact(self.inputs).zip(&self.bias).enumerate() {
            for (r, xr) in x.chunks_exact(self.inputs).enumerate() {
                let v = dot(w, xr) + b;
                out[r * outputs + o] = if relu { v.max(0.0) } else { v };
            }
        }
    }
}

/// A dot product in `LANES` independent sums (which the compiler keeps in vector
/// registers: one running sum of floats may not be reordered, so it would be neither
/// vectorized nor pipelined).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    const LANES: usize = 32;
    let mut lanes = [0.0f32; LANES];
    let (a_chunks, b_chunks) = (a.chunks_exact(LANES), b.chunks_exact(LANES));
    let tail: f32 = a_chunks.remainder().iter().zip(b_chunks.remainder()).map(|(x, y)| x * y).sum();
    for (x, y) in a_chunks.zip(b_chunks) {
        let x: &[f32; LANES] = x.try_into().expect("a chunk of LANES");
        let y: &[f32; LANES] = y.try_into().expect("a chunk of LANES");
        for i in 0..LANES {
            lanes[i] += x[i] * y[i];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The little-endian `f32`s of a tensor's bytes.
fn floats(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

/// The networks shipped with tabula, one per game that has an `expert` level: the bytes of
/// `crates/ai/nets/<game>.safetensors` (their making is written in `crates/ai/nets/README.md`).
const BUILTIN: &[(&str, &[u8])] = &[("abagio", include_bytes!("../nets/abagio.safetensors"))];

impl ValueNet {
    /// Reads a network from the bytes of its file.
    ///
    /// # Errors
    /// Not safetensors, a layer missing or of the wrong shape or type, no layer, or a last
    /// layer with more than one output: each said in a sentence.
    pub fn from_bytes(bytes: &[u8]) -> Result<ValueNet, String> {
        let bad = |e: &dyn std::fmt::Display| format!("not a value network (safetensors): {e}");
        let (_, header) = safetensors::SafeTensors::read_metadata(bytes).map_err(|e| bad(&e))?;
        let meta: BTreeMap<String, String> =
            header.metadata().clone().unwrap_or_default().into_iter().collect();
        let tensors = safetensors::SafeTensors::deserialize(bytes).map_err(|e| bad(&e))?;
        let mut layers: Vec<Layer> = Vec::new();
        let mut inputs = 0;
        let mut width = None;
        for i in 0.. {
            let (Ok(w), Ok(b)) =
                (tensors.tensor(&format!("layers.{i}.weight")), tensors.tensor(&format!("layers.{i}.bias")))
            else {
                break;
            };
            if w.dtype() != Dtype::F32 || b.dtype() != Dtype::F32 {
                return Err(format!("layer {i} is not f32"));
            }
            let (&[out, inp], &[bias]) = (w.shape(), b.shape()) else {
                return Err(format!("layer {i}: a weight must be [out, in] and a bias [out]"));
            };
            if bias != out {
                return Err(format!("layer {i}: {out} outputs but {bias} biases"));
            }
            match width {
                None => inputs = inp,
                Some(prev) if prev != inp => {
                    return Err(format!("layer {i} takes {inp} inputs but the layer before gives {prev}"));
                }
                Some(_) => {}
            }
            if inp == 0 || out == 0 {
                return Err(format!("layer {i} is empty ({out} × {inp})"));
            }
            width = Some(out);
            layers.push(Layer { weight: floats(w.data()), bias: floats(b.data()), inputs: inp });
        }
        match width {
            None => Err("no layer: a value network has `layers.0.weight` and `layers.0.bias`".to_owned()),
            Some(1) => Ok(ValueNet { layers, inputs, meta }),
            Some(n) => Err(format!("the last layer gives {n} outputs, not one value")),
        }
    }

    /// Reads a network from a file.
    ///
    /// # Errors
    /// The file cannot be read, is not a plain file or is larger than any value network
    /// tabula would run (256 MiB), or [`ValueNet::from_bytes`] refuses it.
    pub fn from_file(path: &str) -> Result<ValueNet, String> {
        const MOST: u64 = 256 << 20;
        let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the network {path}: {e}"))?;
        if !meta.is_file() {
            return Err(format!("the network {path} is not a file"));
        }
        if meta.len() > MOST {
            return Err(format!(
                "the network {path} is {} MiB: more than a value network's 256",
                meta.len() >> 20
            ));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read the network {path}: {e}"))?;
        ValueNet::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))
    }

    /// The network shipped for a game, read once; `None` where the game has none.
    pub fn builtin(game: &str) -> Option<Arc<ValueNet>> {
        static LOADED: OnceLock<Mutex<BTreeMap<&'static str, Arc<ValueNet>>>> = OnceLock::new();
        let (id, bytes) = BUILTIN.iter().find(|(id, _)| *id == game)?;
        let mut loaded = LOADED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        if let Some(net) = loaded.get(id) {
            return Some(Arc::clone(net));
        }
        // A shipped network is checked by the tests (`every_shipped_network_reads_its_game_s_observations`).
        let net = Arc::new(ValueNet::from_bytes(bytes).ok()?);
        loaded.insert(id, Arc::clone(&net));
        Some(net)
    }

    /// The games that ship a network.
    pub fn builtin_games() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(id, _)| *id)
    }

    /// The observation length it reads.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Its metadata: the game, and how it was made.
    pub fn meta(&self) -> &BTreeMap<String, String> {
        &self.meta
    }

    /// Checks that it reads this game's observations.
    ///
    /// # Errors
    /// Another game's network, or an observation of another length.
    pub fn check<G: Game>(&self, game: &G) -> Result<(), String> {
        let id = G::spec().id;
        if let Some(other) = self.meta.get("game").filter(|g| g.as_str() != id) {
            return Err(format!("this network was trained for {other}, not {id}"));
        }
        let len: usize = game.observation_shape().iter().product();
        if len != self.inputs {
            return Err(format!(
                "this network reads {} values, but a {id} observation has {len}",
                self.inputs
            ));
        }
        Ok(())
    }

    /// The values of `rows` observations laid one after another in `batch`, into `out`.
    ///
    /// # Errors
    /// `batch` not `rows` observations long (a caller's mistake).
    pub fn forward(&self, batch: &[f32], rows: usize, out: &mut [f32]) -> Result<(), String> {
        if batch.len() != rows * self.inputs || out.len() != rows {
            return Err(format!("{} values for {rows} observations of {}", batch.len(), self.inputs));
        }
        let (first, rest) = self.layers.split_first().expect("a value network has a layer");
        let (mut x, mut y) = (Vec::new(), Vec::new());
        first.apply(batch, rows, &mut x, !rest.is_empty());
        for (i, layer) in rest.iter().enumerate() {
            layer.apply(&x, rows, &mut y, i + 1 < rest.len());
            std::mem::swap(&mut x, &mut y);
        }
        out.copy_from_slice(&x);
        Ok(())
    }
}

/// Values a leaf with a [`ValueNet`]: each seat's view of the state, its observation, the
/// network's value times the game's return unit; optionally after a short rollout with
/// the game's heuristic policy ([`NetEvaluator::after`]: the network then replaces the
/// hand-written heuristic at the rollout's cut-off). A state that is over is valued by its
/// returns.
pub struct NetEvaluator<G: Game> {
    net: Arc<ValueNet>,
    rollout: Option<PolicyRollout<G>>,
    batch: Vec<f32>,
    values: Vec<f32>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> NetEvaluator<G> {
    /// An evaluator with `net`, which should read the game's observations
    /// ([`ValueNet::check`]; the bots made by name check it before their first move). Where
    /// it does not, a leaf is valued by the game's heuristic.
    pub fn new(net: Arc<ValueNet>) -> NetEvaluator<G> {
        NetEvaluator { net, rollout: None, batch: Vec::new(), values: Vec::new(), game: PhantomData }
    }

    /// The same, valuing a leaf after `rollout` has played on from it.
    pub fn after(mut self, rollout: PolicyRollout<G>) -> NetEvaluator<G> {
        self.rollout = Some(rollout);
        self
    }
}

impl<G: Game> Evaluator<G> for NetEvaluator<G> {
    fn evaluate(&mut self, game: &G, state: &mut G::State, rng: &mut ChaCha8Rng, out: &mut [f64]) {
        if let Some(rollout) = &mut self.rollout {
            rollout.advance(game, state, rng);
        }
        if game.turn(state) == Turn::Terminal {
            game.returns_into(state, out);
            return;
        }
        let (n, len) = (out.len(), self.net.inputs());
        self.batch.clear();
        self.batch.resize(n * len, 0.0);
        for (seat, row) in self.batch.chunks_mut(len).enumerate() {
            game.write_observation(&game.view(state, seat), row);
        }
        self.values.clear();
        self.values.resize(n, 0.0);
        let unit = game.return_unit();
        match self.net.forward(&self.batch, n, &mut self.values) {
            Ok(()) => {
                for (o, v) in out.iter_mut().zip(&self.values) {
                    *o = f64::from(*v) * unit;
                }
            }
            // Not this game's network (see `new`).
            Err(_) => {
                for (seat, o) in out.iter_mut().enumerate() {
                    *o = game.heuristic(state, seat);
                }
            }
        }
    }
}
