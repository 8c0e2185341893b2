//! # tabula-core
//!
//! The game model every tabula game implements: a game is a state machine whose turn
//! belongs to a player, to chance, or to nobody (terminal). Dice and shuffles are chance
//! nodes with explicit outcomes and probabilities, so a game is fully determined by its
//! options and its action list. Each seat sees only its [`Game::View`]; determinization
//! samples full states from a view alone. Actions have a text notation and a dense index.
//!
//! Bots and benchmarks use the generic [`Game`] trait; the CLI, protocol, server and
//! Python bindings use the type-erased [`DynGame`] / [`DynState`] through a [`Registry`].
//!
//! ```
//! use tabula_core::{Game, Turn, random_playout};
//! use rand::SeedableRng;
//!
//! // Any game works the same way; here a tiny one defined for the example.
//! # use tabula_core::doc_example::Nim;
//! let game = Nim::with_defaults();
//! let mut state = game.initial_state();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let (actions, _chance) =
//!     random_playout(&game, &mut state, &mut Vec::new(), &mut Vec::new(), &mut rng);
//! assert!(actions > 0);
//! assert_eq!(game.turn(&state), Turn::Terminal);
//! ```

#![deny(missing_docs)]

pub mod batch;
pub mod code;
pub mod conformance;
#[doc(hidden)]
pub mod doc_example;
pub mod erased;
pub mod error;
pub mod game;
pub mod golden;
mod interference;
pub mod observation;
mod observation_check;
pub mod options;
pub mod record;
pub mod registry;
pub mod spec;
mod strict;

pub use batch::{Batch, BatchOut, DynBatch, Lengths, Mode};
pub use code::ErrorCode;
pub use erased::{DynGame, DynState, ErasedGame, ErasedState};
pub use error::{ActionError, Illegal, OptionsError, ParseActionError, RecordError, SetupError};
pub use game::{Game, Said, Turn, random_playout, sample_chance, sample_listed};
pub use options::{OptionValue, Options};
pub use record::Record;
pub use registry::{
    BatchMaker, BotMaker, Candidate, DynBot, GameEntry, PlayoutStats, Registry, run_playouts,
};
pub use spec::{
    About, ChanceKind, GameSpec, InformationKind, OptionDefault, OptionKind, OptionSpec, Preset, SeatNames,
    UtilityKind, Weight,
};

/// The seeded generator used for chance sampling everywhere (stable across versions).
pub type Rng = rand_chacha::ChaCha8Rng;

/// Re-exported so games and bots use the same `rand` as the core.
pub use rand;
