"""Every tabula game as an OpenSpiel (``pyspiel``) Python game.

Importing this module registers each game with pyspiel under ``python_tabula_<id>`` (the id's
hyphens written ``_``: ``python_tabula_abagio``, ``python_tabula_sabotage_pipes``), with its
game type (chance, information, utility, seats, options as parameters with their defaults)
and game info, so that OpenSpiel's own algorithms and checks run on it::

    import pyspiel
    import tabula.openspiel

    game = pyspiel.load_game("python_tabula_abagio")
    game = tabula.openspiel.load_game("sabotage-pipes", players=4)

Rewards and returns are terminal (OpenSpiel's MCTS asks for it): zero until the game ends,
then tabula's returns. States follow pyspiel's Python-game protocol: action indices are tabula's (chance outcomes
share them, so ``max_chance_outcomes`` is ``num_distinct_actions``), legal actions and chance
outcomes come sorted, and each state wraps a ``tabula.State`` (``state.tabula``). The
observer writes a seat's observation tensor (docs/python-observations.md) and strings: the
seat's view as JSON (observation), with its whole history (information state, perfect
recall), or what every seat sees (public). ``resample_from_infostate`` draws a state from a
seat's information state with tabula's determinization, so OpenSpiel's ISMCTS runs on the
imperfect-information games. Needs the ``open_spiel`` package.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from ._tabula import load_game as _load_tabula
from . import games as _games

_PREFIX = "python_tabula_"

_CHANCE = {
    "deterministic": pyspiel.GameType.ChanceMode.DETERMINISTIC,
    "explicit": pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
}
_INFORMATION = {
    "perfect": pyspiel.GameType.Information.PERFECT_INFORMATION,
    "imperfect": pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}
_UTILITY = {
    "zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant-sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general-sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def short_name(game_id):
    """The pyspiel name of a tabula game: ``python_tabula_sabotage_pipes``."""
    return _PREFIX + game_id.replace("-", "_")


def load_game(game_id, **options):
    """The pyspiel game for a tabula game id with these options."""
    return pyspiel.load_game(short_name(game_id), options)


def _numbered_choice(option):
    """Whether an option is a choice of numbers and one word, its default (Abilene's
    ``first``: ``random`` or a seat). A pyspiel parameter has one type, and ``first=0`` in a
    game string is a number: such an option is a number parameter there, -1 standing for
    its word."""
    if option["type"] != "choice" or str(option["default"]).lstrip("-").isdigit():
        return False
    return all(v.isdigit() for v in option["values"] if v != option["default"])


def _parameters(spec):
    """The pyspiel parameter specification: each option with its default (see
    ``_numbered_choice`` for the one kind written otherwise)."""
    return {o["name"]: (-1 if _numbered_choice(o) else o["default"]) for o in spec["options"]}


def _tabula_options(spec, params):
    """The tabula options for pyspiel parameters: -1 back to its word, numbers of a choice
    as its text."""
    options = dict(params)
    for o in spec["options"]:
        if o["name"] in options and _numbered_choice(o):
            value = options[o["name"]]
            options[o["name"]] = o["default"] if value == -1 else str(value)
    return options


def _game_type(spec):
    return pyspiel.GameType(
        short_name=short_name(spec["id"]),
        long_name=f"tabula {spec['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=_CHANCE[spec["chance"]],
        information=_INFORMATION[spec["information"]],
        utility=_UTILITY[spec["utility"]],
        # OpenSpiel's MCTS asks for terminal rewards: the returns are paid at the end.
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec["max_players"],
        min_num_players=spec["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(spec),
    )


def _game_class(spec):
    game_type = _game_type(spec)
    game_id = spec["id"]

    class TabulaGame(pyspiel.Game):
        """A tabula game as a pyspiel game."""

        def __init__(self, params=None):
            params = dict(params or {})
            self.tabula = _load_tabula(game_id, **_tabula_options(spec, params))
            tabula = self.tabula
            actions = tabula.num_distinct_actions()
            utility_sum = 0.0 if spec["utility"] == "zero-sum" else None
            info = pyspiel.GameInfo(
                num_distinct_actions=actions,
                max_chance_outcomes=actions if spec["chance"] == "explicit" else 0,
                num_players=tabula.num_players(),
                min_utility=float(tabula.min_utility()),
                max_utility=float(tabula.max_utility()),
                utility_sum=utility_sum,
                max_game_length=tabula.max_game_length(),
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return TabulaState(self, self.tabula.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"observation parameters are not supported; passed {params}")
            return TabulaObserver(self.tabula, iig_obs_type)

    # Bound in this module under its own name, so that pickle finds the class (OpenSpiel's
    # games_sim_test pickles every game).
    TabulaGame.__name__ = TabulaGame.__qualname__ = "Tabula" + "".join(
        part.capitalize() for part in game_id.split("-")
    )
    TabulaGame.__module__ = __name__
    globals()[TabulaGame.__name__] = TabulaGame
    return game_type, TabulaGame


class TabulaState(pyspiel.State):
    """A tabula game in progress as a pyspiel state; ``tabula`` is the ``tabula.State``."""

    def __init__(self, game, tabula_state, prefix=None):
        super().__init__(game)
        self.tabula = tabula_state
        # A determinized state starts without history: the history its information states
        # show begins with what the sampling seat had observed before (`prefix`, JSON text
        # of a list, or None).
        self._prefix = prefix

    def information_state(self, player):
        """Seat `player`'s information state as JSON text: its view and every action as it
        observed it."""
        return self.tabula.information_state_string(player, self._prefix)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn from seat `player_id`'s information state (tabula's
        determinization, seeded from `probability_sampler`), for OpenSpiel's ISMCTS."""
        seed = int(probability_sampler() * 2**63)
        observed = self.tabula.observed_history(player_id, self._prefix)
        return TabulaState(self.get_game(), self.tabula.determinize(player_id, seed), observed)

    def current_player(self):
        return self.tabula.current_player()

    def _legal_actions(self, player):
        return sorted(self.tabula.legal_actions())

    def chance_outcomes(self):
        return sorted(self.tabula.chance_outcomes())

    def _apply_action(self, action):
        self.tabula.apply_action(int(action))

    def rewards(self):
        """The returns when the game ends, else 0 (terminal rewards)."""
        if self.tabula.is_terminal():
            return self.tabula.returns()
        return [0.0] * self.tabula.num_players()

    def returns(self):
        """Each seat's return when the game ends, else 0 (what the rewards add up to; a
        game's result so far, such as Sabacc's money, is `tabula.returns()`)."""
        if self.tabula.is_terminal():
            return self.tabula.returns()
        return [0.0] * self.tabula.num_players()

    def _action_to_string(self, player, action):
        return self.tabula.action_to_string(int(action))

    def is_terminal(self):
        return self.tabula.is_terminal()

    def __str__(self):
        return str(self.tabula)


class TabulaObserver:
    """pyspiel's PyObserver for a tabula game: the seat's observation tensor, and its view
    as JSON text (with its history when perfect recall is asked for; what every seat sees
    when no private information is)."""

    def __init__(self, tabula_game, iig_obs_type):
        self._game_id = tabula_game.spec()["id"]
        self._perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._public = bool(
            iig_obs_type is not None
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        # Only the seat's own observation has a tensor (provides_information_state_tensor
        # is false): the other kinds observe through their strings.
        size = 0 if (self._perfect_recall or self._public) else tabula_game.observation_tensor_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if self._perfect_recall or self._public:
            # Never an empty tensor taken for an observation (Deep CFR, NFSP would learn
            # from nothing): the game type says there is none, and asking for one fails.
            kind = "information-state" if self._perfect_recall else "public-observation"
            raise RuntimeError(
                f"tabula's {self._game_id} has no {kind} tensor (its game type says "
                "provides_information_state_tensor=False): use observation_tensor, the seat's "
                "view, or the information_state_string (perfect recall)"
            )
        self.tensor[:] = state.tabula.observation_tensor(player).ravel()

    def string_from(self, state, player):
        if self._public:
            return json.dumps(state.tabula.view())
        if self._perfect_recall:
            return state.information_state(player)
        return state.tabula.observation_string(player)


def register():
    """Registers every tabula game with pyspiel (done on import; registering twice is a
    no-op)."""
    registered = set(pyspiel.registered_names())
    for spec in _games():
        if short_name(spec["id"]) in registered:
            continue
        game_type, game_class = _game_class(spec)
        pyspiel.register_game(game_type, game_class)


register()
