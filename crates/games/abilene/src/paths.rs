//! Paths (rules §Paths, §2 Cattle, §3 Cowboys): the spaces a cow or a cowboy can reach
//! from a start with a die.
//!
//! A legal path never enters a space twice, is straight with at most one turn of 60° or
//! 120°, enters Abilene from any bordering field without turning, and leaves it as its one
//! turn, onto a bordering field it did not come in by, then straight on in a heading away
//! from the town. So every path is a **ray**, possibly a **turn** and a second ray; through
//! Abilene the second ray starts on the exit field. The rays (for each field and heading,
//! the fields along it up to the board's edge or the town) are a table built at compile
//! time, and the ends come back as a [`Spaces`]: no heap, no list of paths.
//!
//! What may stand on a path is the caller's: the spaces a piece may **pass** (every space
//! of the path but the start and the end) and the spaces it may **end** on. [`cow_ends`]
//! and [`cowboy_ends`] give them for the two pieces.

use crate::board::{ABILENE_BORDER, Dir, Field, NUM_FIELDS, Space};
use crate::spaces::Spaces;

/// The most fields a straight line holds on the board beyond its first one (a line along
/// ring 2's outside: 13 fields).
const MAX_RAY: usize = 12;

/// The fields along a heading from a field, nearest first, up to the edge of the board or
/// the town (the town itself not included: a step into Abilene is not along a heading).
#[derive(Clone, Copy)]
struct Ray {
    len: u8,
    fields: [u8; MAX_RAY],
}

const RAYS: [[Ray; Dir::NUM]; NUM_FIELDS] = {
    let mut rays = [[Ray { len: 0, fields: [0; MAX_RAY] }; Dir::NUM]; NUM_FIELDS];
    let mut f = 0;
    while f < NUM_FIELDS {
        let mut d = 0;
        while d < Dir::NUM {
            let ray = &mut rays[f][d];
            let mut at = Field::from_index(f).unwrap();
            while let Some(next) = at.neighbour(Dir::ALL[d]) {
                let Some(next) = next.field() else { break };
                assert!((ray.len as usize) < MAX_RAY, "MAX_RAY is the longest line of fields");
                ray.fields[ray.len as usize] = next.index() as u8;
                ray.len += 1;
                at = next;
            }
            d += 1;
        }
        f += 1;
    }
    rays
};

/// The fields that border Abilene, as a set.
const BORDER: Spaces = {
    let mut set = Spaces::EMPTY;
    let mut i = 0;
    while i < ABILENE_BORDER.len() {
        set = set.with(ABILENE_BORDER[i].space());
        i += 1;
    }
    set
};

/// Every space where a legal path from `start` of `min` to `max` steps can end (rules
/// §Paths), when the spaces between its start and its end all lie in `pass` and its end
/// lies in `end`. A path has at least one step (`min` 0 counts as 1). Whether Abilene is in
/// `pass` says whether a path may go through the town; `start` need be in neither set.
pub fn reach(start: Space, min: u8, max: u8, pass: Spaces, end: Spaces) -> Spaces {
    let mut walk = Walk { min: min.max(1), max, pass, end, out: Spaces::EMPTY };
    if walk.min > max {
        return Spaces::EMPTY;
    }
    match start.field() {
        None => {
            for x in ABILENE_BORDER {
                walk.exit(x, 1, Spaces::EMPTY);
            }
        }
        Some(s) => walk.paths_from(s),
    }
    walk.out
}

/// Where a cow on `start` can go with a light die showing `die` (rules §2 Cattle): 1 to
/// `die` steps, inside its ranch (the ranch of `start`: a cow is always in its owner's),
/// passing only `empty` fields and the fields of `own_cowboys` (its owner's cowboys), and
/// ending on an empty field of the ranch or in Abilene, which it never goes through.
/// `empty` holds the fields with no piece (Abilene in it or not, it makes no difference).
pub fn cow_ends(start: Field, die: u8, empty: Spaces, own_cowboys: Spaces) -> Spaces {
    let ranch = start.ranch().fields();
    let pass = ranch & (empty | own_cowboys);
    let end = (ranch & empty).with(Space::ABILENE);
    reach(start.space(), 1, die, pass, end)
}

/// Where a cowboy on `start` (a field or Abilene) can go with a dark die showing `die`
/// (rules §3 Cowboys): exactly `die` steps, across any ranch, passing only `empty` fields
/// and Abilene, and ending on a space of `ends`. Which ends are allowed is the caller's
/// (rules §3: an empty field, Abilene, another rancher's cow when the thief's ranch has
/// room for it, another rancher's cowboy; never one of the owner's pieces).
pub fn cowboy_ends(start: Space, die: u8, empty: Spaces, ends: Spaces) -> Spaces {
    let pass = (empty & Spaces::FIELDS).with(Space::ABILENE);
    reach(start, die, die, pass, ends)
}

/// One path search: the limits, the sets and the ends found so far.
struct Walk {
    min: u8,
    max: u8,
    pass: Spaces,
    end: Spaces,
    out: Spaces,
}

impl Walk {
    /// A path ends on `at` after `steps` steps, if allowed.
    #[inline]
    fn arrive(&mut self, at: Space, steps: u8) {
        if steps >= self.min && self.end.contains(at) {
            self.out.insert(at);
        }
    }

    /// Whether a path at `at` after `steps` steps may go on.
    #[inline]
    fn goes_on(&self, at: Space, steps: u8) -> bool {
        steps < self.max && self.pass.contains(at)
    }

    /// Every path from the field `s`: a first ray, a turn on a field of it and a second
    /// ray, or into Abilene from a bordering field (a first ray's, then out again, or a
    /// second ray's, to stop there).
    fn paths_from(&mut self, s: Field) {
        if s.borders_abilene() {
            self.town(1, Spaces::single(s.space()), true);
        }
        for h1 in Dir::ALL {
            let ray = &RAYS[s.index()][h1.index()];
            let mut visited = Spaces::single(s.space());
            for t in 1..=ray.len.min(self.max) {
                let p = Space::from_index(ray.fields[t as usize - 1] as usize);
                visited.insert(p);
                self.arrive(p, t);
                if !self.goes_on(p, t) {
                    break;
                }
                if BORDER.contains(p) {
                    self.town(t + 1, visited, true);
                }
                for turn in [-2, -1, 1, 2] {
                    self.second_ray(p, h1.rotate(turn), t);
                }
            }
        }
    }

    /// The second ray of a path that turned on `p` after `t` steps, into heading `h2`.
    fn second_ray(&mut self, p: Space, h2: Dir, t: u8) {
        let ray = &RAYS[p.index()][h2.index()];
        for u in 1..=ray.len.min(self.max - t) {
            let q = Space::from_index(ray.fields[u as usize - 1] as usize);
            self.arrive(q, t + u);
            if !self.goes_on(q, t + u) {
                break;
            }
            if BORDER.contains(q) {
                // Entering the town is no turn, but leaving it would be a second one.
                self.town(t + u + 1, Spaces::EMPTY, false);
            }
        }
    }

    /// A path enters Abilene at its `a`-th step, having been on `visited`; it may leave
    /// again when it has not turned yet.
    fn town(&mut self, a: u8, visited: Spaces, may_leave: bool) {
        self.arrive(Space::ABILENE, a);
        if may_leave && self.goes_on(Space::ABILENE, a) {
            for x in ABILENE_BORDER {
                if !visited.contains(x.space()) {
                    self.exit(x, a + 1, visited);
                }
            }
        }
    }

    /// A path leaves Abilene onto the bordering field `x` at its `s`-th step (its turn),
    /// then goes straight on away from the town, never onto a space of `visited`.
    fn exit(&mut self, x: Field, s: u8, visited: Spaces) {
        self.arrive(x.space(), s);
        if !self.goes_on(x.space(), s) {
            return;
        }
        for h in x.away().iter() {
            let ray = &RAYS[x.index()][h.index()];
            for u in 1..=ray.len.min(self.max - s) {
                let q = Space::from_index(ray.fields[u as usize - 1] as usize);
                if visited.contains(q) {
                    break;
                }
                self.arrive(q, s + u);
                if !self.goes_on(q, s + u) {
                    break;
                }
            }
        }
    }
}
