"""tabula: five tabletop games for AI research, with the rules in Rust.

- ``tabula.games()`` lists every game with its options; ``tabula.load_game(id, **options)``
  makes one. Games and states follow OpenSpiel's ``pyspiel`` API (``new_initial_state``,
  ``current_player``, ``legal_actions``, ``apply_action``, ``returns``, ...), with numpy
  observation tensors and legal action masks.
- ``tabula.bot(name, seed=0, **options)`` is any tabula bot or level as a policy:
  ``tabula.bot("hard")(state)`` is the action index it plays.
- ``tabula.VectorEnv(id, n, seed=0, **options)`` steps ``n`` games per call in Rust (chance
  sampled inside, finished games restarted), with numpy arrays in and out.
- ``tabula.pettingzoo.env(id, **options)`` is a PettingZoo AEC environment (needs the
  ``pettingzoo`` package).
- ``tabula.gymnasium.env(id, opponents="medium", **options)`` is a single-agent Gymnasium
  environment: one seat learns, bots or Python policies play the others (needs the
  ``gymnasium`` package).
- ``tabula.arena(id, bots, games, seed)`` pits bots against each other with the statistics
  of ``tabula arena``; ``tabula.ray.arena`` spreads the same games over a Ray cluster.
- ``tabula.train`` fits value networks to positions of games played in Rust, for the
  search's leaves (``mcts:rollout=net``, the level ``expert``); ``tabula.net_values(path,
  observations)`` is what the Rust evaluator reads from a network (needs the ``train``
  extra: JAX, optax, safetensors).
- ``import tabula.openspiel`` registers every game with OpenSpiel as
  ``python_tabula_<id>`` (needs the ``open_spiel`` package).

Bad input raises ``ValueError`` with the engine's sentence, naming the rule.
The guide is docs/python.md in the repository. The distribution is ``tabula-games`` (the
name ``tabula`` on PyPI is another project's); the module is ``tabula``.
"""

from ._tabula import (
    __version__,
    CHANCE_PLAYER_ID,
    TERMINAL_PLAYER_ID,
    Bot,
    Game,
    State,
    VectorEnv,
    arena,
    bot,
    bots,
    games,
    load_game,
    load_record,
    net_values,
)

__all__ = [
    "__version__",
    "CHANCE_PLAYER_ID",
    "TERMINAL_PLAYER_ID",
    "Bot",
    "Game",
    "State",
    "VectorEnv",
    "arena",
    "bot",
    "bots",
    "game_ids",
    "games",
    "load_game",
    "load_record",
    "net_values",
]


def game_ids():
    """The id of every game, in the registry's order."""
    return [game["id"] for game in games()]


def __getattr__(name):
    # Adapters that need optional packages load on first use: `tabula.pettingzoo.env(...)`
    # works after a plain `import tabula`, and `import tabula` works without pettingzoo.
    if name in ("pettingzoo", "gymnasium", "openspiel", "ray", "train"):
        import importlib

        return importlib.import_module("." + name, __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
