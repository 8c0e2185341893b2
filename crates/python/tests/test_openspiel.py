"""Every game registered as an OpenSpiel Python game passes OpenSpiel's own checks, and
OpenSpiel's algorithms run on it."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import json  # noqa: E402

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import tabula  # noqa: E402
import tabula.openspiel  # noqa: E402
from conftest import whole_game_is_quick  # noqa: E402

#: A whole random game through pyspiel's Python-game trampolines takes seconds to a minute
#: for these (thousands of actions): OpenSpiel's checks play one game of each.
LONG = {"abilene", "sabotage-spies"}


def test_every_game_is_registered():
    names = pyspiel.registered_names()
    for game_id in tabula.game_ids():
        assert tabula.openspiel.short_name(game_id) in names
    game = pyspiel.load_game("python_tabula_sabotage_pipes")
    assert game.get_type().short_name == "python_tabula_sabotage_pipes"
    assert game.num_players() == 2


def test_the_game_type_and_info_come_from_the_spec(config):
    game_id, options = config
    game = tabula.openspiel.load_game(game_id, **options)
    spec = tabula.load_game(game_id, **options)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == (
        spec.spec()["chance"] == "explicit"
    )
    assert (kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == (
        spec.spec()["information"] == "perfect"
    )
    assert game.num_players() == spec.num_players()
    assert game.num_distinct_actions() == spec.num_distinct_actions()
    assert game.observation_tensor_shape() == spec.observation_tensor_shape()
    assert game.max_game_length() == spec.max_game_length()
    assert (game.min_utility(), game.max_utility()) == (spec.min_utility(), spec.max_utility())


def test_random_sim_test(config):
    game_id, options = config
    if not whole_game_is_quick(config) and options:
        # The full game's deduction aid makes a whole random game take about 50 s: it is
        # played once, with the default options (four seats); two seats play the same rules.
        pytest.skip("one whole full game is played with the default options (about 50 s)")
    game = tabula.openspiel.load_game(game_id, **options)
    sims = 1 if game_id in LONG else 3
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_openspiel_s_games_sim_test(config, monkeypatch):
    # OpenSpiel's own check of every game it ships (open_spiel/python/tests/games_sim_test.py):
    # the game and its type pickle, the game and state serialize through pyspiel and pickle
    # at every power of two actions, clones stay equal, a random game ends with returns in
    # the game's bounds.
    games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")
    game_id, options = config
    if game_id == "sabotage-spies":
        # Its deduction aid runs on every action (tens of actions a second through pyspiel's
        # trampolines): the first 300 actions of a game are checked.
        monkeypatch.setattr(games_sim_test, "MAX_ACTIONS_PER_GAME", 300)
    check = games_sim_test.GamesSimTest("test_pig")
    check.sim_game(tabula.openspiel.load_game(game_id, **options))


def test_pickled_games_and_states_load_as_they_were(game_id):
    import pickle

    game = tabula.openspiel.load_game(game_id)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and str(again) == str(game)
    state = game.new_initial_state()
    for action in range(6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[action % len(state.legal_actions())])
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)


def test_no_information_state_tensor_is_given_and_asking_for_one_fails(game_id):
    # Deep CFR or NFSP would otherwise learn from an empty tensor: the game type says there
    # is none, and asking says why.
    game = tabula.openspiel.load_game(game_id)
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    with pytest.raises(Exception, match="no information-state tensor"):
        state.information_state_tensor(0)
    assert state.information_state_string(0)


def test_a_choice_of_a_word_or_a_number_is_a_number_parameter():
    # Abilene's `first` is `random` or a seat: in pyspiel's game strings `first=0` is a
    # number, so the parameter is one, -1 standing for `random`.
    game = pyspiel.load_game("python_tabula_abilene(first=2,players=3)")
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.current_player() == 2
    assert game.get_parameters()["first"] == 2
    assert pyspiel.load_game("python_tabula_abilene").new_initial_state().is_chance_node()
    assert pyspiel.load_game("python_tabula_abilene(first=-1)").new_initial_state().is_chance_node()
    with pytest.raises(Exception, match="first"):
        pyspiel.load_game("python_tabula_abilene(first=7,players=3)")


def test_observers_give_the_seat_s_tensor_and_strings(game_id):
    game = tabula.openspiel.load_game(game_id)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    ours = state.tabula
    assert np.array_equal(np.array(state.observation_tensor(seat)), ours.observation_tensor(seat).ravel())
    assert state.observation_string(seat) == ours.observation_string(seat)
    assert json.loads(state.information_state_string(seat)) == json.loads(
        ours.information_state_string(seat)
    )
    assert state.legal_actions() == sorted(ours.legal_actions())


class _ZeroEvaluator(mcts.Evaluator):
    """Values every position at 0, so a search costs no rollouts (the long games)."""

    def evaluate(self, state):
        return np.zeros(state.num_players())

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def _evaluator(game_id, rng):
    """A random rollout, or no rollout at all for the long games."""
    return _ZeroEvaluator() if game_id in LONG else mcts.RandomRolloutEvaluator(1, rng)


def _three_moves(game, bot, rng):
    """Plays three of `bot`'s moves from the start (chance drawn by `rng`), each legal."""
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 3:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 3


def test_openspiel_mcts_plays(game_id):
    game = tabula.openspiel.load_game(game_id)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 20, _evaluator(game_id, rng), random_state=rng)
    _three_moves(game, bot, rng)


def test_openspiel_ismcts_plays_the_imperfect_information_games(game_id):
    game = tabula.openspiel.load_game(game_id)
    if game.get_type().information != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        pytest.skip("a perfect-information game: OpenSpiel's MCTS applies")
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, _evaluator(game_id, rng), 2.0, 20, random_state=rng)
    _three_moves(game, bot, rng)


def test_a_resampled_state_keeps_the_seat_s_information_state(game_id):
    game = tabula.openspiel.load_game(game_id)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sampled = state.resample_from_infostate(seat, sampler)
    assert sampled.information_state_string(seat) == state.information_state_string(seat)
    assert sampled.legal_actions() == state.legal_actions()
    action = sampled.legal_actions()[0]
    after, sampled_after = state.clone(), sampled.clone()
    after.apply_action(action)
    sampled_after.apply_action(action)
    if not after.is_chance_node() and not sampled_after.is_chance_node():
        assert after.information_state_string(seat) == sampled_after.information_state_string(seat)


def test_cfr_solves_the_research_variant_and_its_exploitability_falls():
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    tiny = {"players": 2, "deck": "tiny", "deal": "holdem", "tours": 1, "dice": "none",
            "hands": 1, "max_raise": 1, "raises": 1}
    game = pyspiel.load_game("python_tabula_sabacc", tiny)
    solver = cfr.CFRSolver(game)
    seen = []
    for _ in range(4):
        solver.evaluate_and_update_policy()
        seen.append(exploitability.nash_conv(game, solver.average_policy()))
    assert all(a > b for a, b in zip(seen, seen[1:])), seen
    assert seen[-1] < seen[0] / 2
    assert seen[-1] < exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
