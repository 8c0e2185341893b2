// A player's page (`/players/NAME`): their rating in each game beside the bots' levels, a
// small chart of each rating over their rated games, and their finished games with the
// opponents, the result and a replay.

import { h, fill } from './dom.js';
import { api, games, levelRatingNow } from './api.js';
import { crumb, connection } from './nav.js';
import { winners } from './lobby.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @param {...(SVGElement | string)} children
 */
function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

/**
 * A rating's chart: the rating after each rated game, with the bot levels as dashed lines.
 * @param {import('../types/protocol.js').RatingPoint[]} points  one game's, oldest first
 * @param {{name: string, rating: number}[]} levels
 * @param {string} label
 */
function chart(points, levels, label) {
  const w = 360;
  const ht = 140;
  const pad = { l: 40, r: 90, t: 10, b: 20 };
  const values = [1500, ...points.map((p) => p.before), ...points.map((p) => p.rating), ...levels.map((l) => l.rating)];
  const lo = Math.floor((Math.min(...values) - 20) / 50) * 50;
  const hi = Math.ceil((Math.max(...values) + 20) / 50) * 50;
  const n = points.length;
  const x = (/** @type {number} */ i) => pad.l + (n === 0 ? 0 : (i / n) * (w - pad.l - pad.r));
  const y = (/** @type {number} */ r) => pad.t + (1 - (r - lo) / (hi - lo)) * (ht - pad.t - pad.b);
  const line = [points.length ? points[0].before : 1500, ...points.map((p) => p.rating)]
    .map((r, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ');
  return svg('svg', { viewBox: `0 0 ${w} ${ht}`, class: 'rating-chart', role: 'img', 'aria-label': label },
    svg('title', {}, label),
    svg('text', { x: 4, y: y(hi) + 10, class: 'axis' }, String(hi)),
    svg('text', { x: 4, y: y(lo), class: 'axis' }, String(lo)),
    ...levels.map((l) => svg('g', {},
      svg('line', { x1: pad.l, x2: w - pad.r, y1: y(l.rating), y2: y(l.rating), class: 'level' }),
      svg('text', { x: w - pad.r + 4, y: y(l.rating) + 4, class: 'axis' }, `${l.name} ${l.rating}`))),
    svg('path', { d: line, class: 'rating-line' }),
    ...points.map((p, i) => svg('circle', { cx: x(i + 1), cy: y(p.rating), r: 3, class: 'rating-dot' },
      svg('title', {}, `${new Date(p.at * 1000).toLocaleDateString()}: ${p.before} → ${p.rating}`))));
}

/**
 * Where a rating stands among the bot levels, in words.
 * @param {number} rating
 * @param {{name: string, rating: number}[]} levels  weakest first
 */
function standing(rating, levels) {
  const below = levels.filter((l) => l.rating <= rating);
  const above = levels.filter((l) => l.rating > rating);
  if (!below.length) return above.length ? `below the ${above[0].name} bot (${above[0].rating})` : '';
  if (!above.length) return `above the ${below[below.length - 1].name} bot (${below[below.length - 1].rating})`;
  const a = below[below.length - 1];
  const b = above[0];
  return `between the ${a.name} bot (${a.rating}) and the ${b.name} bot (${b.rating})`;
}

/**
 * @param {HTMLElement} main
 * @param {string} name
 * @returns {Promise<() => void>}
 */
export async function showPlayer(main, name) {
  connection('');
  /** @type {import('../types/protocol.js').PlayerPage} */
  const page = await api(`/api/players/${encodeURIComponent(name)}`);
  crumb(page.name);
  const list = await games();
  /** @param {string} id */
  const gameName = (id) => list.find((g) => g.id === id)?.name ?? id;
  /** @param {string} id */
  const levelsOf = (id) => {
    /** @type {{name: string, rating: number}[]} */
    const out = [];
    for (const [bot, label] of [['easy', 'Easy'], ['medium', 'Medium'], ['hard', 'Hard'], ['expert', 'Expert']]) {
      const r = levelRatingNow(id, bot);
      if (r !== undefined) out.push({ name: label, rating: r });
    }
    return out.sort((a, b) => a.rating - b.rating);
  };

  const ratings = page.ratings.map((r) => {
    const levels = levelsOf(r.game);
    const points = page.history.filter((p) => p.game === r.game);
    const label = `${gameName(r.game)}: ${page.name}'s rating over ${points.length} rated game${points.length === 1 ? '' : 's'}`;
    return h('article', { class: 'rating', 'data-game': r.game },
      h('h3', {}, gameName(r.game)),
      h('p', {},
        h('strong', { class: 'rating-value', 'data-rating': r.rating }, `${r.rating}${r.provisional ? '?' : ''}`),
        ' ', h('span', { class: 'muted' }, `± ${2 * r.deviation} · ${r.games} rated game${r.games === 1 ? '' : 's'}`)),
      h('p', { class: 'muted' }, `${r.provisional ? 'Provisional (a few more games settle it): ' : ''}${standing(r.rating, levels)}.`),
      chart(points, levels, label));
  });

  const rows = page.games.map(({ seat, table: t }) => {
    const others = t.names.map((n, i) => ({ n, i, account: t.accounts[i] })).filter((o) => o.i !== seat);
    return h('li', { 'data-table': t.table },
      h('strong', {}, gameName(t.game)), ' ',
      h('span', {}, 'with '),
      ...others.flatMap((o, k) => [
        k ? ', ' : '',
        o.account ? h('a', { href: `/players/${encodeURIComponent(o.n)}`, 'data-link': true }, o.n) : o.n,
      ]), ' ',
      h('span', { class: 'muted', 'data-result': true }, `· ${winners(t.result, t.names, seat).replace(/^your side/, `${page.name}'s side`).replace(/^you /, `${page.name} `)}`),
      t.rated ? h('span', { class: 'badge' }, 'rated') : null, ' ',
      h('span', { class: 'muted' }, t.finished ? `· ${new Date(t.finished * 1000).toLocaleDateString()}` : ''), ' ',
      h('a', { href: `/replay/${t.table}?seat=${seat}`, 'data-link': true }, 'Replay'));
  });

  fill(main,
    h('section', { class: 'hello player' },
      h('h1', {}, page.name),
      h('p', { class: 'muted' }, `Playing on this server since ${new Date(page.created * 1000).toLocaleDateString()}.`)),
    h('section', {}, h('h2', {}, 'Ratings'),
      ratings.length
        ? h('div', { class: 'ratings' }, ratings)
        : h('p', { class: 'muted' }, `${page.name} has played no rated game yet. A rated game (tick “Rated” on a new table, signed in) places a player on the same scale as the bots: the beginner's rules of thumb are 1500.`)),
    h('section', {}, h('h2', {}, 'Games'),
      rows.length ? h('ul', { class: 'tables' }, rows) : h('p', { class: 'muted' }, 'No finished game yet.')));
  return () => {};
}
