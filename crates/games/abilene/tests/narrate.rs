//! The log in words (`Game::narrate`): random games are told step by step; a line never
//! names a cow's value or brand that its reader's view hides (the herds, the corral cards),
//! a steal names the cow taken, a sale its corral cards and the money, and the end its
//! winner.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tabula_abilene::words::cow_id;
use tabula_abilene::{Action, CorralCard};
use tabula_core::{Game, Turn, sample_chance};

#[test]
fn random_games_are_told_without_a_hidden_value() {
    let g = game(json!({"players": 3, "short_game": 2, "placement": "random"}));
    let cfg = *g.config();
    let (mut steals, mut sales, mut ends) = (0, 0, 0);
    for seed in 0..6u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut st = g.initial_state();
        let (mut actions, mut buffer) = (Vec::new(), Vec::new());
        while g.turn(&st) != Turn::Terminal {
            let turn = g.turn(&st);
            let action = match turn {
                Turn::Chance => sample_chance(&g, &st, &mut buffer, &mut rng),
                _ => {
                    g.legal_actions(&st, &mut actions);
                    actions[(seed as usize * 13 + st.cows.len()) % actions.len()]
                }
            };
            let mut after = st.clone();
            g.play_unchecked(&mut after, action);
            for o in 0..3 {
                let (vb, va) = (g.view(&st, o), g.view(&after, o));
                let seen = g.observe_action(&st, action, o);
                for line in g.narrate(&vb, &va, turn, Some(&seen)) {
                    let text = line.told(&["ada".into(), "bob".into(), "cy".into()], Some(o));
                    // Each cow named with its value: the reader's view knows that cow.
                    for cow in 0..after.cows.len() {
                        let id = cow_id(&cfg, cow);
                        let known = va.state.cows[cow].id.0.is_some();
                        if text.contains(&format!("{id} ($")) {
                            assert!(known, "seat {o} was told {id}'s value in {text:?}");
                        }
                    }
                    if let Action::Corral(card) = action
                        && seen == "corral hidden"
                    {
                        let shown = match card {
                            CorralCard::Own => "own",
                            CorralCard::None => "none",
                            CorralCard::Other => "other",
                        };
                        assert!(!text.contains(&format!("corral {shown}")), "{text}");
                    }
                    steals += usize::from(o == 0 && text.contains(", stealing "));
                    sales += usize::from(o == 0 && text.contains("the corral cards"));
                    ends +=
                        usize::from(o == 0 && g.turn(&after) == Turn::Terminal && text.contains(" with $"));
                }
            }
            st = after;
        }
    }
    assert!(steals > 0 && sales > 0 && ends > 0, "steals {steals}, sales {sales}, ends {ends}");
}
