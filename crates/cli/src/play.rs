//! `tabula play` (being written).

/// Arguments of `tabula play`.
#[derive(clap::Args)]
pub struct Args {
    /// The game id.
    game: String,
}

/// Plays a game.
pub fn run(_args: Args) -> Result<(), String> {
    Err("play is being written".to_owned())
}
