//! The tarot rules (La pratique): the deal, the blocking window before each roll, the
//! announce, the showdown with sudden death, and the redeal (rules §Tarot in
//! `docs/rules/sabacc.md`). Betting is in [`crate::betting`], the change in `rules`.

use crate::action::Action;
use crate::betting;
use crate::config::{Config, DealVariant};
use crate::hand::{self, LOSING, TarotHand};
use crate::limits::MAX_SUDDEN;
use crate::mechanics::{self, Next, Target, Why};
use crate::payout;
use crate::state::{Announce, MAX_COMMUNAL, MAX_PLAYERS, PUBLIC, Phase, RollThen, State, Status, seat_bit};

/// A seat's hand as it stands: its own cards, with the best communal card (hold'em, stud).
pub fn evaluate(state: &State, cfg: &Config, seat: usize) -> TarotHand {
    let mut communal = [crate::deck::Card::IDIOT; MAX_COMMUNAL];
    let n = state.communal.copy_into(&mut communal);
    hand::tarot_hand_with(state.seats[seat].hand.cards(), &communal[..n], cfg.deck)
}

/// The deal: every player pays the mouche into the Sabacc pot, then three cards each.
pub fn start_hand(state: &mut State, cfg: &Config) {
    for p in 0..state.players() {
        if state.seats[p].active() {
            mechanics::pay_sabacc(state, p, cfg.mouche);
        }
    }
    state.phase = Phase::Deal;
}

/// The deal is done: the first tour's betting round.
pub fn after_deal(state: &mut State, cfg: &Config) -> Next {
    state.tour = 1;
    betting::start(state, cfg)
}

/// The betting round is over: the change phase, then the announce.
pub fn after_betting() -> Next {
    Next::StartRoll(RollThen::Announce)
}

/// Before a roll, each player in the hand in turn may block or unblock cards.
pub fn start_window(state: &mut State) {
    for seat in state.seats.iter_mut() {
        seat.toggled = 0;
    }
    state.phase = Phase::Window;
    state.actor = state.first_active().expect("players in the hand") as u8;
}

/// The announce: each player in the hand in turn.
pub fn start_announce(state: &mut State) {
    for seat in state.seats.iter_mut() {
        seat.announce = None;
    }
    state.phase = Phase::Announce;
    state.actor = state.first_active().expect("players in the hand") as u8;
}

/// The next seat in the hand after `from` in this pass (later in order of play), if any.
fn next_in_pass(state: &State, from: usize) -> Option<usize> {
    let pos = state.position(from);
    state.active_seats().find(|&p| state.position(p) > pos)
}

/// Whether a tarot decision is allowed.
pub fn allowed(state: &State, cfg: &Config, action: Action) -> Result<(), Why> {
    let actor = state.actor as usize;
    let seat = &state.seats[actor];
    let hand = &seat.hand;
    let position = |i: u8| {
        if (i as usize) < hand.len() { Ok(()) } else { Err(Why::Position { pos: i, len: hand.len() as u8 }) }
    };
    match (state.phase, action) {
        (Phase::Window, Action::Block(i)) => {
            position(i)?;
            if hand.is_blocked(i as usize) {
                Err(Why::Rule("that card is blocked already (rules §Blocking)"))
            } else if seat.toggled >> i & 1 == 1 {
                Err(Why::Rule(
                    "you unblocked that card before this roll; it cannot be blocked again until the roll",
                ))
            } else if hand.blocked_count() >= 2 {
                Err(Why::Rule(
                    "you have two blocking tokens, both in use: unblock a card first (rules §Blocking)",
                ))
            } else {
                Ok(())
            }
        }
        (Phase::Window, Action::Unblock(i)) => {
            position(i)?;
            if !hand.is_blocked(i as usize) {
                Err(Why::Rule("that card is not blocked (rules §Blocking)"))
            } else if seat.toggled >> i & 1 == 1 {
                Err(Why::Rule(
                    "you blocked that card before this roll; it cannot be unblocked again until the roll",
                ))
            } else {
                Ok(())
            }
        }
        (Phase::Window, Action::Ready) => Ok(()),
        (Phase::Announce, Action::Announce(_)) => Ok(()),
        (Phase::Offer, Action::Take) => {
            if mechanics::card_available(state, cfg) {
                Ok(())
            } else {
                Err(Why::Rule("no card is left to offer (rules §Redeal)"))
            }
        }
        (Phase::Offer, Action::Decline) => Ok(()),
        (Phase::Discard, Action::Discard(i)) => position(i),
        (Phase::Show, Action::Show(i)) => {
            position(i)?;
            if hand.is_up(i as usize) {
                Err(Why::Rule("that card is face up already: turn up a face-down card (rules §Redeal)"))
            } else {
                Ok(())
            }
        }
        (phase, _) => Err(Why::Awaited(phase)),
    }
}

/// Writes the legal tarot decisions.
pub fn legal(state: &State, cfg: &Config, out: &mut Vec<Action>) {
    let len = state.seats[state.actor as usize].hand.len() as u8;
    let mut push = |a: Action| {
        if allowed(state, cfg, a).is_ok() {
            out.push(a);
        }
    };
    match state.phase {
        Phase::Window => {
            (0..len.min(3)).for_each(|i| push(Action::Block(i)));
            (0..len.min(3)).for_each(|i| push(Action::Unblock(i)));
            push(Action::Ready);
        }
        Phase::Announce => Announce::ALL.into_iter().for_each(|a| push(Action::Announce(a))),
        Phase::Offer => {
            push(Action::Take);
            push(Action::Decline);
        }
        Phase::Discard => (0..len.min(4)).for_each(|i| push(Action::Discard(i))),
        Phase::Show => (0..len.min(3)).for_each(|i| push(Action::Show(i))),
        _ => {}
    }
}

/// Applies a tarot decision.
pub fn play(state: &mut State, cfg: &Config, action: Action) -> Next {
    let actor = state.actor as usize;
    match action {
        Action::Block(i) => {
            let seat = &mut state.seats[actor];
            seat.hand.blocked |= 1 << i;
            // A blocked card lies on the table under its token: everybody sees it.
            seat.hand.reveal(i as usize, PUBLIC);
            seat.toggled |= 1 << i;
        }
        Action::Unblock(i) => {
            let seat = &mut state.seats[actor];
            seat.hand.blocked &= !(1 << i);
            seat.toggled |= 1 << i;
        }
        Action::Ready => {
            state.seats[actor].toggled = 0;
            match next_in_pass(state, actor) {
                Some(p) => state.actor = p as u8,
                None => {
                    state.phase = Phase::Roll;
                    state.actor = state.dealer;
                }
            }
        }
        Action::Announce(a) => return announce(state, cfg, actor, a),
        Action::Take => state.phase = Phase::OfferCard,
        Action::Decline => return offer_next(state, cfg, actor),
        Action::Discard(i) => {
            let hand = &mut state.seats[actor].hand;
            let up = hand.is_up(i as usize);
            let (card, known) = hand.remove(i as usize);
            let any_down = (0..hand.len()).any(|j| !hand.is_up(j));
            // Discards go under the deck in order; the discarder saw the card, and everybody
            // saw a face-up or blocked one.
            state.under.push(card, known | seat_bit(actor) | if up { PUBLIC } else { 0 });
            if !(up && any_down) {
                return offer_next(state, cfg, actor);
            }
            state.phase = Phase::Show;
        }
        Action::Show(i) => {
            let hand = &mut state.seats[actor].hand;
            hand.up |= 1 << i;
            hand.reveal(i as usize, PUBLIC);
            return offer_next(state, cfg, actor);
        }
        _ => unreachable!("a tarot decision"),
    }
    Next::Done
}

fn announce(state: &mut State, cfg: &Config, actor: usize, a: Announce) -> Next {
    state.seats[actor].announce = Some(a);
    match a {
        Announce::Fold => {
            let seat = &mut state.seats[actor];
            seat.status = Status::Idle;
            seat.hand.blocked = 0;
        }
        Announce::Sabacc => {
            // He lays his cards down; a false claim costs five mouches and the hand.
            mechanics::reveal(state, actor);
            if !evaluate(state, cfg, actor).is_sabacc() {
                let penalty = 5 * betting::mouche_now(state, cfg);
                mechanics::pay_sabacc(state, actor, penalty);
                let seat = &mut state.seats[actor];
                seat.status = Status::Idle;
                seat.hand.blocked = 0;
            }
        }
        Announce::Continue | Announce::See => {}
    }
    if state.active_count() == 1 {
        return Next::WinUncontested;
    }
    match next_in_pass(state, actor) {
        Some(p) => {
            state.actor = p as u8;
            Next::Done
        }
        None => resolve(state, cfg),
    }
}

/// After every player announced: the showdown, or the redeal and another tour.
fn resolve(state: &mut State, cfg: &Config) -> Next {
    let (mut cont, mut see, mut sabacc) = (0u32, 0u32, 0u32);
    for (p, seat) in state.seats.iter().enumerate() {
        if !seat.active() {
            continue;
        }
        match seat.announce {
            Some(Announce::Continue) => cont |= seat_bit(p),
            Some(Announce::See) => see |= seat_bit(p),
            Some(Announce::Sabacc) => sabacc |= seat_bit(p),
            _ => {}
        }
    }
    let few = cont.count_ones() <= 1;
    let stay = cont | sabacc | if few { see } else { 0 };
    // Players who asked to see drop out when two or more continue, unless they show a Sabacc.
    for p in 0..state.players() {
        if state.seats[p].active() && stay >> p & 1 == 0 {
            let seat = &mut state.seats[p];
            seat.status = Status::Idle;
            seat.hand.blocked = 0;
        }
    }
    if sabacc != 0 || few || state.tour >= cfg.tours {
        showdown(state, cfg)
    } else {
        start_redeal(state, cfg)
    }
}

/// Compares the hands of the players still in. Each pot goes to the best hand it is open to
/// (rules §Side pots); the best hand of all wins the Sabacc pot too if it is a Sabacc.
/// Players tied for the best hand of all play a sudden death. Hands are shown pot by pot,
/// from the last side pot to the main pot, from the dealer's left: a player shows only a
/// hand that beats or ties the best shown for that pot (a losing hand need not be shown).
fn showdown(state: &mut State, cfg: &Config) -> Next {
    if state.active_count() == 1 {
        return Next::WinUncontested;
    }
    let mut split = payout::split(state);
    let contenders = payout::contenders(state);
    let mut ranks = [None; MAX_PLAYERS];
    let mut raw = [LOSING; MAX_PLAYERS];
    for p in (0..state.players()).filter(|&p| contenders >> p & 1 == 1) {
        let h = evaluate(state, cfg, p);
        raw[p] = h.rank;
        if h.rank != LOSING {
            ranks[p] = Some(i32::from(h.rank));
        }
    }
    let mut shown = 0u32;
    let groups = split.as_slice().iter().rev().map(|pot| pot.eligible).chain([contenders]);
    for group in groups {
        let mut best = None;
        for p in state.order().filter(|&p| group >> p & 1 == 1) {
            if best.is_none_or(|b| raw[p] >= b) {
                best = Some(raw[p]);
                shown |= seat_bit(p);
            }
        }
    }
    for p in (0..state.players()).filter(|&p| shown >> p & 1 == 1) {
        mechanics::reveal(state, p);
    }
    for pot in split.as_mut_slice() {
        pot.winners = payout::best(state, pot.eligible, |p| ranks[p]);
    }
    let top = payout::best(state, contenders, |p| ranks[p]);
    if top.count_ones() <= 1 {
        let sabacc = top != 0 && evaluate(state, cfg, top.trailing_zeros() as usize).is_sabacc();
        payout::pay(state, &split, if sabacc { top } else { 0 });
        return Next::EndHand;
    }
    // The hands laid down stay on record through the sudden death, and the pots wait.
    state.pots = split;
    crate::record::record_hands(state, cfg);
    start_sudden(state, cfg, top);
    Next::Done
}

/// Sudden death: a new three-card deal, face up, to the tied players; the pack is gathered
/// and shuffled first.
fn start_sudden(state: &mut State, cfg: &Config, tied: u32) {
    state.tied = tied;
    for seat in state.seats.iter_mut() {
        seat.hand.clear();
    }
    state.communal.clear();
    state.under.clear();
    state.aside.clear();
    // The whole pack is gathered and shuffled.
    state.deck = mechanics::recount_deck(state, cfg);
    state.phase = Phase::Sudden;
    state.step = 0;
}

/// The next sudden-death card: three rounds over the tied players in order of play.
pub fn sudden_target(state: &State) -> Target {
    let m = state.tied.count_ones() as usize;
    let k = state.step as usize % m;
    let seat = state.order().filter(|&p| state.tied >> p & 1 == 1).nth(k).expect("a tied seat");
    Target::Seat { seat, up: true }
}

/// After a sudden-death card: when all are dealt, the best hand wins the pots its players
/// tied for (the Sabacc pot too if it is a Sabacc); a new tie deals again, at most
/// [`MAX_SUDDEN`] times, then the tied players share.
pub fn after_sudden_card(state: &mut State, cfg: &Config) -> Next {
    state.step += 1;
    let m = state.tied.count_ones() as usize;
    if (state.step as usize) < 3 * m {
        return Next::Done;
    }
    let mut best = 0u8;
    let mut winners = 0u32;
    let mut best_hand = None;
    for p in 0..state.players() {
        if state.tied >> p & 1 == 0 {
            continue;
        }
        let h = hand::tarot_hand(state.seats[p].hand.cards(), cfg.deck);
        if h.rank > best || best_hand.is_none() {
            best = h.rank;
            winners = seat_bit(p);
            best_hand = Some(h);
        } else if h.rank == best {
            winners |= seat_bit(p);
        }
    }
    let best_hand = best_hand.expect("tied seats");
    crate::record::record_sudden(state);
    if winners.count_ones() > 1 && state.sudden + 1 < MAX_SUDDEN {
        state.sudden += 1;
        start_sudden(state, cfg, winners);
        return Next::Done;
    }
    // Decided, or still tied after the last deal (then the tied players share). A pot tied
    // between players of the sudden death goes to its winners among them; a pot no winner of
    // it was in is shared by its tied players.
    let mut split = std::mem::take(&mut state.pots);
    for pot in split.as_mut_slice() {
        if pot.winners.count_ones() > 1 && pot.winners & winners != 0 {
            pot.winners &= winners;
        }
    }
    let sabacc = winners.count_ones() == 1 && best_hand.is_sabacc();
    payout::pay(state, &split, if sabacc { winners } else { 0 });
    Next::EndHand
}

fn start_redeal(state: &mut State, cfg: &Config) -> Next {
    match state.first_active() {
        Some(first) => offer_to(state, cfg, first),
        None => unreachable!("two players continue"),
    }
}

/// Offers a card to `seat`, or to the next player who can be offered one.
fn offer_to(state: &mut State, cfg: &Config, seat: usize) -> Next {
    if !mechanics::card_available(state, cfg) {
        return offer_next(state, cfg, seat);
    }
    state.phase = Phase::Offer;
    state.actor = seat as u8;
    Next::Done
}

/// The redeal moves on from `from`; after the last player, a new tour.
fn offer_next(state: &mut State, cfg: &Config, from: usize) -> Next {
    match next_in_pass(state, from) {
        Some(p) => offer_to(state, cfg, p),
        None => next_tour(state, cfg),
    }
}

/// A new tour: in stud a new communal card first, then the betting round.
fn next_tour(state: &mut State, cfg: &Config) -> Next {
    state.tour += 1;
    for seat in state.seats.iter_mut() {
        seat.announce = None;
    }
    if cfg.deal == DealVariant::Stud && mechanics::card_available(state, cfg) {
        state.phase = Phase::StudCard;
        state.actor = state.dealer;
        return Next::Done;
    }
    betting::start(state, cfg)
}
