//! # Sabotage (Tim Fowers and Jeff Krause, Fowers Games 2019): the foundation
//!
//! Two Spies sneak through the Villains' volcano fortress to hack three Doomsday Machines,
//! while two Villains hunt them on their own copy of the map, behind a screen. Rules
//! source: `shared/seeds/sabotage-spies.fowers.en.txt`; the rules as they will be
//! implemented, the data, the notation and every interpretation are in
//! `docs/rules/sabotage-spies.md`.
//!
//! So far the crate holds the game's **components**: the **data file**
//! (`data/sabotage-spies.json`, [`data`]: the default map, the dice→direction key, the
//! player board's geometry, the starting tiles, the eight characters' advanced tiles, the
//! patterns and the devices, each entry marked as the seed's or *invented*, embedded at
//! compile time, parsed once and validated), the **map** ([`map`]: rooms `a1`–`d4`,
//! directions, walls on the 24 inner edges, adjacency, areas, a layout and the
//! variable-setup rules) and the **options** ([`config`]). The rules engine (state,
//! actions and notation, the round, views, the deduction aid) is to come, and the game is
//! not yet registered.
//!
//! ```
//! use tabula_sabotage_spies::map::{Dir, Layout, Room};
//!
//! // On the default map a wall lies between b1 and b2: b1's only way out is sideways.
//! let map = Layout::default_map();
//! let b1: Room = "b1".parse().unwrap();
//! assert_eq!(map.walls.neighbour(b1, Dir::Down), None);
//! assert_eq!(map.walls.adjacent(b1).to_string(), "a1 c1");
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod config;
pub mod data;
pub mod map;
pub mod plan;
pub mod rules;
pub mod state;
mod text;
pub mod tiles;
pub mod view;

pub use config::{Config, MapSetup, SPEC};
pub use data::{Data, DataError, Team};
pub use map::{Area, Dir, Edge, Half, Layout, Quad, Room, Rooms, Walls};
