import { useState } from 'react';
import { copyFromPage } from '@/lib/browser/clipboard';

/** Copies a text and says so, for sighted and screen-reader users alike. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void copyFromPage(text).then((ok) => {
            setState(ok ? 'copied' : 'failed');
            setTimeout(() => setState('idle'), 2000);
          })
        }
      >
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Copying failed' : ''}
      </span>
    </>
  );
}
