//! Learned evaluators: a value network over a seat's observation tensor, trained from
//! Python (`tabula.train`, docs/python.md "Training a value network") and run here, on the
//! CPU, by candle. The search calls it at its leaves instead of rolling out
//! ([`NetEvaluator`]); the `expert` level is such a search ([`crate::level`]).
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

use candle_core::{Device, Tensor};
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, Turn};

use crate::evaluator::{Evaluator, PolicyRollout};

/// A value network (see the module's documentation for its file).
#[derive(Debug)]
pub struct ValueNet {
    /// Each layer's weight (`[out, in]`, transposed to `[in, out]` once) and bias (`[1, out]`).
    layers: Vec<(Tensor, Tensor)>,
    inputs: usize,
    meta: BTreeMap<String, String>,
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
        let mut tensors = candle_core::safetensors::load_buffer(bytes, &Device::Cpu).map_err(|e| bad(&e))?;
        let mut layers = Vec::new();
        let mut inputs = 0;
        let mut width = None;
        for i in 0.. {
            let (Some(w), Some(b)) =
                (tensors.remove(&format!("layers.{i}.weight")), tensors.remove(&format!("layers.{i}.bias")))
            else {
                break;
            };
            if w.dtype() != candle_core::DType::F32 || b.dtype() != candle_core::DType::F32 {
                return Err(format!("layer {i} is not f32"));
            }
            let (&[out, inp], &[bias]) = (w.dims(), b.dims()) else {
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
            width = Some(out);
            let w = w.t().and_then(|t| t.contiguous()).map_err(|e| bad(&e))?;
            let b = b.reshape((1, out)).map_err(|e| bad(&e))?;
            layers.push((w, b));
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
    /// `batch` not `rows` observations long (a caller's mistake), or candle failing.
    pub fn forward(&self, batch: &[f32], rows: usize, out: &mut [f32]) -> Result<(), String> {
        if batch.len() != rows * self.inputs || out.len() != rows {
            return Err(format!("{} values for {rows} observations of {}", batch.len(), self.inputs));
        }
        let run = || -> candle_core::Result<Vec<f32>> {
            let mut x = Tensor::from_slice(batch, (rows, self.inputs), &Device::Cpu)?;
            let last = self.layers.len() - 1;
            for (i, (w, b)) in self.layers.iter().enumerate() {
                x = x.matmul(w)?.broadcast_add(b)?;
                if i < last {
                    x = x.relu()?;
                }
            }
            x.flatten_all()?.to_vec1::<f32>()
        };
        let values = run().map_err(|e| e.to_string())?;
        out.copy_from_slice(&values);
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
