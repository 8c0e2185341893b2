//! Checking a position read from JSON: every broken rule is named.

use tabula_core::SetupError;

use crate::card::{Card, PipeKind, Square, composition};
use crate::rules::may_end;
use crate::state::{
    HAND_SIZE, MAX_PLAYERS, MAX_ROOF_VALUE, MAX_ROUNDS, Phase, State, roof_value, round_score,
};

/// Checks `state` against the rules and the deck; returns it if every rule holds.
///
/// # Errors
/// Every problem found, one sentence each.
pub fn validate(mut state: State) -> Result<State, SetupError> {
    // The running pile follows from the rest: recounted here, so a position edited by hand
    // (or read from JSON) plays on from its true pile.
    state.recount_pile();
    let mut problems = Vec::new();
    let mut bad = |p: String| problems.push(p);
    if state.players != 2 && state.players != 4 {
        bad(format!("Sabotage is played by 2 or 4 players, not {}", state.players));
        return Err(SetupError { problems });
    }
    let players = state.players as usize;
    if state.rounds == 0 || state.rounds as usize > MAX_ROUNDS {
        bad(format!("rounds must be 1 to {MAX_ROUNDS}, not {}", state.rounds));
        return Err(SetupError { problems });
    }
    if state.round > state.rounds {
        bad(format!("round {} is past the last round ({})", state.round, state.rounds));
    }
    if (state.round == state.rounds) != (state.phase == Phase::Over) {
        bad("the game is over exactly when every round has been played".to_owned());
    }
    if state.results.len() != state.round as usize {
        bad(format!("{} round results are given for {} finished rounds", state.results.len(), state.round));
    }
    for (i, r) in state.results.as_slice().iter().enumerate() {
        if let Some(&v) = r.values.iter().find(|&&v| v > MAX_ROOF_VALUE) {
            bad(format!(
                "round {}: a roof is worth at most {MAX_ROOF_VALUE} (eight lines of 2), not {v}",
                i + 1
            ));
            continue;
        }
        let mut points = r.values.map(round_score);
        if let Some(closer) = r.closer {
            if closer as usize >= players {
                bad(format!("round {}: seat {closer} does not exist", i + 1));
                continue;
            }
            points[State::team(closer)] -= 1;
        }
        if points != r.points {
            bad(format!("round {}: values {:?} score {:?}, not {:?}", i + 1, r.values, points, r.points));
        }
    }
    if !crate::state::no_roofs(&state.last_roofs) {
        match state.results.as_slice().last() {
            None => bad("the last round's roofs are given, but no round has ended".to_owned()),
            Some(r) if state.last_roofs.map(|roof| roof_value(&roof)) != r.values => bad(format!(
                "the last round's roofs are worth {:?}, not the values {:?} of its result",
                state.last_roofs.map(|roof| roof_value(&roof)),
                r.values
            )),
            Some(_) => {}
        }
    }
    if state.to_move as usize >= players {
        bad(format!("seat {} is to move but there are {players} seats", state.to_move));
    }
    for seat in players..MAX_PLAYERS {
        if !state.hands[seat].is_empty() {
            bad(format!("seat {seat} does not exist but holds cards"));
        }
    }
    // Cards: none more often than the deck has it.
    let deck = composition(state.demontage);
    let mut used = [0usize; Card::NUM];
    for hand in &state.hands {
        for (u, n) in used.iter_mut().zip(hand.0) {
            *u += n as usize;
        }
    }
    for (u, n) in used.iter_mut().zip(state.discards.0) {
        *u += n as usize;
    }
    for (t, roof) in state.roofs.iter().enumerate() {
        for (i, card) in roof.iter().enumerate() {
            let Some(card) = card else { continue };
            used[card.index()] += 1;
            match card.as_pipe() {
                None => {
                    bad(format!("roof {t} square {}: {} cannot lie on a roof", Square::ALL[i], card.name()))
                }
                Some((PipeKind::Letter(l), _)) if l as usize != i => bad(format!(
                    "roof {t} square {}: the letter card {} belongs on square {}",
                    Square::ALL[i],
                    card,
                    Square::ALL[l as usize]
                )),
                _ => {}
            }
        }
    }
    for card in Card::all() {
        if used[card.index()] > deck[card.index()] as usize {
            bad(format!(
                "{} appears {} times but the deck has {}",
                card.name(),
                used[card.index()],
                deck[card.index()]
            ));
        }
    }
    match state.top_discard {
        Some(card) if !state.discards.contains(card) => {
            bad(format!("the top discard {card} is not in the discard pile"))
        }
        None if !state.discards.is_empty() => bad("the discard pile has cards but no top card".to_owned()),
        _ => {}
    }
    if !problems.is_empty() {
        return Err(SetupError { problems });
    }
    check_phase(&state, &mut problems);
    if problems.is_empty() { Ok(state) } else { Err(SetupError { problems }) }
}

/// Hand sizes and phase flags that the turn sequence allows.
fn check_phase(state: &State, problems: &mut Vec<String>) {
    let players = state.players as usize;
    let sizes: Vec<usize> = state.hands[..players].iter().map(|h| h.len()).collect();
    let stock = state.stock_len();
    let table_empty = state.roofs.iter().flatten().all(Option::is_none) && state.discards.is_empty();
    let mover = state.to_move as usize;
    if state.refused && (players != 4 || !matches!(state.phase, Phase::Draw | Phase::Play)) {
        problems
            .push("`refused` is set only after a partner refused to end, in a four-player game".to_owned());
    }
    match state.phase {
        Phase::Over | Phase::Deal if !table_empty => {
            problems.push("no card lies on the table between rounds".to_owned())
        }
        Phase::Over if sizes.iter().any(|&n| n > 0) => {
            problems.push("no hand holds cards after the game".to_owned())
        }
        Phase::Deal => {
            let dealt: usize = sizes.iter().sum();
            let first = (state.dealer() as usize + 1) % players;
            if dealt >= HAND_SIZE as usize * players {
                problems.push("the deal is complete but the phase is still `deal`".to_owned());
            }
            for (seat, &n) in sizes.iter().enumerate() {
                let offset = (seat + players - first) % players;
                let expected = dealt / players + usize::from(offset < dealt % players);
                if n != expected {
                    problems.push(format!(
                        "after {dealt} cards dealt, seat {seat} should hold {expected}, not {n}"
                    ));
                }
            }
            if mover != (first + dealt) % players {
                problems.push(format!(
                    "seat {} receives the next card, not seat {mover}",
                    (first + dealt) % players
                ));
            }
        }
        Phase::Start | Phase::Draw | Phase::Play | Phase::Consent => {
            if stock > 0 {
                for (seat, &n) in sizes.iter().enumerate() {
                    let expected = if seat == mover && state.phase == Phase::Play { 9 } else { 8 };
                    if n != expected {
                        problems.push(format!("seat {seat} should hold {expected} cards, not {n}"));
                    }
                }
            } else {
                if sizes.iter().any(|&n| n > 9) {
                    problems.push("no hand holds more than 9 cards".to_owned());
                }
                if sizes[mover] == 0 {
                    problems.push(format!("seat {mover} is to play but holds no card"));
                }
                if state.phase == Phase::Draw {
                    problems.push("nothing can be drawn from an empty pile".to_owned());
                }
            }
            if matches!(state.phase, Phase::Start | Phase::Consent) && !may_end(state) {
                problems
                    .push("a round may be ended only with a roof worth 5 or more, before drawing".to_owned());
            }
            if state.phase == Phase::Consent && players != 4 {
                problems.push("only a four-player game asks a partner to agree".to_owned());
            }
        }
        Phase::Over => {}
    }
}
