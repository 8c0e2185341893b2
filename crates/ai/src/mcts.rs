//! Monte Carlo tree search (UCT) with chance nodes, over the generic [`Game`] traits.
//!
//! The tree is an arena: every node lives in one `Vec`, and a node's children are a
//! contiguous index range, pushed all at once when the node is first expanded
//! (board-game-rs). Chance nodes keep their outcomes with their probabilities and sample
//! one per visit. Each node stores the return of the seat that chose the move into it, so
//! any number of seats (teams, general-sum returns) back up correctly. Leaves are valued
//! by an [`Evaluator`], random rollouts by default (OpenSpiel `mcts.h`).
//!
//! The search runs on full states. A bot has only its seat's view, so [`MctsBot`] searches
//! determinizations of it: the one exact state of a perfect-information game, or, with
//! hidden information, `worlds` sampled states whose root statistics are summed
//! (determinized UCT). [`crate::IsmctsBot`] is the information-set search.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, InformationKind, Turn};

use crate::budget::Budget;
use crate::evaluator::{Evaluator, RandomRollout};
use crate::scale::ReturnScale;
use crate::{Bot, Considered};

const NONE: u32 = u32::MAX;
/// The `actor` of a chance outcome's node, and the `turn` of a chance node.
const CHANCE: u8 = u8::MAX;
/// The `turn` of a node no iteration has reached with a state yet.
const UNSEEN: u8 = u8::MAX - 1;
/// The `turn` of a terminal node (its returns are kept in `Mcts::terminal`).
const TERMINAL: u8 = u8::MAX - 2;

/// The settings of a tree search. Few knobs, each with a reason.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchConfig {
    /// How long to search.
    pub budget: Budget,
    /// The UCT exploration constant, on returns scaled to `0..=1` by the game's declared
    /// return range (`√2` is the textbook value for that scale).
    pub c: f64,
    /// Rollouts stop after this many actions and the game's heuristic values the state;
    /// `None` rolls out to the end. A cutoff trades bias for much less noise in long games.
    pub rollout_depth: Option<usize>,
    /// Scale returns by the range the search has seen rather than the game's declared
    /// range (for money games: see [`ReturnScale`]).
    pub observed_scale: bool,
    /// Information-set search only: the opponents' moves inside the tree are those of the
    /// game's [`Game::heuristic_policy`] on their own view of each determinization (an
    /// opponent model), rather than searched by UCB in the searching seat's tree, where an
    /// opponent's choice cannot depend on its own hidden cards.
    pub model_opponents: bool,
    /// Information-set search only: each iteration draws this many determinizations and
    /// searches one of them, picked in proportion to [`Game::belief_weight`] (1: every
    /// determinization as dealt).
    pub beliefs: usize,
}

impl SearchConfig {
    /// `iterations` iterations, `c = √2`, rollouts to the end.
    pub fn iterations(iterations: u64) -> Self {
        SearchConfig {
            budget: Budget::iterations(iterations),
            c: std::f64::consts::SQRT_2,
            rollout_depth: None,
            observed_scale: false,
            model_opponents: false,
            beliefs: 1,
        }
    }
}

/// One node of the arena.
#[derive(Debug, Clone, Copy)]
struct Node<A> {
    /// The move into this node (`None` at the root).
    action: Option<A>,
    /// The first child, or `NONE` before expansion.
    first: u32,
    /// How many children.
    len: u32,
    visits: u32,
    /// The seat that chose `action`, or `CHANCE`.
    actor: u8,
    /// Whose turn it is at this node: a seat, `CHANCE`, `TERMINAL`, or `UNSEEN` until an
    /// iteration reaches it with a state.
    turn: u8,
    /// For a chance outcome: its probability.
    prob: f32,
    /// The sum of the returns of `actor` over the iterations through this node.
    value: f64,
}

/// A UCT search tree over one game, reused from search to search (its buffers keep their
/// capacity).
#[derive(Debug, Clone)]
pub struct Mcts<G: Game, E: Evaluator<G> = RandomRollout<G>> {
    config: SearchConfig,
    evaluator: E,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    actions: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
    returns: Vec<f64>,
    /// UCT works on returns scaled to `0..=1`.
    scale: ReturnScale,
    /// The state each iteration plays on, overwritten from the root with `clone_from`
    /// (boxed, so that taking it out of `self` moves a pointer, not the state). Games
    /// whose states have spare capacity copy only what is in use.
    scratch: Option<Box<G::State>>,
    /// The returns of the terminal nodes met so far, `num_players` each; a terminal node's
    /// `first` is the offset of its returns here.
    terminal: Vec<f64>,
    /// `ln n` for small visit counts: UCT asks for it at every selection.
    ln: Vec<f64>,
}

/// Visit counts below this read their logarithm from a table.
const LN_TABLE: usize = 4096;

impl<G: Game> Mcts<G> {
    /// A search with random rollouts (cut off at `config.rollout_depth`).
    pub fn new(config: SearchConfig) -> Self {
        Mcts::with_evaluator(config, RandomRollout::new(config.rollout_depth))
    }
}

/// What one search found at the root: each root move with its visits and summed value.
pub type RootStats<A> = Vec<Considered<A>>;

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// A search that values leaves with `evaluator`.
    pub fn with_evaluator(config: SearchConfig, evaluator: E) -> Self {
        Mcts {
            config,
            evaluator,
            nodes: Vec::new(),
            path: Vec::new(),
            actions: Vec::new(),
            outcomes: Vec::new(),
            returns: Vec::new(),
            scale: ReturnScale::new::<G>(config.observed_scale),
            scratch: None,
            terminal: Vec::new(),
            ln: Vec::new(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Searches from `root` (a player's decision) within `budget` and returns every root
    /// move with its visit count and *summed* value for the seat to act, in legal order.
    /// Also returns the number of iterations run.
    pub fn search(
        &mut self,
        game: &G,
        root: &G::State,
        budget: Budget,
        rng: &mut ChaCha8Rng,
    ) -> (RootStats<G::Action>, u64) {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            first: NONE,
            len: 0,
            visits: 0,
            actor: CHANCE,
            turn: UNSEEN,
            prob: 1.0,
            value: 0.0,
        });
        self.returns.clear();
        self.returns.resize(game.num_players(), 0.0);
        self.terminal.clear();
        self.scale.reset();
        if self.ln.is_empty() {
            self.ln = (0..LN_TABLE).map(|n| (n.max(1) as f64).ln()).collect();
        }
        let mut meter = budget.start();
        while meter.tick() {
            self.iterate(game, root, rng);
        }
        let root = self.nodes[0];
        let mut stats = Vec::with_capacity(root.len as usize);
        if root.first != NONE {
            for node in &self.nodes[root.first as usize..(root.first + root.len) as usize] {
                stats.push(Considered {
                    action: node.action.expect("children have actions"),
                    visits: u64::from(node.visits),
                    value: node.value,
                });
            }
        }
        (stats, meter.done())
    }

    /// One iteration: selection, expansion, evaluation and backup.
    ///
    /// Selection first walks the nodes already known without any state: chance nodes are
    /// sampled from their stored outcomes, decisions chosen by UCT, and a terminal node's
    /// returns are read from the tree. Only when the walk needs the game (a node never
    /// reached before, an expansion, a leaf to evaluate) is the root copied and the path
    /// replayed. In long games nearly every iteration does that, as a plain search would;
    /// in short ones many iterations end on known terminal nodes and cost no game call at
    /// all. Either way the iterations, their random draws and the statistics are the same.
    fn iterate(&mut self, game: &G, root: &G::State, rng: &mut ChaCha8Rng) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        loop {
            let Node { turn, first, .. } = self.nodes[node];
            match turn {
                TERMINAL => {
                    let at = first as usize;
                    let n = self.returns.len();
                    self.returns.copy_from_slice(&self.terminal[at..at + n]);
                    self.backup();
                    return;
                }
                UNSEEN => break,
                _ if first == NONE => break,
                CHANCE => {
                    node = self.sample_outcome(node, rng);
                    self.path.push(node as u32);
                }
                _ => {
                    let child = self.select(node);
                    if self.nodes[child].visits == 0 {
                        break;
                    }
                    node = child;
                    self.path.push(node as u32);
                }
            }
        }
        let mut state = match self.scratch.take() {
            Some(mut state) => {
                state.as_mut().clone_from(root);
                state
            }
            None => Box::new(root.clone()),
        };
        for &i in &self.path[1..] {
            game.play_unchecked(&mut state, self.nodes[i as usize].action.expect("a move into a child"));
        }
        self.descend(game, &mut state, node, rng);
        self.scratch = Some(state);
    }

    /// The rest of an iteration from `node`, whose state is `state`.
    fn descend(&mut self, game: &G, state: &mut G::State, mut node: usize, rng: &mut ChaCha8Rng) {
        loop {
            match game.turn(state) {
                Turn::Terminal => {
                    game.returns_into(state, &mut self.returns);
                    let at = self.terminal.len() as u32;
                    self.terminal.extend_from_slice(&self.returns);
                    let known = &mut self.nodes[node];
                    known.turn = TERMINAL;
                    known.first = at;
                    break;
                }
                Turn::Chance => {
                    self.nodes[node].turn = CHANCE;
                    if self.nodes[node].first == NONE {
                        self.expand_chance(game, state, node);
                    }
                    let child = self.sample_outcome(node, rng);
                    game.play_unchecked(state, self.nodes[child].action.expect("an outcome"));
                    node = child;
                    self.path.push(child as u32);
                }
                Turn::Player(seat) => {
                    self.nodes[node].turn = seat as u8;
                    if self.nodes[node].first == NONE {
                        self.expand_player(game, state, node, seat, rng);
                    }
                    let child = self.select(node);
                    let fresh = self.nodes[child].visits == 0;
                    game.play_unchecked(state, self.nodes[child].action.expect("a move"));
                    node = child;
                    self.path.push(child as u32);
                    if fresh {
                        self.evaluator.evaluate(game, state, rng, &mut self.returns);
                        break;
                    }
                }
            }
        }
        self.backup();
    }

    /// Adds the iteration's returns to every node on its path.
    fn backup(&mut self) {
        self.scale.observe(&self.returns);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            if node.actor != CHANCE {
                node.value += self.returns[node.actor as usize];
            }
        }
    }

    fn expand_chance(&mut self, game: &G, state: &G::State, node: usize) {
        game.chance_outcomes(state, &mut self.outcomes);
        let first = self.nodes.len() as u32;
        for &(action, p) in &self.outcomes {
            self.nodes.push(Node {
                action: Some(action),
                first: NONE,
                len: 0,
                visits: 0,
                actor: CHANCE,
                turn: UNSEEN,
                prob: p as f32,
                value: 0.0,
            });
        }
        self.nodes[node].first = first;
        self.nodes[node].len = self.outcomes.len() as u32;
    }

    fn expand_player(&mut self, game: &G, state: &G::State, node: usize, seat: usize, rng: &mut ChaCha8Rng) {
        game.legal_actions(state, &mut self.actions);
        // Unvisited children are tried in order, so shuffle them once: no move is favoured
        // by its place in the legal list.
        self.actions.shuffle(rng);
        let first = self.nodes.len() as u32;
        for &action in &self.actions {
            self.nodes.push(Node {
                action: Some(action),
                first: NONE,
                len: 0,
                visits: 0,
                actor: seat as u8,
                turn: UNSEEN,
                prob: 0.0,
                value: 0.0,
            });
        }
        self.nodes[node].first = first;
        self.nodes[node].len = self.actions.len() as u32;
    }

    fn sample_outcome(&self, node: usize, rng: &mut ChaCha8Rng) -> usize {
        let Node { first, len, .. } = self.nodes[node];
        let (first, last) = (first as usize, (first + len) as usize);
        let mut x: f32 = rng.random::<f32>();
        for i in first..last {
            let p = self.nodes[i].prob;
            if x < p {
                return i;
            }
            x -= p;
        }
        last - 1
    }

    fn select(&self, node: usize) -> usize {
        let Node { first, len, visits, .. } = self.nodes[node];
        let (first, last) = (first as usize, (first + len) as usize);
        let log_n = match self.ln.get(visits as usize) {
            Some(&ln) => ln,
            None => f64::from(visits).ln(),
        };
        let scale = self.scale.factor();
        let mut best = first;
        let mut best_score = f64::NEG_INFINITY;
        for i in first..last {
            let child = &self.nodes[i];
            if child.visits == 0 {
                return i;
            }
            let n = f64::from(child.visits);
            let score = child.value / n * scale + self.config.c * (log_n / n).sqrt();
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }
}

/// Adds `more` into `into`, matching moves (each list holds distinct moves).
pub(crate) fn merge_stats<A: PartialEq + Copy>(into: &mut Vec<Considered<A>>, more: &[Considered<A>]) {
    for m in more {
        match into.iter_mut().find(|c| c.action == m.action) {
            Some(c) => {
                c.visits += m.visits;
                c.value += m.value;
            }
            None => into.push(*m),
        }
    }
}

/// The most visited move (ties: the higher mean value, then the first).
pub(crate) fn most_visited<A: Copy>(stats: &[Considered<A>]) -> Option<A> {
    let mut best: Option<&Considered<A>> = None;
    for c in stats {
        let better = match best {
            None => true,
            Some(b) => c.visits > b.visits || (c.visits == b.visits && c.mean() > b.mean()),
        };
        if better {
            best = Some(c);
        }
    }
    best.map(|c| c.action)
}

/// Sorts by visits, best first, and turns summed values into means.
pub(crate) fn explanation<A: Copy>(mut stats: Vec<Considered<A>>) -> Vec<Considered<A>> {
    stats.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean().total_cmp(&a.mean())));
    for c in &mut stats {
        c.value = c.mean();
    }
    stats
}

/// The UCT bot: searches determinizations of its view with [`Mcts`].
///
/// With perfect information the view determinizes to the one true state and the bot
/// searches it. With hidden information it runs one search per sampled world (`worlds`
/// of them, the budget shared out) and sums the root statistics.
#[derive(Debug, Clone)]
pub struct MctsBot<G: Game, E: Evaluator<G> = RandomRollout<G>> {
    mcts: Mcts<G, E>,
    worlds: usize,
    rng: ChaCha8Rng,
    last: Option<Vec<Considered<G::Action>>>,
    iterations: u64,
}

impl<G: Game> MctsBot<G> {
    /// A UCT bot with random rollouts; `worlds` determinizations per move when information
    /// is hidden (ignored, as 1, with perfect information).
    pub fn new(config: SearchConfig, worlds: usize, seed: u64) -> Self {
        MctsBot::with_evaluator(config, RandomRollout::new(config.rollout_depth), worlds, seed)
    }
}

impl<G: Game, E: Evaluator<G>> MctsBot<G, E> {
    /// A UCT bot valuing leaves with `evaluator`.
    pub fn with_evaluator(config: SearchConfig, evaluator: E, worlds: usize, seed: u64) -> Self {
        let worlds = if G::spec().information == InformationKind::Perfect { 1 } else { worlds.max(1) };
        MctsBot {
            mcts: Mcts::with_evaluator(config, evaluator),
            worlds,
            rng: ChaCha8Rng::seed_from_u64(seed),
            last: None,
            iterations: 0,
        }
    }

    /// The iterations the last move's search ran, over all worlds.
    pub fn last_iterations(&self) -> u64 {
        self.iterations
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for MctsBot<G, E> {
    fn name(&self) -> String {
        let config = self.mcts.config();
        let mut name = format!("mcts:{};c={}", config.budget, config.c);
        if let Some(depth) = config.rollout_depth {
            name.push_str(&format!(";depth={depth}"));
        }
        if G::spec().information == InformationKind::Imperfect {
            name.push_str(&format!(";worlds={}", self.worlds));
        }
        name
    }

    fn choose(&mut self, game: &G, view: &G::View) -> G::Action {
        let budget = self.mcts.config().budget.split(self.worlds);
        let mut total: Vec<Considered<G::Action>> = Vec::new();
        self.iterations = 0;
        for world in 0..self.worlds {
            let state = game.determinize(view, &mut self.rng);
            if world == 0 {
                game.legal_actions(&state, &mut self.mcts.actions);
                if self.mcts.actions.len() == 1 {
                    // A forced move: nothing to search.
                    let only = self.mcts.actions[0];
                    self.last = Some(vec![Considered { action: only, visits: 0, value: 0.0 }]);
                    return only;
                }
            }
            let (stats, iterations) = self.mcts.search(game, &state, budget, &mut self.rng);
            self.iterations += iterations;
            merge_stats(&mut total, &stats);
        }
        let best = most_visited(&total).expect("the seat to act has a legal move");
        self.last = Some(explanation(total));
        best
    }

    fn explain(&self) -> Option<Vec<Considered<G::Action>>> {
        self.last.clone()
    }
}
