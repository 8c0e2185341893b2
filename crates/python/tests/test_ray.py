"""tabula.ray: an arena across a local Ray cluster gives tabula.arena's games and table."""

import pytest

ray = pytest.importorskip("ray")

import tabula  # noqa: E402
import tabula.ray  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def without_times(report):
    """A report less what depends on the clock."""
    results = [{k: v for k, v in r.items() if k != "timing"} for r in report["results"]]
    return report["summary"], report["pairwise"], results


def test_a_ray_arena_plays_the_same_games_as_tabula_arena(cluster):
    local = tabula.arena("sabotage-pipes", ["greedy", "random"], games=12, seed=4, jobs=1)
    spread = tabula.ray.arena("sabotage-pipes", ["greedy", "random"], games=12, seed=4, chunk=5)
    assert without_times(spread) == without_times(local)
    assert [s["bot"] for s in spread["summary"]] == ["greedy", "random"]
    assert sum(s["games"] for s in spread["summary"]) == 24
    assert "win%" in spread["table"]


def test_ray_self_play_returns_replayable_records(cluster):
    records = tabula.ray.self_play("abagio", "greedy", games=4, seed=2, chunk=2)
    assert len(records) == 4
    for record in records:
        state = tabula.load_record(record)
        assert state.is_terminal() and state.returns() == record["result"]


def test_a_bad_bot_is_refused_before_any_game(cluster):
    with pytest.raises(ValueError, match="oracle"):
        tabula.ray.arena("abagio", ["oracle", "random"], games=2)


def first_legal(state):
    return state.legal_actions()[0]


def test_a_ray_arena_seats_python_policies_as_tabula_arena_does(cluster):
    bots = [("first-legal", first_legal), "random"]
    local = tabula.arena("abagio", bots, games=6, seed=1, jobs=1)
    spread = tabula.ray.arena("abagio", bots, games=6, seed=1, chunk=2)
    assert without_times(spread) == without_times(local)
    assert [s["bot"] for s in spread["summary"]] == ["first-legal", "random"]
