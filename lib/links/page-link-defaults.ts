import { linkFieldsInput, linkFieldsOf, validLink } from '../api/inputs/links';
import { placementInMirror } from '../db/queries';
import { linkDefaultsItem } from '../settings/link-defaults';
import { utmPresetsItem } from '../settings/utm-presets';
import { type ActionContext, createLink } from '../sync/actions';
import type { Utm } from '../utm/utm';
import { pageLink, startingPreset } from './page-link';

/**
 * Queues the link "Shorten this page" makes without a form to choose in (context menu, keyboard
 * shortcut): the defaults for new links and the preset the popup would start with, the page's
 * title, checked and placed as the popup's form does. `utm` replaces the starting preset (the
 * preset chosen for the site a person writes on). Returns the link's local key.
 */
export async function createPageLink(
  ctx: ActionContext,
  page: { url: string; title: string },
  utm?: Utm,
): Promise<string> {
  const [options, presets] = await Promise.all([linkDefaultsItem.getValue(), utmPresetsItem.getValue()]);
  const { form, placement } = pageLink({ ...page, options, utm: utm ?? startingPreset(presets)?.utm ?? {} });
  const input = validLink(linkFieldsInput, linkFieldsOf(form), new Date((ctx.now ?? Date.now)()));
  return createLink(ctx, { input, ...(await placementInMirror(ctx.db, placement)) });
}
