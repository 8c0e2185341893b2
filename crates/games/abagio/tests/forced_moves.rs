//! The step-by-step leap generator against a brute-force reading of the rulebook's
//! forced-move rules (rules §Other leaping rules), on every leaping position of seeded
//! random games.

mod common;

use common::{engine_sequences, game, reference_sequences};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_abagio::leaps::single_leap;
use tabula_abagio::{Action, Phase, State};
use tabula_core::{Game, Turn, sample_chance};

#[test]
fn the_generator_offers_exactly_the_maximal_sequences() {
    let g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let (mut positions, mut restricted, mut larger_rule, mut short) = (0, 0, 0, 0);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..50 {
        let mut s = g.initial_state();
        while g.turn(&s) != Turn::Terminal {
            // At the start of each turn (the whole tree of the turn is compared from there).
            if s.phase == Phase::Leap
                && matches!(s.dice.len(), 2 | 4)
                && (s.dice.len() == 4 || s.dice.two_numbers())
            {
                let reference = reference_sequences(&s);
                let engine = engine_sequences(&s);
                assert_eq!(engine, reference, "position {}", serde_json::to_string(&s).unwrap());
                positions += 1;
                // How often the forced-move rules removed a leap possible on its own.
                let player = s.to_move;
                let possible = (1..=26u8)
                    .flat_map(|from| s.dice.distinct().map(move |die| (from, die)))
                    .filter(|&(from, die)| single_leap(&s, player, from, die).is_ok())
                    .count();
                g.legal_actions(&s, &mut actions);
                if actions.len() < possible {
                    restricted += 1;
                    let smaller = s.dice.as_slice().last().copied();
                    if s.dice.two_numbers()
                        && reference.iter().all(|seq| seq.len() == 1)
                        && !actions
                            .iter()
                            .any(|a| matches!(a, Action::Leap { die, .. } if Some(*die) == smaller))
                    {
                        larger_rule += 1;
                    }
                }
                if reference.iter().next().is_some_and(|seq| seq.len() < s.dice.len()) {
                    short += 1;
                }
            }
            let action = match g.turn(&s) {
                Turn::Chance => sample_chance(&g, &s, &mut outcomes, &mut rng),
                _ => {
                    g.legal_actions(&s, &mut actions);
                    actions[rng.random_range(0..actions.len())]
                }
            };
            g.play(&mut s, action).unwrap();
        }
    }
    println!(
        "{positions} leaping positions, {restricted} restricted, {larger_rule} by the larger number, {short} short"
    );
    assert!(positions > 2_500);
    assert!(restricted > 25, "the forced-move rules were exercised only {restricted} times");
    assert!(larger_rule > 1 && short > 50);
}

/// A random position with the frogs crowded on a few squares, so that heaps, maxed stacks
/// and the Top Frog block often; `None` when it breaks a rule (for instance when the player
/// to move could not leap at all).
fn crowded_position(rng: &mut ChaCha8Rng) -> Option<State> {
    use tabula_abagio::board::FROGS;
    use tabula_abagio::{Board, Colour, Dice, Square};
    let to_move = if rng.random_bool(0.5) { Colour::Red } else { Colour::Purple };
    let (a, b) = (rng.random_range(1..=6u8), rng.random_range(1..=6u8));
    let mut s = State {
        phase: Phase::Leap,
        to_move,
        dice: Dice::roll(a, b),
        root: [0; 2],
        pond: [0; 2],
        board: Board::default(),
        top_frog: None,
        turn: 1,
        winner: None,
    };
    // A window of squares along the path, late in the race half of the time.
    let low = if rng.random_bool(0.5) { rng.random_range(1..=6u8) } else { rng.random_range(1..=18u8) };
    let high = (low + rng.random_range(5..=12u8)).min(25);
    // Runs of one colour (blots, pairs, heaps) dropped on squares of the window; what is
    // left goes to the root or the pond.
    let mut left = [FROGS; 2];
    // Often the player to move has only a few frogs left to play, so the dice bind.
    let scarce = rng.random_bool(0.6).then(|| rng.random_range(1..=4u8));
    if let Some(few) = scarce {
        left[to_move.index()] = few;
    }
    for _ in 0..rng.random_range(4..=14) {
        let colour = if rng.random_bool(0.5) { Colour::Red } else { Colour::Purple };
        let square = Square::at(colour, rng.random_range(low..=high)).expect("a square");
        for _ in 0..rng.random_range(1..=4) {
            let stack = s.stack(square);
            let mixes_diamond = square.is_diamond() && stack.top().is_some_and(|t| t != colour);
            if left[colour.index()] == 0 || stack.height() >= square.max_height() || mixes_diamond {
                break;
            }
            s.board.get_mut(square).push(colour);
            left[colour.index()] -= 1;
        }
    }
    for colour in Colour::ALL {
        let i = colour.index();
        let root = if rng.random_bool(0.5) { 0 } else { rng.random_range(0..=left[i].min(3)) };
        s.root[i] = root;
        s.pond[i] = left[i] - root;
        if colour == to_move
            && let Some(few) = scarce
        {
            s.pond[i] += FROGS - few;
        }
        if s.pond[i] == FROGS {
            return None;
        }
    }
    if rng.random_bool(0.3) {
        let placer = to_move.other();
        let choices: Vec<Square> = Square::outer()
            .filter(|&sq| s.stack(sq).top().is_none_or(|t| t == placer) && s.stack(sq).height() < 5)
            .collect();
        s.top_frog = Some(choices[rng.random_range(0..choices.len())]);
    }
    game().validate(s).ok()
}

#[test]
fn the_generator_agrees_with_the_reference_on_crowded_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut positions, mut restricted, mut short) = (0, 0, 0);
    while positions < 8000 {
        let Some(s) = crowded_position(&mut rng) else { continue };
        let reference = reference_sequences(&s);
        let engine = engine_sequences(&s);
        assert_eq!(engine, reference, "position {}", serde_json::to_string(&s).unwrap());
        positions += 1;
        let firsts: std::collections::BTreeSet<Action> = engine.iter().map(|seq| seq[0]).collect();
        let player = s.to_move;
        let possible = (1..=26u8)
            .flat_map(|from| s.dice.distinct().map(move |die| (from, die)))
            .filter(|&(from, die)| single_leap(&s, player, from, die).is_ok())
            .count();
        restricted += usize::from(firsts.len() < possible);
        short += usize::from(reference.iter().all(|seq| seq.len() < s.dice.len()));
    }
    println!("{positions} crowded positions, {restricted} restricted, {short} short");
    assert!(restricted > 80 && short > 200, "{restricted} restricted, {short} short");
}
