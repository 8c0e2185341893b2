// At the table (issue 31): looking at the lobby never hands your seat to a bot when nobody
// waits for you; someone who does wait sees the grace period count down; the tab's title,
// the lobby and a notification tell you when it is your move.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { URL, launch, player, noErrors, api, createFromLobby, joinFromLobby, clickMove } from './harness.mjs';

/** The server's grace period (crates/server/tests/browser.rs sets it short). */
const GRACE = Number(process.env.TABULA_GRACE_MS || 60000);
const YOUR_MOVE = '● Your move — tabula';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * Waits until the page offers a move (its turn), clicking none.
 * @param {import('playwright-core').Page} page
 */
async function untilMine(page) {
  await page.waitForSelector('.banner.yours', { timeout: 60000 });
}

test('a game against bots waits while its person looks at the lobby', { timeout: 120000 }, async () => {
  const { context, page } = await player(browser);
  const table = await createFromLobby(page, 'abagio', ['random'], {});
  await untilMine(page);
  assert.equal(await page.title(), YOUR_MOVE, 'the tab says it is your move');
  const seq = (await api(`/api/tables/${table}`)).seq;
  // To the lobby, for longer than the grace period.
  await page.goto(`${URL}/`);
  const mark = `#my-tables li.your-move[data-table="${table}"]`;
  await page.waitForSelector(mark);
  assert.match(await page.textContent(mark) ?? '', /your move/);
  assert.equal(await page.title(), YOUR_MOVE, 'the lobby\'s tab says a table waits for your move');
  await page.waitForTimeout(GRACE + 2000);
  const info = await api(`/api/tables/${table}`);
  assert.equal(info.seats[0].bot, null, 'no bot took the seat');
  assert.equal(info.seq, seq, 'nothing was played for the person');
  // Back: the same position, still the person's move.
  await page.click(`${mark} a`);
  await untilMine(page);
  assert.equal(await page.title(), YOUR_MOVE);
  assert.doesNotMatch(await page.textContent('#seats') ?? '', /plays for them/);
  noErrors(page);
  await context.close();
});

test('two people: the title and a notification on your move, the other\'s grace period counted down, then a bot', { timeout: 180000 }, async () => {
  const a = await player(browser);
  const b = await player(browser);
  // Notifications recorded, and the tab's visibility set by the test.
  for (const p of [a, b]) {
    await p.context.grantPermissions(['notifications'], { origin: URL });
    await p.context.addInitScript(() => {
      /** @type {any} */ (window).shown = [];
      /** @type {any} */ (window).tabHidden = false;
      Object.defineProperty(document, 'hidden', { get: () => /** @type {any} */ (window).tabHidden });
      const Real = window.Notification;
      class Recorded {
        static get permission() { return Real.permission; }
        static requestPermission() { return Real.requestPermission(); }
        /** @param {string} title @param {any} opts */
        constructor(title, opts) { /** @type {any} */ (window).shown.push({ title, body: opts?.body }); }
        close() {}
      }
      /** @type {any} */ (window).Notification = Recorded;
    });
  }
  const table = await createFromLobby(a.page, 'abagio', ['human'], {});
  await joinFromLobby(b.page, table, 'bob');
  await a.page.waitForFunction(() => !document.querySelector('.banner')?.textContent?.includes('Waiting for people'));
  // Whose move: that tab says so, the other does not.
  await Promise.race([a.page, b.page].map((p) => p.waitForSelector('.banner.yours', { timeout: 60000 })));
  const [mover, other] = (await a.page.$('.banner.yours')) ? [a, b] : [b, a];
  assert.equal(await mover.page.title(), YOUR_MOVE);
  assert.notEqual(await other.page.title(), YOUR_MOVE);
  // The other asks to be told, and looks away: the mover plays until the turn passes.
  await other.page.check('#notify');
  await other.page.evaluate(() => { /** @type {any} */ (window).tabHidden = true; });
  let seed = 9;
  while (!(await other.page.$('.banner.yours'))) {
    seed = (seed * 48271) % 2147483647;
    if (!(await clickMove(mover.page, seed))) await mover.page.waitForTimeout(50);
  }
  assert.equal(await other.page.title(), YOUR_MOVE);
  const shown = await other.page.evaluate(() => /** @type {any} */ (window).shown);
  assert.equal(shown.length, 1, `one notification: ${JSON.stringify(shown)}`);
  assert.equal(shown[0].title, 'Your move');
  assert.notEqual(await mover.page.title(), YOUR_MOVE);
  // The one to move goes to the lobby: the other sees the grace period count down, then a bot
  // plays for them; coming back takes the seat back.
  await other.page.goto(`${URL}/`);
  await other.page.waitForSelector(`#my-tables li.your-move[data-table="${table}"]`);
  const away = '#seats .away[data-grace]';
  await mover.page.waitForSelector(away);
  assert.match(await mover.page.textContent(away) ?? '', /is away — a bot plays for them in 0:0\d|is away — a bot plays for them in \d/);
  assert.match(await mover.page.textContent('#banner') ?? '', /is away — a bot plays for them/);
  await mover.page.waitForFunction(() => /medium plays for them/.test(document.querySelector('#seats')?.textContent ?? ''),
    null, { timeout: GRACE + 30000 });
  await other.page.click(`#my-tables li[data-table="${table}"] a`);
  await other.page.waitForSelector('.seat.mine');
  await mover.page.waitForFunction(() => !/plays for them/.test(document.querySelector('#seats')?.textContent ?? ''));
  noErrors(a.page, b.page);
  await a.context.close();
  await b.context.close();
});

test('an answer is shown beside the control that asked, where the person looks', { timeout: 120000 }, async () => {
  const { context, page } = await player(browser, { width: 1280, height: 800 });
  await createFromLobby(page, 'abagio', ['random'], {});
  await untilMine(page);
  // A move typed that the rules refuse: said under the box it was typed in, in view.
  await page.fill('#notation', 'no such move');
  await page.press('#notation', 'Enter');
  await page.waitForFunction(() => document.querySelector('#notice')?.previousElementSibling?.classList.contains('typed'));
  assert.notEqual(await page.textContent('#notice'), '');
  const r = await page.$eval('#notice', (n) => { const b = n.getBoundingClientRect(); return { top: b.top, bottom: b.bottom }; });
  assert.ok(r.top >= 0 && r.bottom <= 800, `the answer is in view: ${JSON.stringify(r)}`);
  noErrors(page);
  await context.close();
});

test('a rematch is offered to the other seat, accepted there, and both sit at one new table', { timeout: 120000 }, async () => {
  const a = await player(browser);
  const b = await player(browser);
  const table = await createFromLobby(a.page, 'abagio', ['human'], {});
  await joinFromLobby(b.page, table, 'bob');
  const watcher = await player(browser);
  await watcher.page.goto(`${URL}/table/${table}`);
  await watcher.page.waitForSelector('#board');
  b.page.once('dialog', (d) => d.accept());
  await b.page.click('#resign');
  await a.page.waitForSelector('.banner.over');
  await a.page.click('#rematch');
  await a.page.waitForSelector('#rematch-wait');
  assert.match(await a.page.textContent('#rematch-wait') ?? '', /waiting for bob/);
  await b.page.waitForSelector('.rematch-offer');
  assert.match(await b.page.textContent('.rematch-offer') ?? '', /ada offers a rematch/);
  await watcher.page.waitForSelector('.banner.over');
  assert.equal(await watcher.page.$('#rematch'), null, 'a spectator is offered no rematch');
  await b.page.click('#rematch');
  const away = (/** @type {import('playwright-core').Page} */ p) => p.waitForURL((u) => /\/table\/[0-9a-f]+$/.test(u.pathname) && !u.pathname.endsWith(table));
  await Promise.all([away(a.page), away(b.page)]);
  assert.equal(a.page.url(), b.page.url(), 'one new table for both');
  await a.page.waitForSelector('.seat.mine');
  await b.page.waitForSelector('.seat.mine');
  assert.equal(await a.page.getAttribute('.seat.mine', 'data-seat'), '1', 'the seats turned by one');
  assert.equal(await b.page.getAttribute('.seat.mine', 'data-seat'), '0');
  noErrors(a.page, b.page, watcher.page);
  for (const p of [a, b, watcher]) await p.context.close();
});

/**
 * Two people at a new table of `game`: the one to move first, the moves it is offered and
 * its log's length then.
 * @param {string} game
 * @param {Record<string, unknown>} options
 */
async function twoPeople(game, options) {
  const a = await player(browser);
  const b = await player(browser);
  await createFromLobby(a.page, game, ['human'], options);
  await joinFromLobby(b.page, a.page.url().split('/').pop());
  await Promise.race([a.page, b.page].map((p) => p.waitForSelector('#moves .move', { timeout: 60000 })));
  const [mover, other] = (await a.page.$('#moves .move')) ? [a, b] : [b, a];
  const before = await mover.page.$$eval('#moves .move', (bs) => bs.map((x) => x.getAttribute('data-action')));
  const logBefore = await mover.page.$eval('#log', (l) => l.children.length);
  return { a, b, mover, other, before, logBefore };
}

/**
 * Waits until the move is taken back: the log as long as it was, the same moves offered.
 * @param {import('playwright-core').Page} page
 * @param {number} logBefore
 * @param {(string | null)[]} before
 */
async function takenBack(page, logBefore, before) {
  await page.waitForFunction((n) => document.querySelector('#log')?.children.length === n, logBefore);
  const again = await page.$$eval('#moves .move', (bs) => bs.map((x) => x.getAttribute('data-action')));
  assert.deepEqual(again, before, 'the same choice again');
}

test('Undo within an Abagio turn; a takeback asked of the other seat and accepted there', { timeout: 180000 }, async () => {
  // Abagio hides nothing: a first leap is taken back with Undo while the second die is still
  // to play, since nobody could answer it yet.
  {
    const { a, b, mover, before, logBefore } = await twoPeople('abagio', {});
    await clickMove(mover.page, 0);
    await mover.page.waitForSelector('#undo');
    assert.equal(await mover.page.$('#takeback'), null, 'no need to ask: Undo takes it back');
    await mover.page.click('#undo');
    await takenBack(mover.page, logBefore, before);
    noErrors(a.page, b.page);
    await a.context.close();
    await b.context.close();
  }
  // Sabacc's bets are seen by the other seat and no card comes between: a takeback is asked.
  const { a, b, mover, other, before, logBefore } = await twoPeople('sabacc', { players: 2 });
  await clickMove(mover.page, 0);
  // The other seat saw the bet: no Undo, but a takeback may be asked.
  await mover.page.waitForSelector('#takeback');
  assert.equal(await mover.page.$('#undo'), null, 'Undo is not offered for a move the other seat saw');
  await mover.page.click('#takeback');
  await mover.page.waitForSelector('#takeback-wait');
  await other.page.waitForSelector('#takeback-offer');
  assert.match(await other.page.textContent('#takeback-offer') ?? '', /asks to take back their last move/);
  // Declined: the answer comes back beside the button that asked, in view.
  await other.page.click('#takeback-decline');
  await mover.page.waitForFunction(() => /declined the takeback/.test(document.querySelector('#notice')?.textContent ?? ''));
  const where = await mover.page.evaluate(() => {
    const n = /** @type {HTMLElement} */ (document.querySelector('#notice'));
    const r = n.getBoundingClientRect();
    return { after: n.previousElementSibling?.id, top: r.top, bottom: r.bottom };
  });
  assert.equal(where.after, 'controls', `the answer follows the controls: ${JSON.stringify(where)}`);
  assert.ok(where.top >= 0 && where.bottom <= 860, `the answer is in view: ${JSON.stringify(where)}`);
  // Asked again, and accepted.
  await mover.page.click('#takeback');
  await other.page.waitForSelector('#takeback-offer');
  await other.page.click('#takeback-accept');
  await takenBack(mover.page, logBefore, before);
  noErrors(a.page, b.page);
  await a.context.close();
  await b.context.close();
});

test('the keyboard keeps its place: a skip link, one h1, and the focus stays on the moves after a move', { timeout: 120000 }, async () => {
  const { context, page } = await player(browser);
  await createFromLobby(page, 'abagio', ['random'], {});
  await untilMine(page);
  assert.equal(await page.$$eval('h1', (l) => l.length), 1, 'one h1');
  // From the top of a freshly opened page, the first Tab reaches the skip link.
  await page.reload();
  await untilMine(page);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip', 'the first Tab reaches the skip link');
  const before = await page.$eval('#log', (l) => l.children.length);
  await page.focus('#moves .move');
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => (document.querySelector('#log')?.children.length ?? 0) > n, before);
  const where = await page.evaluate(() => {
    const a = document.activeElement;
    return { tag: a?.tagName, inPlay: Boolean(a && (document.querySelector('#moves')?.contains(a) || document.querySelector('#board')?.contains(a))) };
  });
  assert.ok(where.inPlay, `the focus stays with the game, not the page: ${JSON.stringify(where)}`);
  noErrors(page);
  await context.close();
});

test('two seats talk, a spectator talks apart, a person can be muted, and a team has its own channel', { timeout: 120000 }, async () => {
  const a = await player(browser);
  const b = await player(browser);
  const table = await createFromLobby(a.page, 'abagio', ['human'], {});
  await joinFromLobby(b.page, table, 'bob');
  const watcher = await player(browser);
  await watcher.page.goto(`${URL}/table/${table}`);
  await watcher.page.waitForSelector('#chat-text');
  // A two-seat game without teams: no channel to choose.
  assert.equal(await a.page.isVisible('#chat-channel'), false);
  await a.page.fill('#chat-text', 'hello <b>bob</b>');
  await a.page.press('#chat-text', 'Enter');
  await b.page.waitForSelector('#chat-lines li:has-text("hello <b>bob</b>")');
  assert.equal(await b.page.$('#chat-lines b'), null, 'a line is text, never markup');
  await watcher.page.waitForSelector('#chat-lines li:has-text("hello")');
  // The spectators talk among themselves: the seats never hear it.
  await watcher.page.fill('#chat-text', 'ada will win');
  await watcher.page.click('.chat-form button[type="submit"]');
  await watcher.page.waitForSelector('#chat-lines li:has-text("ada will win")');
  await b.page.fill('#chat-text', 'hi ada');
  await b.page.press('#chat-text', 'Enter');
  await a.page.waitForSelector('#chat-lines li:has-text("hi ada")');
  assert.doesNotMatch(await a.page.textContent('#chat-lines') ?? '', /ada will win/);
  // Ada mutes bob: his lines are hidden until she shows them again.
  await a.page.click('#chat-lines button.chat-who:has-text("bob")');
  await a.page.waitForSelector('#chat-muted:has-text("muted")');
  assert.doesNotMatch(await a.page.textContent('#chat-lines') ?? '', /hi ada/);
  await a.page.click('#chat-unmute');
  await a.page.waitForSelector('#chat-lines li:has-text("hi ada")');
  // A line too long for the table is refused beside the box, and nothing is said.
  await a.page.$eval('#chat-text', (i) => i.removeAttribute('maxlength'));
  await a.page.fill('#chat-text', 'x'.repeat(501));
  await a.page.press('#chat-text', 'Enter');
  await a.page.waitForFunction(() => document.querySelector('#notice')?.previousElementSibling?.classList.contains('chat-form'));
  assert.match(await a.page.textContent('#notice') ?? '', /at most 500 characters/);
  // Reloading brings back what was said.
  await b.page.reload();
  await b.page.waitForSelector('#chat-lines li:has-text("hello <b>bob</b>")');
  // The game ends; its replay keeps what was said, as each seat heard it.
  b.page.once('dialog', (d) => d.accept());
  await b.page.click('#resign');
  await a.page.click('#replay-link');
  await a.page.waitForSelector('#chat-lines li:has-text("hi ada")');
  assert.doesNotMatch(await a.page.textContent('#chat-lines') ?? '', /ada will win/);
  noErrors(a.page, b.page, watcher.page);
  for (const p of [a, b, watcher]) await p.context.close();
  // Fowers' Sabotage with four seats: a Villain may speak to its team alone.
  const c = await player(browser);
  await createFromLobby(c.page, 'sabotage-spies', ['random', 'random', 'random'], { players: 4 });
  await c.page.waitForSelector('#chat-channel', { state: 'visible' });
  await c.page.selectOption('#chat-channel', 'team');
  await c.page.fill('#chat-text', 'the laser goes in b2');
  await c.page.press('#chat-text', 'Enter');
  await c.page.waitForSelector('#chat-lines li.team:has-text("the laser goes in b2")');
  noErrors(c.page);
  await c.context.close();
});

test('Abagio: a frog whose square is also a landing is picked by its own button, never leapt onto by mistake', { timeout: 300000 }, async () => {
  const { context, page } = await player(browser);
  await createFromLobby(page, 'abagio', ['random'], {});
  let found = false;
  for (let turn = 0; turn < 80 && !found; turn++) {
    await page.waitForFunction(() => document.querySelector('.banner.over') || document.querySelector('#moves .move'), null, { timeout: 60000 });
    if (await page.$('.banner.over')) break;
    // Pick each movable frog in turn: does some square offer both a landing and a frog?
    const picks = await page.$$eval('#board [data-pick]', (l) => l.map((e) => e.getAttribute('data-pick')));
    for (const k of picks) {
      await page.click(`#board [data-pick="${k}"]`);
      const both = await page.$('#board .ab-pickbtn');
      if (!both) continue;
      const seq = (await page.$$eval('#log li', (l) => l.length));
      const other = await both.getAttribute('data-pick');
      await both.click();
      await page.waitForSelector(`#board [data-pick="${other}"][aria-pressed="true"]`);
      assert.equal(await page.$$eval('#log li', (l) => l.length), seq, 'picking a frog plays nothing');
      found = true;
      break;
    }
    if (!found) await clickMove(page, turn);
  }
  assert.ok(found, 'a square both a landing and a frog to pick came up');
  noErrors(page);
  await context.close();
});
