"""The core API over every game: games, load_game, states, observations, masks, records."""

import copy
import json
import pickle
import threading

import numpy as np
import pytest

import tabula


from conftest import whole_game_is_quick

#: How many states of a random game the thorough checks look at (then the game is played
#: on to its end unchecked): views carry the whole history, so checking every state of a
#: game of thousands of actions would take minutes.
CHECKED_STEPS = 150


def play_random(game, seed, check=None, limit=None):
    """Plays a seeded random game (chance from the state's generator), calling `check` on
    the first CHECKED_STEPS states and the last; returns the final state (after `limit`
    actions, if given)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        if check is not None and steps < CHECKED_STEPS:
            check(state)
        if state.is_chance_node():
            state.sample_chance()
        else:
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
        steps += 1
    if check is not None:
        check(state)
    return state


def test_games_lists_every_game_with_its_options_and_bots():
    games = tabula.games()
    ids = [g["id"] for g in games]
    assert ids == tabula.game_ids()
    assert {"sabotage-pipes", "abagio", "sabacc", "abilene", "sabotage-spies"} <= set(ids)
    for g in games:
        assert g["min_players"] <= g["max_players"]
        assert "players" in [o["name"] for o in g["options"]]
        assert "random" in g["bots"] and "hard" in g["bots"]
        assert tabula.load_game(g["default"]).canonical() == g["default"]
    # The bots every game has; `expert` only in the games that ship a network.
    assert tabula.bots() == [b for b in games[0]["bots"] if all(b in g["bots"] for g in games)]
    assert "expert" not in tabula.bots() and "expert" in next(g for g in games if g["id"] == "abagio")["bots"]


def test_load_game_takes_keywords_a_params_dict_or_a_canonical_string():
    by_keyword = tabula.load_game("sabotage-pipes", players=4)
    by_dict = tabula.load_game("sabotage-pipes", {"players": 4})
    by_string = tabula.load_game("sabotage-pipes(players=4)")
    assert by_keyword == by_dict == by_string
    assert by_keyword.num_players() == 4
    assert by_keyword.options()["players"] == 4
    assert tabula.Game("sabotage-pipes", players=4) == by_keyword
    assert pickle.loads(pickle.dumps(by_keyword)) == by_keyword


def test_bad_games_and_options_raise_value_error_with_the_engine_sentence():
    with pytest.raises(ValueError, match="unknown game `chess`; known games: .*abagio"):
        tabula.load_game("chess")
    with pytest.raises(ValueError, match="unknown option `colour`"):
        tabula.load_game("abagio", colour="red")
    with pytest.raises(ValueError, match="players"):
        tabula.load_game("sabotage-pipes", players=3)
    with pytest.raises(ValueError, match="not both"):
        tabula.load_game("sabotage-pipes(players=4)", players=2)
    with pytest.raises(ValueError, match="cannot be written as JSON"):
        tabula.load_game("abagio", turn_limit=object())


def test_a_game_declares_its_sizes(config):
    game_id, options = config
    game = tabula.load_game(game_id, **options)
    assert game.id == game_id
    assert game.num_players() >= 2
    assert game.num_distinct_actions() > 0
    assert game.max_chance_outcomes() == game.num_distinct_actions()
    assert game.max_game_length() > 0
    shape = game.observation_tensor_shape()
    assert len(shape) >= 1 and game.observation_tensor_size() == int(np.prod(shape))
    assert game.min_utility() <= game.max_utility()
    spec = game.spec()
    assert spec["id"] == game_id and spec["chance"] in ("deterministic", "explicit")


def test_a_random_game_keeps_every_promise(config):
    game_id, options = config
    game = tabula.load_game(game_id, **options)
    n = game.num_players()
    shape = tuple(game.observation_tensor_shape())

    def check(state):
        player = state.current_player()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_distinct_actions(),)
        legal = state.legal_actions()
        texts = state.legal_actions_text()
        assert len(texts) == len(legal)
        if state.is_terminal():
            assert player == tabula.TERMINAL_PLAYER_ID
            assert legal == [] and not mask.any()
        elif state.is_chance_node():
            assert player == tabula.CHANCE_PLAYER_ID and not mask.any()
            outcomes = state.chance_outcomes()
            assert sorted(a for a, _ in outcomes) == sorted(legal)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        else:
            assert 0 <= player < n and state.is_player_node()
            assert list(np.flatnonzero(mask)) == sorted(legal)
            assert state.legal_actions(player) == legal
            other = (player + 1) % n
            assert state.legal_actions(other) == []
            assert not state.legal_actions_mask(other).any()
            for index, text in zip(legal, texts):
                assert state.action_to_string(index) == text
                assert state.action_to_string(player, index) == text
                assert state.string_to_action(text) == index
        for seat in range(n):
            obs = state.observation_tensor(seat)
            assert obs.dtype == np.float32 and obs.shape == shape
            assert np.isfinite(obs).all() and np.abs(obs).max() <= 16.0
            view = state.view(seat)
            assert view["player"] == seat and "view" in view and "history" in view
            assert json.loads(state.information_state_string(seat)) == view
        assert "view" in state.view()

    limit = None if whole_game_is_quick(config) else CHECKED_STEPS
    final = play_random(game, seed=11, check=check, limit=limit)
    returns = final.returns()
    assert len(returns) == n
    assert all(game.min_utility() - 1e-9 <= r <= game.max_utility() + 1e-9 for r in returns)
    assert final.move_number() == len(final.history()) <= game.max_game_length()


def test_records_serialize_clone_and_pickle_replay_the_same_game(config):
    game_id, options = config
    game = tabula.load_game(game_id, **options)
    state = play_random(game, seed=5, limit=60)

    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history()
    assert again.serialize() == state.serialize()

    record = state.record(seats=[f"p{i}" for i in range(game.num_players())])
    assert record["game"] == game_id and record["seats"][0] == "p0"
    assert tabula.load_record(record).history_text() == state.history_text()
    assert tabula.load_record(json.dumps(record)).history() == state.history()

    for copied in (state.clone(), copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert copied.serialize() == state.serialize()
        assert str(copied) == str(state)

    # A clone goes its own way.
    clone = state.clone()
    while not clone.is_terminal() and clone.move_number() == state.move_number():
        if clone.is_chance_node():
            clone.sample_chance()
        else:
            clone.apply_action(clone.legal_actions()[0])
    assert clone.move_number() != state.move_number()

    position = game.load_state(state.state_json())
    assert position.state_json() == state.state_json()
    assert position.move_number() == 0

    if not whole_game_is_quick(config):
        return
    finished = play_random(game, seed=5)
    replayed = tabula.load_record(finished.record())
    assert replayed.is_terminal() and replayed.returns() == finished.returns()


def test_chance_is_drawn_from_the_seed(game_id):
    game = tabula.load_game(game_id)
    a = play_random(game, seed=3, limit=80)
    b = play_random(game, seed=3, limit=80)
    assert a.history() == b.history()
    assert a.seed() == 3


def test_refusals_raise_value_error_and_change_nothing(config):
    game_id, options = config
    game = tabula.load_game(game_id, **options)
    state = game.new_initial_state(1)
    while state.is_chance_node():
        state.sample_chance()
    before = state.serialize()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="outside"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(ValueError, match="negative"):
        state.apply_action(-1)
    with pytest.raises(ValueError, match="could not read"):
        state.apply_text("this is not a move")
    with pytest.raises(ValueError, match="no chance outcome is due"):
        state.sample_chance()
    with pytest.raises(ValueError, match="there is no seat"):
        state.observation_tensor(game.num_players())
    with pytest.raises(ValueError, match="there is no seat"):
        state.view(-1)
    assert state.serialize() == before
    with pytest.raises(ValueError):
        game.load_state({"not": "a position"})
    with pytest.raises(ValueError):
        game.deserialize_state("{}")
    bad = json.loads(state.serialize())
    bad["actions"].append("this is not a move")
    with pytest.raises(ValueError, match=f"action {len(bad['actions'])} "):
        tabula.load_record(bad)


def test_determinize_keeps_what_the_seat_sees(game_id):
    game = tabula.load_game(game_id)
    state = play_random(game, seed=6, limit=50)
    while state.is_chance_node():
        state.sample_chance()
    for seat in range(game.num_players()):
        sampled = state.determinize(seat, seed=9)
        assert sampled.view(seat)["view"] == state.view(seat)["view"]
        assert sampled.move_number() == 0
        assert sampled.legal_actions() == state.legal_actions() or seat != state.current_player()
        assert state.determinize(seat, seed=9).state_json() == sampled.state_json()
    with pytest.raises(ValueError, match="there is no seat"):
        state.determinize(game.num_players())


def test_apply_text_takes_the_notation(game_id):
    game = tabula.load_game(game_id)
    state = game.new_initial_state(2)
    while state.is_chance_node():
        state.apply_text(state.legal_actions_text()[0])
    text = state.legal_actions_text()[-1]
    assert state.apply_text(text) == text
    assert state.history_text()[-1] == text


def test_numpy_integers_are_action_indices(game_id):
    game = tabula.load_game(game_id)
    state = game.new_initial_state(2)
    while state.is_chance_node():
        state.sample_chance()
    action = np.int64(state.legal_actions()[0])
    state.apply_action(action)
    assert state.history()[-1] == action


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic"])
def test_cheap_bots_play_every_game_legally(config, name):
    game_id, options = config
    game = tabula.load_game(game_id, **options)
    policy = tabula.bot(name, seed=4)
    state = game.new_initial_state(4)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            with pytest.raises(ValueError, match="no player is to act"):
                policy(state)
            state.sample_chance()
            continue
        before = state.serialize()
        action = policy(state)
        assert state.serialize() == before, "a bot does not change the state"
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("name", tabula.bots())
def test_every_bot_and_level_is_a_policy(name):
    game = tabula.load_game("sabotage-pipes")
    state = game.new_initial_state(9)
    while state.is_chance_node():
        state.sample_chance()
    options = {"iterations": 50} if name in ("rollout", "mcts", "ismcts") else {}
    policy = tabula.bot(name, seed=1, **options)
    action = policy(state)
    assert action in state.legal_actions()
    assert policy.step(state) in state.legal_actions()
    assert policy.choose(state) in state.legal_actions_text()
    explanation = policy.explain(state)
    assert explanation is None or explanation[0]["action"] in state.legal_actions_text()


@pytest.mark.parametrize("name", ["greedy", "medium", "mcts"])
def test_one_bot_serves_eight_threads_at_once(name):
    # Each thread plays its own game with the one bot: they take turns with it, none waits
    # forever (the bot's lock is waited for without the GIL), and each gets legal moves.
    options = {"iterations": 40} if name == "mcts" else {}
    policy = tabula.bot(name, seed=2, **options)
    game = tabula.load_game("abagio")
    done, errors = [], []

    def play(seed):
        try:
            state = game.new_initial_state(seed)
            for _ in range(12):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.sample_chance()
                    continue
                action = policy(state)
                assert action in state.legal_actions()
                policy.explain(state)
                state.apply_action(action)
            done.append(seed)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=play, args=(seed,)) for seed in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread is stuck on the bot"
    assert errors == []
    assert sorted(done) == list(range(8))


def test_bad_bots_raise_value_error():
    with pytest.raises(ValueError, match="unknown bot `oracle`"):
        tabula.bot("oracle")
    with pytest.raises(ValueError, match="samples"):
        tabula.bot("greedy", samples=0)
    with pytest.raises(ValueError):
        tabula.bot("random", depth=3)


def test_the_worked_example_runs():
    import pathlib
    import subprocess
    import sys

    example = pathlib.Path(__file__).parent.parent / "examples" / "abagio_linear.py"
    out = subprocess.run(
        [sys.executable, str(example), "--train", "4", "--eval", "4"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "win rate" in out


def test_the_package_has_a_version_and_type_stubs_naming_the_whole_native_api():
    import ast
    import importlib.metadata
    import pathlib

    import tabula._tabula as native

    assert tabula.__version__ == native.__version__
    assert tabula.__version__ == importlib.metadata.version("tabula-games")
    folder = pathlib.Path(tabula.__file__).parent
    assert (folder / "py.typed").exists()
    stub = ast.parse((folder / "_tabula.pyi").read_text())
    top = {n.name for n in stub.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    top |= {t.target.id for t in stub.body if isinstance(t, ast.AnnAssign)}
    public = {name for name in dir(native) if not name.startswith("__") or name == "__version__"}
    assert public - top == set(), "names of the native module missing from _tabula.pyi"
    for node in stub.body:
        if isinstance(node, ast.ClassDef):
            stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            cls = getattr(native, node.name)
            methods = {m for m in vars(cls) if not m.startswith("_")}
            assert methods - stubbed == set(), f"{node.name}'s methods missing from _tabula.pyi"
