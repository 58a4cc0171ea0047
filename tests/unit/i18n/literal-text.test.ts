import { describe, expect, it } from 'vitest';
import { literalTextIn, literalTextInFiles, viewFiles } from './literal-text';

describe('every word a view shows comes from the catalogue', () => {
  it('no view in components/ or entrypoints/ writes text of its own', () => {
    expect(literalTextInFiles(viewFiles('components', 'entrypoints'))).toEqual([]);
  });

  it('lib/ says things to people only as catalogue messages (lib/words.ts), never in words of its own', () => {
    // Text that reads like words but is not shown to people in the interface's language.
    const notForPeople = new Set([
      // An HTTP header the worker sets on the service's requests.
      'lib/browser/fresh-connections.ts: Connection',
      // Chrome's reason for the offscreen document, read by the store's reviewers, not shown.
      'lib/browser/clipboard.ts: Copy the new short URL to the clipboard',
      // The name a campaign created without one shows until the service gives it its own (in the
      // service's language, like every name it makes).
      'lib/kinds/campaign.ts: New campaign',
      // Device names a device target sends: the service's own names, the same in every language.
      'lib/links/target-choices.ts: Android',
      'lib/links/target-choices.ts: Windows',
      'lib/links/target-choices.ts: Mac',
      'lib/links/target-choices.ts: Linux',
    ]);
    const found = literalTextInFiles(viewFiles('lib')).map((l) => `${l.file}: ${l.text}`);
    expect(found.filter((text) => !notForPeople.has(text))).toEqual([]);
  });

  it('finds text written into a view, wherever it is put', () => {
    const source = `
      const LABELS = { a: 'Waiting' };
      export function View({ busy }: { busy: boolean }) {
        return (
          <form aria-label="New link">
            <h1>Recent links</h1>
            <input placeholder="Search" title={busy ? 'Saving…' : 'Save'} />
            <Field label="Long URL" hint={\`Up to \${busy} characters\`} />
            {busy && 'Sending'}
            {field('url', 'Custom alias')}
          </form>
        );
      }`;
    expect(literalTextIn(source, 'view.tsx').map((l) => l.text)).toEqual([
      'Waiting',
      'New link',
      'Recent links',
      'Search',
      'Saving…',
      'Save',
      'Long URL',
      'Up to {} characters',
      'Sending',
      'Custom alias',
    ]);
  });

  it('leaves alone what is not words: symbols, class names, ids, keys, comparisons and the console', () => {
    const source = `
      import { Save } from '@/components/ui/icons';
      type Kind = 'Direct';
      export function View({ event, n }: { event: KeyboardEvent; n: number }) {
        if (event.key === 'Enter') console.error('Linkpilot: failed');
        return (
          <div className="row muted" id="links-heading" role="status" data-testid="Row" kind="country">
            {n} · {'—'} {\` (\${n})\`} → %
            <Save aria-hidden="true" />
          </div>
        );
      }`;
    expect(literalTextIn(source, 'view.tsx')).toEqual([]);
  });
});
