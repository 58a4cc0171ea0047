import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and fails on serious or critical accessibility violations: of every rule,
 * or of only `rules` (axe rule ids) when given.
 */
export async function expectAccessible(page: Page, rules?: string[]): Promise<void> {
  // Evaluated, not injected as a <script>: extension pages' CSP refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only && { runOnly: { type: 'rule', values: only } }),
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, rules);
  expect(violations).toEqual([]);
}
