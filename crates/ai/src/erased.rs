//! Bots through the type-erased layer: the adapter reads only the acting seat's view.

use std::marker::PhantomData;
use std::sync::Arc;

use serde_json::{Map, Value};
use tabula_core::error::quote;
use tabula_core::{Candidate, DynBot, DynState, ErasedState, Game, Turn};

use crate::budget::Budget;
use crate::evaluator::PolicyRollout;
use crate::level;
use crate::mcts::SearchConfig;
use crate::net::{NetEvaluator, ValueNet};
use crate::{Bot, GreedyBot, HeuristicBot, IsmctsBot, MctsBot, RandomBot, RolloutBot, RolloutConfig};

/// The bots every game has, difficulty levels included (and `expert` in the games with one:
/// [`bot_names`]).
pub const BOT_NAMES: &[&str] =
    &["random", "greedy", "heuristic", "rollout", "mcts", "ismcts", "easy", "medium", "hard"];

/// [`BOT_NAMES`] and `expert`.
const WITH_EXPERT: &[&str] =
    &["random", "greedy", "heuristic", "rollout", "mcts", "ismcts", "easy", "medium", "hard", "expert"];

/// The bots of game `G`: [`BOT_NAMES`], and `expert` where the game has that level.
pub fn bot_names<G: Game>() -> &'static [&'static str] {
    if level::has_expert(G::spec().id) { WITH_EXPERT } else { BOT_NAMES }
}

struct Adapter<G: Game, B: Bot<G>> {
    bot: B,
    /// The value network the bot's search reads, checked against the game before a move.
    net: Option<Arc<ValueNet>>,
    /// Set for a difficulty level: the level's name, shown before the bot's.
    level: Option<&'static str>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, B: Bot<G>> DynBot for Adapter<G, B> {
    fn name(&self) -> String {
        // The bots name their budgets; a value network at the leaves is said here.
        let mut bot = self.bot.name();
        if self.net.is_some() {
            bot.push_str(";rollout=net");
        }
        match self.level {
            Some(level) => format!("{level}({bot})"),
            None => bot,
        }
    }

    fn choose(&mut self, state: &dyn DynState) -> Result<String, String> {
        let erased = state
            .as_any()
            .downcast_ref::<ErasedState<G>>()
            .ok_or_else(|| format!("this bot plays {}, not {}", G::spec().id, state.game().spec().id))?;
        let Turn::Player(seat) = state.turn() else {
            return Err("no player is to act: the bot has nothing to choose".to_owned());
        };
        let game = erased.concrete_game();
        if let Some(net) = &self.net {
            net.check(game)?;
        }
        let view = erased.concrete_view(seat);
        Ok(game.action_text(self.bot.choose(game, &view)))
    }

    fn last_explanation(&self) -> Option<Vec<Candidate>> {
        // Only the game is needed to write the actions, and it is the same for every state
        // of `G`: make the texts with a default game (action text is context-free).
        let considered = self.bot.explain()?;
        let game = G::with_defaults();
        Some(
            considered
                .into_iter()
                .map(|c| Candidate { action: game.action_text(c.action), visits: c.visits, value: c.value })
                .collect(),
        )
    }
}

fn boxed<G: Game, B: Bot<G> + 'static>(bot: B, level: Option<&'static str>) -> Box<dyn DynBot> {
    Box::new(Adapter { bot, net: None, level, game: PhantomData::<fn() -> G> })
}

fn boxed_net<G: Game, B: Bot<G> + 'static>(
    bot: B,
    net: Arc<ValueNet>,
    level: Option<&'static str>,
) -> Box<dyn DynBot> {
    Box::new(Adapter { bot, net: Some(net), level, game: PhantomData::<fn() -> G> })
}

/// What a tree search does at a new leaf.
enum Leaf {
    /// Random rollouts.
    Random,
    /// Rollouts with the game's heuristic policy, random moves with this probability.
    Policy(f64),
    /// A value network's estimate, after a policy rollout of the search's `depth` where it
    /// has one (random moves with this probability).
    Net(Arc<ValueNet>, f64),
}

/// A value from the client, quoted short for a message.
fn given(value: &Value) -> String {
    quote(&value.to_string())
}

/// The options both tree searches read.
const SEARCH_KEYS: &[&str] =
    &["iters", "iterations", "ms", "c", "depth", "rollout", "epsilon", "scale", "net"];

/// Reads the options of a bot, refusing keys it does not have.
struct Reader<'a> {
    bot: &'a str,
    options: Map<String, Value>,
}

impl Reader<'_> {
    fn check_keys(&self, allowed: &[&str]) -> Result<(), String> {
        match self.options.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(key) if allowed.is_empty() => {
                Err(format!("bot `{}` has no option `{}`", self.bot, quote(key)))
            }
            Some(key) => Err(format!(
                "bot `{}` has no option `{}`; its options: {}",
                self.bot,
                quote(key),
                allowed.join(", ")
            )),
            None => Ok(()),
        }
    }

    fn int(&self, keys: &[&str], min: u64, max: u64) -> Result<Option<u64>, String> {
        let Some((key, v)) = keys.iter().find_map(|k| self.options.get(*k).map(|v| (*k, v))) else {
            return Ok(None);
        };
        match v.as_u64() {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(format!("`{key}` must be an integer from {min} to {max}, not {}", given(v))),
        }
    }

    fn float(&self, key: &str, min: f64, max: f64) -> Result<Option<f64>, String> {
        let Some(v) = self.options.get(key) else { return Ok(None) };
        match v.as_f64() {
            Some(x) if (min..=max).contains(&x) => Ok(Some(x)),
            _ => Err(format!("`{key}` must be a number from {min} to {max}, not {}", given(v))),
        }
    }

    /// `rollout=random` (the default), `rollout=policy` (with `epsilon`), or `rollout=net`:
    /// the game's shipped value network, or the one in the file `net` names (after a policy
    /// rollout of the search's `depth`, if it has one).
    fn leaf<G: Game>(&self) -> Result<Leaf, String> {
        let epsilon = self.float("epsilon", 0.0, 1.0)?;
        let net = match self.options.get("net") {
            None => None,
            Some(Value::String(path)) => Some(path.as_str()),
            Some(other) => {
                return Err(format!("`net` must be the path of a network file, not {}", given(other)));
            }
        };
        let word = match self.options.get("rollout") {
            None if net.is_some() => "net",
            None => "random",
            Some(Value::String(w)) if ["random", "policy", "net"].contains(&w.as_str()) => w.as_str(),
            Some(other) => {
                return Err(format!("`rollout` must be `random`, `policy` or `net`, not {}", given(other)));
            }
        };
        if epsilon.is_some() && word == "random" {
            return Err("`epsilon` goes with `rollout=policy` or `rollout=net`".to_owned());
        }
        if net.is_some() && word != "net" {
            return Err("`net` goes with `rollout=net`".to_owned());
        }
        Ok(match word {
            "policy" => Leaf::Policy(epsilon.unwrap_or(0.1)),
            "net" => Leaf::Net(
                match net {
                    Some(path) => Arc::new(ValueNet::from_file(path)?),
                    None => ValueNet::builtin(G::spec().id).ok_or_else(|| {
                        format!(
                            "{} ships no value network (games with one: {}); give one with `net`",
                            G::spec().id,
                            ValueNet::builtin_games().collect::<Vec<_>>().join(", ")
                        )
                    })?,
                },
                epsilon.unwrap_or(0.1),
            ),
            _ => Leaf::Random,
        })
    }

    /// A key with two allowed words: whether it is the second (the first is the default).
    fn either(&self, key: &str, words: [&str; 2]) -> Result<bool, String> {
        match self.options.get(key).map(|v| v.as_str()) {
            None => Ok(false),
            Some(Some(w)) if w == words[0] => Ok(false),
            Some(Some(w)) if w == words[1] => Ok(true),
            _ => Err(format!(
                "`{key}` must be `{}` or `{}`, not {}",
                words[0],
                words[1],
                given(&self.options[key])
            )),
        }
    }

    fn search(&self) -> Result<SearchConfig, String> {
        let iterations = self.int(&["iters", "iterations"], 1, 100_000_000)?;
        let millis = self.int(&["ms"], 1, 3_600_000)?;
        let budget = match (iterations, millis) {
            (None, None) => Budget::iterations(1000),
            (iterations, millis) => Budget { iterations, millis },
        };
        let c = self.float("c", 0.0, 100.0)?.unwrap_or(std::f64::consts::SQRT_2);
        let rollout_depth = self.int(&["depth"], 1, 1_000_000)?.map(|d| d as usize);
        let observed_scale = self.either("scale", ["declared", "observed"])?;
        let model_opponents = self.either("opponents", ["search", "policy"])?;
        let beliefs = self.int(&["beliefs"], 1, 1000)?.unwrap_or(1) as usize;
        Ok(SearchConfig { budget, c, rollout_depth, observed_scale, model_opponents, beliefs })
    }
}

/// Makes bot `name` for game `G` (see the crate docs for the bots). Options, as a JSON
/// object:
///
/// | bot | options |
/// |---|---|
/// | `greedy` | `samples`: determinizations averaged (default 4) |
/// | `rollout` | `iters` (rollouts, default 1000), `ms`, `depth` (rollout cutoff), `epsilon` (random moves in the rollouts, default 0), `rollout` (`policy`, the default, or `net`: a value network values the rollout's cut-off instead of the game's heuristic, the game's own or the file `net` names), `beliefs` (determinizations drawn per world, default 1), `margin` (standard errors a move must beat the policy's move by, default 1) |
/// | `mcts` | `iters` (default 1000), `ms`, `c` (default √2), `depth` (rollout cutoff), `rollout` (`random`, the default; `policy`: the game's heuristic policy; or `net`: a value network at the leaves, the game's own or the file `net` names, after a policy rollout of `depth` actions where `depth` is given), `epsilon` (random moves in policy rollouts, default 0.1), `scale` (`declared`, the default, or `observed`: UCT scales returns by the range seen, for money games), `worlds` (determinizations with hidden information, default 8) |
/// | `ismcts` | `iters` (default 1000), `ms`, `c`, `depth`, `rollout`, `epsilon`, `scale`, `opponents` (`search`, the default: opponents choose by UCB in the tree; or `policy`: they play the game's heuristic policy on their own view of each determinization), `beliefs` (determinizations drawn per iteration, one searched in proportion to the game's belief weight; default 1) |
///
/// With both `iters` and `ms`, the first reached ends the search.
///
/// # Errors
/// An unknown bot name or an invalid option, in a sentence.
pub fn make_bot<G: Game>(name: &str, options: &Value, seed: u64) -> Result<Box<dyn DynBot>, String> {
    let options = match options {
        Value::Null => Map::new(),
        Value::Object(map) => map.clone(),
        other => return Err(format!("bot options must be a JSON object, not {}", given(other))),
    };
    let reader = Reader { bot: name, options };
    if name == "expert" && !level::has_expert(G::spec().id) {
        return Err(format!(
            "{} has no `expert` level yet (no network trained for it ships); its levels: {}",
            G::spec().name,
            level::levels(G::spec().id).join(", ")
        ));
    }
    if let Some((bot, level_options)) = level::resolve(name, G::spec()) {
        reader.check_keys(&[])?;
        let level = level::LEVELS.iter().copied().find(|l| *l == name);
        return make_inner::<G>(
            bot,
            &Reader { bot, options: level_options.as_object().cloned().unwrap_or_default() },
            seed,
            level,
        );
    }
    make_inner::<G>(name, &reader, seed, None)
}

fn make_inner<G: Game>(
    name: &str,
    reader: &Reader<'_>,
    seed: u64,
    level: Option<&'static str>,
) -> Result<Box<dyn DynBot>, String> {
    Ok(match name {
        "random" => {
            reader.check_keys(&[])?;
            boxed::<G, _>(RandomBot::new(seed), level)
        }
        "greedy" => {
            reader.check_keys(&["samples"])?;
            let samples = reader.int(&["samples"], 1, 1000)?.unwrap_or(4) as usize;
            boxed::<G, _>(GreedyBot::new(seed, samples), level)
        }
        "heuristic" => {
            reader.check_keys(&[])?;
            boxed::<G, _>(HeuristicBot::new(seed), level)
        }
        "rollout" => {
            reader.check_keys(&[
                "iters",
                "iterations",
                "ms",
                "depth",
                "epsilon",
                "beliefs",
                "margin",
                "rollout",
                "net",
            ])?;
            let search = reader.search()?;
            let config = RolloutConfig {
                budget: search.budget,
                depth: search.rollout_depth,
                epsilon: reader.float("epsilon", 0.0, 1.0)?.unwrap_or(0.0),
                beliefs: search.beliefs,
                margin: reader.float("margin", 0.0, 100.0)?.unwrap_or(1.0),
            };
            let leaf = match reader.options.get("rollout").or(reader.options.get("net")) {
                None => Leaf::Policy(config.epsilon),
                Some(_) => reader.leaf::<G>()?,
            };
            match leaf {
                Leaf::Random => {
                    return Err(
                        "the rollout bot's rollouts are the game's policy: `rollout` is `policy` or `net`"
                            .into(),
                    );
                }
                Leaf::Policy(_) => boxed::<G, _>(RolloutBot::new(config, seed), level),
                Leaf::Net(net, _) => {
                    let mut evaluator = NetEvaluator::new(Arc::clone(&net));
                    if let Some(depth) = config.depth {
                        evaluator = evaluator.after(PolicyRollout::new(Some(depth), config.epsilon));
                    }
                    boxed_net::<G, _>(RolloutBot::with_evaluator(config, evaluator, seed), net, level)
                }
            }
        }
        "mcts" => {
            reader.check_keys(&[SEARCH_KEYS, &["worlds"]].concat())?;
            let worlds = reader.int(&["worlds"], 1, 10_000)?.unwrap_or(8) as usize;
            let config = reader.search()?;
            match reader.leaf::<G>()? {
                Leaf::Random => boxed::<G, _>(MctsBot::new(config, worlds, seed), level),
                Leaf::Policy(epsilon) => {
                    let evaluator = PolicyRollout::new(config.rollout_depth, epsilon);
                    boxed::<G, _>(MctsBot::with_evaluator(config, evaluator, worlds, seed), level)
                }
                Leaf::Net(net, epsilon) => {
                    let mut evaluator = NetEvaluator::new(Arc::clone(&net));
                    if let Some(depth) = config.rollout_depth {
                        evaluator = evaluator.after(PolicyRollout::new(Some(depth), epsilon));
                    }
                    boxed_net::<G, _>(MctsBot::with_evaluator(config, evaluator, worlds, seed), net, level)
                }
            }
        }
        "ismcts" => {
            reader.check_keys(&[SEARCH_KEYS, &["opponents", "beliefs"]].concat())?;
            let config = reader.search()?;
            match reader.leaf::<G>()? {
                Leaf::Random => boxed::<G, _>(IsmctsBot::new(config, seed), level),
                Leaf::Policy(epsilon) => {
                    let evaluator = PolicyRollout::new(config.rollout_depth, epsilon);
                    boxed::<G, _>(IsmctsBot::with_evaluator(config, evaluator, seed), level)
                }
                Leaf::Net(net, epsilon) => {
                    let mut evaluator = NetEvaluator::new(Arc::clone(&net));
                    if let Some(depth) = config.rollout_depth {
                        evaluator = evaluator.after(PolicyRollout::new(Some(depth), epsilon));
                    }
                    boxed_net::<G, _>(IsmctsBot::with_evaluator(config, evaluator, seed), net, level)
                }
            }
        }
        _ => return Err(format!("unknown bot `{name}`; bots: {}", bot_names::<G>().join(", "))),
    })
}
