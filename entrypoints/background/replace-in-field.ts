import { askInFrame, readField, replaceInField } from '@/lib/browser/field-text';
import { plural, t } from '@/lib/browser/i18n';
import { notify } from '@/lib/browser/notify';
import { addressesToShorten, mustAskFirst } from '@/lib/links/replace-limit';
import { nothingToReplace, urlsToReplace } from '@/lib/links/urls-in-text';
import { presetForPage, sitePresetsItem } from '@/lib/settings/site-presets';
import { utmPresetsItem } from '@/lib/settings/utm-presets';
import { type ShortLinkOutcome, shortLinkFor } from './shorten';
import type { BackgroundSync } from './sync';

/**
 * Where the person writes: the tab, its page's address (for the site's UTM preset) and the frame of
 * the field (null: the frame that holds the focus, for the shortcut, which does not say).
 */
export interface WritingPlace {
  tabId: number;
  pageUrl: string | undefined;
  frameId: number | null;
}

/**
 * "Replace with short link", from the field's context menu or the shortcut: the addresses selected
 * in the field (or the field's one address) become their short links, each the account's existing
 * link or one made as "Shorten this page" makes it, with the site's UTM preset. More than
 * MAX_REPLACED_WITHOUT_ASKING addresses are shortened only once the person agrees. Only answers the
 * service gave are pasted: refused, offline or too slow, the text stays as it was and a
 * notification says why; a link that is sent later is never pasted into the field later.
 */
export async function replaceUrlsInField(sync: BackgroundSync, place: WritingPlace): Promise<void> {
  const read = await readField(place.tabId, place.frameId).catch(() => null);
  if (!read) return notify(t('notify.noFieldTitle'), t('notify.noFieldText'));
  const spans = urlsToReplace(read.field);
  if (spans.length === 0) {
    const why = nothingToReplace(read.field) === 'choose' ? t('notify.chooseUrlText') : t('notify.noUrlText');
    return notify(t('notify.noUrlTitle'), why);
  }
  const addresses = addressesToShorten(spans);
  // Asked where the person writes, as a dialog of the page: no means nothing is sent or changed.
  if (mustAskFirst(addresses)) {
    const question = plural('replace.confirm', addresses.length);
    if (!(await askInFrame(place.tabId, read.frameId, question).catch(() => false))) return;
  }
  const [sites, presets] = await Promise.all([sitePresetsItem.getValue(), utmPresetsItem.getValue()]);
  const utm = presetForPage(place.pageUrl, sites, presets.presets)?.utm;
  const outcomes = new Map<string, ShortLinkOutcome>();
  // One after the other: each waits for the service, and the sends keep the text's order.
  for (const url of addresses) outcomes.set(url, await shortLinkFor(sync, url, { utm }));
  const replacements = [];
  for (const span of spans) {
    const outcome = outcomes.get(span.url);
    if (outcome?.shorturl === undefined) {
      const why = outcome ?? { title: t('notify.noUrlTitle'), text: '' };
      return notify(why.title, `${why.text} ${t('notify.fieldUntouched')}`.trim());
    }
    replacements.push({ start: span.start, end: span.end, text: outcome.shorturl });
  }
  const result = await replaceInField(place.tabId, read.frameId, replacements).catch(() => 'changed' as const);
  if (result === 'changed') return notify(t('notify.fieldChangedTitle'), t('notify.fieldChangedText'));
}
