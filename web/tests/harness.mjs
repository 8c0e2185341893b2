// What the browser tests share: Debian's Chromium driven by playwright-core, against the
// `tabula serve` whose address the Rust test gives in TABULA_URL (crates/server/tests/browser.rs).
// Every page is watched: a console error or an uncaught exception fails the test.

import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';

export const URL = process.env.TABULA_URL || 'http://127.0.0.1:8080';
export const SHOTS = process.env.TABULA_SHOTS || 'test-results/screenshots';

/** Starts Chromium headless, with what a closed network needs. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A new browser context (its own storage: another player) and a page in it that records
 * every console error and page error.
 * @param {import('playwright-core').Browser} browser
 * @param {{width: number, height: number}} [viewport]
 * @param {string} [storageState]  a file of cookies and storage saved by an earlier context
 */
export async function player(browser, viewport = { width: 1280, height: 860 }, storageState = undefined) {
  const context = await browser.newContext({ viewport, storageState });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.errors = errors;
  return { context, page, errors };
}

/** Fails if a page logged an error. */
export function noErrors(...pages) {
  for (const p of pages) assert.deepEqual(p.errors, [], 'the page logged errors');
}

/**
 * Saves a screenshot under SHOTS.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** The password of every account the tests create. */
export const PASSWORD = 'a long enough password';

/**
 * Creates an account (or signs in) from the top bar's dialog.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {boolean} create
 */
export async function signIn(page, name, create) {
  await page.click('#sign-in');
  await page.waitForSelector('dialog.account');
  if (create) await page.click('dialog.account button.linkish');
  await page.fill('#account-name', name);
  await page.fill('#account-password', PASSWORD);
  await page.click('dialog.account button.primary');
  await page.waitForSelector('dialog.account', { state: 'detached' });
  await page.waitForSelector(`#my-page:text("${name}")`);
}

/** JSON from the server's API. */
export async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(URL + path, init);
  const data = await res.json();
  if (!res.ok) throw new Error(`${path}: ${JSON.stringify(data)}`);
  return data;
}

/**
 * Creates a table from the lobby: this page's seat first, the others as given.
 * @param {import('playwright-core').Page} page
 * @param {string} id
 * @param {string[]} others  each other seat: 'human' or a bot
 * @param {Record<string, unknown>} options
 */
export async function createFromLobby(page, id, others, options) {
  await page.goto(`${URL}/`);
  await page.fill('#name', 'ada');
  await page.dispatchEvent('#name', 'change');
  await page.click(`button[data-new="${id}"]`);
  const form = `form.new-table[data-game="${id}"]`;
  await page.waitForSelector(form);
  // The game's options are under "More options".
  if (Object.keys(options).length) await page.click(`${form} details.more-options > summary`);
  for (const [name, value] of Object.entries(options)) {
    const input = `${form} [name="${name}"]`;
    const type = await page.getAttribute(input, 'type');
    if (type === 'checkbox') await page.setChecked(input, Boolean(value));
    else if (type === 'number') await page.fill(input, String(value));
    else await page.selectOption(input, String(value));
  }
  for (const [i, kind] of others.entries()) await page.selectOption(`${form} select[name="seat${i + 1}"]`, kind);
  await page.click(`${form} button[type="submit"]`);
  await page.waitForURL(/\/table\/[0-9a-f]+$/);
  await page.waitForSelector('.seat.mine');
  return page.url().split('/').pop();
}

/**
 * Takes the first free seat of `table` from the lobby under `name`, and waits for the seat.
 * @param {import('playwright-core').Page} page
 * @param {string} table
 * @param {string} [name]
 */
export async function joinFromLobby(page, table, name) {
  await page.goto(`${URL}/`);
  if (name) {
    await page.fill('#name', name);
    await page.dispatchEvent('#name', 'change');
  }
  await page.click(`button[data-join="${table}"]`);
  // A newcomer is asked a name first.
  const at = new RegExp(`/table/${table}$`);
  const asked = await Promise.race([
    page.waitForSelector('dialog.ask-name').then(() => true, () => false),
    page.waitForURL(at).then(() => false, () => false),
  ]);
  if (asked) await answerName(page, 'guest');
  await page.waitForURL(at);
  await page.waitForSelector('.seat.mine');
}

/**
 * Answers the dialog that asks a newcomer's name.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export async function answerName(page, name) {
  await page.fill('dialog.ask-name input', name);
  await page.click('dialog.ask-name button.primary');
  await page.waitForSelector('dialog.ask-name', { state: 'detached' });
}

/**
 * Plays the page's seat to the end of the game by clicking legal moves (a seeded choice
 * among the buttons the page offers), waiting for the server's answer after each.
 * @param {import('playwright-core').Page} page
 * `onTurn` is called each time the seat is to move, before its click (to inspect the page).
 * @param {import('playwright-core').Page} page
 * @param {{seed?: number, maxMoves?: number, stopAfter?: number, pick?: (moves: string[], k: number) => number,
 *   onTurn?: (clicked: number) => Promise<void>}} [opts]
 * @returns {Promise<number>} the moves clicked
 */
export async function playToEnd(page, opts = {}) {
  let seed = opts.seed ?? 1;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const max = opts.maxMoves ?? 5000;
  let clicked = 0;
  for (;;) {
    if (opts.stopAfter !== undefined && clicked >= opts.stopAfter) return clicked;
    // Wait until either the game is over or this seat has moves to click.
    await page.waitForFunction(() =>
      document.querySelector('.banner.over') || document.querySelector('#moves .move'), null, { timeout: 60000 })
      .catch((e) => stalled(page, clicked, e));
    if (await page.$('.banner.over')) return clicked;
    const moves = await page.$$eval('#moves .move', (bs) => bs.map((b) => b.getAttribute('data-action') || ''));
    if (!moves.length) continue;
    if (opts.onTurn) await opts.onTurn(clicked);
    const k = opts.pick ? opts.pick(moves, clicked) : Math.floor(rand() * moves.length);
    const before = await page.$eval('#log', (l) => l.children.length);
    await page.click(`#moves .move[data-action="${cssEscape(moves[k])}"]`);
    clicked += 1;
    assert.ok(clicked <= max, `more than ${max} moves`);
    // The answer: the log grows (or the game ends).
    await page.waitForFunction((n) => document.querySelector('.banner.over') ||
      (document.querySelector('#log')?.children.length ?? 0) > n, before, { timeout: 60000 })
      .catch((e) => stalled(page, clicked, e));
  }
}

/**
 * Fails a wait of `playToEnd` with what the page and the server say of the table, so that
 * a stall can be told from a slow bot or a lost connection.
 * @param {import('playwright-core').Page} page
 * @param {number} clicked
 * @param {unknown} error
 * @returns {Promise<never>}
 */
async function stalled(page, clicked, error) {
  const text = async (/** @type {string} */ sel) => (await page.textContent(sel).catch(() => null))?.trim() ?? '(none)';
  const table = page.url().split('/').pop() ?? '';
  const info = await api(`/api/tables/${table}`).catch((e) => String(e));
  throw new Error(`${error instanceof Error ? error.message : error}\n` +
    `after ${clicked} moves at ${page.url()}\nbanner: ${await text('.banner')}\nmoves: ${await text('#moves')}\n` +
    `log (last): ${await page.$eval('#log', (l) => l.lastElementChild?.textContent ?? '').catch(() => '(none)')}\n` +
    `the server: ${JSON.stringify(info).slice(0, 600)}`);
}

/**
 * Clicks one of the legal moves the page offers now (the `k`-th of them, modulo their
 * number) and waits for the server's answer. Returns false when the page offers none.
 * The page may redraw its buttons between reading them and clicking (another seat's
 * move arrived): the click then finds the new button of that move, or none.
 * @param {import('playwright-core').Page} page
 * @param {number} k
 */
export async function clickMove(page, k) {
  const moves = await page.$$eval('#moves .move', (bs) => bs.map((b) => b.getAttribute('data-action') || ''));
  if (!moves.length) return false;
  const before = await page.$eval('#log', (l) => l.children.length);
  const sel = `#moves .move[data-action="${cssEscape(moves[k % moves.length])}"]`;
  try {
    await page.click(sel, { timeout: 2000 });
  } catch {
    return true;
  }
  await page.waitForFunction((n) => document.querySelector('.banner.over') ||
    (document.querySelector('#log')?.children.length ?? 0) > n, before, { timeout: 60000 });
  return true;
}

/** @param {string} s */
function cssEscape(s) {
  return s.replace(/["\\]/g, '\\$&');
}

/** axe-core's script (the npm package, pinned in package.json). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The accessibility violations axe-core finds on the page as it is now, of impact `serious`
 * or `critical` (WCAG 2.1 A and AA, and axe's best practices), each as one line naming the
 * rule and the elements.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string[]>}
 */
export async function axeSerious(page) {
  // Evaluated by the driver, not as a page script: the page's CSP allows only its own.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE}\n;0`);
  const found = await page.evaluate(async () => {
    const r = await /** @type {any} */ (window).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((/** @type {any} */ v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 4).map((/** @type {any} */ n) => n.target.join(' ')),
      count: v.nodes.length,
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}) ×${v.count}: ${v.nodes.join(' | ')}`);
}

/**
 * Fails with every serious or critical accessibility violation on the page, naming `where`.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
export async function noSeriousA11y(page, where) {
  const found = await axeSerious(page);
  assert.deepEqual(found, [], `axe-core on ${where}:\n${found.join('\n')}`);
}
