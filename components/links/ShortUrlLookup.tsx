import { type FormEvent, useId, useState } from 'react';
import { ArrowRight } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';

/**
 * Finds the link behind a short URL: in the mirror first, else by asking the service. What it says
 * ("No link with that short URL.") stands under the field, and goes once the field changes or a
 * look-up finds the link.
 */
export function ShortUrlLookup({ onFound }: { onFound: (key: string) => void }) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  async function lookup(event: FormEvent) {
    event.preventDefault();
    const short = value.trim();
    if (!short) return setMessage(t('lookup.enter'));
    const local = await database().links.where('shorturl').equals(short).first();
    if (local) {
      setMessage(null);
      return onFound(local.key);
    }
    try {
      const { key } = await sendRequest({ type: 'link.lookup', shortUrl: short });
      if (key) onFound(key);
      setMessage(key ? null : t('lookup.none'));
    } catch (error) {
      setMessage(errorInWords(error, t('lookup.failed')));
    }
  }
  return (
    <form className="lookup" onSubmit={(e) => void lookup(e)}>
      <label htmlFor={id} className="visually-hidden">
        {t('shortUrlLookup.lookUpAShort')}
      </label>
      <div className="search-box">
        <input
          id={id}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setMessage(null);
          }}
          placeholder={t('shortUrlLookup.lookUpAShort')}
          aria-describedby={message ? `${id}-message` : undefined}
        />
        <button
          type="submit"
          className="ghost small icon-only"
          aria-label={t('shortUrlLookup.lookUp')}
          title={t('shortUrlLookup.lookUp')}
        >
          <ArrowRight size={16} aria-hidden="true" />
        </button>
      </div>
      <span id={`${id}-message`} role="status" className="lookup-message muted small-text">
        {message}
      </span>
    </form>
  );
}
