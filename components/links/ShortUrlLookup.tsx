import { type FormEvent, useId, useState } from 'react';
import { errorInWords } from '@/components/ui/problems-in-words';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';

/** Finds the link behind a short URL: in the mirror first, else by asking the service. */
export function ShortUrlLookup({ onFound }: { onFound: (key: string) => void }) {
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();
  async function lookup(event: FormEvent) {
    event.preventDefault();
    const short = value.trim();
    if (!short) return setMessage(t('lookup.enter'));
    const local = await database().links.where('shorturl').equals(short).first();
    if (local) return onFound(local.key);
    try {
      const { key } = await sendRequest({ type: 'link.lookup', shortUrl: short });
      if (key) onFound(key);
      setMessage(key ? null : t('lookup.none'));
    } catch (error) {
      setMessage(errorInWords(error, t('lookup.failed')));
    }
  }
  return (
    <form className="row lookup" onSubmit={(e) => void lookup(e)}>
      <label htmlFor={id} className="visually-hidden">
        {t('shortUrlLookup.lookUpAShort')}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('shortUrlLookup.lookUpAShort')}
        aria-describedby={message ? `${id}-message` : undefined}
      />
      <button type="submit" className="secondary">
        {t('shortUrlLookup.lookUp')}
      </button>
      <span id={`${id}-message`} role="status" className="muted small-text">
        {message}
      </span>
    </form>
  );
}
