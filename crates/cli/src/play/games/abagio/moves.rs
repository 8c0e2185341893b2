//! Abagio's moves offered to the person and the choosing of one on the board: a frog (by
//! the cursor, Tab or its square's number), then its leap; or where the Top Frog goes; each
//! leap with what it does, and why a frog cannot leap.
//!
//! Nothing here decides what is legal: every move is an action of `session.legal()`, in the
//! game's notation, and a typed line is handed to the rules as it is.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabula_abagio::board::FROGS;
use tabula_abagio::leaps::{Landing, single_leap};
use tabula_abagio::{Action, Colour, Dice, Phase, Square, View};

use super::table::{COLS, Place, ROWS, all_places, place_at, position};
use crate::play::screen::{Choice, Outcome};

/// The person's legal actions, read: what they may do now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offer {
    /// The leaps: the place left, the die used, the action's text.
    pub leaps: Vec<(Place, u8, String)>,
    /// The squares that take the Top Frog.
    pub tops: Vec<Square>,
    /// Whether the person may set the Top Frog aside (`pass`).
    pub pass: bool,
}

impl Offer {
    /// Reads the legal actions of the person, whose colour is `view.colour` (empty when
    /// it is not their turn).
    pub fn read(view: &View, legal: &[String]) -> Offer {
        let mut offer = Offer::default();
        for text in legal {
            match Action::parse(text) {
                Ok(Action::Leap { from, die }) => {
                    if let Some(place) = Place::of(view.colour, from) {
                        offer.leaps.push((place, die, text.clone()));
                    }
                }
                Ok(Action::TopFrog(pip)) => offer.tops.extend(Square::shared(pip)),
                Ok(Action::Pass) => offer.pass = true,
                _ => {}
            }
        }
        offer
    }

    /// Whether the person is to leap.
    pub fn leaping(&self) -> bool {
        !self.leaps.is_empty()
    }

    /// Whether the person is to place the Top Frog or pass.
    pub fn topping(&self) -> bool {
        self.pass || !self.tops.is_empty()
    }

    /// The places with a frog that may leap now, farthest from the pond first.
    pub fn movable(&self) -> Vec<Place> {
        let mut places: Vec<Place> = Vec::new();
        for &(place, _, _) in &self.leaps {
            if !places.contains(&place) {
                places.push(place);
            }
        }
        places.sort_by_key(|place| std::cmp::Reverse(place.pip()));
        places
    }

    /// The places highlighted on the board: frogs that may leap, or squares that take the
    /// Top Frog.
    pub fn highlighted(&self) -> Vec<Place> {
        if self.topping() { self.tops.iter().copied().map(Place::Square).collect() } else { self.movable() }
    }
}

/// Where the game stands, to notice when the person's choice must start again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Moment {
    turn: u16,
    phase: Phase,
    to_move: Colour,
    dice: Dice,
}

impl Moment {
    fn of(view: &View) -> Moment {
        let state = &view.state;
        Moment { turn: state.turn, phase: state.phase, to_move: state.to_move, dice: state.dice }
    }
}

/// What the person is choosing on the board: the square under the cursor, whether ↑/↓
/// move in the list of its leaps, and digits typed to name a square.
///
/// The choice starts again whenever the game moves on (a leap, a roll, the other player's
/// move): [`Picker::synced`] puts the cursor on a frog that can leap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picker {
    /// The place under the cursor.
    pub cursor: Place,
    /// Whether ↑/↓ and Enter work in the list of leaps (after Enter on a frog) rather than
    /// on the board.
    pub in_list: bool,
    /// The selected row of the list.
    pub row: usize,
    /// Digits typed so far to choose a square by its number.
    pub typed: String,
    moment: Option<Moment>,
    landing: Option<Place>,
}

impl Default for Picker {
    fn default() -> Picker {
        Picker {
            cursor: Place::Root,
            in_list: false,
            row: 0,
            typed: String::new(),
            moment: None,
            landing: None,
        }
    }
}

/// The moves to list for the Top Frog: `pass` first, then every square that takes it,
/// along the path.
fn top_choices(view: &View, offer: &Offer) -> Vec<Choice> {
    let mut choices = Vec::new();
    if offer.pass {
        choices.push(Choice {
            action: "pass".to_owned(),
            label: "set the Top Frog aside".to_owned(),
            effect: String::new(),
            key: Some('p'),
        });
    }
    let mut tops = offer.tops.clone();
    tops.sort_by_key(|square| std::cmp::Reverse(square.pip()));
    for square in tops {
        let stack = view.state.stack(square);
        let effect = match stack.height() {
            0 => format!("blocks {} next turn", square.pip()),
            1 => "guards your frog there".to_owned(),
            n => format!("guards your {n} frogs there"),
        };
        choices.push(Choice {
            action: format!("top {}", square.pip()),
            label: format!("Top Frog on {}", square.pip()),
            effect,
            key: None,
        });
    }
    choices
}

/// What a leap does, in words: where it lands (`to 17`, `into the pond`) and what
/// happens there (`hits greedy's frog`, `covers a pair`, `makes a heap of 3`).
pub fn leap_words(view: &View, place: Place, die: u8, opponent: &str) -> (String, String) {
    let state = &view.state;
    let me = view.colour;
    let landing = match single_leap(state, me, place.pip(), die) {
        Ok(landing) => landing,
        Err(_) => return (format!("with a {die}"), String::new()),
    };
    let mut effects = Vec::new();
    if let Place::Square(from) = place {
        let stack = state.stack(from);
        if stack.height() >= 2 && stack.frog(stack.height() - 2) != me {
            effects.push(format!("uncovers {opponent}'s frog"));
        }
    }
    let label = match landing {
        Landing::Pond => {
            let home = state.pond[me.index()] + 1;
            effects.insert(0, format!("{home} of {FROGS} home"));
            if die > place.pip() {
                format!("into the pond (with the {die})")
            } else {
                "into the pond".to_owned()
            }
        }
        Landing::Square(target) => {
            let stack = state.stack(target);
            let run = stack.top_run();
            let mut height = stack.height() + 1;
            match stack.top() {
                Some(top) if top != me && run == 1 => {
                    effects.insert(0, format!("hits {opponent}'s frog"));
                    height -= 1;
                }
                Some(top) if top != me => effects.insert(0, format!("covers {opponent}'s pair")),
                // In a safe sector only its owner lands: pairs and heaps guard nothing there.
                Some(_) if target.owner().is_some() => {}
                Some(_) if run + 1 >= 3 => effects.insert(0, format!("makes a heap of {}", run + 1)),
                Some(_) => effects.insert(0, "makes a pair".to_owned()),
                None => {}
            }
            if height >= target.max_height() {
                effects.push("maxes the stack".to_owned());
            }
            let entering =
                target.owner().is_some() && !matches!(place, Place::Square(s) if s.owner().is_some());
            match target {
                _ if target == Square::EIGHT => "to Eight (8)".to_owned(),
                _ if target == Square::ONE => "to One (1)".to_owned(),
                _ if entering => format!("to {}, your safe sector", target.pip()),
                _ => format!("to {}", target.pip()),
            }
        }
    };
    (label, effects.join(", "))
}

/// Why no frog of the person's leaps from `place` now, in the rules' words.
pub fn why_not(view: &View, place: Place) -> String {
    let me = view.colour;
    if let Place::Square(square) = place {
        if square.owner() == Some(me.other()) {
            return format!(
                "that square is in {}'s safe sector: only {} frogs go there",
                me.other(),
                me.other()
            );
        }
    }
    if view.state.phase != Phase::Leap || view.state.to_move != me {
        return "you have no leap to make now".to_owned();
    }
    let mut reasons: Vec<(u8, String)> = Vec::new();
    for die in view.state.dice.distinct() {
        let action = Action::Leap { from: place.pip(), die };
        if let Err(illegal) = tabula_abagio::rules::check(&view.state, action) {
            reasons.push((die, illegal.reason));
        }
    }
    match reasons.as_slice() {
        [] => format!("no leap from {} is left", place.name()),
        [(_, reason)] => reason.clone(),
        [(_, first), rest @ ..] if rest.iter().all(|(_, r)| r == first) => first.clone(),
        _ => reasons
            .iter()
            .map(|(die, reason)| format!("with the {die}: {reason}"))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

impl Picker {
    /// This choice as it stands now: unchanged while the game has not moved; otherwise
    /// started again, with the cursor on the frog just moved, or the one under the cursor,
    /// or the first frog that can leap; for the Top Frog, on `pass`.
    pub fn synced(&self, view: &View, legal: &[String]) -> Picker {
        let moment = Moment::of(view);
        if self.moment == Some(moment) {
            return self.clone();
        }
        let offer = Offer::read(view, legal);
        let mut next = Picker { moment: Some(moment), cursor: self.cursor, ..Picker::default() };
        if offer.topping() {
            next.in_list = true;
        } else if let Some(&first) = offer.movable().first() {
            let movable = offer.movable();
            next.cursor = [self.landing, Some(self.cursor)]
                .into_iter()
                .flatten()
                .find(|place| movable.contains(place))
                .unwrap_or(first);
        }
        next
    }

    /// The moves listed now: the leaps from the frog under the cursor, or the Top Frog's
    /// squares and `pass`. `opponent` names the other player in the effects.
    pub fn choices(&self, view: &View, offer: &Offer, opponent: &str) -> Vec<Choice> {
        if offer.topping() {
            return top_choices(view, offer);
        }
        offer
            .leaps
            .iter()
            .filter(|(place, _, _)| *place == self.cursor)
            .map(|(place, die, text)| {
                let (label, effect) = leap_words(view, *place, *die, opponent);
                Choice { action: text.clone(), label, effect, key: None }
            })
            .collect()
    }

    /// Reacts to a key of the board (the screen's common keys are [`Outcome::Ignored`]).
    pub fn on_key(&mut self, view: &View, legal: &[String], key: KeyEvent) -> Outcome {
        *self = self.synced(view, legal);
        if key.modifiers.contains(KeyModifiers::CONTROL) || key.modifiers.contains(KeyModifiers::ALT) {
            return Outcome::Ignored;
        }
        let offer = Offer::read(view, legal);
        if let KeyCode::Char(c @ '0'..='9') = key.code {
            self.typed.push(c);
            return self.after_digit(view, &offer);
        }
        if !self.typed.is_empty() {
            match key.code {
                KeyCode::Enter | KeyCode::Char(' ') => return self.finish_typed(view, &offer),
                KeyCode::Backspace => {
                    self.typed.pop();
                    return Outcome::Done;
                }
                KeyCode::Esc => {
                    self.typed.clear();
                    return Outcome::Say(String::new(), false);
                }
                _ => self.typed.clear(),
            }
        }
        if offer.topping() {
            return self.on_top_key(view, &offer, key);
        }
        let leaping = offer.leaping();
        let list_keys = self.in_list && leaping;
        match key.code {
            KeyCode::Up | KeyCode::Char('k') if list_keys => self.step_row(view, &offer, -1),
            KeyCode::Down | KeyCode::Char('j') if list_keys => self.step_row(view, &offer, 1),
            KeyCode::Up | KeyCode::Char('k') => self.step_cursor(-1, 0),
            KeyCode::Down | KeyCode::Char('j') => self.step_cursor(1, 0),
            KeyCode::Left | KeyCode::Char('h') => self.step_cursor(0, -1),
            KeyCode::Right | KeyCode::Char('l') => self.step_cursor(0, 1),
            KeyCode::Tab | KeyCode::BackTab if !leaping => Outcome::Waiting,
            KeyCode::Tab => self.next_frog(&offer, 1),
            KeyCode::BackTab => self.next_frog(&offer, -1),
            KeyCode::Char('r') => {
                self.typed = Place::Root.number();
                self.finish_typed(view, &offer)
            }
            KeyCode::Char('p') if leaping => Outcome::Play("pass".to_owned()),
            KeyCode::Enter | KeyCode::Char(' ') if !leaping => Outcome::Ignored,
            KeyCode::Enter | KeyCode::Char(' ') if list_keys => {
                let choices = self.choices(view, &offer, "");
                match choices.get(self.row) {
                    Some(choice) => self.play_leap(view, choice.action.clone()),
                    None => Outcome::Say(why_not(view, self.cursor), true),
                }
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                if offer.movable().contains(&self.cursor) {
                    self.in_list = true;
                    self.row = 0;
                    Outcome::Done
                } else {
                    Outcome::Say(why_not(view, self.cursor), true)
                }
            }
            KeyCode::Esc | KeyCode::Backspace if self.in_list => {
                self.in_list = false;
                Outcome::Say(String::new(), false)
            }
            _ => Outcome::Ignored,
        }
    }

    /// Reads a line typed in the command line: a square's number chooses it, like typing
    /// its digits on the board; several leaps (`20/14 14/8`, as backgammon players write a
    /// turn) are played in order, all or none; anything else is played as an action.
    pub fn on_line(&mut self, view: &View, legal: &[String], line: &str) -> Outcome {
        *self = self.synced(view, legal);
        let line = line.trim();
        if !line.is_empty() && line.chars().all(|c| c.is_ascii_digit()) {
            self.typed = line.to_owned();
            return self.finish_typed(view, &Offer::read(view, legal));
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        // Each word is read and refused on its own: the whole line is not one action.
        if words.len() > 1 && words.iter().all(|w| w.contains('/')) {
            return Outcome::PlayAll(words.into_iter().map(str::to_owned).collect());
        }
        Outcome::Play(line.to_owned())
    }

    /// The keys that do something now, for the key bar.
    pub fn key_hints(&self, view: &View, legal: &[String]) -> Vec<(&'static str, &'static str)> {
        let picker = self.synced(view, legal);
        let offer = Offer::read(view, legal);
        if !picker.typed.is_empty() {
            return vec![("0-9", "square number"), ("Enter", "choose it"), ("Esc", "cancel")];
        }
        if offer.topping() {
            return vec![("↑/↓ Tab", "square"), ("Enter", "play"), ("p", "pass"), ("0-9", "by number")];
        }
        if !offer.leaping() {
            return vec![("←↑↓→", "look at a square")];
        }
        if picker.in_list {
            vec![("↑/↓", "leap"), ("Enter", "play it"), ("Esc", "board"), ("Tab", "next frog")]
        } else {
            vec![("←↑↓→", "square"), ("Tab", "next frog"), ("Enter", "leaps"), ("0-9", "by number")]
        }
    }

    fn on_top_key(&mut self, view: &View, offer: &Offer, key: KeyEvent) -> Outcome {
        let choices = top_choices(view, offer);
        match key.code {
            KeyCode::Up | KeyCode::Left | KeyCode::BackTab | KeyCode::Char('k' | 'h') => {
                self.step_row(view, offer, -1)
            }
            KeyCode::Down | KeyCode::Right | KeyCode::Tab | KeyCode::Char('j' | 'l') => {
                self.step_row(view, offer, 1)
            }
            KeyCode::Char('p') => Outcome::Play("pass".to_owned()),
            KeyCode::Enter | KeyCode::Char(' ') => match choices.get(self.row) {
                Some(choice) => Outcome::Play(choice.action.clone()),
                None => Outcome::Ignored,
            },
            _ => Outcome::Ignored,
        }
    }

    /// Moves the list's selection; for the Top Frog, the cursor follows to its square.
    fn step_row(&mut self, view: &View, offer: &Offer, step: isize) -> Outcome {
        let rows = self.choices(view, offer, "").len();
        if rows == 0 {
            return Outcome::Done;
        }
        self.row = (self.row as isize + step).rem_euclid(rows as isize) as usize;
        self.follow_row(view, offer);
        Outcome::Done
    }

    /// For the Top Frog: puts the cursor on the selected row's square.
    fn follow_row(&mut self, view: &View, offer: &Offer) {
        if !offer.topping() {
            return;
        }
        let choices = top_choices(view, offer);
        if let Some(Ok(Action::TopFrog(pip))) = choices.get(self.row).map(|c| Action::parse(&c.action)) {
            if let Some(square) = Square::shared(pip) {
                self.cursor = Place::Square(square);
            }
        }
    }

    /// Moves the cursor one place up, down, left or right on the board, over the pond
    /// and the scenery; it stays at the edge.
    fn step_cursor(&mut self, rows: isize, cols: isize) -> Outcome {
        self.in_list = false;
        let (mut row, mut col) = position(self.cursor);
        loop {
            let (r, c) = (row as isize + rows, col as isize + cols);
            if r < 0 || c < 0 || r >= ROWS as isize || c >= COLS as isize {
                return Outcome::Done;
            }
            (row, col) = (r as usize, c as usize);
            if let Some(place) = place_at(row, col) {
                if place != self.cursor {
                    self.cursor = place;
                    // The panel now tells what stands here; an older message would mislead.
                    return Outcome::Say(String::new(), false);
                }
            }
        }
    }

    /// Puts the cursor on the next (or previous) frog that can leap, along the path.
    fn next_frog(&mut self, offer: &Offer, step: isize) -> Outcome {
        let movable = offer.movable();
        if movable.is_empty() {
            return Outcome::Done;
        }
        let next = match movable.iter().position(|&p| p == self.cursor) {
            Some(i) => movable[(i as isize + step).rem_euclid(movable.len() as isize) as usize],
            None if step > 0 => {
                movable.iter().copied().find(|p| p.pip() < self.cursor.pip()).unwrap_or(movable[0])
            }
            None => movable.iter().rev().copied().find(|p| p.pip() > self.cursor.pip()).unwrap_or(movable[0]),
        };
        self.cursor = next;
        self.row = 0;
        Outcome::Say(String::new(), false)
    }

    /// The places a typed number may name now: the frogs that can leap, the squares that
    /// take the Top Frog, or (while waiting) any place, to look at it.
    fn targets(offer: &Offer) -> Vec<Place> {
        match offer.highlighted() {
            places if places.is_empty() => all_places(),
            places => places,
        }
    }

    /// After a digit: waits for another while a longer number could still be meant.
    fn after_digit(&mut self, view: &View, offer: &Offer) -> Outcome {
        let typed = &self.typed;
        let longer = Picker::targets(offer).iter().any(|place| {
            let number = place.number();
            number.len() > typed.len() && number.starts_with(typed.as_str())
        });
        if longer {
            Outcome::Say(format!("square {typed}…: type the next digit, or Enter"), false)
        } else {
            self.finish_typed(view, offer)
        }
    }

    /// Chooses the square whose number was typed.
    fn finish_typed(&mut self, view: &View, offer: &Offer) -> Outcome {
        let typed = std::mem::take(&mut self.typed);
        let me = view.colour;
        let Some(place) = typed.parse::<u8>().ok().and_then(|pip| Place::of(me, pip)) else {
            return Outcome::Say(
                format!("there is no square {typed}: the squares are 1 to 25, and 26 is the root"),
                true,
            );
        };
        if offer.topping() {
            let choices = top_choices(view, offer);
            let action = format!("top {typed}");
            return match choices.iter().position(|c| c.action == action) {
                Some(row) => {
                    self.row = row;
                    self.follow_row(view, offer);
                    Outcome::Say(format!("The Top Frog on {typed}: Enter places it."), false)
                }
                None => {
                    let why = match Action::parse(&action) {
                        Ok(action) => {
                            tabula_abagio::rules::check(&view.state, action).err().map(|e| e.reason)
                        }
                        Err(e) => Some(e.to_string()),
                    };
                    Outcome::Say(why.unwrap_or_else(|| format!("the Top Frog cannot go on {typed}")), true)
                }
            };
        }
        self.cursor = place;
        self.row = 0;
        if !offer.leaping() {
            self.in_list = false;
            return Outcome::Say(String::new(), false);
        }
        self.in_list = offer.movable().contains(&place);
        if self.in_list {
            let what = format!("The frog on {}: choose its leap with ↑/↓, then Enter.", place.name());
            Outcome::Say(what, false)
        } else {
            Outcome::Say(why_not(view, place), true)
        }
    }

    /// Plays a leap, remembering where the frog lands so that the cursor follows it.
    fn play_leap(&mut self, view: &View, action: String) -> Outcome {
        if let Ok(Action::Leap { from, die }) = Action::parse(&action) {
            self.landing =
                from.checked_sub(die).filter(|&pip| pip > 0).and_then(|pip| Place::of(view.colour, pip));
        }
        Outcome::Play(action)
    }
}

#[cfg(test)]
mod tests {
    use tabula_abagio::{Abagio, Stack, State};
    use tabula_core::Game;

    use super::super::table::{dice_marks, stack_words};

    use super::*;

    fn view_of(state: &State, seat: usize) -> View {
        Abagio::with_defaults().view(state, seat)
    }

    fn legal(state: &State) -> Vec<String> {
        let game = Abagio::with_defaults();
        let mut actions = Vec::new();
        game.legal_actions(state, &mut actions);
        actions.iter().map(|a| a.to_string()).collect()
    }

    fn load(json: &str) -> State {
        let state: State = serde_json::from_str(json).expect("a position");
        Abagio::with_defaults().validate(state).expect("a valid position")
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn every_square_is_drawn_once() {
        for square in Square::all() {
            let count = (0..ROWS)
                .flat_map(|r| (0..COLS).map(move |c| (r, c)))
                .filter(|&(r, c)| place_at(r, c) == Some(Place::Square(square)))
                .count();
            assert_eq!(count, 1, "{square}");
            let (row, col) = position(Place::Square(square));
            assert_eq!(place_at(row, col), Some(Place::Square(square)));
        }
        assert_eq!(position(Place::Root), (5, 0));
    }

    /// Red to leap with 6-4: a blot of purple's on 17, a pair on 15, red's own frog on 11.
    fn leaping() -> State {
        load(
            r#"{"phase":"leap","to_move":"red","dice":[6,4],"root":[0,0],"pond":[3,0],
            "board":{"21":"rrrr","17":"p","15":"pp","11":"r","r5":"rrrr","p5":"ppppp","p4":"pppp"},
            "top_frog":null,"turn":9,"winner":null}"#,
        )
    }

    #[test]
    fn leaps_say_what_they_do() {
        let state = leaping();
        let view = view_of(&state, 0);
        let offer = Offer::read(&view, &legal(&state));
        let from21 = Place::Square(Square::shared(21).unwrap());
        assert_eq!(offer.movable()[0], from21);
        let mut picker = Picker::default().synced(&view, &legal(&state));
        assert_eq!(picker.cursor, from21, "the cursor starts on the farthest frog");
        let choices = picker.choices(&view, &offer, "greedy");
        let rows: Vec<(&str, &str, &str)> =
            choices.iter().map(|c| (c.action.as_str(), c.label.as_str(), c.effect.as_str())).collect();
        assert_eq!(
            rows,
            [("21/15", "to 15", "covers greedy's pair"), ("21/17", "to 17", "hits greedy's frog")]
        );
        picker.cursor = Place::Square(Square::shared(11).unwrap());
        let choices = picker.choices(&view, &offer, "greedy");
        assert_eq!(choices[0].label, "to 5, your safe sector");
        assert_eq!(choices[0].effect, "maxes the stack", "r5 holds four already");
    }

    #[test]
    fn typed_numbers_choose_squares_and_refusals_say_why() {
        let state = leaping();
        let view = view_of(&state, 0);
        let legal = legal(&state);
        let mut picker = Picker::default();
        // 2 could begin 21: wait for the next digit.
        assert!(matches!(picker.on_key(&view, &legal, key(KeyCode::Char('2'))), Outcome::Say(_, false)));
        assert!(matches!(picker.on_key(&view, &legal, key(KeyCode::Char('1'))), Outcome::Say(_, false)));
        assert!(picker.in_list);
        assert_eq!(picker.on_key(&view, &legal, key(KeyCode::Down)), Outcome::Done);
        assert_eq!(picker.on_key(&view, &legal, key(KeyCode::Enter)), Outcome::Play("21/17".to_owned()));
        // A square without a frog of red's: the engine's reason.
        let mut picker = Picker::default();
        match picker.on_line(&view, &legal, "16") {
            Outcome::Say(text, true) => assert!(text.contains("no frog on 16"), "{text}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(picker.cursor, Place::Square(Square::shared(16).unwrap()));
        assert_eq!(picker.on_line(&view, &legal, "21/17"), Outcome::Play("21/17".to_owned()));
        // Purple's sector is not red's to leap from.
        picker.cursor = Place::Square(Square::at(Colour::Purple, 5).unwrap());
        match picker.on_key(&view, &legal, key(KeyCode::Enter)) {
            Outcome::Say(text, true) => assert!(text.contains("purple's safe sector"), "{text}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn arrows_walk_the_board_around_the_pond() {
        let state = leaping();
        let view = view_of(&state, 1);
        let mut picker =
            Picker { cursor: Place::Square(Square::at(Colour::Red, 4).unwrap()), ..Picker::default() };
        picker.on_key(&view, &[], key(KeyCode::Right));
        assert_eq!(picker.cursor, Place::Square(Square::at(Colour::Purple, 4).unwrap()), "over the pond");
        picker.cursor = Place::Root;
        picker.on_key(&view, &[], key(KeyCode::Right));
        assert_eq!(picker.cursor, Place::Square(Square::shared(9).unwrap()), "over the tree roots");
        picker.on_key(&view, &[], key(KeyCode::Down));
        assert_eq!(picker.cursor, Place::Square(Square::shared(9).unwrap()), "the edge");
    }

    #[test]
    fn the_top_frog_is_a_list_with_pass_first() {
        let state = load(
            r#"{"phase":"top-frog","to_move":"red","dice":[],"root":[0,0],"pond":[2,0],
            "board":{"21":"rrrr","17":"p","15":"pp","11":"rr","r5":"rrrr","p5":"ppppp","p4":"pppp"},
            "top_frog":null,"turn":9,"winner":null}"#,
        );
        let view = view_of(&state, 0);
        let legal = legal(&state);
        let mut picker = Picker::default();
        let offer = Offer::read(&view, &legal);
        let synced = picker.synced(&view, &legal);
        let choices = synced.choices(&view, &offer, "greedy");
        assert_eq!(choices[0].action, "pass");
        assert!(choices.iter().any(|c| c.action == "top 11" && c.effect == "guards your 2 frogs there"));
        assert!(!choices.iter().any(|c| c.action == "top 17"), "a purple frog on 17");
        assert!(matches!(picker.on_key(&view, &legal, key(KeyCode::Char('1'))), Outcome::Say(_, false)));
        let chosen = picker.on_key(&view, &legal, key(KeyCode::Char('1')));
        assert_eq!(chosen, Outcome::Say("The Top Frog on 11: Enter places it.".to_owned(), false));
        assert_eq!(picker.cursor, Place::Square(Square::shared(11).unwrap()));
        assert_eq!(picker.on_key(&view, &legal, key(KeyCode::Enter)), Outcome::Play("top 11".to_owned()));
        picker.on_key(&view, &legal, key(KeyCode::Char('1')));
        match picker.on_key(&view, &legal, key(KeyCode::Char('7'))) {
            Outcome::Say(text, true) => assert!(text.contains("purple frog on top"), "{text}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(picker.on_key(&view, &legal, key(KeyCode::Char('p'))), Outcome::Play("pass".to_owned()));
    }

    #[test]
    fn dice_left_and_used() {
        let marks = dice_marks(Dice::roll(3, 3), Dice::of(&[3, 3]).unwrap());
        assert_eq!(marks, [(3, true), (3, true), (3, false), (3, false)]);
        let marks = dice_marks(Dice::roll(4, 6), Dice::of(&[4]).unwrap());
        assert_eq!(marks, [(6, true), (4, false)]);
        let words = stack_words(Stack::of(&[Colour::Red, Colour::Purple, Colour::Purple]));
        assert_eq!(words, "rpp from the bottom up, a purple pair on top");
    }
}
