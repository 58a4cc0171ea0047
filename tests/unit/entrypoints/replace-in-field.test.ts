import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { replaceUrlsInField } from '@/entrypoints/background/replace-in-field';
import type { BackgroundSync } from '@/entrypoints/background/sync';

const listOf = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`).join('\n');

/** The page as chrome.scripting reaches it: a focused field in frame 3 holding `text`, all selected. */
function fakeFrame(text: string, agrees: boolean) {
  const calls: { func: string; frameIds?: number[]; args?: unknown[] }[] = [];
  vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (options: {
    func: { name: string };
    target: { frameIds?: number[] };
    args?: unknown[];
  }) => {
    calls.push({ func: options.func.name, frameIds: options.target.frameIds, args: options.args });
    if (options.func.name === 'readFocusedField')
      return [{ frameId: 3, documentId: 'd', result: { text, start: 0, end: text.length } }];
    if (options.func.name === 'confirmInPage') return [{ frameId: 3, documentId: 'd', result: agrees }];
    return [{ frameId: 3, documentId: 'd', result: 'replaced' }];
  }) as never);
  return calls;
}

describe('"Replace with short link" with many addresses', () => {
  let notes: string[];
  let sync: BackgroundSync;
  beforeEach(() => {
    notes = [];
    vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (options: { title: string }) => {
      notes.push(options.title);
      return 'n';
    }) as never);
    // Not connected: reaching the service's side at all shows as a call to active().
    sync = { active: vi.fn(async () => null) } as unknown as BackgroundSync;
  });
  const place = { tabId: 1, pageUrl: 'https://mail.test/', frameId: 3 };

  it('asks in the frame typed in before shortening more than twenty, and does nothing when the person says no', async () => {
    const calls = fakeFrame(listOf(21), false);
    await replaceUrlsInField(sync, place);
    expect(calls.map((c) => c.func)).toEqual(['readFocusedField', 'confirmInPage']);
    expect(calls[1]!.frameIds).toEqual([3]);
    expect(calls[1]!.args).toEqual([
      expect.stringMatching(/^Replace 21 addresses in this text box with short links\?/),
    ]);
    expect(sync.active).not.toHaveBeenCalled();
    expect(notes).toEqual([]);
  });

  it('goes on once the person agrees', async () => {
    const calls = fakeFrame(listOf(21), true);
    await replaceUrlsInField(sync, place);
    expect(calls.map((c) => c.func)).toEqual(['readFocusedField', 'confirmInPage']);
    expect(sync.active).toHaveBeenCalled();
    expect(notes).toEqual(['Linkpilot is not connected']);
  });

  it('does not ask for twenty', async () => {
    const calls = fakeFrame(listOf(20), false);
    await replaceUrlsInField(sync, place);
    expect(calls.map((c) => c.func)).toEqual(['readFocusedField']);
    expect(sync.active).toHaveBeenCalled();
  });
});
