//! Every tabula game and its bots, in one [`Registry`].
//!
//! ```
//! let registry = tabula_registry::registry();
//! let game = registry.make("sabotage-pipes", &serde_json::json!({"players": 4})).unwrap();
//! assert_eq!(game.num_players(), 4);
//! ```

#![deny(missing_docs)]

use tabula_abagio::Abagio;
use tabula_abilene::Abilene;
use tabula_ai::{bot_names, make_bot};
use tabula_core::{GameEntry, Registry};
use tabula_sabacc::Sabacc;
use tabula_sabotage_pipes::SabotagePipes;
use tabula_sabotage_spies::SabotageSpies;

/// The registry of every game.
pub fn registry() -> Registry {
    let mut registry = Registry::new();
    registry
        .register(GameEntry::of::<SabotagePipes>(make_bot::<SabotagePipes>, bot_names::<SabotagePipes>()));
    registry.register(GameEntry::of::<Abagio>(make_bot::<Abagio>, bot_names::<Abagio>()));
    registry.register(GameEntry::of::<Sabacc>(make_bot::<Sabacc>, bot_names::<Sabacc>()));
    registry.register(GameEntry::of::<Abilene>(make_bot::<Abilene>, bot_names::<Abilene>()));
    registry
        .register(GameEntry::of::<SabotageSpies>(make_bot::<SabotageSpies>, bot_names::<SabotageSpies>()));
    registry
}
