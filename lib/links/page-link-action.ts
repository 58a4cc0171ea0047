import { ApiError } from '../api/errors';
import { parseLinkForm } from '../api/inputs/links';
import { placementInMirror } from '../db/queries';
import { linkDefaultsItem } from '../settings/link-defaults';
import { utmPresetsItem } from '../settings/utm-presets';
import { type ActionContext, createLink } from '../sync/actions';
import { pageLink, startingPreset } from './page-link';

/**
 * Queues the link "Shorten this page" makes without a form to choose in (context menu, keyboard
 * shortcut): the defaults for new links and the preset the popup would start with, the page's
 * title, checked and placed as the popup's form does. Returns the link's local key.
 */
export async function createPageLink(ctx: ActionContext, page: { url: string; title: string }): Promise<string> {
  const [options, presets] = await Promise.all([linkDefaultsItem.getValue(), utmPresetsItem.getValue()]);
  const { form, placement } = pageLink({ ...page, options, utm: startingPreset(presets)?.utm ?? {} });
  const parsed = parseLinkForm(form, new Date((ctx.now ?? Date.now)()));
  if (parsed.errors) {
    const [field, message] = Object.entries(parsed.errors)[0] ?? ['url', ''];
    throw new ApiError({ kind: 'validation', field, message, retryable: false });
  }
  return createLink(ctx, { input: parsed.fields, ...(await placementInMirror(ctx.db, placement)) });
}
