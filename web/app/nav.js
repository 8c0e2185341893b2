// Moving between the client's pages without reloading.

/**
 * Goes to another page of the client.
 * @param {string} url
 */
export function go(url) {
  history.pushState(null, '', url);
  window.dispatchEvent(new Event('tabula:navigate'));
}

/**
 * Sets the line beside the brand in the top bar (where the player is).
 * @param {string} text
 */
export function crumb(text) {
  const el = document.getElementById('crumb');
  if (el) el.textContent = text;
  document.title = text ? `${text} — tabula` : 'tabula';
}

/**
 * Shows the connection's state in the top bar.
 * @param {'' | 'live' | 'connecting' | 'offline'} state
 * @param {string} [text]
 */
export function connection(state, text) {
  const el = document.getElementById('conn');
  if (!el) return;
  el.dataset.state = state;
  el.textContent = text ?? '';
}
