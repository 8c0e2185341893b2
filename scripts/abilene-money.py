#!/usr/bin/env python3
"""Money won in an Abilene arena: replays each game of `tabula arena --records FILE` in the
engine and prints, per bot, the mean final money (cash less debts plus what it is owed) and
its 95% interval, and the mean lead over the table's mean.

Usage: scripts/abilene-money.py games.jsonl [path/to/tabula]
"""
import json
import math
import subprocess
import sys


def final_money(state, s):
    r = state["ranchers"]
    me = r[s]
    owed = sum(o["owes"][s] for o in r)
    return me["cash"] - me["bank_debt"] - sum(me["owes"]) + owed


def main():
    path = sys.argv[1]
    tabula = sys.argv[2] if len(sys.argv) > 2 else "target/release/tabula"
    engine = subprocess.Popen([tabula, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(cmd):
        engine.stdin.write(json.dumps(cmd) + "\n")
        engine.stdin.flush()
        answer = json.loads(engine.stdout.readline())
        if not answer.get("ok"):
            sys.exit(f"engine refused {cmd.get('cmd')}: {answer}")
        return answer

    money, lead = {}, {}
    with open(path) as f:
        for line in f:
            record = json.loads(line)
            ask({"cmd": "load", "record": record})
            state = ask({"cmd": "state"})["state"]
            n = state["players"]
            finals = [final_money(state, s) for s in range(n)]
            mean = sum(finals) / n
            for s, bot in enumerate(record["seats"]):
                money.setdefault(bot, []).append(finals[s])
                lead.setdefault(bot, []).append(finals[s] - mean)
    engine.stdin.close()
    engine.wait()

    def stats(xs):
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1))
        return m, 1.96 * sd / math.sqrt(len(xs))

    print(f"{'bot':<12} {'seat-games':>10} {'final money':>22} {'lead over the table':>24}")
    for bot in money:
        m, h = stats(money[bot])
        l, lh = stats(lead[bot])
        print(f"{bot:<12} {len(money[bot]):>10} {m:>12,.0f} ± {h:>7,.0f} {l:>14,.0f} ± {lh:>7,.0f}", flush=True)


if __name__ == "__main__":
    main()
