//! Bots through the type-erased layer: the adapter reads only the acting seat's view.

use std::marker::PhantomData;

use serde_json::Value;
use tabula_core::{DynBot, DynState, ErasedState, Game, Turn};

use crate::{Bot, GreedyBot, RandomBot};

/// The bots every game has.
pub const BOT_NAMES: &[&str] = &["random", "greedy"];

struct Adapter<G: Game, B: Bot<G>> {
    bot: B,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, B: Bot<G>> DynBot for Adapter<G, B> {
    fn name(&self) -> String {
        self.bot.name()
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
        let view = erased.concrete_view(seat);
        Ok(game.action_text(self.bot.choose(game, &view)))
    }
}

fn boxed<G: Game, B: Bot<G> + 'static>(bot: B) -> Box<dyn DynBot> {
    Box::new(Adapter { bot, game: PhantomData::<fn() -> G> })
}

/// Makes bot `name` for game `G`. Options: `greedy` takes `samples` (determinizations
/// averaged, default 4).
///
/// # Errors
/// An unknown bot name or an invalid option, in a sentence.
pub fn make_bot<G: Game>(name: &str, options: &Value, seed: u64) -> Result<Box<dyn DynBot>, String> {
    let options = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map.clone(),
        other => return Err(format!("bot options must be a JSON object, not {other}")),
    };
    let allowed: &[&str] = match name {
        "random" => &[],
        "greedy" => &["samples"],
        _ => return Err(format!("unknown bot `{name}`; bots: {}", BOT_NAMES.join(", "))),
    };
    if let Some(key) = options.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!("bot `{name}` has no option `{key}`"));
    }
    Ok(match name {
        "random" => boxed::<G, _>(RandomBot::new(seed)),
        _ => {
            let samples = match options.get("samples") {
                None => 4,
                Some(v) => match v.as_u64() {
                    Some(n @ 1..=1000) => n as usize,
                    _ => return Err(format!("`samples` must be an integer from 1 to 1000, not {v}")),
                },
            };
            boxed::<G, _>(GreedyBot::new(seed, samples))
        }
    })
}
