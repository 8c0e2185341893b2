// Light or dark: the player's choice, else the system's. Kept in localStorage.

const KEY = 'tabula.theme';

/** @param {string | null} theme */
function apply(theme) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

apply(localStorage.getItem(KEY));

window.addEventListener('DOMContentLoaded', () => {
  const button = document.getElementById('theme');
  if (!button) return;
  button.addEventListener('click', () => {
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === 'dark'
      : window.matchMedia('(prefers-color-scheme: dark)').matches;
    const next = dark ? 'light' : 'dark';
    localStorage.setItem(KEY, next);
    apply(next);
  });
});
