"""Trains a linear evaluator for Abagio against the `random` bot, with numpy alone, and
reports its win rate before and after.

The policy looks one action ahead: for each legal action it applies the action to a copy
of the state and scores the seat's observation tensor there with a logistic model,
`p(win) = sigmoid(w . x)`, then plays the best. After every training game, each position
it chose moves `w` toward the game's result (1 won, 0 lost), as TD-Gammon's ancestors did
with Monte Carlo targets.

    python crates/python/examples/abagio_linear.py [--train 300] [--eval 200] [--seed 1]
"""

import argparse
import time

import numpy as np

import tabula


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def choose(state, seat, w):
    """The legal action whose resulting position scores best for `seat`, and that position's
    features."""
    best, best_score, best_x = None, -np.inf, None
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        x = after.observation_tensor(seat)
        score = float(w @ x)
        if score > best_score:
            best, best_score, best_x = action, score, x
    return best, best_x


def play(game, w, seat, opponent, seed):
    """One game: the linear policy at `seat`, `opponent` elsewhere. Returns whether it won
    and the features of every position it chose."""
    state = game.new_initial_state(seed)
    chosen = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.sample_chance()
        elif state.current_player() == seat:
            action, x = choose(state, seat, w)
            chosen.append(x)
            state.apply_action(action)
        else:
            state.apply_action(opponent(state))
    return state.returns()[seat] > 0, chosen


def win_rate(game, w, games, seed):
    opponent = tabula.bot("random", seed=seed)
    wins = sum(play(game, w, g % 2, opponent, seed + g)[0] for g in range(games))
    return wins / games


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=300, help="training games")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.2, help="learning rate")
    args = parser.parse_args()

    game = tabula.load_game("abagio")
    w = np.zeros(game.observation_tensor_size(), dtype=np.float32)
    start = time.time()
    before = win_rate(game, w, args.eval, seed=10_000)

    opponent = tabula.bot("random", seed=args.seed)
    for g in range(args.train):
        won, chosen = play(game, w, g % 2, opponent, args.seed + g)
        xs = np.stack(chosen)
        error = float(won) - sigmoid(xs @ w)
        w += args.rate * (error @ xs) / len(xs)

    after = win_rate(game, w, args.eval, seed=10_000)
    print(f"abagio, linear evaluator against random: win rate {before:.1%} untrained, "
          f"{after:.1%} after {args.train} training games "
          f"({args.eval} evaluation games each, seats alternating; {time.time() - start:.0f} s)")


if __name__ == "__main__":
    main()
