import { useId } from 'react';
import { useCopies } from '@/components/state/copies';
import { Check, Copy } from '@/components/ui/icons';
import { copyFromPage } from '@/lib/browser/clipboard';
import { t } from '@/lib/browser/i18n';

/**
 * Copies `text` and records it, so that every Copy button of that text reads "Copied" for a few
 * seconds, whether the copy came from a click or from the keyboard elsewhere (`by` names the control).
 */
export async function copyAndSay(text: string, by: string): Promise<boolean> {
  const ok = await copyFromPage(text);
  useCopies.getState().copied(text, ok, by);
  return ok;
}

/**
 * Copies a text and says so, for sighted and screen-reader users alike. The visible label stays
 * short ("Copy"); `item` names what is copied in the accessible name ("Copy demo"). It reads
 * "Copied" for a few seconds after any copy of its text, and announces the copies it made itself.
 */
export function CopyButton({
  text,
  item,
  variant = 'secondary',
  compact = false,
  label,
}: {
  text: string;
  /** The visible word when it is not "Copy" (e.g. "Copy all"). */
  label?: string;
  item?: string;
  variant?: 'secondary' | 'primary';
  /** The icon alone, its word in a tooltip: for a column that must stay narrow in every language. */
  compact?: boolean;
}) {
  const id = useId();
  const last = useCopies((s) => (s.last?.text === text ? s.last : null));
  const copied = last?.ok === true;
  const mine = last?.by === id ? last : null;
  return (
    <>
      <button
        type="button"
        className={`${variant === 'primary' ? '' : 'secondary'} small copy-button${compact ? ' icon-only' : ''}`}
        aria-label={item ? t('copy.copyItem', { item }) : compact ? t('copy.copy') : undefined}
        title={compact ? (copied ? t('copy.copied') : t('copy.copy')) : undefined}
        data-state={copied ? 'copied' : 'idle'}
        onClick={() => void copyAndSay(text, id)}
      >
        {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
        {compact ? null : copied ? t('copy.copied') : (label ?? t('copy.copy'))}
      </button>
      <span role="status" className="visually-hidden">
        {mine ? (mine.ok ? t('copy.done') : t('copy.failed')) : ''}
      </span>
    </>
  );
}
