//! # Abilene (Roland Siegers; Hexagames 1983, Schmidt Spiele 1993): the board and movement
//!
//! Three to six ranchers drive their cows to the town of Abilene and sell them there, while
//! their cowboys guard the herds, steal other ranchers' cows and fight duels. Rules source:
//! `shared/seeds/abilene.fr.txt`; the rules as implemented, the board, the notation and
//! every interpretation are in `docs/rules/abilene.md`.
//!
//! This crate holds, so far, the **board** ([`board`]: hexes, directions, the town, the 162
//! fields in six ranches, their names, numbers and kinds, the ranches in play), the
//! **movement** of cows and cowboys ([`paths`]: the spaces a piece reaches with a die), the
//! **options** ([`config`]: the spec and its options, checked), the
//! **actions** ([`action`]: every action, its text notation and its dense index), the
//! **cows** ([`cattle`]: brands, values, the herds), the **corral** ([`corral`]: what a sale
//! pays and who settles what with the seller) and **money** ([`money`]: prison fees and
//! releases, loans and interest, the rank returns). The rules engine (the state, turns,
//! dice, rustling, duels, applying payments) is to come; the game is not playable yet. **The board's layout is ours**: the printed board is lost
//! (rules, Interpretation 3).
//!
//! ```
//! use tabula_abilene::{paths, Field, Space, Spaces};
//!
//! // Ranch A empty but for a cow on a52: with a light 3 it reaches a21 (a52 a42 a32 a21,
//! // turning at a32), with a 4 the town.
//! let a52: Field = "a52".parse().unwrap();
//! let empty = Spaces::FIELDS.without(a52.space());
//! let ends = paths::cow_ends(a52, 3, empty, Spaces::EMPTY);
//! assert!(ends.contains("a21".parse().unwrap()));
//! assert!(!ends.contains(Space::ABILENE));
//! assert!(paths::cow_ends(a52, 4, empty, Spaces::EMPTY).contains(Space::ABILENE));
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod board;
pub mod cattle;
pub mod config;
pub mod corral;
pub mod money;
pub mod paths;
pub mod spaces;

pub use action::{Action, CorralCard, NUM_ACTIONS};
pub use board::{Dir, Field, Hex, Kind, Ranch, Space};
pub use cattle::{Brand, Identity};
pub use config::{Config, Placement, SPEC};
pub use spaces::Spaces;
