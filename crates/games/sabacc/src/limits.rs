//! The table's fixed sizes and who-knows-what bits: the most seats, cards in a hand and
//! communal cards, the most sudden-death deals, and the knowledge masks every card carries
//! (a bit per seat that has seen it, or [`PUBLIC`]). Below everything else in the crate.

/// The most seats: two decks of twelve players each.
pub const MAX_PLAYERS: usize = 24;
/// The most cards a hand holds: Black Knight's limit of ten with 78 cards (the tarot game
/// holds at most four, the canonical game at most ten by its draw limit).
pub const MAX_HAND: usize = 10;
/// The most communal cards on the table (stud).
pub const MAX_COMMUNAL: usize = 3;
/// The capacity of a pile: every card of two 78-card decks.
pub const PILE_CAP: usize = 156;
/// The knowledge bit of a card every seat has seen.
pub const PUBLIC: u32 = 1 << 31;

/// A seat index no player has (at most 24 seats use bits 0 to 23): masking for it hides
/// every card not shown to all, which is what a spectator sees.
pub const NOBODY: usize = 30;

/// The knowledge bit of seat `seat`.
pub const fn seat_bit(seat: usize) -> u32 {
    1 << seat
}

/// Whether a card with knowledge `known` is visible to `seat`.
pub const fn visible(known: u32, seat: usize) -> bool {
    known & (PUBLIC | seat_bit(seat)) != 0
}

/// The most sudden-death deals before tied players split the hand pot.
pub const MAX_SUDDEN: u8 = 3;
