// Accessibility of the pages around the tables (issue 31): axe-core finds no serious or
// critical violation on the lobby (with a new-table form open), every game's rules page,
// in both themes, on a desktop and on a phone. The tables and replays are checked as they
// are played, in games.test.mjs.

import { test, before, after } from 'node:test';
import { URL, launch, player, noErrors, api, noSeriousA11y } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

for (const theme of ['light', 'dark']) {
  for (const [size, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`the lobby and the rules pages, ${theme}, ${size}`, { timeout: 180000 }, async () => {
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
        await page.goto(`${URL}/rules/${g.id}`);
        await page.waitForSelector('h1');
        await noSeriousA11y(page, `the rules of ${g.id} (${theme}, ${size})`);
      }
      noErrors(page);
      await context.close();
    });
  }
}
