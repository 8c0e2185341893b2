"""PettingZoo environments for every tabula game.

``env(id, **options)`` is an AEC environment (PettingZoo's API for turn-based games):
agents ``player_0`` .. ``player_{n-1}``, observations ``{"observation", "action_mask"}``
(the seat's observation tensor, ``float32``, and the legal action mask, ``int8``), actions
the game's action indices (``Discrete(num_distinct_actions)``). Chance nodes (dice, shuffles,
draws) are sampled inside the environment from a generator seeded by ``reset(seed=...)``,
so two environments reset with the same seed and given the same actions play the same game.
Rewards come when the game ends: each seat's return (``State.returns()``).

``parallel_env(id, **options)`` is the same game behind PettingZoo's parallel API: every
live agent submits an action each step and only the acting seat's counts.

Settings besides the game's options:

- ``max_cycles``: how many cycles to play at most, a cycle being one step of every agent
  (PettingZoo's meaning). AEC: an agent that has acted ``max_cycles`` times is truncated
  (reward 0) and leaves; its seat's later turns (a tabula seat may act several times in a
  row, or sit out a hand) are played at random from the seeded generator until every agent
  is out or the game ends. Parallel: every agent is truncated after ``max_cycles`` steps.
  ``None`` (the default): games run to their end, which every tabula game reaches.
- ``illegal_action``: what an action outside the mask does. ``"raise"`` (the default):
  ``ValueError`` with the rule's sentence, nothing changes. ``"random"``: a uniformly drawn
  legal action is played instead (from the seeded generator), and the agent's info says
  ``{"illegal_action": a, "played": b, "reason": ...}``; PettingZoo's ``max_cycles_test``,
  ``parallel_seed_test`` and ``state_test`` need it, since they sample actions without the
  mask.
- ``observation_format``: ``"dict"`` (the default) gives ``{"observation", "action_mask"}``;
  ``"box"`` gives the observation tensor alone (a ``Box``, which SuperSuit's ``flatten``,
  ``dtype``, ``normalize_obs`` and ``frame_stack`` take) with the mask in each agent's info
  as ``info["action_mask"]`` (PettingZoo's other documented place for it).

``state()`` is the global state a centralized critic (MAPPO, QMIX) reads: every seat's
observation tensor, seat 0 first, flat (``state_space``, a ``Box``). It holds what the seats
see together, never what no seat sees (the order of a deck).
- ``normalize_rewards``: ``True`` divides the rewards by the game's return unit
  (``Game.return_unit()``: Sabacc's money counted in caves, its ``buy_in``; 1 elsewhere).
- ``render_mode``: ``"ansi"`` (``render()`` returns the public view as JSON text) or
  ``"human"`` (prints it).
"""

from __future__ import annotations

import json

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ._tabula import load_game

#: Every value of an observation tensor lies in ``-BOUND..BOUND`` (the conformance harness
#: checks it for every game; docs/python-observations.md).
OBSERVATION_BOUND = 16.0

_ILLEGAL = ("raise", "random")
_FORMATS = ("dict", "box")


def env(game_id, **kwargs):
    """An AEC environment for game ``game_id`` with its options, checked for call order."""
    return wrappers.OrderEnforcingWrapper(raw_env(game_id, **kwargs))


def parallel_env(game_id, **kwargs):
    """A parallel environment for game ``game_id`` with its options."""
    return TabulaParallelEnv(game_id, **kwargs)


class _Table:
    """What both environments share: the game, its spaces, the seeded game in progress."""

    def __init__(
        self, game_id, max_cycles, illegal_action, observation_format, normalize_rewards, options
    ):
        if illegal_action not in _ILLEGAL:
            raise ValueError(
                f"illegal_action must be one of {', '.join(_ILLEGAL)}, not {illegal_action!r}"
            )
        if observation_format not in _FORMATS:
            raise ValueError(
                f"observation_format must be one of {', '.join(_FORMATS)}, "
                f"not {observation_format!r}"
            )
        self.boxed = observation_format == "box"
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.game = load_game(game_id, **options)
        self.reward_unit = self.game.return_unit() if normalize_rewards else 1.0
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        n = self.game.num_players()
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        tensor = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32)
        self.observation_spaces = {
            agent: tensor
            if self.boxed
            else spaces.Dict(
                {"observation": tensor, "action_mask": spaces.Box(0, 1, (actions,), np.int8)}
            )
            for agent in self.possible_agents
        }
        size = int(np.prod(shape))
        self.state_space = spaces.Box(
            -OBSERVATION_BOUND, OBSERVATION_BOUND, (n * size,), np.float32
        )
        # The mask of a seat not to act: all zeros, shared and read-only.
        self.no_moves = np.zeros(actions, np.int8)
        self.no_moves.flags.writeable = False
        self.action_spaces = {
            agent: spaces.Discrete(actions) for agent in self.possible_agents
        }
        self.rng = None
        self.state = None

    def new_game(self, seed):
        if seed is not None or self.rng is None:
            self.rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state(int(self.rng.integers(0, 2**63)))
        self.play_chance()

    def play_chance(self):
        while self.state.is_chance_node():
            self.state.sample_chance()

    def play(self, agent, action):
        """Plays `action` for `agent` (who must be to act); returns the agent's info."""
        action = int(action)
        try:
            self.state.apply_action(action)
            info = {}
        except ValueError as refusal:
            if self.illegal_action == "raise":
                raise ValueError(f"{agent}: {refusal}") from None
            legal = self.state.legal_actions()
            played = int(legal[self.rng.integers(len(legal))])
            self.state.apply_action(played)
            info = {"illegal_action": action, "played": played, "reason": str(refusal)}
        self.play_chance()
        return info

    def autoplay(self):
        """Plays a uniformly drawn legal action for the seat to act (seeded)."""
        legal = self.state.legal_actions()
        self.state.apply_action(int(legal[self.rng.integers(len(legal))]))
        self.play_chance()

    def to_act(self):
        return self.possible_agents[self.state.current_player()]

    def mask(self, agent):
        """The agent's legal action mask (``int8``)."""
        state = self.state
        if state.is_terminal() or state.current_player() != self.seats[agent]:
            return self.no_moves
        return state.legal_actions_mask(self.seats[agent]).astype(np.int8)

    def observe(self, agent):
        tensor = self.state.observation_tensor(self.seats[agent])
        if self.boxed:
            return tensor
        return {"observation": tensor, "action_mask": self.mask(agent)}

    def with_masks(self, infos):
        """The infos with each agent's mask in them, when masks are not in observations."""
        if self.boxed:
            for agent, info in infos.items():
                info["action_mask"] = self.mask(agent)
        return infos

    def final_rewards(self):
        """Each seat's return at the end, in the environment's unit."""
        return [float(r) / self.reward_unit for r in self.state.returns()]

    def global_state(self):
        """Every seat's observation tensor, seat 0 first, flat."""
        return np.concatenate(
            [self.state.observation_tensor(seat).ravel() for seat in self.seats.values()]
        )

    def render_text(self):
        return json.dumps(self.state.view())


class _Shared:
    """What both environments share: their setup from the settings, their spaces, the global
    state and rendering (the view of the game as JSON text)."""

    def _setup(
        self, game_id, render_mode, max_cycles, illegal_action, observation_format,
        normalize_rewards, options,
    ):
        self._table = _Table(
            game_id, max_cycles, illegal_action, observation_format, normalize_rewards, options
        )
        self.game = self._table.game
        self.metadata = dict(self.metadata, name=f"tabula_{self.game.id}")
        self.render_mode = render_mode
        self.possible_agents = list(self._table.possible_agents)
        self.observation_spaces = self._table.observation_spaces
        self.action_spaces = self._table.action_spaces
        self.state_space = self._table.state_space

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def state(self):
        """The global state: every seat's observation tensor, seat 0 first, flat."""
        return self._table.global_state()

    def render(self):
        if self.render_mode is None:
            return None
        text = self._table.render_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


class raw_env(_Shared, AECEnv):
    """A tabula game as a PettingZoo AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tabula", "is_parallelizable": False}

    def __init__(
        self,
        game_id,
        render_mode=None,
        max_cycles=None,
        illegal_action="raise",
        observation_format="dict",
        normalize_rewards=False,
        **options,
    ):
        super().__init__()
        self._setup(
            game_id, render_mode, max_cycles, illegal_action, observation_format,
            normalize_rewards, options,
        )

    @property
    def state_now(self):
        """The tabula `State` being played (for bots and inspection)."""
        return self._table.state

    def observe(self, agent):
        return self._table.observe(agent)

    def reset(self, seed=None, options=None):
        self._table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self._table.with_masks({agent: {} for agent in self.agents})
        self._actions_taken = dict.fromkeys(self.agents, 0)
        self._out = set()
        self._skip_agent_selection = None
        self.agent_selection = self._table.to_act()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = self._table.play(agent, action)
        self._actions_taken[agent] += 1
        self._clear_rewards()
        limit = self._table.max_cycles
        if limit is not None and self._actions_taken[agent] >= limit:
            self._out.add(agent)
            if not self._table.state.is_terminal():
                self.truncations[agent] = True
        # A seat whose agent is out (truncated) still has its turns in the game: they are
        # played at random from the seeded generator while any agent is still in.
        table = self._table
        while (
            not table.state.is_terminal()
            and table.to_act() in self._out
            and len(self._out) < len(self.possible_agents)
        ):
            table.autoplay()
        state = table.state
        if state.is_terminal():
            returns = table.final_rewards()
            for other in self.agents:
                self.rewards[other] = returns[table.seats[other]]
                self.terminations[other] = True
            self.agent_selection = self._next_after(agent)
        elif self.truncations[agent]:
            # The agent's dead step comes next, then the seat to act (`_was_dead_step`).
            self._skip_agent_selection = (
                None if len(self._out) == len(self.possible_agents) else table.to_act()
            )
            self.agent_selection = agent
        else:
            self.agent_selection = table.to_act()
        self._accumulate_rewards()
        if table.boxed:
            table.with_masks(self.infos)
        if self.render_mode == "human":
            self.render()

    def _next_after(self, agent):
        order = self.agents
        return order[(order.index(agent) + 1) % len(order)]


class TabulaParallelEnv(_Shared, ParallelEnv):
    """A tabula game behind PettingZoo's parallel API: each step, only the action of the
    seat to act is played (the others' are ignored); see the module's documentation."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tabula"}

    def __init__(
        self,
        game_id,
        render_mode=None,
        max_cycles=None,
        illegal_action="raise",
        observation_format="dict",
        normalize_rewards=False,
        **options,
    ):
        self._setup(
            game_id, render_mode, max_cycles, illegal_action, observation_format,
            normalize_rewards, options,
        )
        self.agents = []

    def reset(self, seed=None, options=None):
        self._table.new_game(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        observations = {agent: self._table.observe(agent) for agent in self.agents}
        return observations, self._table.with_masks({agent: {} for agent in self.agents})

    def step(self, actions):
        acting = self._table.to_act()
        if acting not in actions or actions[acting] is None:
            raise ValueError(f"{acting} is to act and gave no action")
        infos = {agent: {} for agent in self.agents}
        infos[acting] = self._table.play(acting, actions[acting])
        self._steps += 1
        state = self._table.state
        observations = {agent: self._table.observe(agent) for agent in self.agents}
        rewards = dict.fromkeys(self.agents, 0.0)
        terminated = state.is_terminal()
        truncated = (
            not terminated
            and self._table.max_cycles is not None
            and self._steps >= self._table.max_cycles
        )
        if terminated:
            returns = self._table.final_rewards()
            rewards = {agent: returns[self._table.seats[agent]] for agent in self.agents}
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        self._table.with_masks(infos)
        if terminated or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

