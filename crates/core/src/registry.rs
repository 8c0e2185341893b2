//! The registry: every game the program knows, found by id, made from options, with its bots.

use serde::Serialize;
use serde_json::Value;

use crate::batch::{Batch, DynBatch};
use crate::erased::{DynGame, DynState, ErasedGame};
use crate::error::{OptionsError, RecordError, quote};
use crate::game::{Game, Turn};
use crate::options::Options;
use crate::record::Record;
use crate::spec::GameSpec;

/// A game as other programs list it: its spec, its bots and its default options.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameListing {
    /// What the game declares about itself.
    #[serde(flatten)]
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub spec: GameSpec,
    /// The bots and levels that play it.
    pub bots: Vec<&'static str>,
    /// The game with its default options, as the engine writes it (`abagio()`).
    pub default: String,
}

/// A bot that plays through the type-erased layer. It receives the game in progress but
/// implementations only ever read the acting seat's view from it.
pub trait DynBot: Send {
    /// The bot's name with its settings (`random`, `greedy`).
    fn name(&self) -> String;
    /// The action (text) the bot would play for the seat to act now.
    ///
    /// # Errors
    /// When no player is to act (chance node or game over).
    fn choose(&mut self, state: &dyn DynState) -> Result<String, String>;

    /// The candidates the last [`DynBot::choose`] weighed, best first; `None` for bots that
    /// do not search (random, greedy) or before the first move.
    fn last_explanation(&self) -> Option<Vec<Candidate>> {
        None
    }
}

/// One move a searching bot considered, with what its search found: shown by
/// `tabula play --explain` after each bot move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// The action, in text notation.
    pub action: String,
    /// How many search iterations went through it.
    pub visits: u64,
    /// Its mean return for the bot's seat, in the units of the game's returns.
    pub value: f64,
}

/// Makes a bot by name for a game: `(name, options JSON, seed)`.
pub type BotMaker = fn(&str, &Value, u64) -> Result<Box<dyn DynBot>, String>;

/// Makes `n` games of one kind stepped together: `(options, n, seed)`.
pub type BatchMaker = fn(&Options, usize, u64) -> Result<Box<dyn DynBatch>, OptionsError>;

/// One registered game.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// What the game declares.
    pub spec: &'static GameSpec,
    /// Makes the game from checked options.
    pub make: fn(&Options) -> Result<Box<dyn DynGame>, OptionsError>,
    /// Makes one of its bots.
    pub make_bot: BotMaker,
    /// The names of the bots available for this game.
    pub bots: &'static [&'static str],
    /// Runs random playouts through the generic (monomorphised) API, for benchmarks
    /// ([`run_playouts`]).
    pub playouts: fn(&Options, usize, u64, bool) -> Result<PlayoutStats, OptionsError>,
    /// Makes `n` games stepped together through the generic API, seeded from a seed
    /// (Python's `VectorEnv`).
    pub make_batch: BatchMaker,
}

/// What a run of random playouts did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayoutStats {
    /// Playouts run to the end.
    pub playouts: usize,
    /// Actions applied, chance outcomes included.
    pub actions: u64,
    /// Chance outcomes applied.
    pub chance_actions: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Runs `playouts` random games of `G` from seed `seed` with the generic API, keeping the
/// rules alone ([`Game::rules_only`]), or with `views` what a game served to people keeps
/// beside them too (the same games from the same seed, for a comparison).
///
/// # Errors
/// Invalid options.
pub fn run_playouts<G: Game>(
    options: &Options,
    playouts: usize,
    seed: u64,
    views: bool,
) -> Result<PlayoutStats, OptionsError> {
    use rand::SeedableRng;
    let game = G::new(options)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let start = std::time::Instant::now();
    let (mut total, mut chance) = (0, 0);
    for _ in 0..playouts {
        let mut state = game.initial_state();
        if !views {
            game.rules_only(&mut state);
        }
        let (t, c) = crate::game::random_playout(&game, &mut state, &mut actions, &mut outcomes, &mut rng);
        total += t;
        chance += c;
    }
    let seconds = start.elapsed().as_secs_f64();
    Ok(PlayoutStats { playouts, actions: total, chance_actions: chance, seconds })
}

impl GameEntry {
    /// The entry for game `G`, with its bots.
    pub fn of<G: Game>(make_bot: BotMaker, bots: &'static [&'static str]) -> Self {
        GameEntry {
            spec: G::spec(),
            make: ErasedGame::<G>::make,
            make_bot,
            bots,
            playouts: run_playouts::<G>,
            make_batch: Batch::<G>::make,
        }
    }
}

/// Every game the program knows.
#[derive(Clone, Default)]
pub struct Registry {
    entries: Vec<GameEntry>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.entries.iter().map(|e| e.spec.id)).finish()
    }
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }

    /// Adds a game.
    pub fn register(&mut self, entry: GameEntry) -> &mut Self {
        self.entries.push(entry);
        self
    }

    /// Every registered game.
    pub fn entries(&self) -> &[GameEntry] {
        &self.entries
    }

    /// Every game as other programs list it (the engine's `games`, the server's
    /// `GET /api/games`): its spec, with its bots and its default options' canonical string.
    pub fn games(&self) -> Vec<GameListing> {
        self.entries
            .iter()
            .map(|entry| GameListing {
                spec: *entry.spec,
                bots: entry.bots.to_vec(),
                default: Options::defaults(entry.spec).canonical(),
            })
            .collect()
    }

    /// [`Registry::games`] as JSON.
    pub fn games_json(&self) -> Vec<Value> {
        self.games().iter().map(|g| serde_json::to_value(g).expect("a listing is JSON")).collect()
    }

    /// The entry for a game id.
    pub fn entry(&self, id: &str) -> Option<&GameEntry> {
        self.entries.iter().find(|e| e.spec.id == id)
    }

    /// Makes a game from its id and JSON options.
    ///
    /// # Errors
    /// An unknown id (the message lists the known ones) or invalid options.
    pub fn make(&self, id: &str, options: &Value) -> Result<Box<dyn DynGame>, OptionsError> {
        let entry = self.entry(id).ok_or_else(|| self.unknown(id))?;
        let options = Options::from_json(entry.spec, options)?;
        (entry.make)(&options)
    }

    /// Makes a game from a canonical string such as `sabotage-pipes(players=4)`.
    ///
    /// # Errors
    /// As [`Registry::make`].
    pub fn make_canonical(&self, text: &str) -> Result<Box<dyn DynGame>, OptionsError> {
        let id = text.split('(').next().unwrap_or("").trim();
        let entry = self.entry(id).ok_or_else(|| self.unknown(id))?;
        let options = Options::from_canonical(entry.spec, text)?;
        (entry.make)(&options)
    }

    fn unknown(&self, id: &str) -> OptionsError {
        let known: Vec<&str> = self.entries.iter().map(|e| e.spec.id).collect();
        let id = quote(id);
        OptionsError::new(&id, format!("unknown game `{id}`; known games: {}", known.join(", ")))
    }

    /// Makes `n` games of one kind stepped together, seeded from `seed`.
    ///
    /// # Errors
    /// As [`Registry::make`].
    pub fn make_batch(
        &self,
        id: &str,
        options: &Value,
        n: usize,
        seed: u64,
    ) -> Result<Box<dyn DynBatch>, OptionsError> {
        let entry = self.entry(id).ok_or_else(|| self.unknown(id))?;
        let options = Options::from_json(entry.spec, options)?;
        (entry.make_batch)(&options, n, seed)
    }

    /// Makes a bot for a game.
    ///
    /// # Errors
    /// An unknown game or bot, or bad bot options.
    pub fn make_bot(
        &self,
        game: &str,
        bot: &str,
        options: &Value,
        seed: u64,
    ) -> Result<Box<dyn DynBot>, String> {
        let entry = self.entry(game).ok_or_else(|| self.unknown(game).to_string())?;
        (entry.make_bot)(bot, options, seed)
    }

    /// Replays a record through the rules.
    ///
    /// # Errors
    /// An unknown game, bad options, the first refused action (numbered from 1, with the
    /// reason), or a stated result that the replay does not give (unless the record says the
    /// game ended otherwise than by its rules, a resignation or a loss on time: its result is
    /// then that ending's).
    pub fn load_record(&self, record: &Record) -> Result<Box<dyn DynState>, RecordError> {
        if self.entry(&record.game).is_none() {
            return Err(RecordError::UnknownGame(quote(&record.game)));
        }
        let game = self.make(&record.game, &record.options)?;
        let mut state = game.new_state(record.seed.unwrap_or(0));
        for (i, text) in record.actions.iter().enumerate() {
            state.apply(text).map_err(|error| RecordError::Action {
                number: i + 1,
                text: quote(text),
                error,
            })?;
        }
        if let Some(stated) = record.result.as_ref().filter(|_| record.ending.is_none()) {
            let actual = (state.turn() == Turn::Terminal).then(|| state.returns());
            let agrees = actual.as_ref().is_some_and(|a| {
                a.len() == stated.len() && a.iter().zip(stated).all(|(x, y)| (x - y).abs() < 1e-9)
            });
            if !agrees {
                return Err(RecordError::Result { stated: stated.clone(), actual });
            }
        }
        Ok(state)
    }
}
