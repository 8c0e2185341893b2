// The player's name, asked once: the first time a newcomer sits down (Play now, a new
// table, a seat taken from a link), a small dialog asks what the others should call them;
// the answer is remembered in this browser and can be changed in the lobby.

import { h } from './dom.js';
import { myName, setMyName } from './api.js';

/**
 * The player's name, asked first if this browser has none yet.
 * @returns {Promise<string | null>} the name, or null if the person closed the dialog
 */
export function askName() {
  const known = myName();
  if (known) return Promise.resolve(known);
  return new Promise((done) => {
    const input = /** @type {HTMLInputElement} */ (h('input', {
      id: 'ask-name', name: 'name', maxlength: 40, required: true, autocomplete: 'nickname', placeholder: 'e.g. Ada',
    }));
    const error = h('p', { class: 'error', role: 'alert' });
    const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'ask-name', 'aria-labelledby': 'ask-name-title' },
      h('form', { method: 'dialog' },
        h('h2', { id: 'ask-name-title' }, 'What should the other players call you?'),
        h('label', { for: 'ask-name' }, 'Your name'), input,
        h('p', { class: 'muted' }, 'Remembered in this browser; you can change it in the lobby.'),
        error,
        h('div', { class: 'row' },
          h('button', { type: 'submit', class: 'primary', value: 'ok' }, 'Continue'),
          h('button', { type: 'button', value: 'cancel', onclick: () => dialog.close('cancel') }, 'Cancel')))));
    dialog.querySelector('form')?.addEventListener('submit', (e) => {
      if (!input.value.trim()) {
        e.preventDefault();
        error.textContent = 'Type a name (up to 40 letters): it is shown at the table.';
      }
    });
    dialog.addEventListener('close', () => {
      const name = input.value.trim();
      dialog.remove();
      if (dialog.returnValue === 'ok' && name) {
        setMyName(name);
        const box = document.getElementById('name');
        if (box instanceof HTMLInputElement) box.value = name;
        done(name);
      } else {
        done(null);
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
}
