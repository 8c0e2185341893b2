//! Choosing a move from a list in groups (one piece's moves, one decision's options): the
//! row under the cursor, digits typed to name a row by its number, the keys that move
//! between rows and groups, and a typed line read as a row's number, several moves, or
//! notation. Shared by the screens that list their moves in groups; each game says how
//! its list is grouped ([`MoveList`]) and what the group keys are called.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::play::screen::{Choice, Outcome};

/// A group of moves on the list: one piece's moves (`piece`: where it stands, for a game
/// whose groups are pieces) or one decision's options, under a heading.
#[derive(Debug, Clone, PartialEq)]
pub struct Group<P = ()> {
    /// The group's heading.
    pub title: String,
    /// The piece whose moves these are, where the groups are pieces.
    pub piece: P,
    /// The moves.
    pub choices: Vec<Choice>,
}

/// The person's legal moves, read and grouped: what they may do now.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer<P = ()> {
    /// The groups, in order.
    pub groups: Vec<Group<P>>,
    /// Legal moves not listed (too many to list, such as long slide schedules), to type.
    pub unlisted: usize,
}

impl<P> Default for Offer<P> {
    fn default() -> Self {
        Offer { groups: Vec::new(), unlisted: 0 }
    }
}

impl<P> Offer<P> {
    /// Adds a move to the group headed `title`, or to a new group of `piece`'s at the end.
    pub fn push(&mut self, title: String, piece: P, choice: Choice) {
        match self.groups.iter_mut().find(|g| g.title == title) {
            Some(g) => g.choices.push(choice),
            None => self.groups.push(Group { title, piece, choices: vec![choice] }),
        }
    }

    /// Every move, in the order listed (numbered from 1).
    pub fn moves(&self) -> Vec<&Choice> {
        self.groups.iter().flat_map(|g| g.choices.iter()).collect()
    }

    /// The number of moves listed.
    pub fn len(&self) -> usize {
        self.groups.iter().map(|g| g.choices.len()).sum()
    }

    /// Whether nothing is offered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first row of group `g`.
    pub fn first_row(&self, g: usize) -> usize {
        MoveList::first_row(self, g)
    }
}

impl<P> MoveList for Offer<P> {
    fn group_sizes(&self) -> Vec<usize> {
        self.groups.iter().map(|g| g.choices.len()).collect()
    }

    fn action(&self, row: usize) -> Option<&str> {
        self.moves().get(row).map(|c| c.action.as_str())
    }
}

/// A game's list of moves, in groups, numbered from 1 over every group.
pub trait MoveList {
    /// The number of moves in each group, in order.
    fn group_sizes(&self) -> Vec<usize>;

    /// The notation of the move on row `row` (counted from 0).
    fn action(&self, row: usize) -> Option<&str>;

    /// The number of moves.
    fn rows(&self) -> usize {
        self.group_sizes().iter().sum()
    }

    /// The group of row `row`.
    fn group_of(&self, row: usize) -> Option<usize> {
        let mut first = 0;
        for (g, size) in self.group_sizes().into_iter().enumerate() {
            if row < first + size {
                return Some(g);
            }
            first += size;
        }
        None
    }

    /// The first row of group `g`.
    fn first_row(&self, g: usize) -> usize {
        self.group_sizes().iter().take(g).sum()
    }
}

/// How a screen's group keys work: whether Tab moves between groups too (besides ←/→),
/// and the hint shown for them.
#[derive(Debug, Clone, Copy)]
pub struct GroupKeys {
    /// Tab and Shift-Tab move between groups.
    pub tab: bool,
    /// The hint for the group keys, e.g. `("←/→", "group")`.
    pub hint: (&'static str, &'static str),
}

/// What the person is choosing: the row of the list, and digits typed to name one. The
/// choice starts again whenever the game moves on ([`ListPicker::synced`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListPicker {
    /// The selected row (a move, counted from 0 over every group).
    pub row: usize,
    /// Digits typed so far to choose a row by its number.
    pub typed: String,
    moment: Option<usize>,
}

impl ListPicker {
    /// This choice as it stands after `steps` actions: unchanged while the game has not
    /// moved; otherwise started again on row `first()`.
    pub fn synced(&self, steps: usize, first: impl FnOnce() -> usize) -> ListPicker {
        if self.moment == Some(steps) {
            return self.clone();
        }
        ListPicker { row: first(), typed: String::new(), moment: Some(steps) }
    }

    /// Reacts to a key (the screen's common keys are [`Outcome::Ignored`]); Enter plays the
    /// selected row's move.
    pub fn on_key(&mut self, list: &impl MoveList, key: KeyEvent, keys: GroupKeys) -> Outcome {
        if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
            return Outcome::Ignored;
        }
        let rows = list.rows();
        if rows == 0 {
            return match key.code {
                KeyCode::Enter | KeyCode::Char(' ') | KeyCode::Up | KeyCode::Down => Outcome::Waiting,
                _ => Outcome::Ignored,
            };
        }
        if let KeyCode::Char(c @ '0'..='9') = key.code {
            self.typed.push(c);
            return self.after_digit(list);
        }
        if !self.typed.is_empty() {
            match key.code {
                KeyCode::Enter | KeyCode::Char(' ') => return self.finish_typed(list),
                KeyCode::Backspace => {
                    self.typed.pop();
                    return Outcome::Done;
                }
                _ => self.typed.clear(),
            }
        }
        let groups = list.group_sizes().len();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => self.step(list, -1),
            KeyCode::Down | KeyCode::Char('j') => self.step(list, 1),
            KeyCode::PageUp => self.step(list, -8),
            KeyCode::PageDown => self.step(list, 8),
            KeyCode::Home => self.go(list, 0),
            KeyCode::End => self.go(list, rows - 1),
            KeyCode::Tab if keys.tab && groups > 1 => self.group(list, 1),
            KeyCode::BackTab if keys.tab && groups > 1 => self.group(list, -1),
            KeyCode::Right | KeyCode::Char('l') if groups > 1 => self.group(list, 1),
            KeyCode::Left | KeyCode::Char('h') if groups > 1 => self.group(list, -1),
            KeyCode::Enter | KeyCode::Char(' ') => match list.action(self.row) {
                Some(action) => Outcome::Play(action.to_owned()),
                None => Outcome::Waiting,
            },
            _ => Outcome::Ignored,
        }
    }

    /// Reads a typed line: a row's number plays it; several moves separated by `;` play in
    /// order, all or none; anything else is played as notation (the rules explain a
    /// refusal).
    pub fn on_line(list: &impl MoveList, line: &str) -> Outcome {
        let line = line.trim();
        if let Ok(n) = line.parse::<usize>() {
            let rows = list.rows();
            return match list.action(n.wrapping_sub(1)) {
                Some(action) => Outcome::Play(action.to_owned()),
                None if rows == 0 => Outcome::Waiting,
                None => Outcome::Say(format!("there is no move {n}: the list has {rows}"), true),
            };
        }
        let parts: Vec<String> =
            line.split(';').map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned).collect();
        if parts.len() > 1 {
            return Outcome::PlayAll(parts);
        }
        Outcome::Play(line.to_owned())
    }

    /// The keys that do something now.
    pub fn key_hints(&self, list: &impl MoveList, keys: GroupKeys) -> Vec<(&'static str, &'static str)> {
        if list.rows() == 0 {
            return Vec::new();
        }
        if !self.typed.is_empty() {
            return vec![("0-9", "move number"), ("Enter", "choose it"), ("Esc", "cancel")];
        }
        let mut hints = vec![("↑/↓", "choose"), ("Enter", "play")];
        if list.group_sizes().len() > 1 {
            hints.push(keys.hint);
        }
        hints.push(("1-9", "by number"));
        hints
    }

    fn go(&mut self, list: &impl MoveList, row: usize) -> Outcome {
        self.row = row.min(list.rows().saturating_sub(1));
        Outcome::Say(String::new(), false)
    }

    fn step(&mut self, list: &impl MoveList, step: isize) -> Outcome {
        let rows = list.rows() as isize;
        let row = self.row as isize + step;
        let row = if step.abs() == 1 { row.rem_euclid(rows) } else { row.clamp(0, rows - 1) };
        self.go(list, row as usize)
    }

    fn group(&mut self, list: &impl MoveList, step: isize) -> Outcome {
        let groups = list.group_sizes().len() as isize;
        let g = list.group_of(self.row).unwrap_or(0);
        let next = (g as isize + step).rem_euclid(groups) as usize;
        self.go(list, list.first_row(next))
    }

    fn after_digit(&mut self, list: &impl MoveList) -> Outcome {
        let rows = list.rows();
        let longer = (1..=rows).any(|n| {
            let n = n.to_string();
            n.len() > self.typed.len() && n.starts_with(self.typed.as_str())
        });
        if longer {
            Outcome::Say(format!("move {}…: type the next digit, or Enter", self.typed), false)
        } else {
            self.finish_typed(list)
        }
    }

    fn finish_typed(&mut self, list: &impl MoveList) -> Outcome {
        let typed = std::mem::take(&mut self.typed);
        match typed.parse::<usize>() {
            Ok(n) if (1..=list.rows()).contains(&n) => {
                self.row = n - 1;
                let action = list.action(n - 1).unwrap_or_default();
                Outcome::Say(format!("Move {n}: {action} — Enter plays it."), false)
            }
            _ => Outcome::Say(format!("there is no move {typed}: the list has {}", list.rows()), true),
        }
    }
}
