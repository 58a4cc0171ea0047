import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFocusedField, replaceInFocusedField } from '@/lib/browser/field-text';

/**
 * The page side of "Replace with short link" against a fake page: the DOM classes it checks, a
 * document whose focus a test sets, and text fields that count how often their text is read.
 */
class FakeElement {
  shadowRoot: { activeElement: FakeElement | null } | null = null;
}
class FakeHTMLElement extends FakeElement {
  isContentEditable = false;
}
class FakeTextArea extends FakeHTMLElement {
  reads = 0;
  selectionStart: number;
  selectionEnd: number;
  #value: string;
  constructor(value: string) {
    super();
    this.#value = value;
    this.selectionStart = 0;
    this.selectionEnd = value.length;
  }
  get value() {
    this.reads++;
    return this.#value;
  }
  setSelectionRange(start: number, end: number) {
    this.selectionStart = start;
    this.selectionEnd = end;
  }
}
class FakeInput extends FakeTextArea {
  type = 'text';
}

function fakePage(active: FakeElement | null, focused: boolean) {
  const doc = { activeElement: active, hasFocus: () => focused, execCommand: vi.fn(() => true) };
  vi.stubGlobal('HTMLElement', FakeHTMLElement);
  vi.stubGlobal('HTMLTextAreaElement', FakeTextArea);
  vi.stubGlobal('HTMLInputElement', FakeInput);
  vi.stubGlobal('document', doc);
  return doc;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { linkpilotField?: unknown }).linkpilotField;
});

describe('the field a person is typing in, read in the page', () => {
  const text = 'See https://example.com/a';

  it('reads the focused field of a focused document', () => {
    const area = new FakeTextArea(text);
    fakePage(area, true);
    expect(readFocusedField()).toEqual({ text, start: 0, end: text.length });
    // A field inside a shadow root is the one typed in, not its host.
    const host = new FakeHTMLElement();
    host.shadowRoot = { activeElement: new FakeInput(text) };
    fakePage(host, true);
    expect(readFocusedField()?.text).toBe(text);
  });

  it('reads nothing in a document without the focus, even from the field focused there last', () => {
    const area = new FakeTextArea(text);
    fakePage(area, false);
    expect(readFocusedField()).toBeNull();
    expect(area.reads).toBe(0);
  });

  it('reads nothing when the focus is on something other than a text field', () => {
    // The top document while the person types in a frame: its focused element is the frame.
    fakePage(new FakeHTMLElement(), true);
    expect(readFocusedField()).toBeNull();
    fakePage(null, true);
    expect(readFocusedField()).toBeNull();
  });

  it('replaces in the field read only while its document still has the focus', () => {
    const area = new FakeTextArea(text);
    const replacement = [{ start: 4, end: text.length, text: 'https://s.test/a' }];
    fakePage(area, true);
    expect(readFocusedField()).not.toBeNull();
    // The person went to another window while the service answered: nothing is typed into the page.
    const away = fakePage(area, false);
    expect(replaceInFocusedField(replacement)).toBe('changed');
    expect(away.execCommand).not.toHaveBeenCalled();
    const back = fakePage(area, true);
    expect(replaceInFocusedField(replacement)).toBe('replaced');
    expect(back.execCommand).toHaveBeenCalledWith('insertText', false, 'https://s.test/a');
  });
});
