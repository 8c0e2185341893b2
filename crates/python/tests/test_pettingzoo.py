"""The PettingZoo environments pass PettingZoo's own checks for every game."""

import types
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
    state_test,
)

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


def test_parallel_seed_test(config):
    # It samples actions without the mask: illegal ones are replaced (illegal_action).
    game_id, options = config
    parallel_seed_test(
        lambda: tabula.pettingzoo.parallel_env(game_id, illegal_action="random", **options),
        num_cycles=100 if whole_game_is_quick(config) else 40,
    )


def test_state_test(config):
    # The global state for centralized critics: every seat's observation tensor.
    state_test(
        make(config, illegal_action="random"),
        tabula.pettingzoo.parallel_env(config[0], illegal_action="random", **config[1]),
        num_cycles=10,
    )


def test_the_global_state_is_every_seat_s_observation():
    env = tabula.pettingzoo.env("sabacc", players=3)
    env.reset(seed=2)
    state = env.unwrapped.state()
    assert state.shape == env.unwrapped.state_space.shape and state.dtype == np.float32
    parts = np.split(state, 3)
    for seat, agent in enumerate(env.possible_agents):
        assert np.array_equal(parts[seat], env.observe(agent)["observation"].ravel())


def test_box_observations_keep_the_mask_in_the_info(config):
    # The observation tensor alone, the mask in each agent's info: PettingZoo's api_test
    # samples with it (the default illegal_action="raise" would refuse anything else).
    game_id, options = config
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(
            make(config, observation_format="box"),
            num_cycles=100 if whole_game_is_quick(config) else 30,
        )
    env = tabula.pettingzoo.parallel_env(game_id, observation_format="box", **options)
    observations, infos = env.reset(seed=1)
    for agent in env.agents:
        assert observations[agent].dtype == np.float32
        assert infos[agent]["action_mask"].shape == (env.game.num_distinct_actions(),)
    acting = env.unwrapped._table.to_act()
    assert infos[acting]["action_mask"].any()
    with pytest.raises(ValueError, match="observation_format"):
        tabula.pettingzoo.env("abagio", observation_format="flat")


def test_supersuit_wrappers_take_box_observations():
    supersuit = pytest.importorskip("supersuit")
    wrappers = [
        supersuit.flatten_v0,
        lambda e: supersuit.dtype_v0(e, np.float64),
        lambda e: supersuit.normalize_obs_v0(e, env_min=0, env_max=1),
        lambda e: supersuit.frame_stack_v1(e, 3),
    ]
    size = tabula.load_game("sabotage-pipes").observation_tensor_size()
    for wrap in wrappers:
        env = wrap(tabula.pettingzoo.env("sabotage-pipes", observation_format="box"))
        env.reset(seed=1)
        for _ in env.agent_iter(40):
            observation, _, termination, truncation, info = env.last()
            assert observation.shape[0] in (size, 3 * size)
            done = termination or truncation
            env.step(None if done else int(np.flatnonzero(info["action_mask"])[0]))
    parallel = supersuit.frame_stack_v1(
        tabula.pettingzoo.parallel_env("abagio", observation_format="box"), 2
    )
    observations, infos = parallel.reset(seed=0)
    size = tabula.load_game("abagio").observation_tensor_size()
    assert all(o.shape == (2 * size,) for o in observations.values())
    assert all("action_mask" in info for info in infos.values())


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


def test_normalized_rewards_divide_by_the_game_s_return_unit():
    game = tabula.load_game("sabacc", players=2, hands=1)
    assert game.return_unit() == 100.0
    assert tabula.load_game("abagio").return_unit() == 1.0
    assert tabula.load_game("sabacc", rules="canonical", scoring="points").return_unit() == 1.0
    env = tabula.pettingzoo.env("sabacc", players=2, hands=1, normalize_rewards=True)
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    returns = env.unwrapped.state_now.returns()
    assert [totals[a] for a in env.possible_agents] == [r / 100.0 for r in returns]
