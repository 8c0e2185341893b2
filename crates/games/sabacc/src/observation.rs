//! The observation tensor: a seat's [`View`] as `f32`s (see `tabula_core::observation` for
//! the conventions, `docs/python-observations.md` for every game).
//!
//! Shape `[len]`, one flat vector, depending on the seats `n`, the deck and the number of
//! decks. Seats are *relative*: 0 is the observing seat, then the seats after it (to its left,
//! in order of play). A **card** is one-hot over the deck's `W` identities (78 for the tarot
//! and 54-card decks, 75 for the canonical decks: [`DeckKind::ids`] in order); a card the seat
//! has not seen is all zeros with its *hidden* flag set. **Knowledge** of a card is `n + 1`
//! flags: each relative seat that has seen it, and *public*. **Money** is
//! `±ln(1 + |x| / buy_in)` (`tabula_core::observation::signed_log`): linear near 0, a few
//! units for a whole table's money. **Seat bits** (winners, contenders, ties) are `n` flags
//! by relative seat. A **pot** is 2 + 2n values: present, its money, who may win it, who won.
//!
//! | section | values | what |
//! |---|---|---|
//! | `seat` | n | the seat's absolute number, one-hot |
//! | `phase` | 21 | deal, bet, window, roll, replace, announce, offer, offer card, discard, show, stud card, sudden, draw, draw card, exchange, exchange card, wager, hit, hit card, banker card, over |
//! | `actor`, `dealer` | 2n | the seat to act (or to receive a card) and the dealer (Black Knight: the banker), relative |
//! | `counters` | 4 | hand / hands, cards dealt in the phase / 64, tour / 8, raises this betting round / 8 |
//! | `betting` | 1 + 3 + n + 1 + 1 + n + 3 | the round's highest bet (money), what follows the roll (announce, betting, draw), the seat betting resumes with (relative), the hand called, sudden-death deals / 3, the seats in the sudden death, the hand pot, the Sabacc pot and the organizer's take (money) |
//! | `communal` | 3 × W + 3 | the communal cards, oldest first; the ones a change replaces |
//! | `seats` | n × (14 + 10 × (W + 6 + n)) | per relative seat: status (out, idle, active), stack, caves bought, this round's bet, staked this hand (money), acted, announcement (continue, see, fold, Sabacc; zeros: none), points (signed log, unit 10), cards held / 10; then ten card positions: the card, hidden, face up, blocked, to be replaced, toggled in this blocking window, knowledge |
//! | `last` | 1 + n + 2 + 24 × (2 + 2n) | the last hand's settlement: present, winners, the hand pot and the Sabacc pot paid (money), the side pots |
//! | `pots` | 24 × (2 + 2n) | the pots a sudden death is deciding |
//! | `under` | P × (n + 3) + C × W | the cards under the deck, first to be drawn first (P: the pack's size): per position present, hidden, knowledge; then where the cards the seat sees lie: for each identity and copy (C: the most copies of a card in the pack), (its position + 1) / P, 0 when it is not there — copies in pile order |
//! | `aside` | P × (n + 3) + C × W | the cards set aside, likewise |
//! | `showdown` | see below | the public record of the last hand's end |
//!
//! The showdown record is `1 + 1 + 2n + 3W + 1 + 3n + (3 + n + 24 × (2 + 2n)) + n × (10 × (W + 2) + 3W + 3)`
//! values: present, its hand / hands, its dealer, the contenders, its communal cards, the
//! sudden-death deals / 3 and the seats tied in each, its settlement (as `last`), and per
//! relative seat: ten positions of the hand laid down (the card, hidden, shown to everyone),
//! the three cards of each sudden-death deal as counts per identity / 2, its rank and its
//! value (each `±ln(1 + |x| / 10)`: a points-game score may reach 1,000) and the seat's money
//! at the settlement.
//!
//! **Deliberate loss**: the order of the three cards a tied seat got in a sudden-death deal
//! (all face up, compared as a hand) is not kept; [`observation_view`] sorts them.

use tabula_core::observation::{Writer, relative_seat, signed_log};

use crate::config::Config;
use crate::deck::Card;
use crate::limits::MAX_SUDDEN;
use crate::pots::{MAX_POTS, Pots};
use crate::state::{Announce, MAX_COMMUNAL, MAX_HAND, PUBLIC, Phase, Pile, RollThen, Settlement, Status};
use crate::view::View;

/// Phases.
const PHASES: usize = 21;
/// Per seat, before its card positions.
const SEAT_HEAD: usize = 14;

/// The sizes the layout depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Seats.
    pub players: usize,
    /// Card identities of the deck.
    pub width: usize,
    /// Positions of each pile: every card of the decks.
    pub pile: usize,
    /// The most copies of one card in the pack.
    pub copies: usize,
    /// Where the seats start.
    pub seats: usize,
    /// Values per seat.
    pub per_seat: usize,
    /// Values per card position of a hand.
    pub per_card: usize,
    /// Where the last settlement starts.
    pub last: usize,
    /// Where the under pile starts.
    pub under: usize,
    /// Where the showdown record starts.
    pub showdown: usize,
    /// The number of values.
    pub len: usize,
}

const fn per_pot(n: usize) -> usize {
    2 + 2 * n
}

const fn settlement_len(n: usize) -> usize {
    3 + n + MAX_POTS * per_pot(n)
}

impl Layout {
    /// The layout for these options.
    pub fn new(cfg: &Config) -> Layout {
        let n = cfg.players as usize;
        let width = cfg.deck.ids().len();
        let pile = cfg.pack_size();
        let copies = cfg.composition().iter().copied().max().unwrap_or(1) as usize;
        let pile_len = pile * (n + 3) + copies * width;
        let per_card = width + 6 + n;
        let per_seat = SEAT_HEAD + MAX_HAND * per_card;
        let betting = n + PHASES + 2 * n + 4;
        let communal = betting + 9 + 2 * n;
        let seats = communal + MAX_COMMUNAL * width + MAX_COMMUNAL;
        let last = seats + n * per_seat;
        let pots = last + settlement_len(n);
        let under = pots + MAX_POTS * per_pot(n);
        let aside = under + pile_len;
        let showdown = aside + pile_len;
        let laid = MAX_HAND * (width + 2) + MAX_SUDDEN as usize * width + 3;
        let len = showdown
            + 2
            + 2 * n
            + MAX_COMMUNAL * width
            + 1
            + MAX_SUDDEN as usize * n
            + settlement_len(n)
            + n * laid;
        Layout { players: n, width, pile, copies, seats, per_seat, per_card, last, under, showdown, len }
    }
}

fn phase_index(phase: Phase) -> usize {
    use Phase::*;
    match phase {
        Deal => 0,
        Bet => 1,
        Window => 2,
        Roll => 3,
        Replace => 4,
        Announce => 5,
        Offer => 6,
        OfferCard => 7,
        Discard => 8,
        Show => 9,
        StudCard => 10,
        Sudden => 11,
        Draw => 12,
        DrawCard => 13,
        Exchange => 14,
        ExchangeCard => 15,
        Wager => 16,
        Hit => 17,
        HitCard => 18,
        BankerCard => 19,
        Over => 20,
    }
}

/// What the writer needs of the options and the seat.
struct Ctx {
    n: usize,
    me: usize,
    first_id: usize,
    width: usize,
    unit: f64,
}

impl Ctx {
    fn seat(&self, k: usize) -> usize {
        (self.me + k) % self.n
    }
    fn rel(&self, seat: usize) -> usize {
        relative_seat(seat, self.me, self.n)
    }
    fn money(&self, w: &mut Writer, x: i32) {
        w.value(signed_log(f64::from(x), self.unit) as f32);
    }
    /// A card one-hot, or all zeros for a hidden card.
    fn card(&self, w: &mut Writer, card: Card) {
        let id = (!card.is_hidden()).then(|| card.index().wrapping_sub(self.first_id));
        w.one_hot_opt(id, self.width);
    }
    /// `n` flags of a bit set by seat, relative.
    fn seats(&self, w: &mut Writer, bits: u32) {
        for k in 0..self.n {
            w.flag(bits >> self.seat(k) & 1 == 1);
        }
    }
    /// Who has seen a card: each relative seat, and public.
    fn known(&self, w: &mut Writer, known: u32) {
        self.seats(w, known);
        w.flag(known & PUBLIC != 0);
    }
    fn pots(&self, w: &mut Writer, pots: &Pots) {
        for k in 0..MAX_POTS {
            match pots.as_slice().get(k) {
                Some(p) => {
                    w.flag(true);
                    self.money(w, p.amount);
                    self.seats(w, p.eligible);
                    self.seats(w, p.winners);
                }
                None => w.skip(per_pot(self.n)),
            }
        }
    }
    fn settlement(&self, w: &mut Writer, s: Option<&Settlement>) {
        match s {
            Some(s) => {
                w.flag(true);
                self.seats(w, s.winners);
                self.money(w, s.pot);
                self.money(w, s.sabacc);
                self.pots(w, &s.pots);
            }
            None => w.skip(settlement_len(self.n)),
        }
    }
    fn pile(&self, w: &mut Writer, pile: &Pile, capacity: usize, copies: usize) {
        for i in 0..capacity {
            match pile.cards().get(i) {
                Some(&card) => {
                    w.flag(true);
                    w.flag(card.is_hidden());
                    self.known(w, pile.known()[i]);
                }
                None => w.skip(self.n + 3),
            }
        }
        let at = w.section(copies * self.width);
        for (i, &card) in pile.cards().iter().enumerate() {
            if card.is_hidden() {
                continue;
            }
            let id = card.index().wrapping_sub(self.first_id);
            if let Some(slot) = (0..copies).map(|c| c * self.width + id).find(|&k| at.get(k) == Some(&0.0)) {
                at[slot] = (i + 1) as f32 / capacity as f32;
            }
        }
    }
}

/// Writes `view` into `out` (length [`Layout::len`] for `cfg`).
///
/// # Panics
/// If `out` has another length.
pub fn write(view: &View, cfg: &Config, out: &mut [f32]) {
    let layout = Layout::new(cfg);
    let s = &view.state;
    let n = s.players();
    let me = view.player as usize;
    let c = Ctx {
        n,
        me,
        first_id: cfg.deck.ids().start,
        width: layout.width,
        unit: f64::from(cfg.buy_in.max(1)),
    };
    let mut w = Writer::new(out);
    w.one_hot(me, n);
    w.one_hot(phase_index(s.phase), PHASES);
    w.one_hot(c.rel(s.actor as usize), n);
    w.one_hot(c.rel(s.dealer as usize), n);
    w.scaled(f64::from(s.hand_no), f64::from(cfg.hands.max(1)));
    w.scaled(f64::from(s.step), 64.0);
    w.scaled(f64::from(s.tour), 8.0);
    w.scaled(f64::from(s.raises), 8.0);
    c.money(&mut w, s.level);
    let then = match s.roll_then {
        RollThen::Announce => 0,
        RollThen::Betting => 1,
        RollThen::Draw => 2,
    };
    w.one_hot(then, 3);
    w.one_hot(c.rel(s.resume as usize), n);
    w.flag(s.called);
    w.scaled(f64::from(s.sudden), f64::from(MAX_SUDDEN));
    c.seats(&mut w, s.tied);
    c.money(&mut w, s.hand_pot);
    c.money(&mut w, s.sabacc_pot);
    c.money(&mut w, s.house_take);
    for i in 0..MAX_COMMUNAL {
        if i < s.communal.len() {
            c.card(&mut w, s.communal.card(i));
        } else {
            w.skip(c.width);
        }
    }
    w.bits(u64::from(s.communal.pending), MAX_COMMUNAL);
    debug_assert_eq!(w.position(), layout.seats);
    for k in 0..n {
        let seat = &s.seats[c.seat(k)];
        let status = match seat.status {
            Status::Out => 0,
            Status::Idle => 1,
            Status::Active => 2,
        };
        w.one_hot(status, 3);
        c.money(&mut w, seat.stack);
        c.money(&mut w, seat.bought);
        c.money(&mut w, seat.bet);
        c.money(&mut w, seat.staked);
        w.flag(seat.acted);
        let announce = seat.announce.map(|a| match a {
            Announce::Continue => 0,
            Announce::See => 1,
            Announce::Fold => 2,
            Announce::Sabacc => 3,
        });
        w.one_hot_opt(announce, 4);
        w.value(signed_log(f64::from(seat.points), 10.0) as f32);
        let hand = &seat.hand;
        w.scaled(hand.len() as f64, MAX_HAND as f64);
        for i in 0..MAX_HAND {
            if i >= hand.len() {
                w.skip(layout.per_card);
                continue;
            }
            let card = hand.card(i);
            c.card(&mut w, card);
            w.flag(card.is_hidden());
            w.flag(hand.is_up(i));
            w.flag(hand.is_blocked(i));
            w.flag(hand.pending >> i & 1 == 1);
            w.flag(seat.toggled >> i & 1 == 1);
            c.known(&mut w, hand.known_at(i));
        }
    }
    debug_assert_eq!(w.position(), layout.last);
    c.settlement(&mut w, s.last.as_ref());
    c.pots(&mut w, &s.pots);
    debug_assert_eq!(w.position(), layout.under);
    c.pile(&mut w, &s.under, layout.pile, layout.copies);
    c.pile(&mut w, &s.aside, layout.pile, layout.copies);
    debug_assert_eq!(w.position(), layout.showdown);
    match &s.showdown {
        None => w.skip(layout.len - layout.showdown),
        Some(rec) => {
            w.flag(true);
            w.scaled(f64::from(rec.hand), f64::from(cfg.hands.max(1)));
            w.one_hot(c.rel(rec.dealer as usize), n);
            c.seats(&mut w, rec.contenders);
            for i in 0..MAX_COMMUNAL {
                match rec.communal().get(i) {
                    Some(&card) => c.card(&mut w, card),
                    None => w.skip(c.width),
                }
            }
            w.scaled(f64::from(rec.deals), f64::from(MAX_SUDDEN));
            for d in 0..MAX_SUDDEN as usize {
                c.seats(&mut w, rec.tied().get(d).copied().unwrap_or(0));
            }
            c.settlement(&mut w, Some(&rec.settlement));
            let tied = rec.tied();
            for k in 0..n {
                let p = c.seat(k);
                let Some(laid) = rec.seats().get(p) else {
                    w.skip(MAX_HAND * (c.width + 2) + MAX_SUDDEN as usize * c.width + 3);
                    continue;
                };
                for i in 0..MAX_HAND {
                    match laid.cards().get(i) {
                        Some(&card) => {
                            c.card(&mut w, card);
                            w.flag(card.is_hidden());
                            w.flag(laid.is_shown(i));
                        }
                        None => w.skip(c.width + 2),
                    }
                }
                for d in 0..MAX_SUDDEN as usize {
                    let counts = w.section(c.width);
                    if tied.get(d).is_some_and(|t| t >> p & 1 == 1) {
                        for &card in laid.sudden(d) {
                            if let Some(x) = counts.get_mut(card.index().wrapping_sub(c.first_id)) {
                                *x += 0.5;
                            }
                        }
                    }
                }
                w.value(signed_log(f64::from(laid.rank), 10.0) as f32);
                w.value(signed_log(f64::from(laid.value), 10.0) as f32);
                c.money(&mut w, laid.stack);
            }
        }
    }
    w.finish();
}

/// The part of `view` the tensor keeps: the sudden-death cards of the last hand's record
/// in a canonical order (the tensor counts them per deal).
pub fn observation_view(view: &View) -> View {
    let mut v = view.clone();
    if let Some(rec) = v.state.showdown.as_mut() {
        rec.sort_sudden();
    }
    v
}

#[cfg(test)]
mod tests {
    use tabula_core::Game;

    use super::*;
    use crate::Sabacc;

    #[test]
    fn the_seat_sees_its_own_cards_first_and_the_others_hidden() {
        let game = Sabacc::with_defaults();
        let layout = Layout::new(game.config());
        assert_eq!(game.observation_shape(), vec![layout.len]);
        let mut state = game.initial_state();
        // The deal goes round from the dealer's left, one card at a time.
        let first = state.order().next().unwrap();
        game.play(&mut state, game.parse_action("card T21").unwrap()).unwrap();
        let mut out = vec![0.0; layout.len];
        game.write_observation(&game.view(&state, first), &mut out);
        let card = game.parse_action("card T21").unwrap();
        let crate::Action::Card(t21) = card else { panic!("a card") };
        let mine = layout.seats + SEAT_HEAD;
        assert_eq!(out[mine + t21.index()], 1.0, "its own card at position 1");
        assert_eq!(out[mine + layout.width], 0.0, "not hidden");
        assert_eq!(out[mine + layout.width + 5], 1.0, "it knows its card");
        // Another seat sees a hidden card at that seat's first position.
        let other = (first + 1) % 4;
        game.write_observation(&game.view(&state, other), &mut out);
        let theirs = layout.seats + 3 * layout.per_seat + SEAT_HEAD;
        assert_eq!(out[theirs + t21.index()], 0.0);
        assert_eq!(out[theirs + layout.width], 1.0, "hidden");
        assert_eq!(out[other], 1.0, "the seat one-hot");
    }
}
