// The lobby a newcomer meets (issue 32, "Find"): every game shown with its board drawn by
// its renderer, Play now starting the recommended preset against bots after asking a name
// once, and each of those games played to its result; a new table's presets and seats
// (your side chosen), every option under "More options" with its label, tables waiting for
// players apart from games being played, and finished games saying who won.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch, player, shot, noErrors, api, answerName, playToEnd, noSeriousA11y } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('a newcomer: the games with their boards, Play now in every game played to its result, a name asked once', { timeout: 600000 }, async () => {
  const { games } = await api('/api/games');
  const { context, page } = await player(browser);
  await page.goto(`${URL}/`);
  for (const g of games) {
    await page.waitForSelector(`.game-card[data-game="${g.id}"] .picture-board > *`);
    const facts = await page.textContent(`.game-card[data-game="${g.id}"] .facts`);
    assert.match(facts ?? '', /players · \d+–\d+ min · (light|medium|heavy)/, g.id);
  }
  await page.waitForTimeout(500);
  await shot(page, 'lobby');
  await noSeriousA11y(page, 'the lobby with its pictures');
  let first = true;
  for (const g of games) {
    await page.goto(`${URL}/`);
    await page.click(`button[data-play="${g.id}"]`);
    if (first) {
      // Asked once, then remembered.
      await page.waitForSelector('dialog.ask-name');
      if (g === games[0]) await shot(page, 'lobby-name');
      await answerName(page, 'Ada');
      first = false;
    }
    await page.waitForURL(/\/table\/[0-9a-f]+$/);
    await page.waitForSelector('.seat.mine');
    const table = page.url().split('/').pop();
    const info = await api(`/api/tables/${table}`);
    // The recommended preset, Ada in the first seat, medium bots elsewhere.
    const preset = Object.fromEntries(g.presets[0].options);
    for (const [name, value] of Object.entries(preset)) assert.equal(info.options[name], value, `${g.id}: ${name}`);
    assert.equal(info.seats[0].name, 'Ada', g.id);
    assert.ok(info.seats.slice(1).every((/** @type {any} */ s) => s.kind === 'bot' && s.name === 'medium'), g.id);
    assert.equal(await page.$('dialog.ask-name'), null, 'the name is not asked again');
    // The whole game, to its result, without touching an option.
    const started = Date.now();
    const clicked = await playToEnd(page, { seed: 3 });
    const result = await page.textContent('.banner.over') ?? '';
    assert.match(result, /^(You win!|You share the win\.|You lose: .+ wins?\.|A draw\.)/, `${g.id}: ${result}`);
    assert.equal((await api(`/api/tables/${table}`)).status, 'over', g.id);
    if (g === games[0]) await shot(page, 'newcomer-result');
    console.log(`# ${g.id}: Ada's ${clicked} moves to the result in ${((Date.now() - started) / 1000).toFixed(0)} s: ${await page.textContent('.banner.over strong')}`);
  }
  // Back in the lobby, every table is under "Your tables".
  await page.goto(`${URL}/`);
  await page.waitForSelector('#my-tables li');
  assert.equal((await page.$$('#my-tables li')).length, games.length);
  assert.equal(await page.inputValue('#name'), 'Ada');
  noErrors(page);
  await context.close();
});

test('a new table: presets, your side, every option labelled under More options', { timeout: 120000 }, async () => {
  const { context, page } = await player(browser);
  await page.goto(`${URL}/`);
  await page.fill('#name', 'Ada');
  await page.dispatchEvent('#name', 'change');
  await page.click('button[data-new="sabotage-spies"]');
  const form = 'form.new-table[data-game="sabotage-spies"]';
  await page.waitForSelector(form);
  // The Intro game first: two seats named by their sides, you the Villains.
  const rows = async () => page.$$eval(`${form} .seat-row > span`, (s) => s.map((x) => x.textContent));
  assert.deepEqual(await rows(), ['Villains', 'Spies']);
  // A preset sets the options (shown under More options) and the seats.
  await page.click(`${form} details.more-options > summary`);
  assert.equal(await page.isChecked(`${form} [name="intro"]`), true);
  await page.check(`${form} input[name="preset"][value="2"]`);
  assert.equal(await page.inputValue(`${form} [name="players"]`), '4');
  assert.equal(await page.isChecked(`${form} [name="intro"]`), false);
  assert.deepEqual(await rows(), ['Villain 1', 'Villain 2', 'Spy 1', 'Spy 2']);
  const labels = await page.$$eval(`${form} .more-options label`, (l) => l.map((x) => x.textContent));
  assert.deepEqual(labels, ['Players', 'Intro game', 'Map', 'Round limit (invented)']);
  assert.match(await page.textContent(`${form} [name="map"]`) ?? '', /Variable map: the teams build it/);
  // Back to the Intro game, playing the Spies: the Villains' seat goes to a bot.
  await page.check(`${form} input[name="preset"][value="0"]`);
  await page.selectOption(`${form} select[name="seat1"]`, 'you');
  assert.equal(await page.inputValue(`${form} select[name="seat0"]`), 'medium');
  await page.selectOption(`${form} select[name="seat0"]`, 'easy');
  await shot(page, 'lobby-new-table');
  await noSeriousA11y(page, 'the new-table form with its options open');
  await page.click(`${form} button[type="submit"]`);
  await page.waitForURL(/\/table\/[0-9a-f]+$/);
  await page.waitForSelector('.seat.mine');
  const info = await api(`/api/tables/${page.url().split('/').pop()}`);
  assert.equal(info.options.intro, true);
  assert.equal(info.options.players, 2);
  assert.equal(info.seats[1].name, 'Ada', 'Ada plays the Spies');
  assert.equal(info.seats[0].name, 'easy');
  // The level chosen is remembered for Play now.
  await page.goto(`${URL}/`);
  assert.match(await page.getAttribute('button[data-play="abagio"]', 'title') ?? '', /easy bots/);
  noErrors(page);
  await context.close();
});

test('tables waiting for players apart from games being played; finished games say who won', { timeout: 120000 }, async () => {
  const { context, page } = await player(browser);
  await page.goto(`${URL}/`);
  await page.fill('#name', 'Ada');
  await page.dispatchEvent('#name', 'change');
  // One table against a bot (played at once), one waiting for a friend.
  const vsBot = await api('/api/tables', { game: 'abagio', seats: ['human', 'random'], name: 'Cy' });
  const waiting = await api('/api/tables', { game: 'abagio', seats: ['human', 'human'], name: 'Di' });
  await page.reload();
  await page.waitForSelector(`#open-tables li[data-table="${waiting.table}"] button[data-join]`);
  assert.equal(await page.$(`#open-tables li[data-table="${vsBot.table}"]`), null, 'a game against bots waits for nobody');
  await page.waitForSelector(`#playing-tables li[data-table="${vsBot.table}"] a[data-watch]`);
  // Ada plays a bot and resigns: the lobby says who won, to her and to everyone.
  await page.click('button[data-new="abagio"]');
  await page.click('form.new-table[data-game="abagio"] button[type="submit"]');
  await page.waitForSelector('#resign');
  const table = page.url().split('/').pop();
  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
  await page.waitForSelector('.banner.over');
  await page.goto(`${URL}/`);
  const mine = `#my-tables li[data-table="${table}"]`;
  await page.waitForSelector(mine);
  assert.match(await page.textContent(mine) ?? '', /over: you lost: \w+ \(medium bot\) won/);
  const done = `#finished li[data-table="${table}"]`;
  await page.waitForSelector(done);
  assert.match(await page.textContent(done) ?? '', /Ada vs \w+ \(medium bot\) · \w+ \(medium bot\) won/);
  noErrors(page);
  await context.close();
});

test('every guide draws its figures with the game\'s own renderer', { timeout: 120000 }, async () => {
  const { games } = await api('/api/games');
  const { context, page } = await player(browser);
  for (const g of games) {
    await page.goto(`${URL}/learn/${g.id}`);
    const count = await page.$$eval('figure.position', (f) => f.length);
    assert.ok(count >= 2, `${g.id}'s guide shows positions`);
    await page.waitForFunction((n) => document.querySelectorAll('figure.position.drawn').length === n, count);
    assert.equal(await page.$('figure.position.failed'), null);
    // Drawn by the renderer: the board's own elements, not a picture.
    assert.ok(await page.$eval('figure.position .position-board', (b) => b.querySelectorAll('*').length > 20));
    if (g.id === 'sabotage-spies') {
      await page.$eval('figure.position', (f) => f.scrollIntoView());
      await shot(page, 'guide-figure');
    }
  }
  await noSeriousA11y(page, 'a guide with its figures');
  noErrors(page);
  await context.close();
});

test('every game\'s tutorial is played through to its end; a wrong move is refused with the rule', { timeout: 600000 }, async () => {
  const { games } = await api('/api/games');
  const { context, page } = await player(browser);
  for (const g of games) {
    const t = await api(`/api/games/${g.id}/tutorial`);
    await page.goto(`${URL}/`);
    await page.click(`a[data-tutorial="${g.id}"]`);
    await page.waitForURL(new RegExp(`/learn/${g.id}/tutorial$`));
    let refused = false;
    for (const [k, step] of t.steps.entries()) {
      await page.waitForFunction((n) => document.getElementById('lesson-count')?.textContent?.startsWith(`Lesson ${n} `), k + 1);
      assert.equal(await page.textContent('#lesson-text'), step.say);
      if (!step.do?.length) {
        // Fowers' Sabotage: the learner's Hack, in a machine's room, on the board.
        if (g.id === 'sabotage-spies' && /Hack went off/.test(step.say)) await shot(page, 'tutorial-sabotage-spies-hack');
        if (k < t.steps.length - 1) await page.click('#lesson-next');
        continue;
      }
      const offered = await page.$$eval('#moves .move', (bs) => bs.map((b) => b.getAttribute('data-action')));
      for (const m of step.do) assert.ok(offered.includes(m), `${g.id}, lesson ${k + 1}: ${m} is offered`);
      const wrong = offered.find((m) => !step.do.includes(m));
      if (!refused && wrong) {
        // Another legal move: refused with the lesson's hint, and nothing is played.
        await page.click(`#moves .move[data-action="${wrong}"]`);
        assert.equal(await page.textContent('#lesson-note'), `Not this move. ${step.hint}`);
        assert.match(await page.textContent('#lesson-count') ?? '', new RegExp(`^Lesson ${k + 1} `));
        refused = true;
        if (g.id === 'abagio') {
          await shot(page, 'tutorial-abagio');
          await noSeriousA11y(page, 'a tutorial lesson with a move refused');
        }
      }
      await page.click(`#moves .move[data-action="${step.do[0]}"]`);
    }
    await page.waitForSelector('#lesson-done');
    if (g.id === 'sabotage-spies') await shot(page, 'tutorial-sabotage-spies-end');
    assert.ok(refused, `${g.id}: a wrong move was tried`);
  }
  noErrors(page);
  await context.close();
});
