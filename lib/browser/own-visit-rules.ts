import { browser } from 'wxt/browser';
import type { RedirectRule } from '../links/own-visits';

/** The dynamic rules are this feature's alone (the service's own rule is a session rule): all are replaced. */
export async function setOwnVisitRules(rules: RedirectRule[]): Promise<void> {
  const dnr = browser.declarativeNetRequest;
  if (!dnr?.updateDynamicRules) return;
  const old = await dnr.getDynamicRules();
  await dnr.updateDynamicRules({ removeRuleIds: old.map((r) => r.id), addRules: rules });
}

/** Whether a redirect to the counting page's address was made by one of the current rules. */
export async function isOwnVisitPath(target: string): Promise<boolean> {
  const rules = (await browser.declarativeNetRequest?.getDynamicRules?.()) ?? [];
  return rules.some((r) => {
    const path = r.action.redirect?.extensionPath;
    return path !== undefined && new URLSearchParams(path.split('?')[1] ?? '').get('to') === target;
  });
}
