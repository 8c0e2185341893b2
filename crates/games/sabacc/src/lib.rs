//! # Sabacc
//!
//! The card game of the Star Wars galaxy, as two French rulebooks give it: *La pratique*
//! (Didier Hallépée's 78-card tarot game with betting, dice and blocking tokens; the
//! default), *La théorie* (the 76-card canonical game of Cloud City, and the seed's
//! four-card theory game, scored in points or played for money), and the Black Knight
//! variant played like blackjack; le Contrat Sabacc in teams; side pots at table stakes. Rules source: `shared/seeds/sabacc.fr.txt`; the rules as implemented, with
//! every interpretation, are in `docs/rules/sabacc.md`.
//!
//! | option | values | default |
//! |---|---|---|
//! | `players` | 2–24 (12 per deck; Black Knight 2–7) | 4 |
//! | `rules` | `tarot`, `canonical`, `black-knight` | `tarot` |
//! | `deal` | `classic`, `decouverte`, `holdem`, `stud` (tarot) | `classic` |
//! | `deck` | `full`, `54` (tarot, Black Knight), `theory`, `canonical`, `west-end` (canonical) | `full` |
//! | `decks` | 1–2 | 1 |
//! | `dice` | `2d6`, `d12`, `3d6`, `d20` (tarot) | `2d6` |
//! | `circuit_change`, `escalating_mouche` | tarot variants | `false` |
//! | `limit` | `limit`, `no-limit` | `limit` |
//! | `buy_in`, `min_bet`, `mouche` | money | 100, 2, 1 |
//! | `max_raise`, `raises`, `tours`, `hands` | bounds | 4, 3, 6, 10 |
//! | `table` | `friendly-single`, `friendly-regular`, `open` | `friendly-single` |
//! | `house`, `entry` | open game | 0, 0 |
//! | `scoring` | `money`, `points`, `theory-money` (canonical) | `money` |
//! | `exchange` | 0–4 (the four-card theory game) | 3 |
//! | `contract` | le Contrat Sabacc: two teams of two (4 players) | `false` |
//!
//! ```
//! use tabula_core::{Game, Turn};
//! use tabula_sabacc::{Action, Sabacc};
//!
//! let game = Sabacc::with_defaults();
//! let mut state = game.initial_state();
//! assert_eq!(game.turn(&state), Turn::Chance); // the deal
//! game.play(&mut state, game.parse_action("card T21").unwrap()).unwrap();
//! assert!(game.play(&mut state, Action::Call).is_err()); // still dealing
//! ```

#![deny(missing_docs)]

pub mod action;
pub mod belief;
pub mod betting;
pub mod black_knight;
pub mod canonical;
pub mod config;
pub mod deck;
pub mod hand;
pub mod limits;
pub mod mechanics;
pub mod narrate;
pub mod observation;
pub mod payout;
mod policy;
pub mod pots;
pub mod record;
pub mod rules;
pub mod setup;
pub mod showdown;
pub mod state;
pub mod tarot;
pub mod view;
pub mod words;

use rand::Rng;
use tabula_core::{
    About, ChanceKind, Game, GameSpec, Illegal, InformationKind, OptionDefault, Options, OptionsError,
    ParseActionError, Preset, Said, SetupError, Turn, UtilityKind, Weight,
};

pub use action::{Action, NUM_ACTIONS};
pub use config::{Config, DealVariant, Dice, Rules, Scoring, Table};
pub use deck::{Card, DeckKind, Kind, Suit};
pub use pots::{Pot, Pots};
pub use showdown::{Laid, Showdown};
pub use state::{Announce, DeckCount, Hand, Phase, Seat, Settlement, State, Status};
pub use view::View;

use config::{MAX_BUY_IN, MAX_HANDS, MAX_HOUSE};
use mechanics::Target;

static SPEC: GameSpec = GameSpec {
    id: "sabacc",
    name: "Sabacc",
    min_players: 2,
    max_players: state::MAX_PLAYERS,
    // Le Contrat Sabacc (`contract`): two teams of two, each seat's return its team's.
    teams: true,
    chance: ChanceKind::Explicit,
    information: InformationKind::Imperfect,
    // Money games lose money to the Sabacc pot when it is kept (regular session, open game);
    // the points game is not zero-sum either. A friendly single game is zero-sum.
    utility: UtilityKind::GeneralSum,
    min_return: -((MAX_BUY_IN + MAX_HOUSE) as f64) * (MAX_HANDS as f64 + 1.0),
    max_return: (state::MAX_PLAYERS as f64) * (MAX_BUY_IN as f64) * (MAX_HANDS as f64 + 1.0)
        + MAX_HOUSE as f64,
    options: &config::OPTIONS,
    presets: &[
        Preset {
            name: "Tarot, 4 players, 10 hands",
            doc: "La pratique: the 78-card tarot game with betting, the change roll and blocking.",
            options: &[("players", OptionDefault::Int(4)), ("rules", OptionDefault::Str("tarot"))],
        },
        Preset {
            name: "Canonical (Cloud City), 4 players",
            doc: "La théorie: the 76-card game of the films' rules, with a shifting hand.",
            options: &[("players", OptionDefault::Int(4)), ("rules", OptionDefault::Str("canonical"))],
        },
        Preset {
            name: "Black Knight, 4 players",
            doc: "The blackjack-like variant against a banker.",
            options: &[("players", OptionDefault::Int(4)), ("rules", OptionDefault::Str("black-knight"))],
        },
    ],
    about: About {
        summary: "The tarot-deck betting game of shifting cards, bluffs and the Idiot’s Array.",
        // tabula's estimate for ten hands of four players.
        minutes: [30, 60],
        weight: Weight::Medium,
        seats: &[],
    },
};

/// Sabacc with its options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sabacc {
    cfg: Config,
}

impl Sabacc {
    /// The checked options.
    pub fn config(&self) -> &Config {
        &self.cfg
    }
}

impl Game for Sabacc {
    type State = State;
    type Action = Action;
    type View = View;

    fn spec() -> &'static GameSpec {
        &SPEC
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Ok(Sabacc { cfg: Config::from_options(options)? })
    }

    fn options(&self) -> Options {
        self.cfg.to_options(&SPEC)
    }

    fn num_players(&self) -> usize {
        self.cfg.players as usize
    }

    fn num_distinct_actions(&self) -> usize {
        NUM_ACTIONS
    }

    /// Money is counted in caves (`buy_in`, the money each player brings): a session's
    /// return is then of the order of one; the points game's points are already small.
    fn return_unit(&self) -> f64 {
        if self.cfg.points() { 1.0 } else { f64::from(self.cfg.buy_in.max(1)) }
    }

    fn max_game_length(&self) -> usize {
        let c = &self.cfg;
        let n = c.players as usize;
        let r = c.raises as usize;
        let t = c.tours as usize;
        let betting = n * (r + 1);
        let per_hand = match c.rules {
            // Deal; per tour: a stud card, betting, a change at each circuit and after the
            // betting (window, roll, replacements), the announce, the redeal; sudden deaths.
            Rules::Tarot => {
                let change = 4 * n + 1 + 3 * n + 3;
                3 * n
                    + 1
                    + t * (1 + betting + (r + 3) * change + n + 4 * n)
                    + crate::limits::MAX_SUDDEN as usize * 3 * n
            }
            Rules::Canonical if c.points() => 9 * n,
            // Deal, betting, the exchange (a decision and up to four cards each), betting.
            Rules::Canonical if c.theory() => 9 * n + 2 * betting,
            // Deal; per tour: betting, the shift, the draw phase; fields; the final betting.
            Rules::Canonical => {
                2 * n + t * (betting + 1 + state::MAX_HAND * n + 2 * n) + state::MAX_HAND * n + betting
            }
            Rules::BlackKnight => {
                let limit = c.card_limit() as usize;
                3 * n + n * (2 * limit + 1) + limit
            }
        };
        c.hands as usize * per_hand + 1
    }

    fn initial_state(&self) -> State {
        rules::initial_state(&self.cfg)
    }

    fn turn(&self, state: &State) -> Turn {
        rules::turn(state)
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        rules::legal_actions(state, &self.cfg, out)
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        rules::chance_outcomes(state, &self.cfg, out)
    }

    fn sample_chance<R: Rng + ?Sized>(
        &self,
        state: &State,
        buffer: &mut Vec<(Action, f64)>,
        rng: &mut R,
    ) -> Action {
        match mechanics::draw_from_deck(state, &self.cfg, rng) {
            Some(card) => Action::Card(card),
            None => tabula_core::sample_listed(self, state, buffer, rng),
        }
    }

    fn check(&self, state: &State, action: Action) -> Result<(), Illegal> {
        rules::check(state, &self.cfg, action)
    }

    fn play_unchecked(&self, state: &mut State, action: Action) {
        rules::play(state, &self.cfg, action)
    }

    fn returns_into(&self, state: &State, out: &mut [f64]) {
        rules::returns_into(state, &self.cfg, out)
    }

    fn view(&self, state: &State, player: usize) -> View {
        view::view(state, player)
    }

    fn public_view(&self, state: &State) -> View {
        view::public(state)
    }

    fn view_player(&self, view: &View) -> usize {
        view.player as usize
    }

    fn determinize<R: Rng + ?Sized>(&self, view: &View, rng: &mut R) -> State {
        view::determinize(view, &self.cfg, rng)
    }

    fn belief_weight(&self, state: &State, observer: usize) -> f64 {
        belief::weight(&self.cfg, state, observer)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::Layout::new(&self.cfg).len]
    }

    fn write_observation(&self, view: &View, out: &mut [f32]) {
        observation::write(view, &self.cfg, out)
    }

    fn observation_view(&self, view: &View) -> View {
        observation::observation_view(view)
    }

    fn action_text(&self, action: Action) -> String {
        action.text(self.cfg.min_bet)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseActionError> {
        Action::parse(text, self.cfg.min_bet)
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_from_index(&self, index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn narrate(&self, before: &View, after: &View, actor: Turn, seen: Option<&str>) -> Vec<Said> {
        narrate::narrate(&self.cfg, before, after, actor, seen)
    }

    fn observe_action(&self, state: &State, action: Action, observer: usize) -> String {
        let Action::Card(_) = action else { return self.action_text(action) };
        if !mechanics::is_chance(state.phase) {
            return self.action_text(action);
        }
        let known = state::visible(mechanics::drawn_known(state, &self.cfg), observer);
        let seen = match rules::target(state, &self.cfg) {
            Target::Seat { seat, up } => up || seat == observer || known,
            Target::Slot { seat, pos } => state.seats[seat].hand.is_up(pos) || seat == observer || known,
            Target::Communal | Target::CommunalSlot(_) => true,
        };
        if seen { self.action_text(action) } else { "card ?".to_owned() }
    }

    fn validate(&self, state: State) -> Result<State, SetupError> {
        setup::validate(state, &self.cfg)
    }

    fn heuristic_policy<R: Rng + ?Sized>(
        &self,
        view: &View,
        legal: &[Action],
        rng: &mut R,
    ) -> Option<Action> {
        policy::beginner_move(&self.cfg, view, legal, rng)
    }

    fn heuristic(&self, state: &State, player: usize) -> f64 {
        let mut out = [0.0; state::MAX_PLAYERS];
        rules::returns_into(state, &self.cfg, &mut out[..state.players()]);
        let base = out[player];
        let seat = &state.seats[player];
        if state.phase == Phase::Over || !seat.active() || seat.hand.is_empty() {
            return base;
        }
        let c = &self.cfg;
        // The hand pot shared in proportion to the strength of the hands still in it.
        let strength = |p: usize| -> f64 {
            let cards = state.seats[p].hand.cards();
            match c.rules {
                Rules::Tarot => {
                    f64::from(tarot::evaluate(state, c, p).rank) / f64::from(hand::MAX_TAROT_RANK)
                }
                _ if c.theory() => {
                    let h = hand::points_hand_in(cards, c.deck);
                    if h.is_bust() { 0.0 } else { f64::from(h.score.clamp(0, 23)) / 23.0 }
                }
                _ => f64::from(hand::canon_hand_in(cards, c.deck).rank) / f64::from(hand::IDIOTS_ARRAY),
            }
        };
        let equity = || {
            let total: f64 = state.active_seats().map(strength).sum();
            if total > 0.0 { f64::from(state.hand_pot) * strength(player) / total } else { 0.0 }
        };
        match c.rules {
            Rules::Tarot => base + equity(),
            Rules::Canonical if c.points() => {
                base + f64::from(hand::points_hand_in(seat.hand.cards(), c.deck).score) / 2.0
            }
            Rules::Canonical => base + equity(),
            Rules::BlackKnight => {
                let strength = f64::from(hand::tarot_hand(seat.hand.cards(), c.deck).rank)
                    / f64::from(hand::MAX_TAROT_RANK);
                base + f64::from(seat.bet) * (2.0 * strength - 1.0)
            }
        }
    }
}
