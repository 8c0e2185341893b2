"""Batched stepping, tabula against Pgx, measured side by side in one run: tabula's
`VectorEnv` on Abagio against Pgx's backgammon, both on the CPU at the same batch size,
random legal actions on both sides, finished games restarted on both sides.

    python scripts/compare_pgx.py [--batch 1024] [--seconds 10] [--threads 1] [--json]

Run by scripts/compare-pgx.sh, which installs jax (CPU), pgx and tabula into a throwaway
virtualenv. See docs/performance.md.
"""

import argparse
import json
import os
import platform
import time

import numpy as np


def measure(step, seconds, batch):
    """Calls `step()` until `seconds` have passed; returns steps per second."""
    calls = 0
    start = time.perf_counter()
    while True:
        step()
        calls += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls * batch / elapsed


def bench_tabula(batch, seconds, threads):
    import tabula

    env = tabula.VectorEnv("abagio", batch, seed=0, threads=threads)
    rng = np.random.default_rng(0)
    masks = [env.action_masks]

    def random_legal():
        # A uniformly drawn legal action per game: the largest of uniform noise in 1..2
        # on the mask (in 1..2 so that no legal action scores 0, as an illegal one does).
        noise = rng.random(masks[0].shape, dtype=np.float32) + 1.0
        return np.argmax(noise * masks[0], axis=1)

    def loop():
        masks[0] = env.step(random_legal())[4]["action_mask"]

    for _ in range(20):
        loop()
    with_choice = measure(loop, seconds, batch)

    # step() alone: the actions drawn before the clock runs.
    stepped, elapsed = 0, 0.0
    while elapsed < seconds:
        actions = random_legal()
        start = time.perf_counter()
        masks[0] = env.step(actions)[4]["action_mask"]
        elapsed += time.perf_counter() - start
        stepped += batch
    return {"loop": with_choice, "step": stepped / elapsed}


#: Steps fused into one jitted call in Pgx's second measurement.
SCAN = 16


def bench_pgx(batch, seconds):
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make("backgammon")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))

    @jax.jit
    def random_step(state, key):
        key, choose, chance = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        actions = jax.random.categorical(choose, logits, axis=-1)
        state = step(state, actions, jax.random.split(chance, batch))
        return state, key

    # The same steps, SCAN of them fused into one call: no Python between steps.
    @jax.jit
    def random_steps(state, key):
        return jax.lax.fori_loop(0, SCAN, lambda _, carry: random_step(*carry), (state, key))

    def run(fn, steps_per_call):
        key = jax.random.PRNGKey(0)
        key, sub = jax.random.split(key)
        carry = (init(jax.random.split(sub, batch)), key)
        for _ in range(3):
            carry = fn(*carry)
        jax.block_until_ready(carry[0])
        calls, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            carry = fn(*carry)
            calls += 1
        jax.block_until_ready(carry[0])
        return calls * steps_per_call * batch / (time.perf_counter() - start)

    per_call = run(random_step, 1)
    fused = run(random_steps, SCAN)
    return {
        "loop": max(per_call, fused),
        "per_call": per_call,
        "fused": fused,
        "pgx": pgx.__version__,
        "jax": jax.__version__,
        "devices": [str(d) for d in jax.devices()],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--threads", type=int, default=1, help="tabula's threads")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    pgx_result = bench_pgx(args.batch, args.seconds)
    tabula_result = bench_tabula(args.batch, args.seconds, args.threads)
    result = {
        "batch": args.batch,
        "cpus": os.cpu_count(),
        "machine": platform.processor() or platform.machine(),
        "pgx_backgammon": pgx_result,
        "tabula_abagio": tabula_result,
        "ratio_loop": tabula_result["loop"] / pgx_result["loop"],
        "ratio_step": tabula_result["step"] / pgx_result["loop"],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"batch {args.batch}, {os.cpu_count()} CPUs; pgx {pgx_result['pgx']}, jax "
          f"{pgx_result['jax']} on {', '.join(pgx_result['devices'])}; tabula threads {args.threads}")
    print(f"| Pgx backgammon, random legal actions + step, one jitted call per step | "
          f"{pgx_result['per_call']:,.0f} steps/s |")
    print(f"| Pgx backgammon, the same, {SCAN} steps per jitted call | {pgx_result['fused']:,.0f} steps/s |")
    print(f"| tabula abagio, random legal actions (numpy) + step | {tabula_result['loop']:,.0f} steps/s "
          f"| {result['ratio_loop']:.1f}x |")
    print(f"| tabula abagio, step() alone | {tabula_result['step']:,.0f} steps/s "
          f"| {result['ratio_step']:.1f}x |")


if __name__ == "__main__":
    main()
