import { browser } from 'wxt/browser';

/**
 * What the popup says when its modules could not be loaded or run (a damaged install, its files
 * replaced by an update under an open popup). The picture of the last first screen is inert and would
 * stay so, looking usable; instead the popup says so, in the interface's language and direction, and
 * offers to load it again. Only the catalogue's words and the page are used: the boot script that
 * calls this has nothing else, and it must stay small.
 */
export function showStartFailed(root: HTMLElement): void {
  const page = root.ownerDocument;
  const words = (name: string) => (browser.i18n.getMessage as (name: string) => string)(name);
  page.documentElement.lang = words('locale_code');
  page.documentElement.dir = words('locale_dir') === 'rtl' ? 'rtl' : 'ltr';
  const said = page.createElement('p');
  said.textContent = words('popup_startFailed');
  const again = page.createElement('button');
  again.type = 'button';
  again.textContent = words('popup_startAgain');
  again.addEventListener('click', () => page.location.reload());
  const card = page.createElement('section');
  card.className = 'card stack';
  card.setAttribute('role', 'alert');
  card.append(said, again);
  const main = page.createElement('main');
  main.className = 'popup-main';
  main.append(card);
  root.replaceChildren(main);
  again.focus();
}
