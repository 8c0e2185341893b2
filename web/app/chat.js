// Talking at a table (docs/server.md, "Talking at the table"): the lines a seat or a
// spectator may hear, a box to say one, the choice of the team's private channel where the
// game has one, and mutes (everyone, or one person) kept in this browser for the page.

import { h, fill } from './dom.js';
import { myName } from './api.js';

/**
 * A line said at the table, as the server sends it (its type generated from the server's).
 * @typedef {import('../types/protocol.js').ChatLine} ChatLine
 */

/** The longest line the server takes, in characters. */
export const CHAT_LEN = 500;

/**
 * The chat of a table: `say` sends a message to the server, `near` shows an answer next
 * to the control that asked.
 * @param {(msg: import('../types/protocol.js').ClientMessage, near: Element) => void} say
 */
export function chatBox(say) {
  /** @type {Map<number, ChatLine>} */
  const lines = new Map();
  /** The names muted, by who said it (`seat:N` or `spectator:NAME`). */
  const muted = new Set();
  let seat = /** @type {number | null} */ (null);
  let team = false;
  let hideAll = false;

  const list = h('ol', { class: 'chat-lines', id: 'chat-lines', role: 'log', 'aria-live': 'polite', 'aria-label': 'What was said', tabindex: '0' });
  const input = /** @type {HTMLInputElement} */ (h('input', {
    id: 'chat-text', maxlength: String(CHAT_LEN), autocomplete: 'off', 'aria-label': 'Say something',
  }));
  const channel = /** @type {HTMLSelectElement} */ (h('select', { id: 'chat-channel', 'aria-label': 'Who hears it' },
    h('option', { value: 'table' }, 'to the table'),
    h('option', { value: 'team' }, 'to my team only')));
  const form = h('form', {
    class: 'chat-form',
    onsubmit: (/** @type {Event} */ e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      /** @type {import('../types/protocol.js').ClientMessage & { type: 'chat' }} */
      const msg = { type: 'chat', text };
      if (seat === null) {
        const name = myName();
        if (name) msg.name = name;
      } else if (team && channel.value === 'team') {
        msg.channel = 'team';
      }
      say(msg, form);
      input.value = '';
    },
  }, input, channel, h('button', { type: 'submit' }, 'Say'));
  const hide = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'chat-hide' }));
  hide.addEventListener('change', () => {
    hideAll = hide.checked;
    draw();
  });
  const mutedNote = h('p', { class: 'muted chat-muted', id: 'chat-muted' });
  const el = h('section', { class: 'chat', id: 'chat', 'aria-labelledby': 'chat-title' },
    h('h2', { id: 'chat-title' }, 'Chat'),
    h('label', { class: 'chat-hide' }, hide, ' Hide the chat'),
    list, mutedNote, form);

  /**
   * Who said a line, as mutes count them.
   * @param {ChatLine} l
   */
  function speaker(l) {
    return l.seat === null ? `spectator:${l.name}` : `seat:${l.seat}`;
  }

  function draw() {
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    list.hidden = hideAll;
    const shown = [...lines.values()].sort((a, b) => a.n - b.n).filter((l) => !muted.has(speaker(l)));
    fill(list, shown.map((l) => {
      const mine = l.seat !== null && l.seat === seat;
      const tag = l.channel === 'team' ? ' (team)' : l.channel === 'spectators' && seat !== null ? ' (spectator)' : '';
      const who = mine ? h('span', { class: 'chat-who' }, `${l.name}${tag}`)
        : h('button', {
          type: 'button', class: 'chat-who link', title: `Mute ${l.name}: hide what they say`,
          onclick: () => {
            muted.add(speaker(l));
            draw();
          },
        }, `${l.name}${tag}`);
      return h('li', { class: `chat-line ${l.channel}`, 'data-n': String(l.n) }, who, ': ', h('span', { class: 'chat-text' }, l.text));
    }));
    const n = muted.size;
    fill(mutedNote, n ? [`${n === 1 ? 'One person is' : `${n} people are`} muted. `,
      h('button', { type: 'button', class: 'link', id: 'chat-unmute', onclick: () => { muted.clear(); draw(); } }, 'Show them again')] : []);
    mutedNote.hidden = n === 0 || hideAll;
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  return {
    el,
    /**
     * Adds lines heard (a connection's backlog, or one new line).
     * @param {ChatLine[]} heard
     */
    add(heard) {
      for (const l of heard) lines.set(l.n, l);
      draw();
    },
    /**
     * Follows the table: the seat held (`null`: watching) and whether it has a team.
     * @param {number | null} s
     * @param {boolean} hasTeam
     */
    seat(s, hasTeam) {
      if (s === seat && hasTeam === team) return;
      seat = s;
      team = hasTeam;
      channel.hidden = !team;
      input.placeholder = seat === null ? 'Talk with the other spectators' : team ? 'Talk to the table or your team' : 'Talk to the table';
      draw();
    },
  };
}
