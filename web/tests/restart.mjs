// A game by correspondence across a restart of the server (issue 32, "Come back"), in two
// halves that crates/server/tests/browser.rs runs against one database: the first
// (TABULA_PHASE=before) against a server it then stops, the second (TABULA_PHASE=after)
// against a new server, on another port. What the browsers keep between the two halves is
// saved in TABULA_STATE: each person's cookies (their account's session; a cookie does not
// depend on the port) and the table's id. Not named `*.test.mjs`: `node --test tests/`
// leaves it out.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { URL, launch, player, shot, noErrors, api, signIn, playToEnd } from './harness.mjs';

const PHASE = process.env.TABULA_PHASE;
const STATE = process.env.TABULA_STATE || 'test-results/restart';
const NAMES = ['Hedy', 'Ida'];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A clock with a day per move, shown in hours or days. */
const DAY = /^(2[0-3] h|1 d)/;

test('before a restart: two accounts start a game of Abagio by correspondence', { skip: PHASE !== 'before', timeout: 120000 }, async () => {
  mkdirSync(STATE, { recursive: true });
  const [a, b] = [await player(browser), await player(browser)];
  await a.page.goto(`${URL}/`);
  await signIn(a.page, NAMES[0], true);
  await b.page.goto(`${URL}/`);
  await signIn(b.page, NAMES[1], true);
  await a.page.click('button[data-new="abagio"]');
  await a.page.selectOption('select[name="seat1"]', 'human');
  await a.page.selectOption('#clock-abagio', { label: 'By correspondence: a day a move' });
  await a.page.click('form.new-table button.primary');
  await a.page.waitForURL(/\/table\/[0-9a-f]+$/);
  const table = a.page.url().split('/').pop();
  await b.page.goto(`${URL}/table/${table}`);
  await b.page.click('#take-seat');
  await b.page.waitForSelector('.seat.mine');
  // Whoever is to move plays one move, then both go away.
  const info = await api(`/api/tables/${table}`);
  const mover = info.turn.player === 0 ? a.page : b.page;
  await mover.waitForSelector('#moves .move');
  assert.equal(await playToEnd(mover, { seed: 5, stopAfter: 1 }), 1);
  const { seq } = await api(`/api/tables/${table}`);
  writeFileSync(`${STATE}/restart.json`, JSON.stringify({ table, seq }));
  await a.context.storageState({ path: `${STATE}/${NAMES[0]}.json` });
  await b.context.storageState({ path: `${STATE}/${NAMES[1]}.json` });
  noErrors(a.page, b.page);
  await a.context.close();
  await b.context.close();
});

test('after the restart: the table waits under "your move", a day on its clock, and play goes on', { skip: PHASE !== 'after', timeout: 120000 }, async () => {
  const { table, seq } = JSON.parse(readFileSync(`${STATE}/restart.json`, 'utf8'));
  const info = await api(`/api/tables/${table}`);
  assert.equal(info.status, 'playing');
  assert.equal(info.seq, seq, 'every move played before the restart is kept');
  assert.equal(info.clock.correspondence, true);
  assert.ok(info.seats.every((/** @type {any} */ s) => s.kind === 'human'), 'no bot took a seat');
  const people = [];
  for (const name of NAMES) people.push(await player(browser, undefined, `${STATE}/${name}.json`));
  const toMove = people[info.turn.player].page;
  const other = people[1 - info.turn.player].page;
  // The one to move comes back: still signed in, the table first under "Your tables".
  await toMove.goto(`${URL}/`);
  await toMove.waitForSelector(`#my-page:text("${NAMES[info.turn.player]}")`);
  await toMove.click(`#my-tables li.your-move[data-table="${table}"] a`);
  await toMove.waitForURL(new RegExp(`/table/${table}$`));
  await toMove.waitForSelector('.seat.mine');
  assert.match(await toMove.textContent('#crumb') ?? '', /by correspondence/);
  await toMove.waitForFunction((re) => [...document.querySelectorAll('.seat .clock')]
    .some((c) => new RegExp(re).test(c.textContent ?? '')), DAY.source, { timeout: 10000 });
  await shot(toMove, 'correspondence-after-restart');
  // The other watches their own seat; the move arrives there.
  await other.goto(`${URL}/table/${table}`);
  await other.waitForSelector('.seat.mine');
  const seen = await other.$eval('#log', (l) => l.children.length);
  await playToEnd(toMove, { seed: 6, stopAfter: 1 });
  await other.waitForFunction((n) => (document.querySelector('#log')?.children.length ?? 0) > n, seen);
  assert.ok((await api(`/api/tables/${table}`)).seq > seq);
  noErrors(toMove, other);
  for (const p of people) await p.context.close();
});
