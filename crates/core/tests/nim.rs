//! The core's own checks, run on the example game.

use serde_json::json;
use tabula_core::conformance::{self, Config};
use tabula_core::doc_example::Nim;
use tabula_core::{ErasedGame, Game, GameEntry, Options, Record, RecordError, Registry, Turn};

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register(GameEntry::of::<Nim>(|name, _, _| Err(format!("no bot `{name}`")), &[]));
    r
}

#[test]
fn nim_passes_the_harness() {
    let report =
        conformance::check(&Nim, Config { playouts: 30, view_every: 1, sweep_every: 1, ..Config::default() });
    assert_eq!(report.playouts, 30);
    assert!(report.chance_nodes == 30 && report.sweeps > 100 && report.determinizations > 100);
    assert!(report.observations >= report.determinizations / 2 && report.masks > 100, "{report:?}");
}

#[test]
fn erased_state_writes_observations_and_masks() {
    let game = ErasedGame::boxed(Nim);
    assert_eq!(game.observation_shape(), vec![17]);
    let mut state = game.new_state(5);
    let mut obs = vec![9.0; 17];
    let mut mask = vec![true; game.num_distinct_actions()];
    state.legal_action_mask(&mut mask).unwrap();
    assert!(mask.iter().all(|&m| !m), "no seat acts at the chance start");
    state.apply("pile 10").unwrap();
    state.observation(1, &mut obs).unwrap();
    // Seat 1 (index 1); seat 0 to move, one seat before it (index 2 + 1); a pile of 10.
    let expected: Vec<f32> = (0..17).map(|i| if [1, 3, 4 + 10].contains(&i) { 1.0 } else { 0.0 }).collect();
    assert_eq!(obs, expected);
    state.legal_action_mask(&mut mask).unwrap();
    assert_eq!(mask, [true, true, true, false, false, false]);
    assert!(state.observation(2, &mut obs).is_err());
    assert!(state.observation(0, &mut obs[..3]).is_err());
    assert!(state.legal_action_mask(&mut mask[..2]).is_err());
}

#[test]
fn options_are_checked_and_canonical() {
    let spec = Nim::spec();
    assert_eq!(Options::defaults(spec).canonical(), "nim(players=2)");
    let err = Options::from_json(spec, &json!({"players": 3})).unwrap_err();
    assert!(err.to_string().contains("`players` must be one of 2"), "{err}");
    let err = Options::from_json(spec, &json!({"colour": "red"})).unwrap_err();
    assert!(err.to_string().contains("unknown option `colour`"), "{err}");
    assert!(Options::from_json(spec, &json!([1])).is_err());
    assert_eq!(Options::from_canonical(spec, "nim(players=2)").unwrap(), Options::defaults(spec));
    assert!(Options::from_canonical(spec, "nim(players=2").is_err());
    assert!(Options::from_canonical(spec, "chess").is_err());
    let err = Options::from_canonical(spec, "nim(players=2,players=2)").unwrap_err();
    assert!(err.to_string().contains("option `players` is given twice"), "{err}");
    let long = "x".repeat(1000);
    let err = Options::from_canonical(spec, &format!("nim({long}=1)")).unwrap_err().to_string();
    assert!(err.len() < 300 && err.contains('…'), "{err}");
}

#[test]
fn erased_state_plays_refuses_and_records() {
    let game = ErasedGame::boxed(Nim);
    let mut state = game.new_state(5);
    assert_eq!(state.turn(), Turn::Chance);
    assert_eq!(state.chance_outcomes().len(), 3);
    let err = state.apply("take 1").unwrap_err();
    assert_eq!(err.code().as_str(), "action/illegal");
    let err = state.apply("grab 9").unwrap_err();
    assert_eq!(err.code().as_str(), "action/parse");
    assert_eq!(state.history().len(), 0, "refused actions change nothing");
    state.apply("pile 10").unwrap();
    assert!(state.sample_chance().is_err());
    while !state.is_terminal() {
        let first = state.legal_actions()[0].clone();
        state.apply(&first).unwrap();
    }
    assert!(state.view(2).is_err());
    let record = state.record(vec!["a".into(), "b".into()]);
    let replayed = registry().load_record(&record).unwrap();
    assert_eq!(replayed.state_json(), state.state_json());
    let back = Record::from_json_str(&record.to_json_pretty()).unwrap();
    assert_eq!(back, record);
}

#[test]
fn records_that_break_rules_name_the_action() {
    let record = Record {
        game: "nim".into(),
        options: json!({}),
        seed: None,
        seats: vec![],
        actions: vec!["pile 10".into(), "take 3".into(), "take 9".into()],
        result: None,
        players: vec![],
        ending: None,
    };
    match registry().load_record(&record) {
        Err(RecordError::Action { number: 3, .. }) => {}
        other => panic!("expected action 3 refused, got {:?}", other.err()),
    }
    let mut wrong = record.clone();
    wrong.actions.truncate(2);
    wrong.result = Some(vec![1.0, -1.0]);
    assert!(matches!(registry().load_record(&wrong), Err(RecordError::Result { .. })));
    wrong.game = "chess".into();
    assert!(matches!(registry().load_record(&wrong), Err(RecordError::UnknownGame(_))));
    assert!(Record::from_json_str("{\"game\":1}").is_err());
}

#[test]
fn positions_are_validated() {
    let game = ErasedGame::boxed(Nim);
    assert!(game.load_state(&json!({"pile": 4, "to_move": 1}), 0).is_ok());
    let err = game.load_state(&json!({"pile": 40, "to_move": 7}), 0).err().unwrap();
    assert_eq!(err.problems.len(), 2);
    assert!(game.load_state(&json!("garbage"), 0).is_err());
}
