// The figures of a guide page (`/learn/{id}`): each `figure.position` holds the actions that
// reach a position; the server plays them (`POST /api/games/{id}/position`) and the game's
// own renderer draws the seat's view, so a guide's pictures are the boards a player meets.

import { api } from './api.js';
import { renderer } from './games/index.js';

/**
 * Draws every figure of the page.
 * @returns {Promise<void>}
 */
async function drawFigures() {
  const game = document.body.dataset.game;
  const figures = [...document.querySelectorAll('figure.position')];
  if (!game || !figures.length) return;
  const r = await renderer(game);
  await Promise.all(figures.map(async (figure) => {
    const board = figure.querySelector('.position-board');
    if (!(board instanceof HTMLElement)) return;
    try {
      /** @type {import('../types/protocol.js').Position} */
      const p = await api(`/api/games/${encodeURIComponent(game)}/position`, JSON.parse(figure.getAttribute('data-position') || '{}'));
      r.render(board, {
        view: p.view, seat: p.seat, legal: [], turn: p.turn, names: p.names, options: p.options, replay: true, act: () => {},
      });
      figure.classList.add('drawn');
    } catch (e) {
      board.textContent = `This figure could not be drawn: ${e instanceof Error ? e.message : String(e)}`;
      figure.classList.add('failed');
    }
  }));
}

drawFigures();
