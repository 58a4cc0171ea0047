import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { copyFromPage } from '@/lib/browser/clipboard';
import { t } from '@/lib/browser/i18n';

/**
 * Copies a text and says so, for sighted and screen-reader users alike. The visible label stays
 * short ("Copy"); `item` names what is copied in the accessible name ("Copy demo").
 */
export function CopyButton({
  text,
  item,
  variant = 'secondary',
}: {
  text: string;
  item?: string;
  variant?: 'secondary' | 'primary';
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className={`${variant === 'primary' ? '' : 'secondary'} small`}
        aria-label={item ? t('copy.copyItem', { item }) : undefined}
        onClick={() =>
          void copyFromPage(text).then((ok) => {
            setState(ok ? 'copied' : 'failed');
            setTimeout(() => setState('idle'), 2000);
          })
        }
      >
        {state === 'copied' ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
        {state === 'copied' ? t('copy.copied') : t('copy.copy')}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? t('copy.done') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </>
  );
}
