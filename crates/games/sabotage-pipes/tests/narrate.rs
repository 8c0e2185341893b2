//! The log in words (`Game::narrate`): a card played says where, what it replaced or
//! removed and the roof's new value; a draw names the card to the seat that drew it alone;
//! a round's end gives the points. Random games are told with no card hidden from a reader.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, Said, Turn, sample_chance};
use tabula_sabotage_pipes::rules::initial_state;
use tabula_sabotage_pipes::view::view;
use tabula_sabotage_pipes::{Action, Card, Phase, SabotagePipes};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// What `action` by the seat to move says, told to `you`.
fn told(g: &SabotagePipes, st: &tabula_sabotage_pipes::State, text: &str, you: usize) -> String {
    let mut after = st.clone();
    g.play(&mut after, Action::parse(text).unwrap()).unwrap();
    let seat = st.to_move as usize;
    let lines = g.narrate(&view(st, you), &view(&after, you), Turn::Player(seat), Some(text));
    lines[0].told(&["ada".into(), "bob".into()], Some(you))
}

#[test]
fn sabotage_and_demontage_read_as_sentences() {
    let g = SabotagePipes::with_defaults();
    let mut st = initial_state(2, true, 4);
    st.phase = Phase::Play;
    st.to_move = 0;
    st.roofs[0][6] = Some(card("Go"));
    st.roofs[1][0] = Some(card("Ao"));
    for c in ["dem", "sab"] {
        st.hands[0].add(card(c));
    }
    assert_eq!(told(&g, &st, "dem G", 0), "you play dem on your roof G, removing Go");
    assert_eq!(told(&g, &st, "dem G", 1), "ada plays dem on ada's roof G, removing Go");
    assert!(told(&g, &st, "sab opp A", 1).starts_with("ada plays sab on your roof A, removing Ao"));
}

#[test]
fn random_games_are_told_and_a_draw_is_named_to_its_drawer_alone() {
    let g = SabotagePipes::with_defaults();
    let (mut draws, mut rounds) = (0, 0);
    for seed in 0..4u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut st = g.initial_state();
        let (mut actions, mut buffer) = (Vec::new(), Vec::new());
        while g.turn(&st) != Turn::Terminal {
            let turn = g.turn(&st);
            let action = match turn {
                Turn::Chance => sample_chance(&g, &st, &mut buffer, &mut rng),
                _ => {
                    g.legal_actions(&st, &mut actions);
                    actions[(seed as usize + st.roofs[0].iter().flatten().count()) % actions.len()]
                }
            };
            let mut after = st.clone();
            g.play_unchecked(&mut after, action);
            for o in 0..2 {
                let seen = g.observe_action(&st, action, o);
                let lines: Vec<Said> = g.narrate(&view(&st, o), &view(&after, o), turn, Some(&seen));
                for l in &lines {
                    let text = l.told(&["ada".into(), "bob".into()], Some(o));
                    if let (Turn::Chance, Action::Deal(c)) = (turn, action)
                        && text.contains("draw")
                    {
                        let mine = st.to_move as usize == o;
                        assert_eq!(
                            text.contains(&format!("draw {c}")) || text.contains(&format!("draws {c}")),
                            mine,
                            "{text}"
                        );
                        draws += 1;
                    }
                    rounds += usize::from(text.contains("is over:"));
                }
            }
            st = after;
        }
    }
    assert!(draws > 0 && rounds > 0, "draws {draws}, rounds {rounds}");
}
