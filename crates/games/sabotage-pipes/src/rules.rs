//! The rules: whose turn, legal actions, checking and playing them, the end of a round.
//! Each check names the rulebook section it enforces (see `docs/rules/sabotage-pipes.md`).

use tabula_core::{Illegal, Turn};

use crate::action::{Action, Side};
use crate::card::{Card, Colour, PipeKind, Square};
use crate::state::{Cards, HAND_SIZE, MAX_PLAYERS, Phase, Roof, RoundResult, State, round_score};

/// The most actions a player can have at once: 9 cards in hand, each with at most 18
/// placements (a wrench on any of 9 squares, Sabotage on 18), plus discards and `end`.
/// Used as the capacity of action buffers; never exceeded (see the `legal_actions_fit_the_buffer`
/// test).
pub const MAX_LEGAL: usize = 9 * 19 + 2;

/// The seat that answers a request to end (four players): the partner.
pub fn partner(seat: u8) -> u8 {
    (seat + 2) % 4
}

/// The roof index of `side` for `seat`.
fn roof_of(seat: u8, side: Side) -> usize {
    let own = State::team(seat);
    match side {
        Side::Own => own,
        Side::Opp => 1 - own,
    }
}

/// The state at the start of a game: round 0, dealing.
pub fn initial_state(players: u8, demontage: bool, rounds: u8) -> State {
    State::new(players, demontage, rounds, 0, Phase::Deal, (State::dealer_of(players, 0) + 1) % players)
}

/// Who acts.
pub fn turn(state: &State) -> Turn {
    match state.phase {
        Phase::Deal | Phase::Draw => Turn::Chance,
        Phase::Start | Phase::Play => Turn::Player(state.to_move as usize),
        Phase::Consent => Turn::Player(partner(state.to_move) as usize),
        Phase::Over => Turn::Terminal,
    }
}

/// Whether the player to move may end the round now (rules §Ending): at the start of the
/// turn, before drawing, with a roof worth 5 or more, and not after the partner refused.
pub fn may_end(state: &State) -> bool {
    !state.refused && crate::state::roof_value(&state.roofs[State::team(state.to_move)]) >= 5
}

/// Writes the legal actions (or chance outcomes) into `out`.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    out.clear();
    match state.phase {
        Phase::Deal | Phase::Draw => out.extend(cards_of(state.pile().present()).map(Action::Deal)),
        Phase::Start => {
            out.push(Action::End);
            if state.stock_len() > 0 {
                out.push(Action::Draw);
            } else {
                card_plays(state, out);
            }
        }
        Phase::Play => card_plays(state, out),
        Phase::Consent => out.extend([Action::Agree, Action::Refuse]),
        Phase::Over => {}
    }
}

/// The cards whose bits are set in `present` (as [`Cards::present`] gives them), in index
/// order. Its length is known in advance (a range mapped), so `Vec::extend` reserves once
/// and writes without checking the capacity at each card.
fn cards_of(mut present: u64) -> impl Iterator<Item = Card> {
    (0..present.count_ones()).map(move |_| {
        let card = Card::from_index(present.trailing_zeros() as usize).expect("a card's bit");
        present &= present - 1;
        card
    })
}

/// A roof's filled squares as a 9-bit set (bit `i` for square `i`).
fn filled(roof: &Roof) -> u16 {
    roof.iter().enumerate().fold(0, |set, (i, square)| set | (u16::from(square.is_some()) << i))
}

/// Every way to play each distinct card of the hand of the player to move: each card in
/// index order, its discard first, then its placements square by square (A to I), own roof
/// before the opponents'.
fn card_plays(state: &State, out: &mut Vec<Action>) {
    const ALL_SQUARES: u16 = (1 << Square::NUM) - 1;
    let seat = state.to_move;
    let own = filled(&state.roofs[roof_of(seat, Side::Own)]);
    let opp = filled(&state.roofs[roof_of(seat, Side::Opp)]);
    let mut list = Plays::new(out);
    let mut hand = state.hands[seat as usize].present();
    while let Some(card) = Card::from_index(hand.trailing_zeros() as usize) {
        hand &= hand - 1;
        list.push(Action::Discard(card));
        // A pipe card's index is its kind's index × 4 + its colour's (`Card::pipe`); read
        // straight from it rather than through `Card::as_pipe`, at every card of every turn.
        let colour = Colour::ALL[card.index() % 4];
        match card.index() / 4 {
            l @ 0..9 => {
                if own & (1 << l) == 0 {
                    list.push(Action::Letter { card, side: Side::Own });
                }
                if opp & (1 << l) == 0 {
                    list.push(Action::Letter { card, side: Side::Opp });
                }
            }
            9 => list.on_squares(!own & ALL_SQUARES, |square| Action::X { colour, square }),
            10 => list.on_squares(ALL_SQUARES, |square| Action::Wrench { colour, square }),
            _ if card == Card::SABOTAGE => {
                list.on_squares(own, |square| Action::Sabotage { side: Side::Own, square });
                list.on_squares(opp, |square| Action::Sabotage { side: Side::Opp, square });
            }
            _ => list.on_squares(own, |square| Action::Demontage { square }),
        }
    }
    *out = list.actions;
}

/// A player's legal actions being listed: a vector taken from the caller (`end` may be in
/// it already) with room for [`MAX_LEGAL`] more, filled and handed back. Taken rather than borrowed, and pushed to only
/// within its capacity, so that the optimiser keeps its length in a register (no reload
/// through the caller's reference, no call to grow it) at every push of every turn.
struct Plays {
    actions: Vec<Action>,
}

impl Plays {
    fn new(out: &mut Vec<Action>) -> Plays {
        let mut actions = std::mem::take(out);
        actions.reserve(MAX_LEGAL);
        Plays { actions }
    }

    fn push(&mut self, action: Action) {
        // Within capacity by the rules and validation: a hand holds at most 9 cards (a
        // position with more is refused), each with a discard and at most 18 placements
        // (Sabotage on two full roofs). The test `legal_lists_fit_max_legal` checks it.
        debug_assert!(self.actions.len() < self.actions.capacity());
        self.actions.push(action);
    }

    /// Pushes `action(square)` for each square of a 9-bit set, A to I.
    fn on_squares(&mut self, mut set: u16, action: impl Fn(Square) -> Action) {
        while let Some(square) = Square::new(set.trailing_zeros() as usize) {
            self.push(action(square));
            set &= set - 1;
        }
    }
}

/// The most copies of one card in the deck.
const MAX_COPIES: usize = {
    let deck = crate::card::composition(true);
    let (mut i, mut most) = (0, 0);
    while i < Card::NUM {
        if deck[i] as usize > most {
            most = deck[i] as usize;
        }
        i += 1;
    }
    most
};

/// `PROBABILITY[pile][copies]` is `copies / pile`: the chance of drawing one of `copies`
/// cards from a pile of `pile`. Computed by the same IEEE division the rules once did at
/// every chance node, so seeded games sample exactly as before (records and golden
/// playthroughs replay unchanged).
static PROBABILITY: [[f64; 8]; crate::card::deck_size(true) + 1] = {
    assert!(MAX_COPIES < 8, "a row has a column for 0 to 7 copies");
    let mut table = [[0.0; 8]; crate::card::deck_size(true) + 1];
    let mut pile = 1;
    while pile < table.len() {
        let mut copies = 1;
        while copies <= MAX_COPIES {
            table[pile][copies] = copies as f64 / pile as f64;
            copies += 1;
        }
        pile += 1;
    }
    table
};

/// The chance outcomes: each distinct card left in the pile, with probability in
/// proportion to its copies.
pub fn chance_outcomes(state: &State, out: &mut Vec<(Action, f64)>) {
    out.clear();
    if matches!(state.phase, Phase::Deal | Phase::Draw) {
        // From the running pile (no recount), gathered on the stack and copied in once:
        // chance nodes are half of all actions.
        let pile = state.pile();
        let row = &PROBABILITY[state.pile_len()];
        out.extend(
            cards_of(pile.present()).map(|card| (Action::Deal(card), row[pile.count(card) as usize & 7])),
        );
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Own => "your roof",
        Side::Opp => "your opponents' roof",
    }
}

/// Whether `action` is legal now, and if not, why.
pub fn check(state: &State, action: Action) -> Result<(), Illegal> {
    let phase = state.phase;
    if phase == Phase::Over {
        return Err(Illegal::new("the game is over: four rounds have been played (rules §Scoring)"));
    }
    match action {
        Action::Deal(card) => {
            if !matches!(phase, Phase::Deal | Phase::Draw) {
                return Err(Illegal::new(
                    "no card is being dealt or drawn now; a player is to act (rules §A round)",
                ));
            }
            if !state.pile().contains(card) {
                return Err(Illegal::new(format!(
                    "no {} is left in the face-down pile (rules §Contents)",
                    card.name()
                )));
            }
            return Ok(());
        }
        _ if matches!(phase, Phase::Deal | Phase::Draw) => {
            let what =
                if phase == Phase::Deal { "the cards are being dealt" } else { "a card is being drawn" };
            return Err(Illegal::new(format!("{what}: wait for the card (rules §A round)")));
        }
        Action::Agree | Action::Refuse => {
            return if phase == Phase::Consent {
                Ok(())
            } else {
                Err(Illegal::new(
                    "nobody has asked to end the round; only a partner asked to end it answers (rules §Four players)",
                ))
            };
        }
        _ if phase == Phase::Consent => {
            return Err(Illegal::new(
                "your partner asked to end the round: answer `agree` or `refuse` (rules §Four players)",
            ));
        }
        Action::End => {
            if phase != Phase::Start {
                let value = crate::state::roof_value(&state.roofs[State::team(state.to_move)]);
                return Err(if state.refused {
                    Illegal::new(
                        "your partner refused to end the round this turn; play on (rules §Four players)",
                    )
                } else if value < 5 {
                    Illegal::new(format!(
                        "your roof is worth {value}: you may end the round only with a roof worth 5 or more (rules §Ending)"
                    ))
                } else {
                    Illegal::new(
                        "you may end the round only at the start of your turn, before drawing (rules §Ending)",
                    )
                });
            }
            return Ok(());
        }
        Action::Draw => {
            return match phase {
                Phase::Start if state.stock_len() > 0 => Ok(()),
                Phase::Start => Err(Illegal::new(
                    "the face-down pile is empty: play a card from your hand (rules §Ending)",
                )),
                _ => Err(Illegal::new(
                    "you have drawn this turn already: play or discard a card (rules §A round)",
                )),
            };
        }
        _ => {}
    }
    // A card play.
    if phase == Phase::Start && state.stock_len() > 0 {
        return Err(Illegal::new(
            "draw first: at the start of your turn you may end the round or draw, then play a card (rules §A round)",
        ));
    }
    let seat = state.to_move;
    let card = action.card_played().expect("every other action is a card play");
    if !state.hands[seat as usize].contains(card) {
        return Err(Illegal::new(format!(
            "you have no {} in your hand; you play one of your own cards (rules §A round)",
            card.name()
        )));
    }
    let own = State::team(seat);
    match action {
        Action::Discard(_) => Ok(()),
        Action::Letter { card, side } => {
            let Some((PipeKind::Letter(l), _)) = card.as_pipe() else {
                return Err(Illegal::new(
                    "only letter cards A-I are played as `Ao own` / `Ao opp` (rules §Pipe cards A to I)",
                ));
            };
            let square = Square::ALL[l as usize];
            match state.roofs[roof_of(seat, side)][l as usize] {
                None => Ok(()),
                Some(there) => Err(Illegal::new(format!(
                    "square {square} of {} is taken by {}; a letter card goes only on its empty square \
                     (rules §Pipe cards A to I)",
                    side_name(side),
                    there.name()
                ))),
            }
        }
        Action::X { square, .. } => match state.roofs[own][square.index()] {
            None => Ok(()),
            Some(there) => Err(Illegal::new(format!(
                "square {square} of your roof is taken by {}; an X goes only on an empty square of your own \
                 roof, and only a wrench may replace a card (rules §The X card)",
                there.name()
            ))),
        },
        Action::Wrench { .. } => Ok(()),
        Action::Sabotage { side, square } => match state.roofs[roof_of(seat, side)][square.index()] {
            Some(_) => Ok(()),
            None => Err(Illegal::new(format!(
                "square {square} of {} is empty: Sabotage removes a card that is there, or is discarded with \
                 `discard sab` (rules §Sabotage and Démontage)",
                side_name(side)
            ))),
        },
        Action::Demontage { square } => match state.roofs[own][square.index()] {
            Some(_) => Ok(()),
            None => Err(Illegal::new(format!(
                "square {square} of your roof is empty: Démontage removes a card from your own roof, or is \
                 discarded with `discard dem` (rules §Sabotage and Démontage)"
            ))),
        },
        Action::End | Action::Draw | Action::Agree | Action::Refuse | Action::Deal(_) => unreachable!(),
    }
}

/// Applies a legal action.
pub fn play(state: &mut State, action: Action) {
    let seat = state.to_move;
    match action {
        Action::Deal(card) => {
            state.hands[seat as usize].add(card);
            state.take_from_pile(card);
            if state.phase == Phase::Draw {
                state.phase = Phase::Play;
            } else {
                // While dealing, every card out of the pile is in a hand.
                let dealt = crate::card::deck_size(state.demontage) - state.stock_len();
                if dealt == HAND_SIZE as usize * state.players as usize {
                    begin_turn(state, (state.dealer() + 1) % state.players);
                } else {
                    state.to_move = (seat + 1) % state.players;
                }
            }
        }
        Action::End => {
            if state.players == 4 {
                state.phase = Phase::Consent;
            } else {
                end_round(state, Some(seat));
            }
        }
        Action::Agree => end_round(state, Some(seat)),
        Action::Refuse => {
            state.refused = true;
            state.phase = if state.stock_len() > 0 { Phase::Draw } else { Phase::Play };
        }
        Action::Draw => state.phase = Phase::Draw,
        _ => {
            let card = action.card_played().expect("a card play");
            state.hands[seat as usize].remove(card);
            let own = State::team(seat);
            match action {
                Action::Letter { side, .. } => {
                    if let Some((PipeKind::Letter(l), _)) = card.as_pipe() {
                        state.roofs[roof_of(seat, side)][l as usize] = Some(card);
                    }
                }
                Action::X { square, .. } => state.roofs[own][square.index()] = Some(card),
                Action::Wrench { square, .. } => {
                    // The replaced card goes to the discard pile (rules §The wrench).
                    if let Some(replaced) = state.roofs[own][square.index()].replace(card) {
                        discard(state, replaced);
                    }
                }
                Action::Sabotage { side, square } => {
                    discard(state, card);
                    if let Some(removed) = state.roofs[roof_of(seat, side)][square.index()].take() {
                        discard(state, removed);
                    }
                }
                Action::Demontage { square } => {
                    discard(state, card);
                    if let Some(removed) = state.roofs[own][square.index()].take() {
                        discard(state, removed);
                    }
                }
                _ => discard(state, card),
            }
            begin_turn(state, (seat + 1) % state.players);
        }
    }
}

fn discard(state: &mut State, card: Card) {
    state.discards.add(card);
    state.top_discard = Some(card);
}

/// Starts `seat`'s turn, or ends the round if the pile and that seat's hand are empty.
fn begin_turn(state: &mut State, seat: u8) {
    state.to_move = seat;
    state.refused = false;
    let stock = state.stock_len();
    if stock == 0 && state.hands[seat as usize].is_empty() {
        end_round(state, None);
    } else if may_end(state) {
        state.phase = Phase::Start;
    } else if stock > 0 {
        state.phase = Phase::Draw;
    } else {
        state.phase = Phase::Play;
    }
}

/// Scores the round, clears the table and deals the next round (or ends the game).
fn end_round(state: &mut State, closer: Option<u8>) {
    let values = state.values();
    let mut points = values.map(round_score);
    if let Some(seat) = closer {
        points[State::team(seat)] -= 1;
    }
    state.results.push(RoundResult { values, points, closer });
    state.last_roofs = state.roofs;
    state.hands = [Cards::default(); MAX_PLAYERS];
    state.roofs = [[None; Square::NUM]; 2];
    state.discards = Cards::default();
    state.refill_pile();
    state.top_discard = None;
    state.refused = false;
    state.round += 1;
    if state.round == state.rounds {
        state.phase = Phase::Over;
        state.to_move = 0;
    } else {
        state.phase = Phase::Deal;
        state.to_move = (state.dealer() + 1) % state.players;
    }
}

/// Each seat's return: +1 for the team with the higher total after the last round, −1
/// for the other, 0 each on a tie; 0 before the end.
pub fn returns_into(state: &State, out: &mut [f64]) {
    out.fill(0.0);
    if state.phase != Phase::Over {
        return;
    }
    let totals = state.totals();
    let sign = (totals[0] - totals[1]).signum() as f64;
    for (seat, r) in out.iter_mut().enumerate() {
        *r = if State::team(seat as u8) == 0 { sign } else { -sign };
    }
}
