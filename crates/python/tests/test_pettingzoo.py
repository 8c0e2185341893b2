"""The PettingZoo environments pass PettingZoo's own checks for every game."""

import types
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402

import tabula  # noqa: E402
import tabula.pettingzoo  # noqa: E402
from conftest import whole_game_is_quick  # noqa: E402


def make(config, **settings):
    game_id, options = config
    return tabula.pettingzoo.env(game_id, **options, **settings)


def test_api_test(config):
    with warnings.catch_warnings():
        # api_test warns that a dict observation "is not a NumPy array" and that its space
        # is not a Box: both hold for every env with an action mask whose name is not on
        # PettingZoo's own list of classic games.
        warnings.simplefilter("ignore")
        api_test(make(config), num_cycles=300 if whole_game_is_quick(config) else 100)


def test_seed_test(config):
    seed_test(lambda: make(config), num_cycles=200)


def test_max_cycles_test(config):
    game_id, options = config
    module = types.SimpleNamespace(
        env=lambda **kw: tabula.pettingzoo.env(game_id, illegal_action="random", **options, **kw),
        parallel_env=lambda **kw: tabula.pettingzoo.parallel_env(
            game_id, illegal_action="random", **options, **kw
        ),
    )
    max_cycles_test(module)


def test_parallel_api_test(config):
    game_id, options = config
    env = tabula.pettingzoo.parallel_env(game_id, illegal_action="random", **options)
    parallel_api_test(env, num_cycles=200)


def test_a_whole_game_ends_with_the_returns_as_rewards(config):
    if not whole_game_is_quick(config):
        pytest.skip("a whole random game takes minutes (the deduction aid); see conftest")
    env = make(config)
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.any()
            action = env.action_space(agent).sample(mask)
        env.step(action)
        steps += 1
    assert not env.agents
    returns = env.unwrapped.state_now.returns()
    assert env.unwrapped.state_now.is_terminal()
    assert [totals[a] for a in env.possible_agents] == returns
    assert steps > len(env.possible_agents)


def test_reset_with_a_seed_replays_the_same_game(config):
    def first_moves(env, seed):
        env.reset(seed=seed)
        seen = []
        for agent in env.agent_iter(30):
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            action = int(np.flatnonzero(observation["action_mask"])[0])
            seen.append((agent, action, observation["observation"].tobytes()))
            env.step(action)
        return seen

    env = make(config)
    assert first_moves(env, 8) == first_moves(env, 8)
    assert first_moves(make(config), 8) == first_moves(env, 8)


def test_an_illegal_action_raises_or_is_replaced():
    env = tabula.pettingzoo.env("sabotage-pipes")
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=agent):
        env.step(illegal)
    assert env.agent_selection == agent

    env = tabula.pettingzoo.env("sabotage-pipes", illegal_action="random")
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(illegal)
    assert env.infos[agent]["illegal_action"] == illegal
    assert env.infos[agent]["played"] != illegal

    with pytest.raises(ValueError, match="illegal_action"):
        tabula.pettingzoo.env("abagio", illegal_action="ignore")


def test_render_shows_the_public_view():
    env = tabula.pettingzoo.env("abagio", render_mode="ansi")
    env.reset(seed=0)
    assert '"view"' in env.render()
