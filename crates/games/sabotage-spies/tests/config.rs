//! The options (rules, the options table): defaults, the canonical string, round trips and
//! refusals naming the option.

use serde_json::{Value, json};
use tabula_core::{Options, OptionsError};
use tabula_sabotage_spies::{Config, MapSetup, SPEC, Team};

fn config(options: Value) -> Result<Config, OptionsError> {
    Config::from_options(&Options::from_json(&SPEC, &options)?)
}

fn refusal(options: Value) -> String {
    config(options).unwrap_err().to_string()
}

#[test]
fn the_spec_is_two_teams_with_dice_behind_a_screen() {
    assert_eq!(SPEC.id, "sabotage-spies");
    assert!(SPEC.teams);
    assert_eq!((SPEC.min_players, SPEC.max_players), (2, 4));
    assert_eq!((SPEC.min_return, SPEC.max_return), (-1.0, 1.0));
    let names: Vec<&str> = SPEC.options.iter().map(|o| o.name).collect();
    assert_eq!(names, ["players", "intro", "map", "round_limit"]);
}

#[test]
fn the_defaults_and_their_canonical_string() {
    let defaults = Options::defaults(&SPEC);
    assert_eq!(
        defaults.canonical(),
        "sabotage-spies(players=4,intro=false,map=default,round_limit=100)",
        "as docs/rules/sabotage-spies.md gives it"
    );
    let c = Config::default();
    assert_eq!(c, Config { players: 4, intro: false, map: MapSetup::Default, round_limit: 100 });
    assert_eq!(c.options(), defaults);
    assert_eq!((c.hits_to_win(), c.hacks_to_win()), (5, 8));
}

#[test]
fn options_round_trip() {
    let c = config(json!({"players": 2, "intro": true, "map": "variable", "round_limit": 10})).unwrap();
    assert_eq!(c, Config { players: 2, intro: true, map: MapSetup::Variable, round_limit: 10 });
    assert_eq!(Config::from_options(&c.options()).unwrap(), c);
    let text = c.options().canonical();
    assert_eq!(text, "sabotage-spies(players=2,intro=true,map=variable,round_limit=10)");
    assert_eq!(Config::from_options(&Options::from_canonical(&SPEC, &text).unwrap()).unwrap(), c);
    assert_eq!((c.hits_to_win(), c.hacks_to_win()), (4, 5), "the intro game");
    assert_eq!(config(json!({"round_limit": 500})).unwrap().round_limit, 500);
}

#[test]
fn seats_and_teams() {
    let four = Config::default();
    let teams: Vec<Option<Team>> = (0..5).map(|s| four.team_of(s)).collect();
    assert_eq!(
        teams,
        [Some(Team::Villains), Some(Team::Villains), Some(Team::Spies), Some(Team::Spies), None]
    );
    assert_eq!(
        (0..4).map(|s| four.seat_of_slot(s)).collect::<Vec<_>>(),
        [Some(0), Some(1), Some(2), Some(3)]
    );
    assert_eq!((four.team_seat(Team::Villains), four.team_seat(Team::Spies)), (0, 2));
    let two = config(json!({"players": 2})).unwrap();
    let teams: Vec<Option<Team>> = (0..3).map(|s| two.team_of(s)).collect();
    assert_eq!(teams, [Some(Team::Villains), Some(Team::Spies), None]);
    assert_eq!((0..4).map(|s| two.seat_of_slot(s)).collect::<Vec<_>>(), [Some(0), Some(0), Some(1), Some(1)]);
    assert_eq!((two.team_seat(Team::Villains), two.team_seat(Team::Spies)), (0, 1));
    assert_eq!(two.seat_of_slot(4), None);
}

#[test]
fn bad_options_are_refused_naming_them() {
    // The options declare the counts allowed, 2 and 4: 3 is refused as any other value.
    let e = refusal(json!({"players": 3}));
    assert!(e.contains("option `players` must be one of 2, 4, not 3"), "{e}");
    assert!(refusal(json!({"players": 5})).contains("option `players` must be one of 2, 4"));
    assert!(refusal(json!({"players": 1})).contains("option `players`"));
    assert!(refusal(json!({"intro": "yes"})).contains("option `intro` must be true or false"));
    assert!(refusal(json!({"map": "random"})).contains("option `map` must be one of default, variable"));
    assert!(
        refusal(json!({"round_limit": 9})).contains("option `round_limit` must be an integer from 10 to 500")
    );
    assert!(refusal(json!({"round_limit": 501})).contains("from 10 to 500"));
    assert!(refusal(json!({"rounds": 5})).contains("unknown option `rounds`"));
    let e = Options::from_canonical(&SPEC, "sabotage-spies(players=3)")
        .and_then(|o| Config::from_options(&o))
        .unwrap_err()
        .to_string();
    assert!(e.contains("must be one of 2, 4"), "{e}");
}

#[test]
fn team_mates_of_four_players_share_a_private_channel_and_two_players_need_none() {
    use tabula_core::Game;
    use tabula_sabotage_spies::SabotageSpies;
    let four = SabotageSpies::new(&Options::from_json(&SPEC, &json!({"players": 4})).unwrap()).unwrap();
    let channels: Vec<Option<usize>> = (0..4).map(|s| four.team_channel(s)).collect();
    assert_eq!(channels, [Some(0), Some(0), Some(1), Some(1)], "Villains 0–1, Spies 2–3");
    let two = SabotageSpies::new(&Options::from_json(&SPEC, &json!({"players": 2})).unwrap()).unwrap();
    assert_eq!((two.team_channel(0), two.team_channel(1)), (None, None));
}
