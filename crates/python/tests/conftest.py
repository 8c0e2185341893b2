"""The game configurations every test runs over: each registered game with its default
options (so a newly registered game is tested without touching this file), and variants
that change the seats or the rules."""

import pytest

import tabula

VARIANTS = [
    ("sabotage-pipes", {"players": 4}),
    ("sabacc", {"players": 2}),
    ("sabacc", {"rules": "canonical"}),
    ("sabacc", {"deal": "holdem", "players": 3}),
    ("abilene", {"players": 3}),
    ("abilene", {"players": 6}),
    ("sabotage-spies", {"players": 2}),
    # The intro game, cut at 10 rounds (a draw there): a random game can otherwise run to
    # the default 100 rounds, replaying its deduction aid on every action.
    ("sabotage-spies", {"intro": True, "round_limit": 10}),
]

CONFIGS = [(game_id, {}) for game_id in tabula.game_ids()] + VARIANTS


def whole_game_is_quick(config):
    """Whether a random game plays to its end in seconds. Sabotage (Fowers & Krause) outside
    the intro game replays its deduction aid on every action: a whole random game takes
    about a minute, so most tests stop it after a prefix."""
    game_id, options = config
    return game_id != "sabotage-spies" or options.get("intro", False)


def config_id(config):
    game_id, options = config
    if not options:
        return game_id
    return game_id + "(" + ",".join(f"{k}={v}" for k, v in options.items()) + ")"


@pytest.fixture(params=CONFIGS, ids=[config_id(c) for c in CONFIGS])
def config(request):
    """A (game id, options) pair."""
    return request.param


@pytest.fixture(params=tabula.game_ids())
def game_id(request):
    """Every registered game id."""
    return request.param
