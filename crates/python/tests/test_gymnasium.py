"""The single-agent Gymnasium environment passes Gymnasium's own checks for every game, and
plays its other seats with tabula's bots or Python policies."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import tabula  # noqa: E402
import tabula.gymnasium  # noqa: E402


def make(config, **settings):
    game_id, options = config
    return tabula.gymnasium.env(game_id, **options, **settings)


def first_legal(info):
    return int(np.flatnonzero(info["action_mask"])[0])


def test_check_env(config):
    # check_env samples actions without the mask: illegal ones are replaced.
    check_env(make(config, illegal_action="random", opponents="greedy"), skip_render_check=True)


def test_every_game_is_registered_with_gymnasium():
    for game_id in tabula.game_ids():
        env = gymnasium.make(tabula.gymnasium.env_id(game_id))
        observation, info = env.reset(seed=0)
        assert env.observation_space.contains(observation)
        assert info["action_mask"].any()
    env = gymnasium.make("tabula/SabotagePipes-v0", players=4, opponents="greedy")
    assert env.unwrapped.game.num_players() == 4
    check_env(gymnasium.make("tabula/Abagio-v0", illegal_action="random").unwrapped)


def test_a_whole_game_ends_with_the_seat_s_return(config):
    game_id, options = config
    if game_id == "sabotage-spies" and not options.get("intro"):
        pytest.skip("a whole full game takes minutes (its deduction aid); see conftest")
    env = make(config, seat=1, opponents="random")
    observation, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(100_000):
        assert info["action_mask"].any(), "the learning seat is to act after each step"
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(observation) and not truncated
        if terminated:
            break
        assert reward == 0.0
    assert terminated
    assert reward == env.unwrapped.state.returns()[1]
    assert not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_same_seed_and_actions_give_the_same_game(game_id):
    def run(seed):
        env = tabula.gymnasium.env(game_id, opponents="greedy")
        observation, info = env.reset(seed=seed)
        seen = [observation.tobytes()]
        for _ in range(15):
            observation, _, terminated, _, info = env.step(first_legal(info))
            seen.append(observation.tobytes())
            if terminated:
                break
        return seen

    assert run(4) == run(4)


def test_python_policies_play_the_other_seats():
    calls = []

    def last_legal(state):
        calls.append(state.current_player())
        return state.legal_actions()[-1]

    env = tabula.gymnasium.env("sabacc", players=3, seat=2, opponents=[last_legal, "greedy"])
    _, info = env.reset(seed=1)
    for _ in range(30):
        _, _, terminated, _, info = env.step(first_legal(info))
        if terminated:
            break
    assert calls and set(calls) == {0}, "the callable plays seat 0 only"
    hard = tabula.bot("random", seed=3)
    env = tabula.gymnasium.env("abagio", opponents=hard)
    env.reset(seed=0)


def test_an_illegal_action_raises_and_changes_nothing_or_is_replaced():
    env = tabula.gymnasium.env("sabotage-pipes")
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.unwrapped.state.serialize()
    with pytest.raises(ValueError):
        env.step(illegal)
    with pytest.raises(ValueError, match="whole number"):
        env.step(first_legal(info) + 0.5)
    assert env.unwrapped.state.serialize() == before
    env = tabula.gymnasium.env("sabotage-pipes", illegal_action="random")
    _, info = env.reset(seed=2)
    _, _, _, _, info = env.step(illegal)
    assert info["illegal_action"] == illegal and info["played"] != illegal


def test_bad_settings_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="seat must be"):
        tabula.gymnasium.env("abagio", seat=2)
    with pytest.raises(ValueError, match="one per other seat"):
        tabula.gymnasium.env("sabacc", players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="unknown bot"):
        tabula.gymnasium.env("abagio", opponents="oracle")
    with pytest.raises(ValueError, match="illegal_action"):
        tabula.gymnasium.env("abagio", illegal_action="ignore")
    with pytest.raises(ValueError, match="players"):
        tabula.gymnasium.env("abagio", players=3)


def test_the_reward_can_be_scaled():
    env = tabula.gymnasium.env("abagio", reward_scale=0.5, opponents="random")
    _, info = env.reset(seed=0)
    rng = np.random.default_rng(1)
    while True:
        _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            break
    assert reward == 0.5 * env.unwrapped.state.returns()[0]


def test_maskable_ppo_learns_on_a_short_game():
    # sb3-contrib (and PyTorch) are not test dependencies (PyTorch's wheel is gigabytes):
    # where they are installed, the docs' training runs.
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = tabula.gymnasium.env("sabotage-pipes", rounds=1, opponents="random")
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=0, verbose=0)
    model.learn(total_timesteps=128)
    observation, info = env.reset(seed=9)
    action, _ = model.predict(observation, action_masks=env.action_masks())
    assert info["action_mask"][int(action)]


def test_normalized_rewards_count_sabacc_money_in_caves():
    env = tabula.gymnasium.env("sabacc", players=2, hands=1, buy_in=40, normalize_rewards=True)
    _, info = env.reset(seed=3)
    while True:
        _, reward, terminated, _, info = env.step(first_legal(info))
        if terminated:
            break
    assert reward == env.unwrapped.state.returns()[0] / 40.0
