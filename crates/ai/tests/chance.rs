//! MCTS and the rollout bot weigh chance outcomes by their probabilities: a tiny gamble
//! decides it.

use rand::Rng;
use serde::{Deserialize, Serialize};
use tabula_ai::{Bot, Budget, IsmctsBot, MctsBot, RolloutBot, RolloutConfig, SearchConfig};
use tabula_core::{
    About, ChanceKind, Game, GameSpec, Illegal, InformationKind, OptionDefault, OptionKind, OptionSpec,
    Options, OptionsError, ParseActionError, SetupError, Turn, UtilityKind,
};

/// One decision: `safe` wins 0.2 for sure; `risky` wins 1 with probability `p`, else loses
/// 1 (a chance node). Risky is right exactly when `2p - 1 > 0.2`, that is `p > 0.6`.
#[derive(Debug, Clone, Copy)]
struct Gamble {
    p: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    Choose,
    Spin,
    Won,
    Lost,
    Safe,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Move {
    Safe,
    Risky,
    Win,
    Lose,
}

static SPEC: GameSpec = GameSpec {
    id: "gamble",
    name: "Gamble",
    min_players: 2,
    max_players: 2,
    teams: false,
    chance: ChanceKind::Explicit,
    information: InformationKind::Perfect,
    utility: UtilityKind::ZeroSum,
    min_return: -1.0,
    max_return: 1.0,
    options: &[OptionSpec {
        name: "players",
        label: "Players",
        doc: "Seats.",
        kind: OptionKind::IntChoice { values: &[2] },
        value_labels: &[],
        default: OptionDefault::Int(2),
    }],
    presets: &[],
    about: About::NONE,
};

const MOVES: [Move; 4] = [Move::Safe, Move::Risky, Move::Win, Move::Lose];

impl Game for Gamble {
    type State = Stage;
    type Action = Move;
    type View = Stage;

    fn spec() -> &'static GameSpec {
        &SPEC
    }
    fn new(_: &Options) -> Result<Self, OptionsError> {
        Ok(Gamble { p: 0.5 })
    }
    fn options(&self) -> Options {
        Options::defaults(&SPEC)
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_distinct_actions(&self) -> usize {
        4
    }
    fn max_game_length(&self) -> usize {
        2
    }
    fn initial_state(&self) -> Stage {
        Stage::Choose
    }
    fn turn(&self, s: &Stage) -> Turn {
        match s {
            Stage::Choose => Turn::Player(0),
            Stage::Spin => Turn::Chance,
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, s: &Stage, out: &mut Vec<Move>) {
        out.clear();
        match s {
            Stage::Choose => out.extend([Move::Safe, Move::Risky]),
            Stage::Spin => out.extend([Move::Win, Move::Lose]),
            _ => {}
        }
    }
    fn chance_outcomes(&self, s: &Stage, out: &mut Vec<(Move, f64)>) {
        out.clear();
        if *s == Stage::Spin {
            out.extend([(Move::Win, self.p), (Move::Lose, 1.0 - self.p)]);
        }
    }
    fn check(&self, s: &Stage, a: Move) -> Result<(), Illegal> {
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        if legal.contains(&a) { Ok(()) } else { Err(Illegal::new("not now")) }
    }
    fn play_unchecked(&self, s: &mut Stage, a: Move) {
        *s = match a {
            Move::Safe => Stage::Safe,
            Move::Risky => Stage::Spin,
            Move::Win => Stage::Won,
            Move::Lose => Stage::Lost,
        }
    }
    fn returns_into(&self, s: &Stage, out: &mut [f64]) {
        let r = match s {
            Stage::Won => 1.0,
            Stage::Lost => -1.0,
            Stage::Safe => 0.2,
            _ => 0.0,
        };
        out[0] = r;
        out[1] = -r;
    }
    fn view(&self, s: &Stage, _: usize) -> Stage {
        *s
    }
    fn public_view(&self, s: &Stage) -> Stage {
        *s
    }
    fn view_player(&self, _: &Stage) -> usize {
        0
    }
    fn determinize<R: Rng + ?Sized>(&self, v: &Stage, _: &mut R) -> Stage {
        *v
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![5]
    }
    fn write_observation(&self, v: &Stage, out: &mut [f32]) {
        let mut w = tabula_core::observation::Writer::new(out);
        w.one_hot(*v as usize, 5);
        w.finish();
    }
    fn action_text(&self, a: Move) -> String {
        format!("{a:?}").to_lowercase()
    }
    fn parse_action(&self, text: &str) -> Result<Move, ParseActionError> {
        MOVES
            .into_iter()
            .find(|&m| self.action_text(m) == text)
            .ok_or_else(|| ParseActionError::new(text, "safe, risky, win or lose"))
    }
    fn action_index(&self, a: Move) -> usize {
        MOVES.iter().position(|&m| m == a).unwrap_or(0)
    }
    fn action_from_index(&self, i: usize) -> Option<Move> {
        MOVES.get(i).copied()
    }
    fn validate(&self, s: Stage) -> Result<Stage, SetupError> {
        Ok(s)
    }
    /// A timid beginner: always `safe`.
    fn heuristic_policy<R: Rng + ?Sized>(&self, _: &Stage, legal: &[Move], _: &mut R) -> Option<Move> {
        legal.contains(&Move::Safe).then_some(Move::Safe)
    }
}

#[test]
fn the_searches_gamble_exactly_when_the_odds_pay() {
    for (p, expected) in [(0.9, Move::Risky), (0.75, Move::Risky), (0.45, Move::Safe), (0.2, Move::Safe)] {
        let game = Gamble { p };
        let view = Stage::Choose;
        let mut mcts = MctsBot::new(SearchConfig::iterations(4000), 1, 3);
        assert_eq!(mcts.choose(&game, &view), expected, "mcts at p = {p}");
        let risky = mcts.explain().unwrap().into_iter().find(|c| c.action == Move::Risky).unwrap();
        // A sampled mean: within a few standard errors (at most 1 / √visits) of 2p − 1.
        let tolerance = 3.0 / (risky.visits as f64).sqrt();
        assert!((risky.value - (2.0 * p - 1.0)).abs() < tolerance, "risky at p = {p}: {risky:?}");
        let mut ismcts = IsmctsBot::new(SearchConfig::iterations(4000), 3);
        assert_eq!(ismcts.choose(&game, &view), expected, "ismcts at p = {p}");
    }
}

#[test]
fn the_rollout_bot_leaves_the_policy_only_for_a_clearly_better_move() {
    let config = RolloutConfig { budget: Budget::iterations(4000), ..RolloutConfig::default() };
    // The timid policy is wrong when the odds pay well, right when they do not; at
    // p = 0.6 both moves are worth 0.2 and the bot keeps the policy's move.
    for (p, expected) in [(0.9, Move::Risky), (0.8, Move::Risky), (0.6, Move::Safe), (0.3, Move::Safe)] {
        let game = Gamble { p };
        let mut bot = RolloutBot::new(config, 5);
        assert_eq!(bot.choose(&game, &Stage::Choose), expected, "p = {p}");
        let explained = bot.explain().unwrap();
        assert_eq!(explained[0].action, expected);
        let risky = explained.iter().find(|c| c.action == Move::Risky).unwrap();
        assert_eq!(risky.visits, 2000, "every world tries both moves");
        assert!((risky.value - (2.0 * p - 1.0)).abs() < 3.0 / (risky.visits as f64).sqrt(), "{risky:?}");
        assert_eq!(bot.last_iterations(), 4000);
    }
}
