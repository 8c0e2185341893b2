"""tabula.train: a value network fitted in Python (JAX) to positions of games, read by the
Rust evaluator the search runs at its leaves, which gives the same values."""

import numpy as np
import pytest

import tabula

jax = pytest.importorskip("jax", reason="the train extra (JAX) is not installed")
from safetensors.numpy import save_file  # noqa: E402

from tabula import train  # noqa: E402


def positions_file(path, game_id="abagio", games=6, seed=0):
    """Positions of random games as `tabula arena --positions` writes them: every seat's
    observation before each action, with its return at the end."""
    game = tabula.load_game(game_id)
    rng = np.random.default_rng(seed)
    obs, ret, seats, ids = [], [], [], []
    for g in range(games):
        state = game.new_initial_state(seed + g)
        rows = []
        while not state.is_terminal():
            for seat in range(game.num_players()):
                rows.append((state.observation_tensor(seat).ravel(), seat))
            if state.is_chance_node():
                state.sample_chance()
            else:
                legal = state.legal_actions()
                state.apply_action(int(legal[rng.integers(len(legal))]))
        returns = state.returns()
        for o, seat in rows[:: max(1, len(rows) // 40)]:
            obs.append(o)
            ret.append(returns[seat] / game.return_unit())
            seats.append(seat)
            ids.append(g)
    save_file(
        {
            "observations": np.asarray(obs, np.float32),
            "returns": np.asarray(ret, np.float32),
            "seats": np.asarray(seats, np.int64),
            "games": np.asarray(ids, np.int64),
        },
        str(path),
        metadata={"game": game_id},
    )
    return np.asarray(obs, np.float32)


def test_a_network_fitted_in_python_is_read_alike_by_the_rust_evaluator(tmp_path):
    obs = positions_file(tmp_path / "positions.safetensors")
    data = train.load_positions([str(tmp_path / "positions.safetensors")])
    assert data.observations.shape[1] == tabula.load_game("abagio").observation_tensor_size()
    params, history = train.fit(data, hidden=(16, 8), epochs=3, batch=32, seed=1)
    assert len(history) == 3 and all(np.isfinite(h["train"]) for h in history)
    net = str(tmp_path / "net.safetensors")
    train.save(params, net, {"game": "abagio"})
    python = train.predict(params, obs)
    rust = tabula.net_values(net, obs)
    assert rust.shape == (len(obs),)
    np.testing.assert_allclose(rust, python, rtol=1e-4, atol=1e-5)
    # Read back, the same network.
    again, meta = train.load(net)
    assert meta["game"] == "abagio" and meta["inputs"] == str(obs.shape[1])
    np.testing.assert_allclose(train.predict(again, obs), python, rtol=1e-5, atol=1e-6)
    # The search plays with it at its leaves.
    state = tabula.load_game("abagio").new_initial_state(3)
    while state.is_chance_node():
        state.sample_chance()
    action = tabula.bot("mcts", seed=1, rollout="net", net=net, iters=30)(state)
    assert action in state.legal_actions()


def test_a_network_of_another_game_or_shape_is_refused(tmp_path):
    obs = positions_file(tmp_path / "positions.safetensors", games=2)
    params, _ = train.fit(train.load_positions([str(tmp_path / "positions.safetensors")]), hidden=(4,), epochs=1, batch=16)
    net = str(tmp_path / "net.safetensors")
    train.save(params, net, {"game": "abagio"})
    with pytest.raises(ValueError, match="reads 363 values"):
        tabula.net_values(net, obs[:, :10])
    state = tabula.load_game("sabotage-pipes").new_initial_state(1)
    while state.is_chance_node():
        state.sample_chance()
    with pytest.raises(ValueError, match="trained for abagio, not sabotage-pipes"):
        tabula.bot("ismcts", rollout="net", net=net, iters=5)(state)
    with pytest.raises(ValueError, match="not a value network"):
        (tmp_path / "junk").write_bytes(b"not safetensors at all")
        tabula.net_values(str(tmp_path / "junk"), obs)


def test_the_loop_runs_generations_and_goes_on_where_it_stopped(tmp_path):
    import argparse
    import json

    def args(generations):
        return argparse.Namespace(
            game="abagio", options="{}", dir=str(tmp_path / "run"), generations=generations, games=4, per_game=4,
            window=2, search="mcts:iters=8;depth=4;rollout=net", eval_games=2, first=["heuristic", "heuristic"],
            against="random", measure="random", hidden=[8], epochs=1, seed=0, jobs=1,
        )

    said = []
    first = train.loop(args(1), say=said.append)
    assert first["generation"] == 1 and first["best"].endswith("net1.safetensors")
    # Cut short after one generation, asked for two: only the second is played.
    second = train.loop(args(2), say=said.append)
    assert second["generation"] == 2
    steps = [json.loads(line) for line in (tmp_path / "run" / "log.jsonl").read_text().splitlines()]
    # The first network's arena is against `random` already; the second is also measured against it.
    assert [(s["generation"], s["step"]) for s in steps] == [
        (1, "positions"), (1, "fit"), (1, "arena"), (2, "positions"), (2, "fit"), (2, "arena"), (2, "measure"),
    ]
    assert steps[3]["bots"][0].endswith("net1.safetensors"), "generation 2 plays with the network of generation 1"
    assert 0.0 <= steps[5]["win_rate"] <= 1.0
    _, meta = train.load(str(tmp_path / "run" / "net2.safetensors"))
    assert meta["game"] == "abagio" and meta["generation"] == "2" and "loop" in meta["command"]
    # The curve by generation, drawn from the log.
    points = train.curve(str(tmp_path / "run" / "log.jsonl"), "random")
    assert [p[0] for p in points] == [1, 2] and points[1][1] == steps[6]["win_rate"]
    assert all(low <= rate <= high for _, rate, low, high in points)
    svg = tmp_path / "curve.svg"
    train.main(["plot", str(tmp_path / "run" / "log.jsonl"), "--against", "random", "--out", str(svg)])
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<circle") == 2 and "generation 2:" in text
    with pytest.raises(ValueError, match="no generation measured against hard"):
        train.plot(str(tmp_path / "run" / "log.jsonl"), "hard", str(svg))


def test_arena_positions_are_each_seat_s_observation_and_return():
    report = tabula.arena("abagio", "heuristic,random", games=2, seed=5, jobs=1, positions=3)
    p = report["positions"]
    assert p["observations"].shape == (2 * 3 * 2, tabula.load_game("abagio").observation_tensor_size())
    assert set(p["seats"].tolist()) == {0, 1} and set(p["games"].tolist()) == {0, 1}
    # Each row's return is its seat's at the end of its game.
    for g, result in enumerate(report["results"]):
        rows = p["games"] == g
        for seat in (0, 1):
            assert set(p["returns"][rows & (p["seats"] == seat)].tolist()) == {result["returns"][seat]}
