// The client's pages, chosen by the address: `/` the lobby, `/table/ID` a table (your seat
// if this browser holds one, else watching), `/replay/ID` a finished game step by step,
// `/learn/ID/tutorial` a game's interactive tutorial, `/players/NAME` a player's page.

import { byId } from './dom.js';
import { showLobby } from './lobby.js';
import { showTable } from './table.js';
import { showReplay } from './replay.js';
import { showTutorial } from './tutorial.js';
import { showPlayer } from './player.js';
import { drawAccount } from './account.js';
import { go } from './nav.js';

/** @type {(() => void) | null} what the page now shown must do when it is left */
let leave = null;

/** Shows the page for the current address. */
async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const main = byId('main');
  const path = location.pathname;
  let m;
  try {
    if ((m = path.match(/^\/table\/([0-9a-zA-Z_-]+)$/))) {
      leave = await showTable(main, m[1]);
    } else if ((m = path.match(/^\/learn\/([0-9a-z-]+)\/tutorial$/))) {
      leave = await showTutorial(main, m[1]);
    } else if ((m = path.match(/^\/players\/([^/]+)$/))) {
      leave = await showPlayer(main, decodeURIComponent(m[1]));
    } else if ((m = path.match(/^\/replay\/([0-9a-zA-Z_-]+)$/))) {
      leave = await showReplay(main, m[1], new URLSearchParams(location.search));
    } else {
      leave = await showLobby(main);
    }
  } catch (e) {
    main.replaceChildren();
    const p = document.createElement('p');
    p.className = 'error';
    p.textContent = e instanceof Error ? e.message : String(e);
    main.append(p);
  }
}

document.addEventListener('click', (e) => {
  const a = e.target instanceof Element ? e.target.closest('a[data-link]') : null;
  if (!a || !(a instanceof HTMLAnchorElement)) return;
  if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  go(a.getAttribute('href') || '/');
});

window.addEventListener('popstate', () => route());
drawAccount();
window.addEventListener('tabula:navigate', () => route());
route();
