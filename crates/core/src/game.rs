//! The generic game model. Bots and benchmarks monomorphise over [`Game`]; everything
//! else goes through the type-erased layer in `erased`.

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{Illegal, OptionsError, ParseActionError, SetupError};
use crate::options::Options;
use crate::spec::GameSpec;

/// Who acts in a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "player", rename_all = "kebab-case")]
pub enum Turn {
    /// Seat `0..num_players` decides.
    Player(usize),
    /// A chance outcome is due (a die, a card drawn).
    Chance,
    /// The game is over.
    Terminal,
}

impl Turn {
    /// The acting seat, if a player acts.
    pub fn player(self) -> Option<usize> {
        match self {
            Turn::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// One line of a game's log: what an action did, in words, as one observer may know it
/// ([`Game::narrate`]). Every client shows the same words (the terminal, the browser).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Said {
    /// The seat the line is about, whose name begins it (`None`: the table's own event, a
    /// roll or a deal, told without a subject).
    pub seat: Option<usize>,
    /// The words after the subject's name, in the third person (`leaps 24/22, hitting {1}'s
    /// frog`): `{0}`, `{1}`… stand for the seats' names, which each client fills in.
    pub text: String,
}

impl Said {
    /// A line about `seat`.
    pub fn by(seat: usize, text: impl Into<String>) -> Said {
        Said { seat: Some(seat), text: text.into() }
    }

    /// A line about the table (no subject).
    pub fn table(text: impl Into<String>) -> Said {
        Said { seat: None, text: text.into() }
    }

    /// The words after the subject, told to the person at seat `you` (if any): the seats'
    /// names filled in (`names[k]` for `{k}`, "you" for theirs, "your" for `{k}'s`), and the
    /// verb in the second person when the line is about them ("leap", not "leaps").
    pub fn words(&self, names: &[String], you: Option<usize>) -> String {
        let mut text = self.text.clone();
        if let Some(y) = you {
            text = text.replace(&format!("{{{y}}}'s"), "your").replace(&format!("{{{y}}}"), "you");
        }
        for (k, name) in names.iter().enumerate() {
            text = text.replace(&format!("{{{k}}}"), name);
        }
        if self.seat.is_some() && self.seat == you {
            // A bracket after the subject (`(Chantico) declares`) stays before the verb.
            let (head, body) = match text.strip_prefix('(').and_then(|t| t.split_once(") ")) {
                Some((inner, body)) => (format!("({inner}) "), body.to_owned()),
                None => (String::new(), text.clone()),
            };
            let (verb, rest) = body.split_once(' ').unwrap_or((body.as_str(), ""));
            let verb = second_person(verb);
            text = if rest.is_empty() { format!("{head}{verb}") } else { format!("{head}{verb} {rest}") };
        }
        text
    }

    /// The whole line told to the person at seat `you` (if any), its subject first ("you"
    /// for theirs).
    pub fn told(&self, names: &[String], you: Option<usize>) -> String {
        let words = self.words(names, you);
        match self.seat {
            Some(s) if Some(s) == you => format!("you {words}"),
            Some(s) => format!("{} {words}", names.get(s).map_or("?", String::as_str)),
            None => words,
        }
    }
}

/// A verb of the third person singular in the second person: `leaps` → `leap`, `has` →
/// `have`, `carries` → `carry`, `passes` → `pass`.
pub fn second_person(verb: &str) -> String {
    // A verb with punctuation after it (`plans:`) keeps it.
    let end = verb.trim_end_matches(|c: char| !c.is_alphabetic()).len();
    if end < verb.len() {
        return format!("{}{}", second_person(&verb[..end]), &verb[end..]);
    }
    match verb {
        "has" => return "have".to_owned(),
        "is" => return "are".to_owned(),
        "does" => return "do".to_owned(),
        "goes" => return "go".to_owned(),
        "was" => return "were".to_owned(),
        _ => {}
    }
    if let Some(stem) = verb.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for ending in ["sses", "shes", "ches", "xes", "zes"] {
        if verb.ends_with(ending) {
            return verb[..verb.len() - 2].to_owned();
        }
    }
    verb.strip_suffix('s').unwrap_or(verb).to_owned()
}

/// A game with its options fixed: the rules as a state machine.
///
/// A game is fully determined by its options and its action list, chance outcomes
/// included: nothing random happens in [`Game::play_unchecked`]. Chance nodes list their
/// outcomes with probabilities and one is applied like any other action.
///
/// Actions are context-free values: the same action has the same text and index in
/// every state, so text ⇄ action ⇄ index round-trips without a state.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// The full (referee) state. Small and cheap to clone.
    type State: Clone + Debug + PartialEq + Send + Sync + Serialize + DeserializeOwned;
    /// A player action or a chance outcome.
    type Action: Copy + Debug + Eq + Hash + Send + Sync + 'static;
    /// What one seat may see: its information state.
    type View: Clone + Debug + PartialEq + Send + Sync + Serialize;

    /// What the game declares about itself.
    fn spec() -> &'static GameSpec;

    /// The game with these options.
    ///
    /// # Errors
    /// Options the spec allows one by one but the game refuses together.
    fn new(options: &Options) -> Result<Self, OptionsError>;

    /// The game with options given as JSON: an object of option values (the others at their
    /// defaults), or `null` for every default.
    ///
    /// # Errors
    /// An unknown option, a value the spec does not allow, or options the game refuses
    /// together.
    fn from_json(options: &serde_json::Value) -> Result<Self, OptionsError> {
        Self::new(&Options::from_json(Self::spec(), options)?)
    }

    /// The game with every option at its default.
    fn with_defaults() -> Self {
        Self::new(&Options::defaults(Self::spec())).expect("the default options are valid")
    }

    /// The complete options this game was made with.
    fn options(&self) -> Options;

    /// The number of seats.
    fn num_players(&self) -> usize;

    /// The size of the action index space (player actions and chance outcomes together).
    fn num_distinct_actions(&self) -> usize;

    /// An upper bound on the number of actions (chance included) in any game.
    fn max_game_length(&self) -> usize;

    /// The state before the first action.
    fn initial_state(&self) -> Self::State;

    /// Who acts now.
    fn turn(&self, state: &Self::State) -> Turn;

    /// Writes the legal actions (or, at a chance node, the possible outcomes) into `out`,
    /// which is cleared first. The order is stable.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// Writes the chance outcomes with their probabilities into `out`, cleared first;
    /// empty unless the state is a chance node. The probabilities sum to 1.
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Action, f64)>);

    /// Draws one chance outcome from `rng`, with the probabilities of
    /// [`chance_outcomes`](Game::chance_outcomes). The default lists the outcomes into
    /// `buffer` and walks them ([`sample_listed`]); a game may draw without listing (a card
    /// straight from the deck's counts) as long as the distribution is the same. Playouts,
    /// rollouts and the referee's dealing all draw through this.
    ///
    /// # Panics
    /// If `state` is not a chance node.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &Self::State,
        buffer: &mut Vec<(Self::Action, f64)>,
        rng: &mut R,
    ) -> Self::Action {
        sample_listed(self, state, buffer, rng)
    }

    /// Whether `action` may be played now, and if not why, naming the rule.
    ///
    /// # Errors
    /// The rule that forbids the action.
    fn check(&self, state: &Self::State, action: Self::Action) -> Result<(), Illegal>;

    /// Applies an action known to be legal (from [`Game::legal_actions`]). Allocates nothing.
    /// An illegal action may leave the state inconsistent.
    fn play_unchecked(&self, state: &mut Self::State, action: Self::Action);

    /// Stops keeping in `state` what only views read and the rules never do (Fowers'
    /// Sabotage keeps each team's deduction aid beside its rules), so that a simulation
    /// (random playouts, batched stepping) pays for the rules alone. The rules play on
    /// exactly as before: the same actions are legal and lead to the same positions; only
    /// the views lose what was dropped (the game's documentation says what they show
    /// instead). Nothing to drop by default.
    fn rules_only(&self, state: &mut Self::State) {
        let _ = state;
    }

    /// Applies an action after checking it; a refused action leaves the state untouched.
    ///
    /// # Errors
    /// As [`Game::check`].
    fn play(&self, state: &mut Self::State, action: Self::Action) -> Result<(), Illegal> {
        self.check(state, action)?;
        self.play_unchecked(state, action);
        Ok(())
    }

    /// Writes each seat's return into `out` (length `num_players`): the final result at a
    /// terminal state, the result so far otherwise.
    fn returns_into(&self, state: &Self::State, out: &mut [f64]);

    /// Each seat's return, as a new vector.
    fn returns(&self, state: &Self::State) -> Vec<f64> {
        let mut out = vec![0.0; self.num_players()];
        self.returns_into(state, &mut out);
        out
    }

    /// What seat `player` sees: everything it has observed, nothing it may not see.
    fn view(&self, state: &Self::State, player: usize) -> Self::View;

    /// What every seat sees, for a spectator: the view of a seat that holds nothing, in the
    /// same shape as a seat's view (its seat field is meaningless). It must be a function of
    /// each seat's view: the conformance harness checks that it does not change when the
    /// state is determinized from any seat's view, so it shows nothing some seat cannot see.
    fn public_view(&self, state: &Self::State) -> Self::View;

    /// The seat whose view this is.
    fn view_player(&self, view: &Self::View) -> usize;

    /// Samples a full state consistent with `view`, from the view alone, so it cannot
    /// leak what the seat may not see. `view(determinize(v), seat) == v` always holds.
    fn determinize<R: Rng + ?Sized>(&self, view: &Self::View, rng: &mut R) -> Self::State;

    /// How likely the public behaviour seen so far (bets, announcements) is with the
    /// hidden cards of `state`, relative to the other states [`Game::determinize`] samples
    /// from the same view of `observer`: a weight above 0, the same for every state by
    /// default (no inference). Search bots may resample determinizations by it, so that an
    /// opponent who raised holds strong cards more often than a uniform deal gives it. It
    /// must read only what `observer` sees and the cards the state deals.
    fn belief_weight(&self, state: &Self::State, observer: usize) -> f64 {
        let _ = (state, observer);
        1.0
    }

    /// The shape of a seat's observation tensor ([`Game::write_observation`]): fixed for the
    /// game with its options (it may depend on them, the number of seats for one). Python
    /// reshapes the flat values by it.
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes the observation of `view` into `out`, whose length is the product of
    /// [`Game::observation_shape`]: the view as `f32`s for learning agents, read from the view
    /// alone (what the seat holds and sees, and the public history the game needs), laid out as
    /// the game's `observation` module documents (see [`crate::observation`] for the
    /// conventions). Every value is written, zero where nothing is set; nothing is allocated.
    /// Equal views give equal tensors, and views that differ give different tensors, except
    /// where [`Game::observation_view`] declares a deliberate loss.
    ///
    /// # Panics
    /// If `out` has another length.
    fn write_observation(&self, view: &Self::View, out: &mut [f32]);

    /// The part of `view` that [`Game::write_observation`] keeps: the view with what the
    /// tensor deliberately leaves out erased, or put in a canonical order (an unbounded log
    /// dropped, a pile whose order the tensor forgets sorted). The conformance harness
    /// requires views whose `observation_view`s differ (as JSON) to give different tensors,
    /// so each loss is declared here and documented in the game's `observation` module. By
    /// default the view itself: the observation loses nothing.
    fn observation_view(&self, view: &Self::View) -> Self::View {
        view.clone()
    }

    /// Writes the legal action mask of `state` into `out` (length
    /// [`Game::num_distinct_actions`]): `out[i]` is true exactly when the action with index `i`
    /// is legal for the seat to act. At a chance node or a terminal state no seat acts and
    /// every entry is false. `scratch` holds the legal actions meanwhile, so that a caller
    /// reusing it allocates nothing.
    ///
    /// # Panics
    /// If `out` has another length.
    fn legal_action_mask(&self, state: &Self::State, scratch: &mut Vec<Self::Action>, out: &mut [bool]) {
        assert_eq!(out.len(), self.num_distinct_actions(), "the mask holds one entry per action index");
        out.fill(false);
        if let Turn::Player(_) = self.turn(state) {
            self.legal_actions(state, scratch);
            for &action in scratch.iter() {
                out[self.action_index(action)] = true;
            }
        }
    }

    /// The action's text notation; [`Game::parse_action`] reads it back.
    fn action_text(&self, action: Self::Action) -> String;

    /// Reads an action from its text notation.
    ///
    /// # Errors
    /// Text that names no action of the game, with what was expected.
    fn parse_action(&self, text: &str) -> Result<Self::Action, ParseActionError>;

    /// The action's index in `0..num_distinct_actions`.
    fn action_index(&self, action: Self::Action) -> usize;

    /// The action with this index, if the index is in range.
    fn action_from_index(&self, index: usize) -> Option<Self::Action>;

    /// How `action`, applied in `state`, appears to seat `observer` in its history.
    /// Hidden parts are masked (a card drawn by an opponent is `?`). By default the
    /// action's text, which is right for every public action.
    fn observe_action(&self, state: &Self::State, action: Self::Action, observer: usize) -> String {
        let _ = (state, observer);
        self.action_text(action)
    }

    /// What an action did, in words, as one observer may know it: the log's lines, with the
    /// action's effects (a hit, a steal, a sale, a scan's answer). `before` and `after` are
    /// the observer's views around the action (a spectator's: the public views), so that a
    /// line can tell nothing the observer may not see; `actor` is who acted and `seen` the
    /// action as the observer saw it ([`Game::observe_action`]; `None` for a spectator when
    /// the seats saw it differently). Several lines, or none (a step told later, with the
    /// move it belongs to). By default none: the clients then show the action's text.
    fn narrate(&self, before: &Self::View, after: &Self::View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
        let _ = (before, after, actor, seen);
        Vec::new()
    }

    /// The private channel `seat` may talk on with its team-mates at a table, where the
    /// rules let team-mates confer out of the other seats' hearing: seats given the same
    /// number share it. `None` (the default): there is no such channel, and whatever a
    /// seat says at the table every seat hears.
    fn team_channel(&self, seat: usize) -> Option<usize> {
        let _ = seat;
        None
    }

    /// Checks a state read from JSON (a position for a test or a puzzle).
    ///
    /// # Errors
    /// Every rule the position breaks, one sentence each.
    fn validate(&self, state: Self::State) -> Result<Self::State, SetupError>;

    /// A sensible beginner's move for the seat whose view this is, among `legal` (that
    /// seat's legal actions, never empty), or `None` when the game has no hand-written
    /// policy (the `heuristic` bot then plays greedily by [`Game::heuristic`]). It reads
    /// the view only, like every bot.
    fn heuristic_policy<R: Rng + ?Sized>(
        &self,
        view: &Self::View,
        legal: &[Self::Action],
        rng: &mut R,
    ) -> Option<Self::Action> {
        let _ = (view, legal, rng);
        None
    }

    /// The unit of this game's returns with its options, for learners that want rewards
    /// near one: a return divided by it counts the game's own stakes (Sabacc's money in
    /// caves, the money each player brings). By default 1: the returns are already small.
    fn return_unit(&self) -> f64 {
        1.0
    }

    /// A quick estimate of how good `state` is for `player`, in the units of the returns
    /// (used by greedy bots and as a search cutoff). By default the returns so far.
    fn heuristic(&self, state: &Self::State, player: usize) -> f64 {
        let mut out = vec![0.0; self.num_players()];
        self.returns_into(state, &mut out);
        out[player]
    }
}

/// Samples a chance outcome of `state` from `rng` with the game's sampler
/// ([`Game::sample_chance`]).
///
/// # Panics
/// If `state` is not a chance node.
pub fn sample_chance<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &G::State,
    buffer: &mut Vec<(G::Action, f64)>,
    rng: &mut R,
) -> G::Action {
    game.sample_chance(state, buffer, rng)
}

/// Samples a chance outcome of `state` from `rng` by listing the outcomes into `buffer`
/// and walking their probabilities: the default [`Game::sample_chance`].
///
/// # Panics
/// If `state` is not a chance node.
pub fn sample_listed<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &G::State,
    buffer: &mut Vec<(G::Action, f64)>,
    rng: &mut R,
) -> G::Action {
    game.chance_outcomes(state, buffer);
    assert!(!buffer.is_empty(), "sample_chance called at a state that is not a chance node");
    let mut x: f64 = rng.random::<f64>();
    for &(action, p) in buffer.iter() {
        if x < p {
            return action;
        }
        x -= p;
    }
    buffer[buffer.len() - 1].0
}

/// Plays a game to the end with uniformly random player actions and sampled chance,
/// returning the number of actions applied and how many of them were chance outcomes.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    game: &G,
    state: &mut G::State,
    actions: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, f64)>,
    rng: &mut R,
) -> (u64, u64) {
    let (mut total, mut chance) = (0u64, 0u64);
    loop {
        let action = match game.turn(state) {
            Turn::Terminal => return (total, chance),
            Turn::Chance => {
                chance += 1;
                sample_chance(game, state, outcomes, rng)
            }
            Turn::Player(_) => {
                game.legal_actions(state, actions);
                actions[rng.random_range(0..actions.len())]
            }
        };
        game.play_unchecked(state, action);
        total += 1;
    }
}
