//! The searches find what a search must: forced wins, in games with chance, from views.

use tabula_ai::{Bot, IsmctsBot, MctsBot, SearchConfig};
use tabula_core::Game;
use tabula_core::doc_example::{Nim, NimAction, NimState};

/// Nim: taking the last stone wins, so the winning move leaves a multiple of 4.
#[test]
fn mcts_and_ismcts_find_the_winning_nim_move() {
    let game = Nim;
    for pile in [5u8, 6, 7, 9, 10, 11] {
        let state = NimState { pile: Some(pile), to_move: 0 };
        let view = game.view(&state, 0);
        let expected = NimAction::Take(pile % 4);
        let mut mcts = MctsBot::new(SearchConfig::iterations(3000), 1, u64::from(pile));
        assert_eq!(mcts.choose(&game, &view), expected, "mcts, pile {pile}");
        let mut ismcts = IsmctsBot::new(SearchConfig::iterations(3000), u64::from(pile));
        assert_eq!(ismcts.choose(&game, &view), expected, "ismcts, pile {pile}");
        let explained = mcts.explain().unwrap();
        assert_eq!(explained[0].action, expected);
        assert!(explained[0].value > 0.5, "a forced win is worth nearly +1: {:?}", explained[0]);
    }
}

/// Once a small tree is fully known, iterations end on terminal nodes whose returns the
/// tree keeps: every iteration is still counted, and a winning leaf is worth exactly +1.
#[test]
fn a_fully_known_tree_keeps_counting_and_valuing_exactly() {
    let game = Nim;
    let state = NimState { pile: Some(3), to_move: 0 };
    let view = game.view(&state, 0);
    let mut mcts = MctsBot::new(SearchConfig::iterations(2000), 1, 7);
    assert_eq!(mcts.choose(&game, &view), NimAction::Take(3));
    let explained = mcts.explain().unwrap();
    assert_eq!(explained.iter().map(|c| c.visits).sum::<u64>(), 2000);
    assert_eq!(explained[0].action, NimAction::Take(3));
    assert_eq!(explained[0].value, 1.0, "taking the last stone always wins");
    assert!(explained[1..].iter().all(|c| c.value < 1.0), "{explained:?}");
}
