//! Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse,
//! 2012; OpenSpiel `is_mcts.h`).
//!
//! The tree is built from the searching seat's point of view: its root is the seat's
//! information set, and every iteration samples a fresh determinization of the view,
//! then walks the tree with it. A node's children are the moves seen so far below it;
//! since different worlds allow different moves, each child counts how often it was
//! *available*, and UCB uses that count in place of the parent's visits. Chance outcomes
//! are keyed by what the searching seat observes of them ([`Game::observe_action`]): a
//! card it draws is a branch per card, a card an opponent draws is one branch, `card ?`.
//!
//! The search never holds the true state: it is given a view, and every state it touches
//! comes from [`Game::determinize`] of that view.
//!
//! Nodes live in one `Vec`; since children appear one at a time, they are linked as
//! siblings rather than stored as a range.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tabula_core::{Game, InformationKind, Turn, sample_chance};

use crate::evaluator::{Evaluator, RandomRollout};
use crate::mcts::{SearchConfig, explanation, most_visited};
use crate::scale::ReturnScale;
use crate::{Bot, Considered};

const NONE: u32 = u32::MAX;
const CHANCE: u8 = u8::MAX;

/// What labels an edge, as the searching seat tells edges apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Edge<A> {
    /// A move, or a chance outcome the searching seat sees in full.
    Action(A),
    /// A chance outcome partly hidden from the searching seat: the hash of what it sees.
    Seen(u64),
}

#[derive(Debug, Clone, Copy)]
struct Node<A> {
    edge: Option<Edge<A>>,
    first: u32,
    next: u32,
    visits: u32,
    /// How many times this move was legal when its parent was visited.
    available: u32,
    actor: u8,
    value: f64,
}

/// The information-set MCTS bot.
#[derive(Debug, Clone)]
pub struct IsmctsBot<G: Game, E: Evaluator<G> = RandomRollout<G>> {
    config: SearchConfig,
    evaluator: E,
    rng: ChaCha8Rng,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    actions: Vec<G::Action>,
    untried: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
    returns: Vec<f64>,
    /// Per action index: the stamp of the last visit that marked it, and its child there.
    marks: Vec<(u32, u32)>,
    stamp: u32,
    scale: ReturnScale,
    last: Option<Vec<Considered<G::Action>>>,
    iterations: u64,
}

impl<G: Game> IsmctsBot<G> {
    /// An ISMCTS bot with random rollouts (cut off at `config.rollout_depth`).
    pub fn new(config: SearchConfig, seed: u64) -> Self {
        IsmctsBot::with_evaluator(config, RandomRollout::new(config.rollout_depth), seed)
    }
}

impl<G: Game, E: Evaluator<G>> IsmctsBot<G, E> {
    /// An ISMCTS bot valuing leaves with `evaluator`.
    pub fn with_evaluator(config: SearchConfig, evaluator: E, seed: u64) -> Self {
        IsmctsBot {
            config,
            evaluator,
            rng: ChaCha8Rng::seed_from_u64(seed),
            nodes: Vec::new(),
            path: Vec::new(),
            actions: Vec::new(),
            untried: Vec::new(),
            outcomes: Vec::new(),
            returns: Vec::new(),
            marks: Vec::new(),
            stamp: 0,
            scale: ReturnScale::new::<G>(config.observed_scale),
            last: None,
            iterations: 0,
        }
    }

    /// The iterations the last move's search ran.
    pub fn last_iterations(&self) -> u64 {
        self.iterations
    }

    /// Searches from `view` (the seat to act) and returns each root move's visits and
    /// summed value.
    fn search(&mut self, game: &G, view: &G::View) -> Vec<Considered<G::Action>> {
        let observer = game.view_player(view);
        self.nodes.clear();
        self.nodes.push(Node {
            edge: None,
            first: NONE,
            next: NONE,
            visits: 0,
            available: 0,
            actor: CHANCE,
            value: 0.0,
        });
        self.returns.clear();
        self.returns.resize(game.num_players(), 0.0);
        self.marks.clear();
        self.marks.resize(game.num_distinct_actions(), (0, NONE));
        self.stamp = 0;
        self.scale.reset();
        let mut meter = self.config.budget.start();
        while meter.tick() {
            let state = crate::sample_belief(game, view, observer, self.config.beliefs, &mut self.rng);
            self.iterate(game, state, observer);
        }
        self.iterations = meter.done();
        let mut stats = Vec::new();
        let mut child = self.nodes[0].first;
        while child != NONE {
            let node = &self.nodes[child as usize];
            if let Some(Edge::Action(action)) = node.edge {
                stats.push(Considered { action, visits: u64::from(node.visits), value: node.value });
            }
            child = node.next;
        }
        stats
    }

    fn iterate(&mut self, game: &G, mut state: G::State, observer: usize) {
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        loop {
            match game.turn(&state) {
                Turn::Terminal => {
                    game.returns_into(&state, &mut self.returns);
                    break;
                }
                Turn::Chance => {
                    let outcome = sample_chance(game, &state, &mut self.outcomes, &mut self.rng);
                    node = self.follow_outcome(game, &mut state, node, outcome, observer);
                }
                Turn::Player(seat) if self.config.model_opponents && seat != observer => {
                    // The opponent model: the opponent's own policy on its view of this
                    // world, an outcome of the world like a chance node's.
                    game.legal_actions(&state, &mut self.actions);
                    let random = self.actions[self.rng.random_range(0..self.actions.len())];
                    let action = if self.actions.len() == 1 {
                        random
                    } else {
                        let view = game.view(&state, seat);
                        game.heuristic_policy(&view, &self.actions, &mut self.rng).unwrap_or(random)
                    };
                    node = self.follow_outcome(game, &mut state, node, action, observer);
                }
                Turn::Player(seat) => {
                    let (child, fresh) = self.select_or_expand(game, &state, node, seat);
                    let action = match self.nodes[child].edge {
                        Some(Edge::Action(action)) => action,
                        _ => unreachable!("decision edges are moves"),
                    };
                    game.play_unchecked(&mut state, action);
                    node = child;
                    self.path.push(child as u32);
                    if fresh {
                        self.evaluator.evaluate(game, &mut state, &mut self.rng, &mut self.returns);
                        break;
                    }
                }
            }
        }
        self.scale.observe(&self.returns);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            if node.actor != CHANCE {
                node.value += self.returns[node.actor as usize];
            }
        }
    }

    /// Plays `outcome` (a chance outcome, or a modelled opponent's move) from `node`, whose
    /// child is keyed by what `observer` sees of it, and returns that child (added if new).
    fn follow_outcome(
        &mut self,
        game: &G,
        state: &mut G::State,
        node: usize,
        outcome: G::Action,
        observer: usize,
    ) -> usize {
        let edge = observed_edge(game, state, outcome, observer);
        let child = match self.find_child(node, edge) {
            Some(child) => child,
            None => self.add_child(node, edge, CHANCE),
        };
        game.play_unchecked(state, outcome);
        self.path.push(child as u32);
        child
    }

    /// At a decision: counts the availability of the children legal in this world, then
    /// adds a child for an untried legal move if there is one (returning it as fresh), or
    /// picks the best available child by UCB.
    fn select_or_expand(&mut self, game: &G, state: &G::State, node: usize, seat: usize) -> (usize, bool) {
        game.legal_actions(state, &mut self.actions);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill((0, NONE));
            self.stamp = 1;
        }
        let mut child = self.nodes[node].first;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if let Some(Edge::Action(action)) = n.edge {
                if n.actor != CHANCE {
                    self.marks[game.action_index(action)] = (self.stamp, child);
                }
            }
            child = n.next;
        }
        self.untried.clear();
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let scale = self.scale.factor();
        for &action in &self.actions {
            let (stamp, child) = self.marks[game.action_index(action)];
            if stamp != self.stamp {
                self.untried.push(action);
                continue;
            }
            let n = &mut self.nodes[child as usize];
            n.available += 1;
            let visits = f64::from(n.visits.max(1));
            let score =
                n.value / visits * scale + self.config.c * (f64::from(n.available).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = child;
            }
        }
        if !self.untried.is_empty() {
            let action = self.untried[self.rng.random_range(0..self.untried.len())];
            let child = self.add_child(node, Edge::Action(action), seat as u8);
            self.nodes[child].available = 1;
            return (child, true);
        }
        (best as usize, false)
    }

    fn find_child(&self, node: usize, edge: Edge<G::Action>) -> Option<usize> {
        let mut child = self.nodes[node].first;
        while child != NONE {
            let n = &self.nodes[child as usize];
            if n.edge == Some(edge) {
                return Some(child as usize);
            }
            child = n.next;
        }
        None
    }

    fn add_child(&mut self, node: usize, edge: Edge<G::Action>, actor: u8) -> usize {
        let id = self.nodes.len() as u32;
        let next = self.nodes[node].first;
        self.nodes.push(Node {
            edge: Some(edge),
            first: NONE,
            next,
            visits: 0,
            available: 0,
            actor,
            value: 0.0,
        });
        self.nodes[node].first = id;
        id as usize
    }
}

/// How `observer` tells this chance outcome apart: in full when it sees it all (always with
/// perfect information), else by what it sees.
fn observed_edge<G: Game>(
    game: &G,
    state: &G::State,
    outcome: G::Action,
    observer: usize,
) -> Edge<G::Action> {
    if G::spec().information == InformationKind::Perfect {
        return Edge::Action(outcome);
    }
    let seen = game.observe_action(state, outcome, observer);
    if seen == game.action_text(outcome) {
        Edge::Action(outcome)
    } else {
        let mut hasher = DefaultHasher::new();
        seen.hash(&mut hasher);
        Edge::Seen(hasher.finish())
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for IsmctsBot<G, E> {
    fn name(&self) -> String {
        let mut name = format!("ismcts:{};c={}", self.config.budget, self.config.c);
        if let Some(depth) = self.config.rollout_depth {
            name.push_str(&format!(";depth={depth}"));
        }
        if self.config.model_opponents {
            name.push_str(";opponents=policy");
        }
        if self.config.beliefs > 1 {
            name.push_str(&format!(";beliefs={}", self.config.beliefs));
        }
        name
    }

    fn choose(&mut self, game: &G, view: &G::View) -> G::Action {
        let legal = crate::legal_from_view(game, view, &mut self.rng);
        if legal.len() == 1 {
            self.last = Some(vec![Considered { action: legal[0], visits: 0, value: 0.0 }]);
            self.iterations = 0;
            return legal[0];
        }
        let stats = self.search(game, view);
        let best = most_visited(&stats).expect("the seat to act has a legal move");
        self.last = Some(explanation(stats));
        best
    }

    fn explain(&self) -> Option<Vec<Considered<G::Action>>> {
        self.last.clone()
    }
}
