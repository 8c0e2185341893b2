//! The log in words (`Game::narrate`): every action of random games is told, a hit names
//! the frogs sent back to the root, the end names the winner; a seat and a spectator are
//! told the same (Abagio hides nothing).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula_abagio::{Abagio, Action};
use tabula_core::{Game, Said, Turn, sample_chance};

#[test]
fn every_action_is_told_with_its_hits_and_the_end() {
    let game = Abagio::with_defaults();
    let (mut hits, mut ends) = (0, 0);
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.initial_state();
        let mut actions = Vec::new();
        let mut buffer = Vec::new();
        loop {
            let turn = game.turn(&state);
            let action = match turn {
                Turn::Terminal => break,
                Turn::Chance => sample_chance(&game, &state, &mut buffer, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&state, &mut actions);
                    actions[seed as usize * 7 % actions.len()]
                }
            };
            let before: Vec<_> = (0..2).map(|p| game.view(&state, p)).collect();
            let public_before = game.public_view(&state);
            let mut after_state = state;
            game.play_unchecked(&mut after_state, action);
            let after: Vec<_> = (0..2).map(|p| game.view(&after_state, p)).collect();
            let text = game.action_text(action);
            let told: Vec<Vec<Said>> =
                (0..2).map(|p| game.narrate(&before[p], &after[p], turn, Some(&text))).collect();
            assert!(!told[0].is_empty(), "{text} is told");
            assert_eq!(told[0], told[1], "both seats are told {text} alike");
            let public = game.narrate(&public_before, &game.public_view(&after_state), turn, Some(&text));
            assert_eq!(public, told[0], "a spectator too");
            let line = told[0][0].told(&["ada".into(), "bob".into()], None);
            if let Action::Leap { .. } = action {
                let mover = state.to_move.index();
                let sent = after_state.root[1 - mover] > state.root[1 - mover];
                assert_eq!(line.contains("back to the root"), sent, "{line}");
                hits += usize::from(sent);
                assert!(line.starts_with(["ada leaps from", "bob leaps from"][mover]), "{line}");
            }
            if game.turn(&after_state) == Turn::Terminal {
                let last = told[0].last().unwrap().told(&["ada".into(), "bob".into()], Some(0));
                assert!(last.contains("twelve frogs") || last.starts_with("a draw"), "{last}");
                ends += 1;
            }
            state = after_state;
        }
    }
    assert!(hits > 0 && ends == 20, "hits {hits}, ends {ends}");
}
