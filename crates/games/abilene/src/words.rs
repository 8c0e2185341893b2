//! Pieces and money in words, for the log (`narrate`) and every client: `$1,000`,
//! a cow's id and what a seat knows of it, the kind of a field.

use crate::Config;
use crate::board::{Field, Kind};
use crate::cattle::{Brand, Identity};
use crate::state::{BoyAt, CowAt, State, Sticker, cow_name};

/// A cow's public id: its herd's letter and number (`B4`).
pub fn cow_id(cfg: &Config, cow: usize) -> String {
    cow_name(cfg.ranches(), cow)
}

/// `$1,000`, `$300`, `-$200`.
pub fn dollars(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if amount < 0 { format!("-${out}") } else { format!("${out}") }
}

/// What a sticker says in words: `$600, brand B`, `$500, no brand`, or `?`.
pub fn sticker_words(sticker: Sticker) -> String {
    match sticker.0 {
        Some(id) => identity_words(id),
        None => "?".to_owned(),
    }
}

/// A cow's brand and value in words: `$600, brand B`, `$500, no brand`.
pub fn identity_words(id: Identity) -> String {
    match id.brand {
        Brand::Of(r) => format!("{}, brand {}", dollars(i64::from(id.value)), r.letter()),
        Brand::Unbranded => format!("{}, no brand", dollars(i64::from(id.value))),
    }
}

/// A cow with what the seat knows of it: `B4 ($600, brand B)` or `B4 (?)`.
pub fn cow_words(cfg: &Config, state: &State, cow: usize) -> String {
    format!("{} ({})", cow_id(cfg, cow), sticker_words(state.cows[cow].id))
}

/// The kind of a field in words.
pub fn kind_words(kind: Kind) -> &'static str {
    match kind {
        Kind::Boot => "boot field",
        Kind::CowHead => "cow head",
        Kind::OuterEdge => "outer edge",
        Kind::Plain => "field",
    }
}

/// The cow standing on a field, if any.
pub fn cow_on(state: &State, field: Field) -> Option<usize> {
    state.cows.iter().position(|c| c.at == CowAt::Field(field))
}

/// The seat whose cowboy stands on a field, if any.
pub fn boy_on(state: &State, field: Field) -> Option<usize> {
    state.ranchers.iter().position(|r| r.cowboys.iter().any(|b| b.at == BoyAt::Field(field)))
}
