//! The spaces of the board and sets of them: a space is a field (0–161) or Abilene (162),
//! numbered as in rules §Notation; a set is a bit set over the 163 spaces. Where each space
//! lies and what touches it is the board's (`board`).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// The number of fields: 27 in each of the six ranches.
pub const NUM_FIELDS: usize = 162;
/// The number of spaces: the fields and Abilene.
pub const NUM_SPACES: usize = NUM_FIELDS + 1;

/// A space: a field (0–161) or Abilene (162), numbered as in rules §Notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Space(pub(crate) u8);

impl Space {
    /// The town of Abilene: one space over the central hexes.
    pub const ABILENE: Space = Space(NUM_FIELDS as u8);

    /// The space numbered `i` (0–162).
    ///
    /// # Panics
    /// If `i` is 163 or more.
    pub const fn from_index(i: usize) -> Space {
        assert!(i < NUM_SPACES, "no such space");
        Space(i as u8)
    }

    /// Every space, in number order (Abilene last).
    pub fn all() -> impl Iterator<Item = Space> {
        (0..NUM_SPACES as u8).map(Space)
    }

    /// The number, 0–162.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is Abilene.
    pub const fn is_abilene(self) -> bool {
        self.0 == Space::ABILENE.0
    }
}

/// A set of spaces, one bit per space: bit `s % 64` of word `s / 64`. `Copy`, 24 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Spaces([u64; 3]);

// The spaces 0..163 fill the three words but the last 29 bits of the third.
const LAST_WORD_MASK: u64 = (1 << (NUM_SPACES - 128)) - 1;

impl Spaces {
    /// No space.
    pub const EMPTY: Spaces = Spaces([0; 3]);
    /// All 163 spaces: the 162 fields and Abilene.
    pub const ALL: Spaces = Spaces([u64::MAX, u64::MAX, LAST_WORD_MASK]);
    /// The 162 fields (every space but Abilene).
    pub const FIELDS: Spaces = Spaces::ALL.without(Space::ABILENE);

    /// The set holding only `space`.
    pub const fn single(space: Space) -> Spaces {
        Spaces::EMPTY.with(space)
    }

    /// The set of these words: bit i of word w is space 64·w + i (bits beyond the last
    /// space are dropped).
    pub const fn from_words(mut words: [u64; 3]) -> Spaces {
        words[2] &= LAST_WORD_MASK;
        Spaces(words)
    }

    /// This set with `space` added.
    pub const fn with(self, space: Space) -> Spaces {
        let mut w = self.0;
        let s = space.index();
        w[s / 64] |= 1 << (s % 64);
        Spaces(w)
    }

    /// This set with `space` taken out.
    pub const fn without(self, space: Space) -> Spaces {
        let mut w = self.0;
        let s = space.index();
        w[s / 64] &= !(1 << (s % 64));
        Spaces(w)
    }

    /// Whether `space` is in the set.
    #[inline]
    pub const fn contains(self, space: Space) -> bool {
        let s = space.index();
        self.0[s / 64] >> (s % 64) & 1 != 0
    }

    /// Adds `space`.
    #[inline]
    pub fn insert(&mut self, space: Space) {
        *self = self.with(space);
    }

    /// Takes `space` out.
    #[inline]
    pub fn remove(&mut self, space: Space) {
        *self = self.without(space);
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0[0] == 0 && self.0[1] == 0 && self.0[2] == 0
    }

    /// How many spaces the set holds.
    pub const fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }

    /// The spaces of the set in increasing order (fields first, Abilene last).
    pub fn iter(self) -> SpacesIter {
        SpacesIter { words: self.0, word: 0 }
    }
}

impl BitOr for Spaces {
    type Output = Spaces;
    #[inline]
    fn bitor(self, o: Spaces) -> Spaces {
        Spaces([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl BitOrAssign for Spaces {
    #[inline]
    fn bitor_assign(&mut self, o: Spaces) {
        *self = *self | o;
    }
}

impl BitAnd for Spaces {
    type Output = Spaces;
    #[inline]
    fn bitand(self, o: Spaces) -> Spaces {
        Spaces([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitAndAssign for Spaces {
    #[inline]
    fn bitand_assign(&mut self, o: Spaces) {
        *self = *self & o;
    }
}

impl Sub for Spaces {
    type Output = Spaces;
    /// The spaces of `self` that are not in `o`.
    #[inline]
    fn sub(self, o: Spaces) -> Spaces {
        self & !o
    }
}

impl Not for Spaces {
    type Output = Spaces;
    /// Every space of the board not in the set.
    #[inline]
    fn not(self) -> Spaces {
        Spaces([!self.0[0], !self.0[1], !self.0[2] & LAST_WORD_MASK])
    }
}

impl FromIterator<Space> for Spaces {
    fn from_iter<I: IntoIterator<Item = Space>>(iter: I) -> Spaces {
        let mut set = Spaces::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl IntoIterator for Spaces {
    type Item = Space;
    type IntoIter = SpacesIter;
    fn into_iter(self) -> SpacesIter {
        self.iter()
    }
}

impl fmt::Debug for Spaces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.to_string())).finish()
    }
}

impl fmt::Display for Spaces {
    /// The spaces' names separated by spaces: `a20 a21 abilene`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, s) in self.iter().enumerate() {
            if n > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// The spaces of a [`Spaces`], in increasing order.
#[derive(Clone, Debug)]
pub struct SpacesIter {
    words: [u64; 3],
    word: usize,
}

impl Iterator for SpacesIter {
    type Item = Space;

    fn next(&mut self) -> Option<Space> {
        while self.word < 3 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Space::from_index(self.word * 64 + w.trailing_zeros() as usize));
            }
            self.word += 1;
        }
        None
    }
}
