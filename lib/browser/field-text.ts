import { browser } from 'wxt/browser';
import type { FieldText } from '../links/urls-in-text';

/**
 * The text field a person writes in, read and changed in the page through chrome.scripting.
 * The two page functions run in the extension's isolated world of the frame, which keeps a
 * global between them: what was read, so that the change is made only on the very text read.
 * They are serialised into the page, so each is self-contained (no imports, no outer names).
 */

/** One replacement: the address at [start, end) of the text read becomes `text`. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

export type ReplaceResult = 'replaced' | 'changed';

/**
 * Page side: the focused field's text and selection. A contenteditable's text is its text nodes
 * (within the selection, or all of them) joined by line breaks, so no address spans two nodes.
 * Only the frame the person is typing in answers: in a document without the focus (a frame beside
 * the one typed in, a tab or window left for another) nothing is read, even from a field that was
 * focused there last. Exported for the tests, which run it against a fake page.
 */
export function readFocusedField(): FieldText | null {
  const state = globalThis as unknown as { linkpilotField?: unknown };
  state.linkpilotField = undefined;
  if (!document.hasFocus()) return null;
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  const typed = /^(text|search|url|email|)$/;
  if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && typed.test(el.type))) {
    // Email inputs report no selection: the whole-field rule applies to them.
    const start = el.selectionStart ?? 0;
    const end = el.selectionEnd ?? start;
    state.linkpilotField = { el, value: el.value };
    return { text: el.value, start, end };
  }
  if (!(el instanceof HTMLElement) || !el.isContentEditable) return null;
  const selection = getSelection();
  const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
  const selected = range && !range.collapsed && el.contains(range.commonAncestorContainer) ? range : null;
  const pieces: { node: Text; data: string; from: number; to: number }[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (selected && !selected.intersectsNode(node)) continue;
    const from = selected?.startContainer === node ? selected.startOffset : 0;
    const to = selected?.endContainer === node ? selected.endOffset : node.data.length;
    if (to > from) pieces.push({ node, data: node.data, from, to });
  }
  const text = pieces.map((p) => p.data.slice(p.from, p.to)).join('\n');
  state.linkpilotField = { el, pieces };
  return { text, start: 0, end: selected ? text.length : 0 };
}

/**
 * Page side: replaces the addresses as if typed (execCommand('insertText'): the page hears an
 * input event and undo brings the address back), last first so earlier offsets hold, with the
 * caret after the last link. Nothing is changed when the field or its document lost the focus or
 * its text changed since it was read: the person moved on or went on typing.
 */
export function replaceInFocusedField(replacements: Replacement[]): ReplaceResult {
  type Piece = { node: Text; data: string; from: number; to: number };
  const state = (globalThis as unknown as { linkpilotField?: { el: HTMLElement; value?: string; pieces?: Piece[] } })
    .linkpilotField;
  if (!state || !document.hasFocus()) return 'changed';
  let focused: Element | null = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  if (state.el !== focused) return 'changed';
  const ordered = [...replacements].sort((a, b) => b.start - a.start);
  const el = state.el;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
    if (el.value !== state.value) return 'changed';
    for (const r of ordered) {
      try {
        el.setSelectionRange(r.start, r.end);
      } catch {
        // Email inputs have no selection range; the whole-field rule is the only way in here.
        el.select();
      }
      if (!document.execCommand('insertText', false, r.text)) {
        el.setRangeText(r.text, r.start, r.end, 'end');
        el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: r.text }));
      }
    }
    const last = [...replacements].sort((a, b) => a.start - b.start).at(-1);
    if (last) {
      const grown = replacements.filter((r) => r !== last).reduce((n, r) => n + r.text.length - (r.end - r.start), 0);
      const caret = last.start + grown + last.text.length;
      try {
        el.setSelectionRange(caret, caret);
      } catch {
        // No caret to place in an email input.
      }
    }
    return 'replaced';
  }
  const pieces = state.pieces ?? [];
  if (pieces.some((p) => !p.node.isConnected || p.node.data !== p.data)) return 'changed';
  const selection = getSelection();
  if (!selection) return 'changed';
  // Where each piece starts in the text read (pieces are joined by one line break).
  const starts: number[] = [];
  pieces.reduce((at, p) => {
    starts.push(at);
    return at + (p.to - p.from) + 1;
  }, 0);
  let caret: Range | null = null;
  for (const r of ordered) {
    const i = starts.findLastIndex((s) => s <= r.start);
    const piece = pieces[i];
    if (!piece) continue;
    const offset = piece.from + r.start - (starts[i] ?? 0);
    const range = document.createRange();
    range.setStart(piece.node, offset);
    range.setEnd(piece.node, offset + (r.end - r.start));
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand('insertText', false, r.text);
    // A live range: it keeps its place as the earlier addresses are replaced.
    if (!caret && selection.rangeCount) caret = selection.getRangeAt(0).cloneRange();
  }
  if (caret) {
    caret.collapse(false);
    selection.removeAllRanges();
    selection.addRange(caret);
  }
  return 'replaced';
}

/**
 * Reads the focused field of a frame, or, with no frame named (the shortcut), of the frame that holds
 * the focus (every frame is asked; only the focused one answers). Null when there is none.
 */
export async function readField(
  tabId: number,
  frameId: number | null,
): Promise<{ frameId: number; field: FieldText } | null> {
  const results = await browser.scripting.executeScript({
    target: frameId === null ? { tabId, allFrames: true } : { tabId, frameIds: [frameId] },
    func: readFocusedField,
  });
  const found = results.find((r) => r.result);
  return found ? { frameId: found.frameId ?? frameId ?? 0, field: found.result as FieldText } : null;
}

/** Replaces addresses in the field read last in that frame, unless it changed since. */
export async function replaceInField(
  tabId: number,
  frameId: number,
  replacements: Replacement[],
): Promise<ReplaceResult> {
  const [result] = await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    func: replaceInFocusedField,
    args: [replacements],
  });
  return (result?.result as ReplaceResult | undefined) ?? 'changed';
}

/** Page side: asks the person, in the page they are writing in, before a gesture does more than usual. */
function confirmInPage(question: string): boolean {
  return confirm(question);
}

/**
 * Asks a yes-or-no question in a frame of the tab. The page's own scripts cannot answer it: the
 * dialog is the browser's, opened from the extension's isolated world. False when it cannot be shown.
 */
export async function askInFrame(tabId: number, frameId: number, question: string): Promise<boolean> {
  const [result] = await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    func: confirmInPage,
    args: [question],
  });
  return result?.result === true;
}
