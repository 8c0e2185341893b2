"""Every tabula game as a single-agent Gymnasium environment: one seat learns, the others
are played by tabula's bots or by Python policies.

::

    import tabula.gymnasium

    env = tabula.gymnasium.env("abagio", opponents="medium")
    observation, info = env.reset(seed=0)
    action = int(np.flatnonzero(info["action_mask"])[0])
    observation, reward, terminated, truncated, info = env.step(action)

or through Gymnasium's registry (importing this module registers ``tabula/<Id>-v0``, the id
in CamelCase: ``tabula/Abagio-v0``, ``tabula/SabotagePipes-v0``)::

    env = gymnasium.make("tabula/Abagio-v0", opponents="medium")

- The observation is the learning seat's observation tensor (a ``Box`` of ``float32``, values
  in -16..16; docs/python-observations.md); the action space is ``Discrete`` over the game's
  action indices. The legal action mask (``int8``) is in ``info["action_mask"]`` and
  ``env.action_masks()`` (the method sb3-contrib's ``MaskablePPO`` reads).
- ``seat``: the learning seat (default 0). ``opponents``: who plays the other seats — a bot
  name (``"random"``, ``"greedy"``, ``"medium"``, ``"hard"``, ``"mcts"``...), a
  ``tabula.Bot``, or any callable ``policy(state) -> action index`` given the
  ``tabula.State`` (it must read only the acting seat's view: ``state.observation_tensor()``,
  ``state.view(state.current_player())``, ``state.legal_actions()``); or a list of these, one
  per other seat in seat order. A named bot is seeded from ``reset(seed=...)``.
- Chance (dice, shuffles) is drawn inside the environment, seeded by ``reset(seed=...)``: the
  same seed and the same actions give the same game.
- The reward is the learning seat's return when the game ends, 0 before;
  ``normalize_rewards=True`` divides it by the game's return unit (``Game.return_unit()``:
  Sabacc's money counted in caves), and ``reward_scale`` multiplies it; ``terminated`` when the game ends; ``truncated``
  is left to Gymnasium's ``TimeLimit`` (``max_episode_steps``).
- ``illegal_action``: ``"raise"`` (the default) refuses an action outside the mask with
  ``ValueError`` and the rule's sentence, changing nothing; ``"random"`` plays a drawn legal
  action instead and says so in ``info``. Gymnasium's ``check_env`` samples actions without
  the mask: give it ``illegal_action="random"``.
- ``render_mode``: ``"ansi"`` (the learning seat's view as JSON text) or ``"human"`` (printed).
"""

from __future__ import annotations

import json

import gymnasium
import numpy as np
from gymnasium import spaces

from ._tabula import bot, games, load_game

#: Every value of an observation tensor lies in ``-BOUND..BOUND`` (docs/python-observations.md).
OBSERVATION_BOUND = 16.0

_ILLEGAL = ("raise", "random")


def env(game_id, **kwargs):
    """A single-agent environment for game ``game_id`` (see the module's documentation)."""
    return TabulaEnv(game_id, **kwargs)


def env_id(game_id):
    """The Gymnasium id of a tabula game: ``tabula/SabotagePipes-v0``."""
    return "tabula/" + "".join(part.capitalize() for part in game_id.split("-")) + "-v0"


class TabulaEnv(gymnasium.Env):
    """A tabula game with one learning seat (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game_id,
        seat=0,
        opponents="random",
        render_mode=None,
        illegal_action="raise",
        reward_scale=1.0,
        normalize_rewards=False,
        **options,
    ):
        if illegal_action not in _ILLEGAL:
            raise ValueError(
                f"illegal_action must be one of {', '.join(_ILLEGAL)}, not {illegal_action!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be ansi or human, not {render_mode!r}")
        self.game = load_game(game_id, **options)
        players = self.game.num_players()
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < players:
            raise ValueError(f"seat must be a seat of this game, 0 to {players - 1}, not {seat!r}")
        self.seat = int(seat)
        others = [s for s in range(players) if s != self.seat]
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != len(others):
                raise ValueError(
                    f"opponents: one per other seat ({len(others)} for {players} players), "
                    f"not {len(opponents)}"
                )
            chosen = list(opponents)
        else:
            chosen = [opponents] * len(others)
        for policy in chosen:
            if not (isinstance(policy, str) or callable(policy)):
                raise ValueError(
                    f"an opponent is a bot name, a tabula.Bot or a callable, not {policy!r}"
                )
        # A name is checked now (an unknown bot is refused here, not at the first reset).
        for policy in chosen:
            if isinstance(policy, str):
                bot(policy)
        self._chosen = dict(zip(others, chosen))
        self._policies = {}
        self.illegal_action = illegal_action
        self.reward_scale = float(reward_scale)
        if normalize_rewards:
            self.reward_scale /= self.game.return_unit()
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tabula_{self.game.id}")
        shape = tuple(self.game.observation_tensor_shape())
        actions = self.game.num_distinct_actions()
        self.observation_space = spaces.Box(
            -OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32
        )
        self.action_space = spaces.Discrete(actions)
        self._no_moves = np.zeros(actions, np.int8)
        self._mask = self._no_moves
        self.state = None

    # ------------------------------------------------------------------------------------

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        rng = self.np_random
        self.state = self.game.new_initial_state(int(rng.integers(0, 2**63)))
        # Named bots are made for this game, seeded from the environment's generator.
        self._policies = {
            s: bot(p, seed=int(rng.integers(0, 2**63))) if isinstance(p, str) else p
            for s, p in self._chosen.items()
        }
        self._advance()
        return self._observation(), self._info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("reset() comes before step()")
        if self.state.is_terminal():
            raise RuntimeError("the game is over: reset() starts another")
        info = {}
        try:
            number = int(action)
            if number != action:
                raise ValueError(f"an action is a whole number, not {action!r}")
            self.state.apply_action(number)
        except (ValueError, TypeError) as refusal:
            if self.illegal_action == "raise":
                raise ValueError(str(refusal)) from None
            legal = self.state.legal_actions()
            played = int(legal[self.np_random.integers(len(legal))])
            self.state.apply_action(played)
            info = {"illegal_action": action, "played": played, "reason": str(refusal)}
        self._advance()
        terminated = self.state.is_terminal()
        reward = self.reward_scale * self.state.returns()[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), terminated, False, {**self._info(), **info}

    def action_masks(self):
        """The legal action mask of the learning seat (all zeros when the game is over)."""
        # The mask the last reset or step gave (the state changes nowhere else).
        return self._mask.astype(bool)

    def render(self):
        if self.render_mode is None or self.state is None:
            return None
        text = json.dumps(self.state.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ------------------------------------------------------------------------------------

    def _advance(self):
        """Plays chance and the other seats until the learning seat is to act or the game
        ends."""
        state = self.state
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance()
                continue
            acting = state.current_player()
            if acting == self.seat:
                return
            action = self._policies[acting](state)
            state.apply_action(int(action))

    def _observation(self):
        return self.state.observation_tensor(self.seat)

    def _info(self):
        self._mask = (
            self._no_moves
            if self.state.is_terminal()
            else self.state.legal_actions_mask(self.seat).astype(np.int8)
        )
        return {"action_mask": self._mask}


def register():
    """Registers every tabula game with Gymnasium as ``tabula/<Id>-v0`` (done on import;
    registering again is a no-op)."""
    for spec in games():
        name = env_id(spec["id"])
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="tabula.gymnasium:TabulaEnv",
                kwargs={"game_id": spec["id"]},
            )


register()

__all__ = ["TabulaEnv", "env", "env_id", "register"]
