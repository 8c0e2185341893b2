//! The one registry of games and bots the module serves.

use std::sync::OnceLock;

use tabula_core::Registry;

/// Every registered game, built once.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(tabula_registry::registry)
}
