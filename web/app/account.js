// The account in the top bar: "Sign in" (a dialog to sign in or create an account), or the
// account's name, linking to its page, and "Sign out". Accounts are optional: a seat taken
// without one is kept by this browser; with one, it follows the player to any browser.

import { h, fill } from './dom.js';
import { me, signIn, signOut, ApiError } from './api.js';
import { go } from './nav.js';

/**
 * Opens the dialog to sign in, or to create an account (`create`).
 * @param {boolean} [create]
 * @returns {Promise<boolean>} whether someone is signed in once it closes
 */
export function askAccount(create = false) {
  return new Promise((done) => {
    let creating = create;
    const name = /** @type {HTMLInputElement} */ (h('input', {
      id: 'account-name', name: 'username', maxlength: 40, required: true, autocomplete: 'username',
    }));
    const password = /** @type {HTMLInputElement} */ (h('input', {
      id: 'account-password', name: 'password', type: 'password', minlength: 8, maxlength: 200, required: true,
    }));
    const title = h('h2', { id: 'account-title' });
    const hint = h('p', { class: 'muted' });
    const error = h('p', { class: 'error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'primary' });
    const other = h('button', { type: 'button', class: 'linkish' });
    /** Shows the dialog's words for signing in, or for a new account. */
    const words = () => {
      title.textContent = creating ? 'Create an account' : 'Sign in';
      submit.textContent = creating ? 'Create the account' : 'Sign in';
      other.textContent = creating ? 'I already have an account' : 'New here? Create an account';
      password.setAttribute('autocomplete', creating ? 'new-password' : 'current-password');
      hint.textContent = creating
        ? 'A name others see and a password of 8 characters or more. No e-mail. Your tables and ratings then follow you to any browser where you sign in.'
        : 'Your tables and ratings, on any browser.';
      error.textContent = '';
    };
    other.addEventListener('click', () => { creating = !creating; words(); name.focus(); });
    const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'ask-name account', 'aria-labelledby': 'account-title' },
      h('form', { method: 'dialog' },
        title,
        h('label', { for: 'account-name' }, 'Name'), name,
        h('label', { for: 'account-password' }, 'Password'), password,
        hint, error,
        h('div', { class: 'row' }, submit,
          h('button', { type: 'button', onclick: () => dialog.close('cancel') }, 'Cancel')),
        h('p', {}, other))));
    dialog.querySelector('form')?.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.textContent = '';
      if (!name.value.trim()) {
        error.textContent = 'Type your name.';
        return;
      }
      if (creating && password.value.length < 8) {
        error.textContent = 'A password has 8 characters or more.';
        return;
      }
      submit.setAttribute('disabled', '');
      try {
        await signIn(name.value.trim(), password.value, creating);
        dialog.close('ok');
      } catch (err) {
        error.textContent = err instanceof ApiError ? err.message : String(err);
      } finally {
        submit.removeAttribute('disabled');
      }
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      done(dialog.returnValue === 'ok');
    });
    words();
    document.body.append(dialog);
    dialog.showModal();
    name.focus();
  });
}

/** Draws the account's corner of the top bar (again whenever someone signs in or out). */
export async function drawAccount() {
  const box = document.getElementById('account');
  if (!box) return;
  const who = await me();
  if (who.name) {
    const name = who.name;
    fill(box,
      h('a', { href: `/players/${encodeURIComponent(name)}`, 'data-link': true, id: 'my-page', title: 'Your page: games and ratings' }, name),
      ' ',
      h('button', {
        type: 'button', class: 'ghost', id: 'sign-out',
        onclick: async () => {
          await signOut();
          go(location.pathname);
        },
      }, 'Sign out'));
  } else {
    fill(box, h('button', {
      type: 'button', class: 'ghost', id: 'sign-in',
      title: 'Optional: your tables and ratings on any browser',
      onclick: async () => {
        if (await askAccount()) go(location.pathname);
      },
    }, 'Sign in'));
  }
}

window.addEventListener('tabula:account', () => { drawAccount(); });
