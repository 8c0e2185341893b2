"""tabula.VectorEnv: batched stepping agrees with the State API and is deterministic."""

import threading

import numpy as np
import pytest

import tabula


def random_actions(masks, rng):
    """A uniformly drawn legal action per game, from the masks."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


def test_vector_env_agrees_with_the_state_api(config):
    game_id, options = config
    env = tabula.VectorEnv(game_id, 6, seed=2, **options)
    game = env.game
    assert env.num_envs == len(env) == 6
    assert env.num_players == game.num_players()
    assert env.num_actions == game.num_distinct_actions()
    assert env.observation_shape == game.observation_tensor_shape()
    observations, masks, players = env.reset(seed=2)
    assert observations.shape == (6, *game.observation_tensor_shape())
    assert observations.dtype == np.float32 and masks.dtype == np.bool_
    rng = np.random.default_rng(0)
    for _ in range(60):
        for i in range(env.num_envs):
            state = game.load_state(env.state_json(i))
            assert state.current_player() == players[i]
            assert np.array_equal(state.legal_actions_mask(), masks[i])
            assert np.array_equal(state.observation_tensor(int(players[i])), observations[i])
        actions = random_actions(masks, rng)
        before = [game.load_state(env.state_json(i)) for i in range(env.num_envs)]
        observations, masks, rewards, terminated, players = env.step(actions)
        assert rewards.shape == (6, game.num_players())
        for i in range(env.num_envs):
            if not terminated[i]:
                assert not rewards[i].any()
                continue
            after = before[i]
            after.apply_action(int(actions[i]))
            if after.is_terminal():
                assert np.allclose(rewards[i], after.returns())
    assert masks.any(axis=1).all(), "every game waits on a decision"


def test_whole_games_end_and_restart():
    env = tabula.VectorEnv("abagio", 16, seed=1)
    rng = np.random.default_rng(1)
    masks = env.action_masks
    ends = 0
    for _ in range(2000):
        _, masks, rewards, terminated, _ = env.step(random_actions(masks, rng))
        ends += int(terminated.sum())
        for row in rewards[terminated]:
            assert sorted(row) == [-1.0, 1.0]
    assert ends > 16


def test_the_same_seed_gives_the_same_games_whatever_the_threads():
    def run(threads):
        env = tabula.VectorEnv("sabotage-pipes", 10, seed=5, threads=threads, players=4)
        rng = np.random.default_rng(3)
        seen = []
        masks = env.action_masks
        for _ in range(50):
            observations, masks, rewards, terminated, players = env.step(random_actions(masks, rng))
            seen.append((observations.copy(), rewards.copy(), terminated.copy(), players.copy()))
        return seen

    one, three = run(1), run(3)
    for a, b in zip(one, three):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    env = tabula.VectorEnv("sabotage-pipes", 10, seed=5, players=4)
    first = env.observations.copy()
    env.step(random_actions(env.action_masks, np.random.default_rng(0)))
    observations, _, _ = env.reset()
    assert np.array_equal(observations, first)


def test_the_arrays_are_the_environment_s_own_buffers():
    env = tabula.VectorEnv("abagio", 4)
    observations, masks, players = env.reset()
    again = env.step(random_actions(masks, np.random.default_rng(0)))
    assert again[0] is observations and again[1] is masks and again[4] is players
    assert env.observations is observations


def test_an_illegal_action_raises_and_changes_no_game():
    env = tabula.VectorEnv("abagio", 4, seed=3)
    states = [env.state_json(i) for i in range(4)]
    masks = env.action_masks
    actions = random_actions(masks, np.random.default_rng(0))
    actions[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(ValueError, match="game 2: "):
        env.step(actions)
    assert [env.state_json(i) for i in range(4)] == states
    with pytest.raises(ValueError, match="outside"):
        env.step([10**6] * 4)
    with pytest.raises(ValueError, match="3 actions for 4 games"):
        env.step([0, 0, 0])
    with pytest.raises(ValueError, match="unknown game"):
        tabula.VectorEnv("chess", 4)
    with pytest.raises(ValueError, match="at least one game"):
        tabula.VectorEnv("abagio", 0)
    with pytest.raises(ValueError, match="there is no game 4"):
        env.state_json(4)


def test_actions_may_be_a_list_or_any_integer_array():
    env = tabula.VectorEnv("abagio", 3, seed=0)
    actions = random_actions(env.action_masks, np.random.default_rng(0))
    env.step(list(int(a) for a in actions))
    actions = random_actions(env.action_masks, np.random.default_rng(0))
    env.step(actions.astype(np.int32))


def test_steps_release_the_gil():
    envs = [tabula.VectorEnv("abagio", 64, seed=s) for s in range(2)]
    errors = []

    def work(env):
        try:
            rng = np.random.default_rng(0)
            for _ in range(200):
                env.step(random_actions(env.action_masks, rng))
        except Exception as error:  # noqa: BLE001 (reported below)
            errors.append(error)

    threads = [threading.Thread(target=work, args=(env,)) for env in envs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors


def test_actions_that_are_not_whole_numbers_are_refused_and_change_nothing():
    env = tabula.VectorEnv("abagio", 3, seed=1)
    observations, masks, _ = env.reset()
    before = [env.state_json(i) for i in range(3)]
    legal = env.sample_actions()
    for bad in (legal.astype(np.float64) + 0.5, legal.astype(np.float64), [True, False, True]):
        with pytest.raises(ValueError, match="whole numbers"):
            env.step(bad)
    assert [env.state_json(i) for i in range(3)] == before
    env.step([int(a) for a in legal])  # a list of ints is fine


def test_seed_none_draws_a_seed_that_replays_the_run():
    env = tabula.VectorEnv("sabacc", 4, seed=None, players=2)
    again = tabula.VectorEnv("sabacc", 4, seed=env.seed, players=2)
    assert isinstance(env.seed, int)
    for _ in range(20):
        a, b = env.sample_actions(), again.sample_actions()
        assert np.array_equal(a, b)
        assert np.array_equal(env.step(a)[0], again.step(b)[0])
    assert tabula.VectorEnv("abagio", 2, seed=None).seed != tabula.VectorEnv("abagio", 2, seed=None).seed


def test_the_built_in_sampler_draws_legal_actions_uniformly(game_id):
    env = tabula.VectorEnv(game_id, 8, seed=3)
    env.reset()
    for _ in range(30):
        masks = env.action_masks.copy()
        actions = env.sample_actions()
        assert actions.dtype == np.int64 and actions.shape == (8,)
        assert all(masks[i, a] for i, a in enumerate(actions))
        for i in range(8):
            assert np.array_equal(env.legal_actions(i), np.flatnonzero(masks[i]))
        env.step(actions)
    with pytest.raises(ValueError, match="no game 8"):
        env.legal_actions(8)
    # Uniform: over many draws from one position, every legal action comes about as often.
    env = tabula.VectorEnv("abagio", 1, seed=0)
    legal = env.legal_actions(0)
    counts = np.zeros(env.num_actions, np.int64)
    for _ in range(4000):
        counts[env.sample_actions()[0]] += 1
    assert set(np.flatnonzero(counts)) == set(legal)
    expected = 4000 / len(legal)
    assert counts[legal].min() > 0.6 * expected and counts[legal].max() < 1.4 * expected


def test_arrays_are_shared_without_copies_through_dlpack():
    env = tabula.VectorEnv("abagio", 2, seed=0)
    observations, masks, _ = env.reset()
    view = np.from_dlpack(observations)  # torch.from_dlpack and jax.dlpack take it the same way
    assert np.shares_memory(view, observations)
    env.step(env.sample_actions())
    assert np.array_equal(view, env.observations), "the next step writes the same buffer"


def test_normalized_rewards_count_sabacc_money_in_caves():
    plain = tabula.VectorEnv("sabacc", 4, seed=7, players=2, hands=1, buy_in=50)
    normal = tabula.VectorEnv("sabacc", 4, seed=7, players=2, hands=1, buy_in=50, normalize_rewards=True)
    assert plain.game.return_unit() == 50.0
    ended = 0
    for _ in range(400):
        actions = plain.sample_actions()
        assert np.array_equal(actions, normal.sample_actions())
        _, _, rewards, terminated, _ = plain.step(actions)
        _, _, scaled, _, _ = normal.step(actions)
        assert np.allclose(scaled, rewards / 50.0)
        ended += int(terminated.sum())
    assert ended > 0, "some sessions ended, with rewards to compare"
