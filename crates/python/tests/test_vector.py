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
    observations, info = env.reset(seed=2)
    masks, players = info["action_mask"], info["current_player"]
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
        observations, rewards, terminated, truncated, info = env.step(actions)
        masks, players = info["action_mask"], info["current_player"]
        assert not truncated.any(), "no step limit: nothing is cut"
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
        _, rewards, terminated, _, info = env.step(random_actions(masks, rng))
        masks = info["action_mask"]
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
            observations, rewards, terminated, _, info = env.step(random_actions(masks, rng))
            masks, players = info["action_mask"], info["current_player"]
            seen.append((observations.copy(), rewards.copy(), terminated.copy(), players.copy()))
        return seen

    one, three = run(1), run(3)
    for a, b in zip(one, three):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    env = tabula.VectorEnv("sabotage-pipes", 10, seed=5, players=4)
    first = env.observations.copy()
    env.step(random_actions(env.action_masks, np.random.default_rng(0)))
    observations, _ = env.reset()
    assert np.array_equal(observations, first)


def test_the_arrays_are_the_environment_s_own_buffers():
    env = tabula.VectorEnv("abagio", 4)
    observations, info = env.reset()
    masks, players = info["action_mask"], info["current_player"]
    again = env.step(random_actions(masks, np.random.default_rng(0)))
    assert again[0] is observations and again[4]["action_mask"] is masks
    assert again[4]["current_player"] is players and again[1] is env.rewards
    assert env.observations is observations and env.action_masks is masks


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
    env.reset()
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
    observations, _ = env.reset()
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
        _, rewards, terminated, _, _ = plain.step(actions)
        _, scaled, _, _, _ = normal.step(actions)
        assert np.allclose(scaled, rewards / 50.0)
        ended += int(terminated.sum())
    assert ended > 0, "some sessions ended, with rewards to compare"


def test_a_step_limit_truncates_and_keeps_every_seat_s_final_observation():
    env = tabula.VectorEnv("abagio", 6, seed=4, max_steps=7)
    game = env.game
    assert env.max_steps == 7
    _, info = env.reset()
    assert np.array_equal(info["env_id"], np.arange(6))
    assert not info["elapsed_step"].any()
    cut = 0
    for step in range(30):
        before = [game.load_state(env.state_json(i)) for i in range(6)]
        counts = env.elapsed_steps.copy()
        actions = env.sample_actions()
        _, rewards, terminated, truncated, info = env.step(actions)
        assert np.array_equal(info["_final_observation"], terminated | truncated)
        for i in range(6):
            if not (terminated[i] or truncated[i]):
                assert info["elapsed_step"][i] == counts[i] + 1
                continue
            assert info["elapsed_step"][i] == 0, "a restarted game"
            last = before[i]
            last.apply_action(int(actions[i]))
            if truncated[i]:
                cut += 1
                assert counts[i] + 1 == 7 and not last.is_terminal()
                assert not rewards[i].any()
            for seat in range(env.num_players):
                if not last.is_chance_node():
                    assert np.array_equal(info["final_observation"][i, seat], last.observation_tensor(seat))
    assert cut >= 6
    with pytest.raises(ValueError, match="max_steps must be at least 1"):
        tabula.VectorEnv("abagio", 2, max_steps=0)


def test_observations_of_every_seat_and_no_masks():
    env = tabula.VectorEnv("abilene", 3, seed=2, every_seat=True, masks=False)
    game = env.game
    observations, info = env.reset()
    assert env.every_seat and env.action_masks is None and "action_mask" not in info
    assert observations.shape == (3, game.num_players(), *game.observation_tensor_shape())
    for _ in range(15):
        for i in range(3):
            state = game.load_state(env.state_json(i))
            for seat in range(game.num_players()):
                assert np.array_equal(observations[i, seat], state.observation_tensor(seat))
            assert list(env.legal_actions(i)) == sorted(state.legal_actions())
        observations, _, _, _, info = env.step(env.sample_actions())


def test_some_games_restart_or_start_from_a_position():
    env = tabula.VectorEnv("sabacc", 4, seed=3, players=2)
    for _ in range(5):
        env.step(env.sample_actions())
    states = [env.state_json(i) for i in range(4)]
    _, info = env.reset(ids=[1, 2])
    assert env.state_json(0) == states[0] and env.state_json(3) == states[3]
    assert list(info["elapsed_step"]) == [5, 0, 0, 5]
    with pytest.raises(ValueError, match="not both"):
        env.reset(seed=1, ids=[0])
    with pytest.raises(ValueError, match="there is no game 4"):
        env.reset(ids=[0, 4])
    assert env.state_json(0) == states[0], "a refused reset changes nothing"

    # From a position: state JSON, or a State (here made from a record).
    game = env.game
    observations, info = env.load(1, states[0])
    assert env.state_json(1) == states[0] and info["elapsed_step"][1] == 0
    seat = int(info["current_player"][1])
    assert np.array_equal(observations[1], game.load_state(states[0]).observation_tensor(seat))
    played = game.new_initial_state(seed=9)
    while played.is_chance_node():
        played.sample_chance()
    played.apply_action(played.legal_actions()[0])
    record = tabula.load_record(played.serialize())
    env.load(2, record)
    assert env.state_json(2) == record.state_json()
    for bad, words in (
        ({**states[0], "no_such_field": 1}, "no_such_field"),
        ("not json", "JSON"),
        (tabula.load_game("abagio").new_initial_state(), "not of sabacc"),
    ):
        with pytest.raises(ValueError, match=words):
            env.load(3, bad)
    assert env.state_json(3) == states[3], "a refused position changes nothing"
    with pytest.raises(ValueError, match="there is no game 9"):
        env.load(9, states[0])
    env.step(env.sample_actions())
