import { t } from '@/lib/browser/i18n';
import { speakUiLanguage } from './page-language';

/**
 * What the popup says when its modules could not be loaded or run (a damaged install, its files
 * replaced by an update under an open popup). The picture of the last first screen is inert and would
 * stay so, looking usable; instead the popup says so, in the interface's language and direction, and
 * offers to load it again. Built with the page's own calls: React is part of what did not load.
 */
export function showStartFailed(root: HTMLElement): void {
  const page = root.ownerDocument;
  speakUiLanguage(page);
  const said = page.createElement('p');
  said.textContent = t('popup.startFailed');
  const again = page.createElement('button');
  again.type = 'button';
  again.textContent = t('popup.startAgain');
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
