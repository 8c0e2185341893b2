"""tabula.arena: tabula's bots and Python policies in any seat, with `tabula arena`'s
statistics."""

import numpy as np
import pytest

import tabula


def test_bots_by_name_give_the_table_of_tabula_arena():
    report = tabula.arena("sabotage-pipes", "greedy,random", games=6, seed=3, jobs=1)
    assert [s["bot"] for s in report["summary"]] == ["greedy", "random"]
    assert sum(s["games"] for s in report["summary"]) == 12
    assert "win%" in report["table"]


def test_a_python_policy_plays_any_seat_and_is_measured_like_a_bot():
    seen = []

    def first_legal(state):
        seat = state.current_player()
        seen.append(seat)
        # The policy sees its seat's view: a state drawn from it, the same legal moves.
        return state.legal_actions()[0]

    report = tabula.arena("sabacc", [first_legal, "random"], games=4, seed=2, jobs=2, players=2, hands=2)
    labels = [s["bot"] for s in report["summary"]]
    assert labels == ["first_legal", "random"]
    assert set(seen) == {0, 1}, "the rotation seats the policy in both seats"
    policy = report["summary"][0]
    assert policy["games"] == 4 and 0.0 <= policy["win_rate"] <= 1.0
    assert len(policy["win_rate_ci"]) == 2
    # The same arena again gives the same games (the policy is deterministic).
    again = tabula.arena("sabacc", [first_legal, "random"], games=4, seed=2, jobs=1, players=2, hands=2)
    assert [r["returns"] for r in again["results"]] == [r["returns"] for r in report["results"]]


def hidden_hand(state, seat):
    """Seat `seat`'s cards in a Sabacc state, as the referee sees them."""
    return state.referee_view()["state"]["seats"][seat]["hand"]["cards"]


def test_a_policy_is_given_only_what_its_seat_sees():
    # In Sabacc the other seat's hidden cards are redrawn in the state a policy is given:
    # replaying the game, the real hand differs from the one shown at some decision.
    shown = []

    def peek(state):
        seat = state.current_player()
        shown.append(hidden_hand(state, 1 - seat))
        return state.legal_actions()[0]

    options = {"players": 2, "hands": 1}
    report = tabula.arena("sabacc", [peek, "greedy"], games=1, seed=5, jobs=1, records=True, **options)
    record = report["records"][0]
    policy_seat = record["seats"].index("peek")
    state = tabula.load_game("sabacc", **options).new_initial_state(record["seed"])
    real = []
    for text in record["actions"]:
        if state.current_player() == policy_seat:
            real.append(hidden_hand(state, 1 - policy_seat))
        state.apply_text(text)
    assert len(real) == len(shown) > 0
    assert real != shown, "the policy saw the other seat's real cards"


def test_objects_with_step_and_labelled_pairs_are_policies():
    rnd = tabula.bot("random", seed=1)  # a tabula.Bot has OpenSpiel's step(state)

    class Greedy:
        name = "my-greedy"

        def step(self, state):
            return int(np.flatnonzero(state.legal_actions_mask())[-1])

    report = tabula.arena("abagio", [Greedy(), ("rnd", rnd), "random"], games=3, seed=0, jobs=1)
    assert [s["bot"] for s in report["summary"]] == ["my-greedy", "rnd", "random"]


def test_bad_policies_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="callable"):
        tabula.arena("abagio", [42, "random"], games=2)
    with pytest.raises(ValueError, match="labelled"):
        tabula.arena("abagio", [("x", lambda s: 0), ("x", lambda s: 1)], games=2)

    def illegal(state):
        return 10**9

    with pytest.raises(ValueError, match="illegal answered action"):
        tabula.arena("abagio", [illegal, "random"], games=2, jobs=1)

    def broken(state):
        raise RuntimeError("out of coffee")

    with pytest.raises(ValueError, match="out of coffee"):
        tabula.arena("abagio", [broken, "random"], games=2, jobs=1)
