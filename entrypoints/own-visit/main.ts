import { t } from '@/lib/browser/i18n';
import { isOwnVisitPath } from '@/lib/browser/own-visit-rules';
import { withOneMoreVisit } from '@/lib/links/own-visits';
import { ownVisitCountItem } from '@/lib/settings/own-visits';

/**
 * A visit of one's own plain short link, redirected here by its rule (lib/links/own-visits.ts):
 * counted in this browser, then on to the destination, replacing this page in the history. Only
 * a destination one of the current rules names is followed: this page opens nothing else.
 */
async function goOn(): Promise<void> {
  const target = new URLSearchParams(location.search).get('to') ?? '';
  if (!/^https?:\/\//i.test(target) || !(await isOwnVisitPath(target))) {
    document.getElementById('note')!.textContent = t('ownVisits.nothingHere');
    return;
  }
  await ownVisitCountItem.setValue(withOneMoreVisit(await ownVisitCountItem.getValue(), new Date()));
  location.replace(target);
}

void goOn();
