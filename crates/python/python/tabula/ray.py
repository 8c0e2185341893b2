"""Arenas and self-play across a Ray cluster, when one machine is not enough.

``arena(game_id, bots, games, seed, **options)`` plays the same games as ``tabula arena``
(and ``tabula.arena``): game ``i`` takes its seats, its chance seed and its bots' seeds from
the arena's seed and ``i`` alone, so the games, and so the statistics (wins, draws, losses,
win rates with 95% intervals, mean returns, head-to-head scores, Bradley–Terry ratings), are
those of ``tabula arena --seed`` with the same bots, whatever the cluster. Games are played in
chunks by Ray tasks, each in Rust; the table is computed by the same Rust code as the CLI's.

``self_play(game_id, bot, games, seed, **options)`` plays ``bot`` in every seat and returns
the game records.

Needs the ``ray`` package (``pip install "tabula-games[ray]"``); ``ray.init()`` is called (with
its defaults) if Ray is not running.
"""

from __future__ import annotations

import ray

from . import _tabula


@ray.remote
def _play(config, indices, policies):
    return _tabula._arena_play(config, indices, policies)


def _chunks(games, chunk):
    return [list(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]


def arena(game_id, bots, games=100, seed=0, chunk=None, records=False, **options):
    """Plays an arena across the Ray cluster and returns what ``tabula.arena`` returns: a dict
    with ``summary`` (one entry per bot), ``pairwise``, ``results`` (one per game), the
    printed ``table``, and the game ``records`` when ``records`` is true.

    ``bots`` is a list of bot specs (``"mcts:iterations=200"``, ``"random"``) or one
    comma-separated string, as ``tabula arena --bots`` reads them; as in ``tabula.arena``, a
    list may also hold Python policies (a callable ``policy(state) -> action index``, an
    object with ``step(state)``, or a ``(label, policy)`` pair), sent to the tasks with Ray's
    pickling. ``chunk``: games per Ray
    task (default: the games spread over about four tasks per CPU of the cluster).

    Raises ``ValueError`` for an unknown game or bot or bad options, before any game.
    """
    if not ray.is_initialized():
        ray.init()
    config, policies = _tabula._arena_config(game_id, bots, games, seed, **options)
    if chunk is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        chunk = max(1, -(-games // (4 * max(cpus, 1))))
    import time

    start = time.perf_counter()
    policies = ray.put(policies)
    parts = ray.get([_play.remote(config, indices, policies) for indices in _chunks(games, chunk)])
    seconds = time.perf_counter() - start
    results = [result for part in parts for result in part]
    results.sort(key=lambda r: r["index"])
    jobs = int(ray.cluster_resources().get("CPU", 1))
    return _tabula._arena_report(config, results, seconds, jobs, records)


def self_play(game_id, bot, games=100, seed=0, chunk=None, **options):
    """Plays ``games`` games of ``bot`` against itself in every seat across the cluster and
    returns their records (dicts that ``tabula.load_record`` replays)."""
    report = arena(game_id, [bot], games, seed, chunk, records=True, **options)
    return report["records"]
