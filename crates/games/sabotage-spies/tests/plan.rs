//! Phase II (rules §Phase II): the nine steps, the costs, the dice limit, modify cubes and
//! the Parachute's rules, played through the engine from a fresh game.

use tabula_core::Options;
use tabula_sabotage_spies::action::Action;
use tabula_sabotage_spies::config::{Config, SPEC};
use tabula_sabotage_spies::rules;
use tabula_sabotage_spies::state::{Loc, Phase, State};

fn config() -> Config {
    Config::from_options(&Options::from_json(&SPEC, &serde_json::json!({})).unwrap()).unwrap()
}

fn act(state: &mut State, cfg: &Config, text: &str) {
    let action: Action = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
    if let Err(e) = rules::check(state, cfg, action) {
        panic!("`{text}` refused: {e}");
    }
    rules::apply(state, cfg, action);
}

fn refused(state: &State, cfg: &Config, text: &str) -> String {
    let action: Action = text.parse().unwrap();
    rules::check(state, cfg, action).expect_err(text)
}

/// A game at the first plan step: Chantico in c2, Count V in a1, the roll given.
fn at_plan(roll: &str) -> (State, Config) {
    let cfg = config();
    let mut s = rules::initial(&cfg);
    for t in [
        "character chantico",
        "character count-v",
        "character hawk",
        "character acrobat",
        "start c2",
        "start a1",
    ] {
        act(&mut s, &cfg, t);
    }
    act(&mut s, &cfg, roll);
    assert_eq!(s.phase, Phase::Plan);
    (s, cfg)
}

#[test]
fn a_move_is_paid_by_the_die_showing_its_direction() {
    let (mut s, cfg) = at_plan("roll 1 3 5 6");
    act(&mut s, &cfg, "tile move");
    // The 1 (up) pays it: c2 → c1, open.
    act(&mut s, &cfg, "die 1 on 1");
    for t in ["die off", "die off", "die off", "tile none", "tile none", "tile none", "tile none"] {
        act(&mut s, &cfg, t);
    }
    assert_eq!(s.slot, 1, "nine steps, then the next character plans");
}

#[test]
fn a_move_into_a_wall_cannot_be_planned() {
    // Chantico in c2: the default map has a wall on b2|c2, so left (4) is blocked.
    let (mut s, cfg) = at_plan("roll 2 4 5 6");
    act(&mut s, &cfg, "tile move");
    act(&mut s, &cfg, "die 2 on 1");
    let (mut s2, _) = at_plan("roll 2 4 5 6");
    act(&mut s2, &cfg, "tile move");
    // The 2 goes off: only the 4 (left, into the wall) or cubes remain to pay the move.
    act(&mut s2, &cfg, "die off");
    assert!(refused(&s2, &cfg, "die 4 on 1").contains("no legal plan"));
    let _ = s;
}

#[test]
fn modify_cubes_wrap_and_are_limited_by_the_team_pool() {
    let (mut s, cfg) = at_plan("roll 1 1 1 1");
    act(&mut s, &cfg, "tile motion-detector");
    // A 1 shown as 6 is one cube (1 ↔ 6 wrap); as 4 three cubes: the team has 2.
    assert!(refused(&s, &cfg, "die 4 on 1").contains("modify cubes"));
    act(&mut s, &cfg, "die 6 on 1");
    assert_eq!(s.sides[0].modify_used, 1);
}

#[test]
fn at_most_two_dice_without_generators() {
    let (mut s, cfg) = at_plan("roll 1 2 3 4");
    act(&mut s, &cfg, "tile move");
    act(&mut s, &cfg, "tile move");
    // A third move would need a third die: the limit is two (rules §Phase II).
    let e = refused(&s, &cfg, "tile move");
    assert!(e.contains("no legal plan"), "{e}");
    act(&mut s, &cfg, "die 1 on 1");
    act(&mut s, &cfg, "die 2 on 2");
    let e = refused(&s, &cfg, "tile move");
    assert!(e.contains("no legal plan"), "{e}");
}

#[test]
fn a_spy_off_the_map_plans_parachute_first_and_no_hack_with_it() {
    let (mut s, cfg) = at_plan("roll 4 4 5 6");
    for _ in 0..2 {
        for t in [
            "tile none",
            "tile none",
            "tile none",
            "tile none",
            "tile none",
            "die off",
            "die off",
            "die off",
            "die off",
        ] {
            act(&mut s, &cfg, t);
        }
    }
    assert_eq!(s.slot, 2);
    assert!(refused(&s, &cfg, "tile move-scan").contains("Parachute"));
    assert!(refused(&s, &cfg, "tile none").contains("Parachute"));
    act(&mut s, &cfg, "tile parachute b3");
    assert_eq!(s.ch(2).loc, Loc::Lying("b3".parse().unwrap()));
    assert!(refused(&s, &cfg, "tile hack").contains("hack"));
    assert!(refused(&s, &cfg, "tile parachute c3").contains("Parachute"));
}

#[test]
fn a_pair_needs_two_equal_dice() {
    // Searchlight and the like cost a pair; Bite costs 1-6; a starting example: none for
    // Villains, so the pair is checked through the Stun Gun's neighbour, the dice limit:
    // a pair with a limit of two dice uses both.
    let (mut s, cfg) = at_plan("roll 2 2 5 6");
    act(&mut s, &cfg, "tile stun-gun");
    act(&mut s, &cfg, "die 2 on 1");
    assert!(refused(&s, &cfg, "die 2 on 1").contains("no legal plan"), "a range cost takes one die");
}

#[test]
fn a_die_is_refused_on_a_tile_whose_cost_it_does_not_meet() {
    let (mut s, cfg) = at_plan("roll 3 3 3 3");
    // The Villains plan nothing; Hawk (slot 2), put on b1, plans a Hack (4–6).
    while s.slot < 2 {
        let mut legal = Vec::new();
        rules::legal(&s, &cfg, &mut legal);
        let filler = |t: &str| legal.iter().find(|a| a.to_string() == t).copied();
        let a = filler("die off").or_else(|| filler("tile none")).unwrap();
        rules::apply(&mut s, &cfg, a);
    }
    s.ch_mut(2).loc = Loc::On("b1".parse().unwrap());
    act(&mut s, &cfg, "tile hack");
    let e = refused(&s, &cfg, "die 3 on 1");
    assert!(e.contains("cost"), "{e}");
    // A 4 (one modify cube) pays it.
    act(&mut s, &cfg, "die 4 on 1");
}
