// Accessibility of the pages around the tables (issue 31): axe-core finds no serious or
// critical violation on the lobby (with a new-table form open), every game's guide (reached
// from the lobby) and rules page (reached from the guide),
// in both themes, on a desktop and on a phone. The tables and replays are checked as they
// are played, in games.test.mjs.

import assert from 'node:assert/strict';
import { test, before, after } from 'node:test';
import { URL, launch, player, noErrors, api, noSeriousA11y } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

for (const theme of ['light', 'dark']) {
  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`the lobby, the guides and the rules pages, ${theme}, ${size}`, { timeout: 180000 }, async () => {
      const { context, page } = await player(browser, viewport);
      await context.addInitScript((t) => localStorage.setItem('tabula.theme', t), theme);
      await page.goto(`${URL}/`);
      await page.waitForSelector('#name');
      await noSeriousA11y(page, `the lobby (${theme}, ${size})`);
      const { games } = await api('/api/games');
      await page.click(`button[data-new="${games[0].id}"]`);
      await page.waitForSelector('form.new-table');
      await noSeriousA11y(page, `the lobby's new-table form (${theme}, ${size})`);
      for (const g of games) {
        // The lobby sends a newcomer to the game's guide, which sends them to the rules.
        await page.goto(`${URL}/`);
        await page.waitForSelector(`.game-card[data-game="${g.id}"] a[href="/learn/${g.id}"]`);
        const learn = await page.getAttribute(`.game-card[data-game="${g.id}"] a[href="/learn/${g.id}"]`, 'href');
        assert.equal(learn, `/learn/${g.id}`);
        await page.goto(`${URL}${learn}`);
        await page.waitForSelector('h1');
        assert.match(await page.textContent('h1') ?? '', /a player.s guide/);
        await noSeriousA11y(page, `the guide to ${g.id} (${theme}, ${size})`);
        await page.click(`a[href="/rules/${g.id}"]`);
        await page.waitForURL(`${URL}/rules/${g.id}`);
        await page.waitForSelector('h1');
        await noSeriousA11y(page, `the rules of ${g.id} (${theme}, ${size})`);
      }
      noErrors(page);
      await context.close();
    });
  }
}
