"""Training value networks for tabula's search, with JAX (the ``train`` extra).

A value network reads one seat's observation (the tensor every game defines, the one
``State.observation`` gives) and says that seat's expected return, in the game's return
units. tabula's Rust search runs it at its leaves instead of rollouts: the bot
``mcts:rollout=net;net=FILE`` (and ``ismcts``), and the level ``expert`` with the network
shipped for the game. The file is safetensors, read and run in Rust by ``crates/ai/src/net.rs``:
``layers.{i}.weight`` (``[out, in]``), ``layers.{i}.bias`` (``[out]``), float32, ReLU between
layers, one output.

Positions come from games played in Rust at full speed: ``tabula.arena(...,
positions=N)`` (or ``tabula arena --positions FILE``) gives every seat's observation before
each action with that seat's final return. ``python -m tabula.train fit FILES --out NET``
fits a network to them; ``python -m tabula.train loop`` runs generations of expert
iteration (positions from the best network's games, a network fitted to them, an arena
against the best), each step skipped when its file is already there, so that a run cut
short goes on where it stopped. docs/python.md, "Training a value network", has the
recipe.

Nothing here is needed to play: only training imports JAX.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

__all__ = ["Data", "load_positions", "from_arena", "save_positions", "init", "forward", "fit", "save", "load", "predict", "loop", "curve", "plot", "main"]


@dataclass
class Data:
    """Positions: observations ``[rows, inputs]``, returns ``[rows]``, each row's game."""

    observations: np.ndarray
    returns: np.ndarray
    games: np.ndarray
    meta: Dict[str, str]

    def __len__(self) -> int:
        return int(self.returns.shape[0])


def load_positions(paths: Sequence[str]) -> Data:
    """Reads one or more ``tabula arena --positions`` files (of the same game) into one."""
    from safetensors import safe_open

    obs, ret, games, meta = [], [], [], {}
    offset = 0
    for path in paths:
        with safe_open(path, framework="numpy") as f:
            m = f.metadata() or {}
            if meta and m.get("game") != meta.get("game"):
                raise ValueError(f"{path} holds {m.get('game')} positions, not {meta.get('game')}")
            meta = meta or dict(m)
            obs.append(f.get_tensor("observations").astype(np.float32))
            ret.append(f.get_tensor("returns").astype(np.float32))
            g = f.get_tensor("games").astype(np.int64)
            games.append(g + offset)
            offset += int(g.max()) + 1 if g.size else 0
    return Data(np.concatenate(obs), np.concatenate(ret), np.concatenate(games), meta)


Params = List[Tuple[Any, Any]]


def init(key: Any, sizes: Sequence[int]) -> Params:
    """He-initialized layers ``sizes[0] -> … -> sizes[-1]`` (weights ``[out, in]``)."""
    import jax

    params = []
    for i, o in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        w = jax.random.normal(sub, (o, i)) * np.sqrt(2.0 / i)
        params.append((w.astype("float32"), np.zeros((o,), np.float32)))
    return params


def forward(params: Params, x: Any) -> Any:
    """The values of a batch of observations ``[rows, inputs]`` -> ``[rows]``."""
    import jax.numpy as jnp

    for w, b in params[:-1]:
        x = jnp.maximum(x @ w.T + b, 0.0)
    w, b = params[-1]
    return (x @ w.T + b)[:, 0]


def fit(
    data: Data,
    hidden: Sequence[int] = (128, 64),
    epochs: int = 20,
    batch: int = 256,
    lr: float = 1e-3,
    seed: int = 0,
    valid: float = 0.1,
    params: Optional[Params] = None,
    log: Optional[Any] = None,
) -> Tuple[Params, List[Dict[str, float]]]:
    """Fits a network to the returns by mean squared error, with Adam.

    A tenth of the games (``valid``) is held out, whole games, and its loss reported each
    epoch with the training loss; the network of the epoch with the least held-out loss is
    returned. ``params`` continues from a network. ``log`` (a file)
    gets one JSON line per epoch. Returns the network and the epochs' losses.
    """
    import jax
    import jax.numpy as jnp
    import optax

    rng = np.random.default_rng(seed)
    games = np.unique(data.games)
    held = set(rng.choice(games, size=max(1, int(len(games) * valid)), replace=False).tolist()) if valid > 0 else set()
    mask = np.isin(data.games, list(held))
    xt, yt = data.observations[~mask], data.returns[~mask]
    xv, yv = data.observations[mask], data.returns[mask]
    if params is None:
        params = init(jax.random.PRNGKey(seed), [data.observations.shape[1], *hidden, 1])
    opt = optax.adam(lr)
    state = opt.init(params)

    def loss(p: Params, x: Any, y: Any) -> Any:
        return jnp.mean((forward(p, x) - y) ** 2)

    @jax.jit
    def step(p: Params, s: Any, x: Any, y: Any) -> Tuple[Params, Any, Any]:
        value, grads = jax.value_and_grad(loss)(p, x, y)
        updates, s = opt.update(grads, s, p)
        return optax.apply_updates(p, updates), s, value

    eval_loss = jax.jit(loss)
    history = []
    # The epoch with the least held-out loss is the one kept (returns are noisy: past it
    # the network learns the noise).
    best, best_loss = params, float("inf")
    for epoch in range(epochs):
        order = rng.permutation(len(yt))
        total, n = 0.0, 0
        for i in range(0, len(order) - batch + 1, batch):
            idx = order[i : i + batch]
            params, state, value = step(params, state, xt[idx], yt[idx])
            total += float(value) * len(idx)
            n += len(idx)
        row = {"epoch": epoch + 1, "train": total / max(n, 1)}
        if len(yv):
            row["valid"] = float(np.mean([eval_loss(params, xv[i : i + 4096], yv[i : i + 4096]) for i in range(0, len(yv), 4096)]))
            # Against always answering the mean: what the network learned beyond it.
            row["baseline"] = float(np.mean((yv - yt.mean()) ** 2))
        history.append(row)
        if row.get("valid", -1.0) < best_loss or not len(yv):
            best, best_loss = params, row.get("valid", 0.0)
            row["kept"] = True
        if log is not None:
            log.write(json.dumps(row) + "\n")
            log.flush()
    return best, history


def save(params: Params, path: str, meta: Dict[str, str]) -> None:
    """Writes the network as safetensors (atomically: a run cut short leaves no half file)."""
    from safetensors.numpy import save_file

    tensors = {}
    for i, (w, b) in enumerate(params):
        tensors[f"layers.{i}.weight"] = np.asarray(w, dtype=np.float32)
        tensors[f"layers.{i}.bias"] = np.asarray(b, dtype=np.float32)
    meta = {**meta, "inputs": str(int(np.asarray(params[0][0]).shape[1]))}
    tmp = path + ".part"
    save_file(tensors, tmp, metadata={k: str(v) for k, v in meta.items()})
    os.replace(tmp, path)


def load(path: str) -> Tuple[Params, Dict[str, str]]:
    """Reads a network written by :func:`save` (or shipped with tabula)."""
    from safetensors import safe_open

    with safe_open(path, framework="numpy") as f:
        meta = dict(f.metadata() or {})
        params = []
        i = 0
        while f"layers.{i}.weight" in f.keys():
            params.append((f.get_tensor(f"layers.{i}.weight"), f.get_tensor(f"layers.{i}.bias")))
            i += 1
    return params, meta


def predict(params: Params, observations: np.ndarray) -> np.ndarray:
    """The values of observations ``[rows, inputs]`` as numpy (the Rust evaluator's check)."""
    return np.asarray(forward(params, np.asarray(observations, dtype=np.float32)))


def from_arena(report: Dict[str, Any], meta: Optional[Dict[str, str]] = None) -> Data:
    """The positions of a ``tabula.arena(..., positions=N)`` report."""
    p = report["positions"]
    return Data(
        np.asarray(p["observations"], np.float32),
        np.asarray(p["returns"], np.float32),
        np.asarray(p["games"], np.int64),
        dict(meta or {}),
    )


def save_positions(data: Data, path: str) -> None:
    """Writes positions as ``tabula arena --positions`` does (atomically)."""
    from safetensors.numpy import save_file

    tmp = path + ".part"
    save_file(
        {"observations": data.observations, "returns": data.returns, "games": data.games.astype(np.int64)},
        tmp,
        metadata={k: str(v) for k, v in data.meta.items()},
    )
    os.replace(tmp, path)


def loop(args: argparse.Namespace, say: Any = print) -> Dict[str, Any]:
    """Generations of expert iteration, from Python with the games played in Rust
    (``tabula.arena``), each step resumable: positions of games played by the best network so
    far (by ``--first`` before there is one), a network fitted to the last ``--window``
    generations' positions (continuing from the best), an arena of the new network's search
    against the best one's (the first against ``--against``); the new one is kept when it
    wins more than half. Every step writes its file (positions, network, the log's line, the
    state), and a step whose file exists is skipped: a run cut short goes on where it
    stopped. Returns the state: the best network and the generations done."""
    import tabula

    os.makedirs(args.dir, exist_ok=True)
    log_path = os.path.join(args.dir, "log.jsonl")
    state_path = os.path.join(args.dir, "state.json")
    st: Dict[str, Any] = {"best": None, "generation": 0}
    if os.path.exists(state_path):
        with open(state_path) as f:
            st = json.load(f)
    options = json.loads(args.options)

    def searcher(net: str) -> str:
        return f"{args.search};net={net}"

    def log(row: Dict[str, Any]) -> None:
        with open(log_path, "a") as f:
            f.write(json.dumps(row) + "\n")
        say(json.dumps(row))

    for gen in range(st["generation"], args.generations):
        pos = os.path.join(args.dir, f"positions{gen}.safetensors")
        if not os.path.exists(pos):
            start = time.time()
            bots = args.first if st["best"] is None else [searcher(st["best"])] * 2
            report = tabula.arena(args.game, bots, games=args.games, seed=1000 + gen, jobs=args.jobs,
                                  positions=args.per_game, **options)
            meta = {"game": args.game, "bots": json.dumps(bots), "games": str(args.games)}
            save_positions(from_arena(report, meta), pos)
            log({"generation": gen + 1, "step": "positions", "bots": bots, "seconds": round(time.time() - start, 1)})
        net = os.path.join(args.dir, f"net{gen + 1}.safetensors")
        if not os.path.exists(net):
            start = time.time()
            files = [os.path.join(args.dir, f"positions{g}.safetensors") for g in range(max(0, gen - args.window + 1), gen + 1)]
            data = load_positions(files)
            params = load(st["best"])[0] if st["best"] else None
            params, history = fit(data, hidden=args.hidden, epochs=args.epochs, seed=args.seed + gen, params=params)
            kept = [h for h in history if h.get("kept")][-1]
            meta = {"game": args.game, "generation": str(gen + 1), "positions": str(len(data)),
                    "seconds": f"{time.time() - start:.0f}", "seed": str(args.seed + gen),
                    "command": "python -m tabula.train loop " + " ".join(f"--{k.replace('_', '-')}={v}" for k, v in sorted(vars(args).items()) if k != "cmd")}
            save(params, net, meta)
            log({"generation": gen + 1, "step": "fit", "positions": len(data), "epoch": kept["epoch"],
                 "train": kept["train"], "valid": kept.get("valid"), "seconds": round(time.time() - start, 1)})
        start = time.time()
        against = args.against if st["best"] is None else searcher(st["best"])
        report = tabula.arena(args.game, [searcher(net), against], games=args.eval_games, seed=2000 + gen,
                              jobs=args.jobs, **options)
        score = report["summary"][0]["win_rate"]
        interval = report["summary"][0]["win_rate_ci"]
        keep = st["best"] is None or score > 0.5
        log({"generation": gen + 1, "step": "arena", "against": against, "games": args.eval_games, "win_rate": score,
             "interval": interval, "kept": keep, "seconds": round(time.time() - start, 1)})
        measure = getattr(args, "measure", None)
        if measure and not (st["best"] is None and measure == args.against):
            # The same yardstick for every generation: the curve of docs/bots.md.
            start = time.time()
            report = tabula.arena(args.game, [searcher(net), measure], games=args.eval_games, seed=3000 + gen,
                                  jobs=args.jobs, **options)
            log({"generation": gen + 1, "step": "measure", "against": measure, "games": args.eval_games,
                 "win_rate": report["summary"][0]["win_rate"], "interval": report["summary"][0]["win_rate_ci"],
                 "seconds": round(time.time() - start, 1)})
        if keep:
            st["best"] = net
        st["generation"] = gen + 1
        with open(state_path + ".part", "w") as f:
            json.dump(st, f)
        os.replace(state_path + ".part", state_path)
    return st


def curve(log_path: str, against: str) -> List[Tuple[int, float, float, float]]:
    """The win rate of each generation's network against ``against``, from a loop's log:
    ``(generation, win rate, low, high)``, the 95% interval's ends, generations in order."""
    points: Dict[int, Tuple[int, float, float, float]] = {}
    with open(log_path) as f:
        for line in f:
            row = json.loads(line)
            if row.get("step") in ("arena", "measure") and row.get("against") == against:
                low, high = row["interval"]
                points[row["generation"]] = (row["generation"], row["win_rate"], low, high)
    return [points[g] for g in sorted(points)]


def plot(log_path: str, against: str, out: str, title: str = "") -> None:
    """Draws :func:`curve` as an SVG (no plotting library): the win rate by generation with
    its 95% intervals, 50% dashed. Refuses a log with no generation measured against
    ``against``."""
    points = curve(log_path, against)
    if not points:
        raise ValueError(f"{log_path} has no generation measured against {against}")
    w, h, left, right, top, bottom = 560, 320, 56, 20, 36, 44
    last = max(p[0] for p in points)
    first = min(p[0] for p in points)
    span = max(1, last - first)
    x = lambda g: left + (g - first) / span * (w - left - right) if last > first else (left + w - right) / 2
    y = lambda r: top + (1 - r) * (h - top - bottom)
    esc = lambda t: t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
             'font-family="sans-serif" font-size="12">',
             f'<rect width="{w}" height="{h}" fill="white"/>',
             f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">{esc(title or "win rate against " + against + " by generation")}</text>']
    for r in (0.0, 0.25, 0.5, 0.75, 1.0):
        dash = ' stroke-dasharray="4 3"' if r == 0.5 else ""
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{y(r):.1f}" y2="{y(r):.1f}" stroke="#bbb"{dash}/>')
        parts.append(f'<text x="{left - 6}" y="{y(r) + 4:.1f}" text-anchor="end">{int(r * 100)}%</text>')
    for g, _, _, _ in points:
        parts.append(f'<text x="{x(g):.1f}" y="{h - bottom + 18}" text-anchor="middle">{g}</text>')
    parts.append(f'<text x="{(left + w - right) / 2}" y="{h - 8}" text-anchor="middle">generation</text>')
    for g, r, low, high in points:
        parts.append(f'<line x1="{x(g):.1f}" x2="{x(g):.1f}" y1="{y(low):.1f}" y2="{y(high):.1f}" stroke="#4a7bd0" stroke-width="2"/>')
    path = " ".join(f"{'M' if i == 0 else 'L'}{x(g):.1f},{y(r):.1f}" for i, (g, r, _, _) in enumerate(points))
    parts.append(f'<path d="{path}" fill="none" stroke="#1f4fa0" stroke-width="2"/>')
    for g, r, _, _ in points:
        parts.append(f'<circle cx="{x(g):.1f}" cy="{y(r):.1f}" r="4" fill="#1f4fa0"><title>generation {g}: {r:.1%}</title></circle>')
    parts.append("</svg>")
    tmp = out + ".part"
    with open(tmp, "w") as f:
        f.write("\n".join(parts) + "\n")
    os.replace(tmp, out)


def main(argv: Optional[Sequence[str]] = None) -> None:
    """``python -m tabula.train fit|loop|plot …`` (``--help`` for each)."""
    p = argparse.ArgumentParser(prog="python -m tabula.train", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="fit a network to positions files")
    f.add_argument("positions", nargs="+")
    f.add_argument("--out", required=True)
    f.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[128, 64])
    f.add_argument("--epochs", type=int, default=20)
    f.add_argument("--lr", type=float, default=1e-3)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--init", help="continue from this network")
    f.add_argument("--log", help="one JSON line per epoch to this file")
    g = sub.add_parser("loop", help="generations of expert iteration, resumable")
    g.add_argument("--game", required=True)
    g.add_argument("--options", default="{}", help="the game's options, JSON")
    g.add_argument("--dir", required=True, help="where every step writes its file")
    g.add_argument("--generations", type=int, default=4)
    g.add_argument("--games", type=int, default=400, help="games played for positions, per generation")
    g.add_argument("--per-game", type=int, default=16, help="positions kept of each game")
    g.add_argument("--window", type=int, default=3, help="generations of positions fitted on")
    g.add_argument("--search", default="mcts:iters=150;c=0.5;depth=30;rollout=net",
                   help="the search that plays with a network (`;net=FILE` is added)")
    g.add_argument("--eval-games", type=int, default=100)
    g.add_argument("--first", type=lambda s: s.split(","), default=["heuristic", "heuristic"],
                   help="the bots whose games give the first positions")
    g.add_argument("--against", default="hard", help="what the first network is measured against")
    g.add_argument("--measure", help="measure every generation's network against this bot too (the curve)")
    g.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[256, 64])
    g.add_argument("--epochs", type=int, default=6)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("--jobs", type=int, default=None, help="games at once (default: every core)")
    c = sub.add_parser("plot", help="draw a loop's win rate by generation as SVG")
    c.add_argument("log", help="the loop's log.jsonl")
    c.add_argument("--against", default="hard", help="the bot the generations were measured against")
    c.add_argument("--out", required=True)
    c.add_argument("--title", default="")
    args = p.parse_args(argv)
    if args.cmd == "plot":
        plot(args.log, args.against, args.out, args.title)
        print(f"{len(curve(args.log, args.against))} generations drawn to {args.out}")
        return
    if args.cmd == "loop":
        print(json.dumps(loop(args)))
        return
    start = time.time()
    data = load_positions(args.positions)
    params = load(args.init)[0] if args.init else None
    log = open(args.log, "a") if args.log else None
    try:
        params, history = fit(data, hidden=args.hidden, epochs=args.epochs, lr=args.lr, seed=args.seed, params=params, log=log)
    finally:
        if log is not None:
            log.close()
    meta = {"game": data.meta.get("game", ""), "positions": str(len(data)), "seconds": f"{time.time() - start:.0f}",
            "seed": str(args.seed), "command": "python -m tabula.train " + " ".join(sys.argv[1:] if argv is None else argv),
            "data": data.meta.get("bots", "")}
    save(params, args.out, meta)
    last = [h for h in history if h.get("kept")][-1]
    print(f"{len(data)} positions, {args.epochs} epochs (epoch {last['epoch']} kept): loss {last['train']:.4f}, held out {last.get('valid', float('nan')):.4f} "
          f"(the mean alone: {last.get('baseline', float('nan')):.4f}); written to {args.out}")


if __name__ == "__main__":
    main()
