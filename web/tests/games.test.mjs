// Every registered game in Chromium: created from the lobby against bots and finished by
// clicking legal moves; replayed step by step; a reload mid-game resumes the seat; a
// spectator of Sabacc sees no hidden card (two seats playing each other while a spectator
// watches, in every game: tests/spectators.test.mjs). No console error in any page.
// Screenshots of every game's table, desktop and phone, are saved under SHOTS. axe-core finds
// no serious accessibility violation on any of these pages, in either theme, at several
// moments of each game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  URL, launch, player, shot, playToEnd, clickMove, noErrors, api, createFromLobby, joinFromLobby, noSeriousA11y,
} from './harness.mjs';
import { PLAYED } from './played.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('every registered game has a browser test', async () => {
  const { games } = await api('/api/games');
  for (const g of games) assert.ok(PLAYED[g.id], `no browser test plays ${g.id}`);
});

for (const [id, how] of Object.entries(PLAYED)) {
  test(`${id}: a whole game against bots by clicking, a reload, screenshots, a replay`, { timeout: 600000 }, async () => {
    const { context, page } = await player(browser);
    const others = Array.from({ length: how.seats - 1 }, () => 'random');
    const table = await createFromLobby(page, id, others, how.options);
    // A few moves, then a reload: the seat is resumed. The first moves never give up
    // (a fold ends a Sabacc hand, and three folds would end a three-hand session).
    const keepOn = (/** @type {string[]} */ moves) => {
      const on = moves.map((m, i) => [m, i]).filter(([m]) => !/fold|resign/.test(String(m)));
      return on.length ? Number(on[Math.floor(on.length / 2)][1]) : 0;
    };
    await playToEnd(page, { seed: 7, stopAfter: 3, pick: keepOn });
    await shot(page, `${id}-desktop`);
    if (id === 'abagio' || id === 'abilene') {
      // On a laptop screen (1280×800) the whole board is in sight, beside the clock and the moves.
      await page.setViewportSize({ width: 1280, height: 800 });
      const bottom = await page.$eval('#board svg.ab-board', (el) => el.getBoundingClientRect().bottom);
      assert.ok(bottom <= 800, `${id}'s board ends at ${bottom}px, below an 800px screen`);
      await page.setViewportSize({ width: 1280, height: 860 });
    }
    await noSeriousA11y(page, `${id}'s table after three moves`);
    await page.reload();
    await page.waitForSelector('.seat.mine');
    assert.match(await page.textContent('.seat.mine'), /you/);
    const phone = await player(browser, { width: 375, height: 812 });
    await phone.context.addInitScript((held) => localStorage.setItem('tabula.seats', held),
      await page.evaluate(() => localStorage.getItem('tabula.seats')));
    await phone.page.goto(`${URL}/table/${table}`);
    await phone.page.waitForSelector('.seat.mine');
    await phone.page.waitForTimeout(300);
    await shot(phone.page, `${id}-phone`);
    if (id === 'abilene') {
      // On a phone the whole map shows; zoomed in, it is wider than the screen and scrolls.
      const width = () => phone.page.$eval('#board svg.ab-board', (el) => el.getBoundingClientRect().width);
      assert.ok(await width() <= 375, 'the whole map fits a phone');
      await phone.page.click('.ab-zoom');
      assert.ok(await width() >= 600, 'zoomed in, the map is wider than the phone');
      assert.equal(await phone.page.getAttribute('.ab-zoom', 'aria-pressed'), 'true');
      await phone.page.click('.ab-zoom');
      assert.ok(await width() <= 375, 'and back');
    }
    // The dark theme, at phone size.
    await phone.page.click('#theme');
    await noSeriousA11y(phone.page, `${id}'s table on a phone, in the other theme`);
    noErrors(phone.page);
    await phone.context.close();
    // A spectator (no seat in its browser) watches the same table: the board is drawn from
    // the public view, with no move to make. Had the bots already finished the game (their
    // moves are random), a spectator is shown its replay instead.
    const watcher = await player(browser);
    await watcher.page.goto(`${URL}/table/${table}`);
    await watcher.page.waitForSelector('#board svg');
    const finished = /\/replay\//.test(watcher.page.url());
    if (finished) {
      assert.equal((await api(`/api/tables/${table}`)).status, 'over', 'only a finished table is shown as a replay');
    } else {
      assert.equal(await watcher.page.$('.seat.mine'), null);
      assert.equal(await watcher.page.$('#board .legal-target'), null, 'a spectator is offered no move');
      assert.match(await watcher.page.textContent('#conn'), /watching/);
      await shot(watcher.page, `${id}-spectator`);
    }
    await noSeriousA11y(watcher.page, `${id} watched by a spectator`);
    noErrors(watcher.page);
    await watcher.context.close();
    // To the end.
    // axe at every tenth turn, the game's phases with it. In Abbott's Sabotage, the roofs
    // as a round ended stay in view when the next round is dealt.
    let finalRoofs = false;
    const moves = await playToEnd(page, {
      seed: 11,
      onTurn: async (n) => {
        if (n % 10 === 5) await noSeriousA11y(page, `${id}'s table at the seat's turn ${n + 4}`);
        finalRoofs ||= (await page.$('.sp-finalroofs [data-final] .sp-minicard')) !== null;
      },
    });
    if (id === 'sabotage-pipes') assert.ok(finalRoofs, 'the last round\'s final roofs are shown in the next round');
    assert.ok(moves > 0 || finished, 'the game needed moves to finish');
    const over = await page.textContent('.banner.over') ?? '';
    assert.match(over, /win|draw|lose/i);
    assert.match(over, how.words, 'the result in the game\'s words');
    assert.doesNotMatch(over, /Scores:|\d\.\d{3}/, 'no raw returns');
    // The log tells what moves did, in the game's own words (the same as the terminal's).
    assert.match(await page.textContent('#log') ?? '', how.effect, 'the log tells the moves\' effects');
    await noSeriousA11y(page, `${id}'s table once the game is over`);
    const bots = [...(await page.textContent('#seats') ?? '').matchAll(/(\w+) \(random bot\)/g)].map((m) => m[1]);
    assert.equal(bots.length, how.seats - 1, 'each bot is named');
    assert.equal(new Set(bots).size, bots.length, `the bots are named apart: ${bots}`);
    // The replay, stepped back and forth with the keys.
    await page.click('#replay-link');
    await page.waitForSelector('#step');
    const end = await page.textContent('#step');
    await page.keyboard.press('Home');
    assert.match(await page.textContent('#step'), /^step 0 of/);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#step'), /^step 1 of/);
    await page.keyboard.press('End');
    assert.equal(await page.textContent('#step'), end);
    // The last move is marked on the board: stepping from the start finds a step that shows it.
    // A move from one place to another carries a token along it (Abagio's leaps, Abilene's
    // cows and cowboys slide, Abbott's Sabotage's cards fly, Sabacc's bets go to the pot).
    await page.keyboard.press('Home');
    let marked = false;
    let slid = false;
    for (let k = 0; k < 120 && !(marked && (slid || !how.slides)); k++) {
      await page.keyboard.press('ArrowRight');
      // A long game's views come a window at a time: wait for this step's.
      await page.waitForFunction(() => !(document.querySelector('#step')?.textContent ?? '').endsWith('…'));
      marked ||= (await page.$('#board .last-move')) !== null;
      slid ||= how.slides && (await page.$(`#board .slide-token.${how.slides}`)) !== null;
    }
    assert.ok(marked, 'a move is marked on the board');
    if (how.slides) assert.ok(slid, `a move carries a ${how.slides} along the board`);
    await page.keyboard.press('End');
    await noSeriousA11y(page, `${id}'s replay`);
    if (id === 'abagio') {
      // From a step of the replay, play on against bots: a new table at that position.
      for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
      const step = Number((await page.textContent('#step'))?.split(' ')[1]);
      await page.click('#branch');
      await page.waitForURL(/\/table\/[0-9a-f]+$/);
      assert.notEqual(page.url().split('/').pop(), table, 'a new table');
      await page.waitForSelector('.seat.mine');
      assert.ok((await page.$$eval('#log li', (l) => l.length)) >= step, 'the new table starts from the replayed position');
      // Losing the network: the page says so, and resumes the seat when it is back.
      await context.setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForFunction(() => document.querySelector('#conn')?.getAttribute('data-state') === 'live');
      await page.waitForSelector('.seat.mine');
    }
    noErrors(page);
    await context.close();
  });
}

test('sabacc: a spectator’s page and WebSocket show no card hidden from it', { timeout: 600000 }, async () => {
  const a = await player(browser);
  const b = await player(browser);
  const table = await createFromLobby(a.page, 'sabacc', ['human'], { players: 2 });
  await joinFromLobby(b.page, table);
  const watcher = await player(browser);
  /** @type {string[]} */
  const frames = [];
  watcher.page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await watcher.page.goto(`${URL}/table/${table}`);
  await watcher.page.waitForSelector('.seat');
  /** Cards seen held face down by a seat, hidden from the other. */
  const hidden = new Set();
  const seatFrames = [[], []];
  a.page.on('websocket', (ws) => ws.on('framereceived', (f) => seatFrames[0].push(String(f.payload))));
  b.page.on('websocket', (ws) => ws.on('framereceived', (f) => seatFrames[1].push(String(f.payload))));
  await a.page.reload();
  await b.page.reload();
  let seed = 3;
  for (let k = 0; k < 40; k++) {
    if (await a.page.$('.banner.over')) break;
    for (const p of [a.page, b.page]) {
      seed = (seed * 48271) % 2147483647;
      await clickMove(p, seed);
    }
    // What each seat held and the other seat could not see at one moment (one update's
    // `seq`, sent to all three): the spectator's update of that moment may not show it. The
    // frames of a moment are compared together, never a seat's older frame with the
    // spectator's newer one (a showdown makes hidden cards public in between).
    /** @param {string[]} list @returns {Map<number, {msg: any, text: string}>} */
    const bySeq = (list) => new Map(list
      .map((text) => ({ msg: JSON.parse(text), text }))
      .filter((f) => f.msg.type === 'update')
      .map((f) => [f.msg.seq, f]));
    const seats = [bySeq(seatFrames[0]), bySeq(seatFrames[1])];
    const word = (/** @type {string} */ c) => new RegExp(`(^|[^A-Za-z0-9])${c}([^A-Za-z0-9]|$)`);
    // A card the other seat was told of in any way at that moment (its history included: a
    // card shown at an earlier hand's showdown, or blocked face up, may later be dealt face
    // down; named in a view, an action or a log line such as "blocks 5s") is no secret from
    // the spectator either.
    /** @param {any[]} views @param {string[]} texts @returns {Set<string>} */
    const heldHidden = (views, texts) => {
      const out = new Set();
      for (const s of [0, 1]) {
        const otherText = texts[1 - s];
        views[s].seats[s].hand.cards.forEach((/** @type {string} */ c, /** @type {number} */ i) => {
          if (views[1 - s].seats[s].hand.cards[i] === '?' && !word(c).test(otherText)) out.add(c);
        });
      }
      return out;
    };
    /** @type {{seq: number, now: Set<string>} | null} */
    let latest = null;
    for (const [seq, spectator] of bySeq(frames)) {
      const moment = seats.map((m) => m.get(seq));
      const views = moment.map((f) => f?.msg.view);
      if (!views[0] || !views[1]) continue;
      const now = heldHidden(views, moment.map((f) => f?.text ?? ''));
      latest = { seq, now };
      for (const c of now) {
        hidden.add(c);
        const at = word(c).exec(spectator.text)?.index;
        assert.equal(at, undefined, `the spectator was sent ${c}, hidden from the other seat: …${spectator.text.slice(Math.max(0, (at ?? 0) - 300), (at ?? 0) + 100)}`);
      }
    }
    // The spectator's page, when it shows the moment both seats are at (given a moment to
    // draw it).
    await watcher.page.waitForTimeout(100);
    const page = await watcher.page.textContent('body');
    const last = Math.max(...bySeq(frames).keys());
    if (latest && latest.seq === last && seats.every((m) => Math.max(...m.keys()) === last)) {
      for (const c of latest.now) {
        assert.ok(!word(c).test(page ?? ''), `the spectator's page shows ${c}, hidden from the other seat`);
      }
    }
  }
  assert.ok(hidden.size > 0, 'the test saw hidden cards');
  assert.ok(frames.length > 0, 'the spectator received updates');
  noErrors(a.page, b.page, watcher.page);
  await a.context.close();
  await b.context.close();
  await watcher.context.close();
});
