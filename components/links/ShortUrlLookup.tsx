import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '@/lib/api/errors';
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
    if (!short) return setMessage('Enter a short URL or alias.');
    const local = await database().links.where('shorturl').equals(short).first();
    if (local) return onFound(local.key);
    try {
      const { key } = await sendRequest({ type: 'link.lookup', shortUrl: short });
      if (key) onFound(key);
      setMessage(key ? null : 'No link with that short URL.');
    } catch (error) {
      setMessage(isApiError(error) ? error.message : 'The look-up failed.');
    }
  }
  return (
    <form className="row lookup" onSubmit={(e) => void lookup(e)}>
      <label htmlFor={id} className="visually-hidden">
        Look up a short URL
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Look up a short URL"
        aria-describedby={message ? `${id}-message` : undefined}
      />
      <button type="submit" className="secondary">
        Look up
      </button>
      <span id={`${id}-message`} role="status" className="muted small-text">
        {message}
      </span>
    </form>
  );
}
