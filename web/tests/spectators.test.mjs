// Every registered game in Chromium, two browser contexts playing each other while a third
// watches: the spectator is sent nothing a seat may not see (LEAKS, per game), and no page
// logs an error.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch, player, clickMove, noErrors, createFromLobby, joinFromLobby } from './harness.mjs';
import { PLAYED } from './played.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * What a spectator may not be sent, per game: given the spectator's view and the seats'
 * views at the same moment (same seq), a sentence naming what leaked, or null.
 * @type {Record<string, (spectator: any, seats: any[]) => string | null>}
 */
const LEAKS = {
  'sabotage-pipes': (v) => (v.hand.length ? `a hand: ${JSON.stringify(v.hand)}` : null),
  // Perfect information: the spectator sees the seats' board exactly.
  abagio: (v, seats) => seats.filter(Boolean).some((s) => JSON.stringify(s.state) !== JSON.stringify(v.state))
    ? 'a board other than the seats\' one' : null,
  sabacc: (v, seats) => {
    for (const [p, seat] of v.seats.entries()) {
      for (const [i, c] of seat.hand.cards.entries()) {
        if (c === '?') continue;
        // Shown to a spectator: every seat must see it too.
        const hidden = seats.filter(Boolean).find((s) => s.seats[p].hand.cards[i] === '?');
        if (hidden) return `seat ${p}'s card ${i + 1} (${c}), hidden from a seat`;
      }
    }
    return null;
  },
  abilene: (v, seats) => {
    for (const [i, cow] of v.cows.entries()) {
      if (cow.id === '?') continue;
      if (seats.filter(Boolean).some((s) => s.cows[i].id === '?')) return `cow ${i}'s brand (${cow.id}), unknown to a seat`;
    }
    if (v.sale && JSON.stringify(v.sale.cards).match(/"(own|none|other)"/)) return `a corral card: ${JSON.stringify(v.sale.cards)}`;
    return null;
  },
  'sabotage-spies': (v) => {
    if (v.own.chars.some((c) => c.loc !== 'off' || c.id !== null || c.plan.tile_steps > 0)) return `a team's side: ${JSON.stringify(v.own.chars)}`;
    if (v.own.secret.some((t) => t !== null)) return 'a hidden device';
    if (v.deduction.worlds !== 0) return 'a deduction aid';
    if (!v.revealed && v.characters.some((c) => c !== null)) return `characters not revealed: ${v.characters}`;
    return null;
  },
};

for (const [id, how] of Object.entries(PLAYED)) {
  test(`${id}: two browser contexts play each other while a spectator watches, sent nothing hidden`, { timeout: 600000 }, async () => {
    assert.ok(LEAKS[id], `no leak predicate for ${id}`);
    const a = await player(browser);
    const b = await player(browser);
    /** @type {string[][]} each page's WebSocket messages: seat 0, seat 1, the spectator */
    const frames = [[], [], []];
    const others = ['human', ...Array.from({ length: how.seats - 2 }, () => 'random')];
    const table = await createFromLobby(a.page, id, others, how.options);
    await joinFromLobby(b.page, table, 'bob');
    const watcher = await player(browser);
    for (const [k, p] of [a.page, b.page, watcher.page].entries()) {
      p.on('websocket', (ws) => ws.on('framereceived', (f) => frames[k].push(String(f.payload))));
    }
    await a.page.reload();
    await b.page.reload();
    await watcher.page.goto(`${URL}/table/${table}`);
    await a.page.waitForSelector('.seat.mine');
    await b.page.waitForSelector('.seat.mine');
    await watcher.page.waitForSelector('#board');
    let seed = 5;
    for (let turn = 0; turn < 5000; turn++) {
      if (await a.page.$('.banner.over')) break;
      let moved = false;
      for (const p of [a.page, b.page]) {
        seed = (seed * 48271) % 2147483647;
        moved = (await clickMove(p, seed)) || moved;
      }
      if (!moved) await a.page.waitForTimeout(30);
    }
    await a.page.waitForSelector('.banner.over');
    await b.page.waitForSelector('.banner.over');
    await watcher.page.waitForSelector('.banner.over');
    const wins = [a.page, b.page].map(async (p) => /You win/.test(await p.textContent('.banner.over') ?? ''));
    assert.ok(!(await wins[0] && await wins[1]), 'two seats cannot both win alone');
    // Every spectator update against the seats' updates of the same seq.
    const updates = frames.map((list) => list.map((t) => JSON.parse(t)).filter((m) => m.type === 'update'));
    assert.ok(updates[2].length > 3, 'the spectator received updates');
    const bySeq = updates.slice(0, 2).map((list) => new Map(list.map((m) => [m.seq, m.view])));
    let compared = 0;
    for (const m of updates[2]) {
      assert.equal(m.seat, null);
      assert.deepEqual(m.legal, []);
      assert.ok(m.view !== null, 'a spectator is sent the public view');
      const seats = bySeq.map((map) => map.get(m.seq));
      if (seats.every((s) => s === undefined)) continue;
      const leak = LEAKS[id](m.view, seats);
      assert.equal(leak, null, `at seq ${m.seq} the spectator was sent ${leak}`);
      compared += 1;
    }
    assert.ok(compared > 0, 'spectator updates were compared with the seats\'');
    noErrors(a.page, b.page, watcher.page);
    await a.context.close();
    await b.context.close();
    await watcher.context.close();
  });
}
