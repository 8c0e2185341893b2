//! Every registered game can be made, played through the erased layer to the end by its
//! bots, recorded and replayed.

use serde_json::json;
use tabula_core::{Record, RecordError, Turn};

#[test]
fn every_game_plays_records_and_replays_through_the_erased_layer() {
    let registry = tabula_registry::registry();
    assert!(registry.entry("sabotage-pipes").is_some());
    for entry in registry.entries() {
        let game = registry.make(entry.spec.id, &json!({})).unwrap();
        assert_eq!(game.canonical(), registry.make_canonical(&game.canonical()).unwrap().canonical());
        let mut state = game.new_state(3);
        let mut bots: Vec<_> = (0..game.num_players())
            .map(|seat| {
                let name = entry.bots[seat % entry.bots.len()];
                // Searching bots with a small budget, to keep this fast.
                let options = match name {
                    "rollout" | "mcts" | "ismcts" => json!({"iters": 50, "depth": 10}),
                    _ => json!({}),
                };
                registry.make_bot(entry.spec.id, name, &options, seat as u64)
            })
            .collect::<Result<_, _>>()
            .unwrap();
        let mut steps = 0;
        while let turn @ (Turn::Chance | Turn::Player(_)) = state.turn() {
            match turn {
                Turn::Player(p) => {
                    let text = bots[p].choose(state.as_ref()).unwrap();
                    state.apply(&text).unwrap();
                }
                _ => {
                    state.sample_chance().unwrap();
                }
            }
            steps += 1;
            assert!(steps <= game.max_game_length());
        }
        let record = state.record(vec!["a".into(); game.num_players()]);
        let replayed =
            registry.load_record(&Record::from_json_str(&record.to_json_pretty()).unwrap()).unwrap();
        assert_eq!(replayed.state_json(), state.state_json());
        assert_eq!(replayed.returns(), state.returns());
    }
}

#[test]
fn unknown_games_and_bad_options_are_named() {
    let registry = tabula_registry::registry();
    let err = registry.make("chess", &json!({})).err().unwrap().to_string();
    assert!(err.contains("unknown game `chess`") && err.contains("sabotage-pipes"), "{err}");
    let err = registry.make("sabotage-pipes", &json!({"players": 3})).err().unwrap().to_string();
    assert!(err.contains("`players` must be one of 2, 4"), "{err}");
    let err = registry.make_canonical("sabotage-pipes(rounds=99)").err().unwrap().to_string();
    assert!(err.contains("`rounds` must be an integer from 1 to 8"), "{err}");
    let record = Record {
        game: "go".into(),
        options: json!({}),
        seed: None,
        seats: vec![],
        actions: vec![],
        result: None,
        players: vec![],
        ending: None,
    };
    assert!(matches!(registry.load_record(&record), Err(RecordError::UnknownGame(_))));
    assert_eq!(
        registry.make_canonical("sabotage-pipes(players=4,demontage=false)").unwrap().canonical(),
        "sabotage-pipes(players=4,demontage=false,rounds=4)"
    );
}

#[test]
fn a_loaded_record_samples_the_same_chance_outcomes_as_the_original() {
    let registry = tabula_registry::registry();
    let game = registry.make("sabotage-pipes", &json!({})).unwrap();
    let mut original = game.new_state(42);
    for _ in 0..40 {
        match original.turn() {
            Turn::Chance => drop(original.sample_chance().unwrap()),
            _ => {
                let first = original.legal_actions()[0].clone();
                original.apply(&first).unwrap();
            }
        }
    }
    let mut loaded = registry.load_record(&original.record(vec![])).unwrap();
    for _ in 0..40 {
        let a = match original.turn() {
            Turn::Chance => original.sample_chance().unwrap(),
            _ => {
                let first = original.legal_actions()[0].clone();
                original.apply(&first).unwrap()
            }
        };
        let b = match loaded.turn() {
            Turn::Chance => loaded.sample_chance().unwrap(),
            _ => {
                let first = loaded.legal_actions()[0].clone();
                loaded.apply(&first).unwrap()
            }
        };
        assert_eq!(a, b);
    }
}

/// Every allowed value of every option survives the canonical string: a game made from it
/// and its canonical string read back are the same game (a choice that lists numbers, like
/// Sabacc's `deck=54`, included).
#[test]
fn every_option_value_round_trips_through_the_canonical_string() {
    use tabula_core::OptionKind;
    let registry = tabula_registry::registry();
    let mut checked = 0;
    for entry in registry.entries() {
        for option in entry.spec.options {
            let values: Vec<serde_json::Value> = match option.kind {
                OptionKind::Choice { values } => values.iter().map(|v| json!(v)).collect(),
                OptionKind::IntChoice { values } => values.iter().map(|v| json!(v)).collect(),
                OptionKind::Bool => vec![json!(true), json!(false)],
                OptionKind::Int { min, max } => vec![json!(min), json!(max)],
            };
            for value in values {
                let Ok(game) = registry.make(entry.spec.id, &json!({option.name: value})) else {
                    continue; // refused with the other options at their defaults
                };
                let back = registry.make_canonical(&game.canonical()).unwrap_or_else(|e| {
                    panic!("{}: `{}` does not read back: {e}", entry.spec.id, game.canonical())
                });
                assert_eq!(back.canonical(), game.canonical());
                checked += 1;
            }
        }
    }
    assert!(checked > 40, "{checked}");
}

/// The shapes `docs/python-observations.md` gives, by canonical option set.
const SHAPES: &[(&str, &str, usize)] = &[
    ("sabotage-pipes", "{}", 1019),
    ("sabotage-pipes", r#"{"players": 4}"#, 1035),
    ("abagio", "{}", 363),
    ("sabacc", "{}", 10254),
    ("sabacc", r#"{"players": 2}"#, 5728),
    ("sabacc", r#"{"rules": "canonical"}"#, 10076),
    ("sabacc", r#"{"players": 12}"#, 29158),
    ("sabacc", r#"{"players": 24, "decks": 2}"#, 64282),
    ("abilene", r#"{"players": 3}"#, 6978),
    ("abilene", "{}", 9281),
    ("abilene", r#"{"players": 6}"#, 14007),
    ("sabotage-spies", "{}", 7365),
    ("sabotage-spies", r#"{"players": 2}"#, 7363),
];

#[test]
fn every_game_writes_observations_and_masks_through_the_erased_layer() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let game = registry.make(entry.spec.id, &json!({})).unwrap();
        let shape = game.observation_shape();
        let len: usize = shape.iter().product();
        assert!(len > 0, "{}", game.canonical());
        let mut obs = vec![f32::NAN; len];
        let mut mask = vec![false; game.num_distinct_actions()];
        let mut state = game.new_state(11);
        for _ in 0..200 {
            for seat in 0..game.num_players() {
                state.observation(seat, &mut obs).unwrap();
                assert!(obs.iter().all(|v| v.is_finite()), "{}", game.canonical());
            }
            state.legal_action_mask(&mut mask).unwrap();
            let legal: Vec<usize> = mask.iter().enumerate().filter(|(_, m)| **m).map(|(i, _)| i).collect();
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    assert!(legal.is_empty());
                    state.sample_chance().unwrap();
                }
                Turn::Player(_) => {
                    let mut indices = state.legal_indices();
                    indices.sort_unstable();
                    assert_eq!(legal, indices, "{}", game.canonical());
                    state.apply_index(legal[legal.len() / 2]).unwrap();
                }
            }
        }
        assert!(state.observation(game.num_players(), &mut obs).is_err());
    }
    for &(id, options, len) in SHAPES {
        let game = registry.make(id, &serde_json::from_str(options).unwrap()).unwrap();
        assert_eq!(game.observation_shape(), vec![len], "{}", game.canonical());
    }
}

/// Hostile action text is refused before any game reads it, with a short message, and
/// changes nothing: a huge word is never echoed whole, and a NUL is not read as a space.
#[test]
fn huge_or_control_action_text_is_refused_shortly_by_every_game() {
    let registry = tabula_registry::registry();
    for entry in registry.entries() {
        let game = registry.make(entry.spec.id, &serde_json::Value::Null).unwrap();
        let mut state = game.new_state(3);
        while state.turn() == Turn::Chance {
            state.sample_chance().unwrap();
        }
        let before = state.state_json();
        let legal = state.legal_actions();
        let huge = "Zq".repeat(100_000);
        for bad in [huge.clone(), format!("{} {huge}", legal[0]), legal[0].replacen(' ', "\0", 1) + "\0"] {
            let e = state.apply(&bad).unwrap_err().to_string();
            assert!(
                e.len() < 700,
                "{}: a {}-byte message for a {}-byte action",
                entry.spec.id,
                e.len(),
                bad.len()
            );
            assert!(!e.contains('\0'), "{}: the message echoes a NUL", entry.spec.id);
            assert!(state.parse(&bad).is_err());
        }
        assert!(
            state.apply(&format!("{}\0", legal[0])).unwrap_err().to_string().contains("control character")
        );
        assert_eq!(state.state_json(), before, "{}: a refusal changed the game", entry.spec.id);
        // Every game still reads its own legal actions.
        state.apply(&legal[0]).unwrap();
    }
}

/// `G::new` given every other registered game's options: refused, naming that game.
fn refuses_other_games_options<G: tabula_core::Game>() {
    for entry in tabula_registry::registry().entries() {
        if entry.spec.id == G::spec().id {
            continue;
        }
        let err = G::new(&tabula_core::Options::defaults(entry.spec))
            .err()
            .unwrap_or_else(|| panic!("{} accepted options of {}", G::spec().id, entry.spec.id));
        assert!(err.to_string().contains(&format!("these are options of {}", entry.spec.id)), "{err}");
    }
}

#[test]
fn every_game_refuses_another_games_options() {
    refuses_other_games_options::<tabula_abagio::Abagio>();
    refuses_other_games_options::<tabula_abilene::Abilene>();
    refuses_other_games_options::<tabula_sabacc::Sabacc>();
    refuses_other_games_options::<tabula_sabotage_pipes::SabotagePipes>();
    refuses_other_games_options::<tabula_sabotage_spies::SabotageSpies>();
}

/// What the lobby shows of every game is whole: each option named for players (and each
/// value of a choice), presets the game accepts whose seat counts are named, a summary.
#[test]
fn every_game_is_described_for_players() {
    use tabula_core::{OptionKind, Options};
    for e in tabula_registry::registry().entries() {
        let spec = e.spec;
        let id = spec.id;
        assert!(!spec.about.summary.is_empty(), "{id} has a summary");
        let [least, most] = spec.about.minutes;
        assert!(0 < least && least <= most, "{id}'s length is a range of minutes");
        for o in spec.options {
            assert!(
                !o.label.is_empty() && !o.doc.is_empty(),
                "{id}'s option {} has a label and a doc",
                o.name
            );
            assert!(
                !o.doc.contains("seat 0") && !o.doc.contains("seats 0"),
                "{id}'s {}: seats count from 1",
                o.name
            );
            let values = match o.kind {
                OptionKind::Choice { values } => values.len(),
                OptionKind::IntChoice { values } => values.len(),
                _ => 0,
            };
            assert!(
                o.value_labels.is_empty() || o.value_labels.len() == values,
                "{id}'s option {} names each of its {values} values",
                o.name
            );
        }
        assert!(!spec.presets.is_empty(), "{id} has a recommended preset");
        let mut names = std::collections::HashSet::new();
        for p in spec.presets {
            assert!(names.insert(p.name), "{id}'s preset {:?} is named once", p.name);
            let options =
                Options::from_preset(spec, p).unwrap_or_else(|e| panic!("{id}'s preset {}: {e}", p.name));
            (e.make)(&options).unwrap_or_else(|e| panic!("{id}'s preset {} makes a game: {e}", p.name));
        }
        for s in spec.about.seats {
            assert!((spec.min_players..=spec.max_players).contains(&s.players), "{id}: {} seats", s.players);
            assert_eq!(s.names.len(), s.players, "{id}: a name per seat of {}", s.players);
        }
        assert!(!spec.about.seat_name(spec.min_players, 0).is_empty());
    }
    let spies = tabula_registry::registry().entry("sabotage-spies").expect("registered").spec;
    assert_eq!(spies.about.seat_name(2, 1), "Spies");
    assert_eq!(
        tabula_registry::registry().entry("sabacc").expect("registered").spec.about.seat_name(4, 3),
        "Seat 4"
    );
}

/// A player sees where they stand against the bots: every game's levels and beginner policy
/// have a measured rating (`tabula_ai::level`, docs/bots.md "Ratings of the levels"). A new
/// game fails here until its levels are measured with `tabula arena`.
#[test]
fn every_game_s_levels_are_rated() {
    for e in tabula_registry::registry().entries() {
        let id = e.spec.id;
        for &bot in ["heuristic"].iter().chain(tabula_ai::level::levels(id)) {
            assert!(tabula_ai::level::rating(id, bot).is_some(), "{id}: {bot} has no measured rating");
        }
    }
}
