//! The moves offered to the person on screen: the decisions of the moment (`end`, `draw`,
//! `agree`, `refuse`) and the placements of the card selected in the hand, in words, with
//! what each does to the roofs' values.

use tabula_sabotage_pipes::{Action, Card, Phase, PipeKind, Side, Square, View, roof_value, round_score};

use super::cards::{roof_index, roofs_after};
use crate::play::screen::Choice;

/// The cards of a hand, one entry per card (repeats included), in a stable order.
pub fn hand_cards(view: &View) -> Vec<Card> {
    view.hand.to_vec()
}

/// The Sabotage moves to offer: the decisions first, then every legal placement of
/// `card` (discarding it last). `legal` is the person's legal actions (empty when it is
/// not their turn).
pub fn sabotage_choices(view: &View, legal: &[String], card: Option<Card>) -> Vec<Choice> {
    let actions: Vec<Action> = legal.iter().filter_map(|text| Action::parse(text).ok()).collect();
    let seat = view.player as usize;
    let own = roof_index(seat, Side::Own);
    let values = view.values;
    let mut out = Vec::new();
    for &action in &actions {
        let (label, effect, key) = match action {
            Action::End => {
                let score = round_score(values[own]) - 1;
                let verb = if view.players == 4 { "ask to end the round" } else { "end the round now" };
                (verb.to_owned(), format!("you score {score} (−1)"), 'e')
            }
            Action::Draw => ("draw a card and play on".to_owned(), String::new(), 'd'),
            Action::Agree => {
                let (mine, theirs) = (round_score(values[own]), round_score(values[1 - own]));
                ("yes, end the round".to_owned(), format!("you {}, they {theirs}", mine - 1), 'a')
            }
            Action::Refuse => ("no, play on".to_owned(), String::new(), 'r'),
            _ => continue,
        };
        out.push(Choice { action: action.to_string(), label, effect, key: Some(key) });
    }
    let Some(card) = card else { return out };
    let mut discard = None;
    for &action in &actions {
        if action.card_played() != Some(card) {
            continue;
        }
        if let Action::Discard(_) = action {
            discard = Some(Choice {
                action: action.to_string(),
                label: "face up on the discard pile".to_owned(),
                effect: String::new(),
                key: Some('x'),
            });
            continue;
        }
        out.push(Choice {
            action: action.to_string(),
            label: placement_label(view, action),
            effect: effect(view, action),
            key: None,
        });
    }
    out.extend(discard);
    out
}

/// Where a card goes, in words: `your roof A`, `remove Bo from their roof E`.
fn placement_label(view: &View, action: Action) -> String {
    let seat = view.player as usize;
    let own = seat % 2;
    let roof_name = |roof: usize| if roof == own { "your roof" } else { "their roof" };
    let (roof, square, removes) = match action {
        Action::Letter { card, side } => match card.as_pipe() {
            Some((PipeKind::Letter(l), _)) => (roof_index(seat, side), Square::ALL[l as usize], false),
            _ => return action.to_string(),
        },
        Action::X { square, .. } | Action::Wrench { square, .. } => (own, square, false),
        Action::Sabotage { side, square } => (roof_index(seat, side), square, true),
        Action::Demontage { square } => (own, square, true),
        other => return other.to_string(),
    };
    match (removes, view.roofs[roof][square.index()]) {
        (true, Some(old)) => format!("remove {old} from {} {square}", roof_name(roof)),
        (false, Some(old)) => format!("{} {square}, replacing {old}", roof_name(roof)),
        _ => format!("{} {square}", roof_name(roof)),
    }
}

/// What a placement does to the roofs' values: `you 6→8`, `them 7→5`.
fn effect(view: &View, action: Action) -> String {
    let seat = view.player as usize;
    let own = seat % 2;
    let after = roofs_after(&view.roofs, seat, action);
    let mut parts = Vec::new();
    for (roof, who) in [(own, "you"), (1 - own, "them")] {
        let (was, now) = (view.values[roof], roof_value(&after[roof]));
        if was != now {
            parts.push(format!("{who} {was}→{now}"));
        }
    }
    parts.join(", ")
}

/// A short phrase for what the person can do now, for the move list's title.
pub fn sabotage_prompt(view: &View, human_turn: bool, card: Option<Card>) -> String {
    if !human_turn {
        return "Moves (not your turn)".to_owned();
    }
    match view.phase {
        Phase::Start => "Your turn: end the round, or draw".to_owned(),
        Phase::Consent => "Your partner asks to end the round".to_owned(),
        _ => match card {
            Some(card) => format!("Play {}: ↑/↓ then Enter", card.name()),
            None => "Your turn".to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use tabula_sabotage_pipes::rules::{initial_state, legal_actions};
    use tabula_sabotage_pipes::view::view;
    use tabula_sabotage_pipes::{Action, Card, Phase};

    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn placements_say_where_and_what_they_change() {
        let mut state = initial_state(2, true, 4);
        state.phase = Phase::Play;
        state.to_move = 0;
        state.roofs[0][0] = Some(card("Ao"));
        state.roofs[0][1] = Some(card("Bo"));
        state.roofs[1][4] = Some(card("El"));
        for c in ["Co", "Wr", "sab"] {
            state.hands[0].add(card(c));
        }
        let seen = view(&state, 0);
        let mut legal = Vec::new();
        legal_actions(&state, &mut legal);
        let legal: Vec<String> = legal.iter().map(Action::to_string).collect();
        let choices = sabotage_choices(&seen, &legal, Some(card("Co")));
        let rows: Vec<(&str, &str, &str)> =
            choices.iter().map(|c| (c.action.as_str(), c.label.as_str(), c.effect.as_str())).collect();
        assert_eq!(
            rows,
            [
                ("Co own", "your roof C", "you 0→2"),
                ("Co opp", "their roof C", ""),
                ("discard Co", "face up on the discard pile", ""),
            ]
        );
        let wrench = sabotage_choices(&seen, &legal, Some(card("Wr")));
        assert_eq!(wrench.len(), 10);
        assert_eq!(wrench[0].label, "your roof A, replacing Ao");
        assert_eq!(wrench[2].effect, "you 0→1");
        let sabotage = sabotage_choices(&seen, &legal, Some(card("sab")));
        let labels: Vec<&str> = sabotage.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "remove Ao from your roof A",
                "remove Bo from your roof B",
                "remove El from their roof E",
                "face up on the discard pile"
            ]
        );
    }

    #[test]
    fn decisions_come_first_with_their_keys() {
        let mut state = initial_state(4, true, 4);
        state.phase = Phase::Consent;
        state.to_move = 2;
        let seen = view(&state, 0);
        let choices = sabotage_choices(&seen, &["agree".to_owned(), "refuse".to_owned()], None);
        let keys: Vec<Option<char>> = choices.iter().map(|c| c.key).collect();
        assert_eq!(keys, [Some('a'), Some('r')]);
    }
}
