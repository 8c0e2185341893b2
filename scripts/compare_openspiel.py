#!/usr/bin/env python3
"""Measures each tabula game against the OpenSpiel game closest in kind, in one run on
one machine, and prints a Markdown table (see docs/performance.md).

Two measures, chance actions counted on both sides:
  * random-playout actions per second: whole games of uniformly random moves with
    sampled chance. tabula: `tabula bench --playouts` (the generic Rust API). OpenSpiel:
    `pyspiel.evaluate_bots` with uniform random bots, a loop in C++ (no Python per move).
  * MCTS simulations per second at equal settings: UCT with c = 2, one random rollout per
    leaf, N simulations per move, at positions from seeded random games (every fifth
    decision that has a choice). tabula: `tabula bench --bot mcts` (one search of N
    iterations on the position). OpenSpiel: its C++ `MCTSBot` with `RandomRolloutEvaluator`,
    driven from Python (one Python call per move; the search itself is C++).
    A simulation plays from its position to the end of the game, so its cost follows the
    actions left there: both sides also measure, untimed, the mean length of a uniformly
    random playout from the positions searched ("actions left"), and the table gives the
    ratio of simulated actions per second (simulations/s x actions left), the same
    per-action normalisation as the playout measure.

Usage: compare_openspiel.py TABULA_BINARY [--quick]
"""

import json
import random
import subprocess
import sys
import time

import pyspiel

# (tabula game, its options, [(OpenSpiel game, its parameters)]), closest in kind first.
# Each tabula game is measured as the rulebook plays it, and again cut to about the length
# of its counterpart (one round of Sabotage, one hand of Sabacc between two players), since
# an MCTS simulation costs in proportion to the length of its rollout.
PAIRS = [
    ("abagio", {}, [("backgammon", {})]),
    ("sabotage-pipes", {}, [("crazy_eights", {"players": 2})]),
    ("sabotage-pipes", {"rounds": 1}, [("crazy_eights", {"players": 2})]),
    ("sabacc", {}, [("universal_poker", {}), ("blackjack", {})]),
    ("sabacc", {"players": 2, "hands": 1}, [("universal_poker", {}), ("blackjack", {})]),
]
TARGETS = {"abagio": 20.0, "sabotage-pipes": 2.0, "sabacc": 2.0}


def openspiel_playouts(game, games):
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(game.num_players())]
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed)
        actions += len(state.history())
    seconds = time.perf_counter() - start
    return {"games": games, "actions": actions, "seconds": seconds, "actions_per_s": actions / seconds}


def positions(game, count, seed=0):
    """Decisions with a choice, every fifth one, along seeded random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions += 1
                if decisions % 5 == 0:
                    out.append(state.clone())
            state.apply_action(rng.choice(legal))
    return out


def actions_left(states, playouts=200, seed=1):
    """Mean length of a uniformly random playout (chance included) from each state."""
    rng = random.Random(seed)
    total = 0
    for state in states:
        for _ in range(playouts):
            s = state.clone()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes, probs = zip(*s.chance_outcomes())
                    s.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
                total += 1
    return total / (playouts * len(states))


def openspiel_mcts(game, simulations, count):
    evaluator = pyspiel.RandomRolloutEvaluator(1, 7)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, False, 7, False)
    states = positions(game, count)
    start = time.perf_counter()
    for state in states:
        bot.restart()
        bot.step(state)
    seconds = time.perf_counter() - start
    sims = simulations * len(states)
    return {"positions": len(states), "simulations": sims, "seconds": seconds, "simulations_per_s": sims / seconds,
            "actions_left": actions_left(states)}


def tabula(binary, *args):
    result = subprocess.run([binary, "bench", *args, "--json"], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return json.loads(result.stdout)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    quick = "--quick" in sys.argv
    playouts = 200 if quick else 2000
    simulations, count = (200, 5) if quick else (1000, 20)
    rows = []
    for ours, options, theirs in PAIRS:
        options = json.dumps(options)
        mine = tabula(binary, "--game", ours, "--options", options, "--playouts", str(playouts))
        if mine is None:
            print(f"(skipping {ours}: this tabula has no such game)", file=sys.stderr)
            continue
        my_mcts = tabula(binary, "--game", ours, "--options", options, "--bot", "mcts", "--iterations",
                         str(simulations), "--positions", str(count), "--bot-options", '{"c":2}')
        for name, params in theirs:
            game = pyspiel.load_game(name, params)
            # Short games get more playouts, so each side runs for a comparable time.
            their_games = playouts * (10 if name in ("blackjack", "universal_poker") else 1)
            play = openspiel_playouts(game, their_games)
            mcts = openspiel_mcts(game, simulations, count)
            rows.append({
                "tabula": ours if options == "{}" else f"{ours} {options}", "openspiel": str(game),
                "tabula_actions_per_s": mine["actions_per_s"], "openspiel_actions_per_s": play["actions_per_s"],
                "tabula_actions_per_game": mine["actions"] / mine["playouts"],
                "openspiel_actions_per_game": play["actions"] / play["games"],
                "tabula_sims_per_s": my_mcts["iterations_per_s"], "openspiel_sims_per_s": mcts["simulations_per_s"],
                "tabula_actions_left": my_mcts["remaining_actions"], "openspiel_actions_left": mcts["actions_left"],
                "target": TARGETS[ours],
            })
    print(json.dumps(rows), file=sys.stderr)
    print(f"pyspiel from open_spiel {getattr(pyspiel, '__version__', '?')}; MCTS: {simulations} simulations "
          f"x {count} positions, c = 2, one random rollout per leaf")
    print()
    print("| tabula game | OpenSpiel game | actions/game (t / OS) | playout actions/s: tabula | OpenSpiel | ratio "
          "| MCTS sims/s: tabula | OpenSpiel | ratio | actions left (t / OS) | MCTS simulated actions/s ratio "
          "| target |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        play_ratio = r["tabula_actions_per_s"] / r["openspiel_actions_per_s"]
        sims_ratio = r["tabula_sims_per_s"] / r["openspiel_sims_per_s"]
        action_ratio = sims_ratio * r["tabula_actions_left"] / r["openspiel_actions_left"]
        print(f"| `{r['tabula']}` | `{r['openspiel']}` | {r['tabula_actions_per_game']:.0f} / "
              f"{r['openspiel_actions_per_game']:.0f} | {r['tabula_actions_per_s']:,.0f} | "
              f"{r['openspiel_actions_per_s']:,.0f} | {play_ratio:.1f}× | {r['tabula_sims_per_s']:,.0f} | "
              f"{r['openspiel_sims_per_s']:,.0f} | {sims_ratio:.1f}× | {r['tabula_actions_left']:.1f} / "
              f"{r['openspiel_actions_left']:.1f} | {action_ratio:.1f}× | {r['target']:.0f}× |")


if __name__ == "__main__":
    main()
