// Coming back (issue 32): an account created in the lobby, its tables and rating on a second
// browser where it signs in, a rated game between two accounts moving both ratings, a
// player's page with its chart, and a table by correspondence listed as "your move".

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch, player, shot, noErrors, noSeriousA11y, signIn } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * A rating shown on a player's page, once the game has been settled.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {string} game
 */
async function ratingOn(page, name, game) {
  for (let i = 0; i < 40; i++) {
    await page.goto(`${URL}/players/${name}`);
    await page.waitForSelector('.player h1');
    const el = await page.$(`.rating[data-game="${game}"] .rating-value`);
    if (el) return Number(await el.getAttribute('data-rating'));
    await page.waitForTimeout(250);
  }
  throw new Error(`${name} has no ${game} rating`);
}

/**
 * Resigns the game shown (accepting the confirmation) and waits for the result.
 * @param {import('playwright-core').Page} page
 */
async function resign(page) {
  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
  await page.waitForSelector('.banner.over');
}

test('an account: its rated game against a bot, then its tables and rating on another browser', { timeout: 180000 }, async () => {
  const first = await player(browser);
  const page = first.page;
  await page.goto(`${URL}/`);
  await signIn(page, 'Grace', true);
  // Signed in, Play now is rated and asks no name.
  await page.click('button[data-play="abagio"]');
  await page.waitForURL(/\/table\/[0-9a-f]+$/);
  const table = page.url().split('/').pop();
  await page.waitForSelector('.seat.mine');
  assert.match(await page.textContent('#crumb') ?? '', /rated/);
  assert.match(await page.textContent('.seat[data-seat="1"]') ?? '', /\d{3,4}/, 'the bot level shows its rating');
  await resign(page);
  const rating = await ratingOn(page, 'Grace', 'abagio');
  assert.ok(rating < 1500, `a loss to a bot lowers the rating: ${rating}`);
  assert.match(await page.textContent('.rating[data-game="abagio"]') ?? '', /Provisional/);
  await page.waitForSelector('.rating-chart .rating-dot');
  assert.equal(await page.$$eval('.player ~ section .tables li', (l) => l.length), 1);
  await shot(page, 'player-page');
  await noSeriousA11y(page, 'a player\'s page');
  noErrors(page);

  // Another browser: nothing remembered there until Grace signs in.
  const second = await player(browser);
  const other = second.page;
  await other.goto(`${URL}/`);
  await other.waitForSelector('#sign-in');
  assert.equal(await other.$(`#my-tables li[data-table="${table}"]`), null);
  await signIn(other, 'grace', false);
  await other.goto(`${URL}/`);
  await other.waitForSelector(`#my-tables li[data-table="${table}"]`);
  assert.match(await other.textContent(`#my-tables li[data-table="${table}"]`) ?? '', /over: you lost/);
  assert.equal(await ratingOn(other, 'Grace', 'abagio'), rating);
  // Signing out there leaves the first browser signed in.
  await other.click('#sign-out');
  await other.waitForSelector('#sign-in');
  await page.goto(`${URL}/`);
  await page.waitForSelector('#my-page');
  noErrors(other);
  await first.context.close();
  await second.context.close();
});

test('a rated game between two accounts moves both ratings; a correspondence table waits', { timeout: 180000 }, async () => {
  const a = await player(browser);
  const b = await player(browser);
  await a.page.goto(`${URL}/`);
  await signIn(a.page, 'Alan', true);
  await b.page.goto(`${URL}/`);
  await signIn(b.page, 'Barbara', true);
  const before = { alan: 1500, barbara: 1500 };
  // Alan opens a rated table for a friend, by correspondence.
  await a.page.click('button[data-new="abagio"]');
  await a.page.selectOption('select[name="seat1"]', 'human');
  await a.page.check('#rated-abagio');
  await a.page.selectOption('#clock-abagio', { label: 'By correspondence: a day a move' });
  await a.page.click('form.new-table button.primary');
  await a.page.waitForURL(/\/table\/[0-9a-f]+$/);
  const table = a.page.url().split('/').pop();
  await a.page.waitForSelector('.seat.mine');
  assert.match(await a.page.textContent('#crumb') ?? '', /rated · by correspondence/);
  // Barbara takes the other seat from the link (signed in: no name asked).
  await b.page.goto(`${URL}/table/${table}`);
  await b.page.click('#take-seat');
  await b.page.waitForSelector('.seat.mine');
  // Each turn has a day on its clock; whoever is to move sees it under "your move".
  await a.page.waitForFunction(() => [...document.querySelectorAll('.seat .clock')]
    .some((c) => /^(23 h|1 d)/.test(c.textContent ?? '')), null, { timeout: 10000 });
  const info = await (await fetch(`${URL}/api/tables/${table}`)).json();
  const toMove = info.turn.player === 0 ? a.page : b.page;
  await toMove.goto(`${URL}/`);
  await toMove.waitForSelector(`#my-tables li.your-move[data-table="${table}"]`);
  await shot(toMove, 'lobby-your-move');
  // Barbara resigns: Alan gains what she loses.
  await b.page.goto(`${URL}/table/${table}`);
  await b.page.waitForSelector('.seat.mine');
  await resign(b.page);
  const alan = await ratingOn(a.page, 'Alan', 'abagio');
  const barbara = await ratingOn(b.page, 'Barbara', 'abagio');
  assert.ok(alan > before.alan && barbara < before.barbara, `${alan} ${barbara}`);
  assert.ok(Math.abs(alan - 1500 + (barbara - 1500)) <= 1);
  // Each page names the other, linked.
  await a.page.waitForSelector('.tables li a[href="/players/Barbara"]');
  noErrors(a.page, b.page);
  await a.context.close();
  await b.context.close();
});
