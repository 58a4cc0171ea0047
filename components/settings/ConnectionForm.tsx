import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '@/lib/api/errors';
import { requestOriginAccess } from '@/lib/browser/permissions';
import { sendRequest } from '@/lib/messages/send';
import { originPermissionPattern, parseServiceUrl } from '@/lib/settings/service-url';

type Status =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'error'; field: 'serviceUrl' | 'apiKey' | null; message: string };

/**
 * "Service URL" + "API key" + Connect: asks for the origin's host permission, then checks the key.
 * On success the parent collapses the form (`onConnected`); failures stay here, under their field.
 */
export function ConnectionForm({
  initialUrl = '',
  replacing,
  onConnected,
  onCancel,
}: {
  initialUrl?: string;
  /** The connection whose URL or key this changes; without it, the form adds a connection. */
  replacing?: string;
  onConnected: (result: { email: string; notes: string[] }) => void;
  onCancel?: () => void;
}) {
  const [serviceUrl, setServiceUrl] = useState(initialUrl);
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const urlId = useId();
  const keyId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseServiceUrl(serviceUrl);
    if (!parsed.ok) return setStatus({ state: 'error', field: 'serviceUrl', message: parsed.message });
    if (apiKey.trim() === '') return setStatus({ state: 'error', field: 'apiKey', message: 'Enter the API key.' });
    // The permission prompt must come straight from the click, before any other await.
    const granted = await requestOriginAccess(originPermissionPattern(parsed.origin));
    if (!granted) {
      return setStatus({
        state: 'error',
        field: 'serviceUrl',
        message: `Linkpilot needs permission to reach ${parsed.origin}. Click Connect again and allow it.`,
      });
    }
    setStatus({ state: 'connecting' });
    try {
      const result = await sendRequest({ type: 'connection.connect', serviceUrl, apiKey, replacing });
      setApiKey('');
      setStatus({ state: 'idle' });
      onConnected({ email: result.account.email, notes: result.notes });
    } catch (error) {
      const message = isApiError(error) ? error.message : 'Connecting failed.';
      const field = isApiError(error)
        ? error.kind === 'auth'
          ? 'apiKey'
          : error.field === 'apiKey'
            ? 'apiKey'
            : 'serviceUrl'
        : null;
      setStatus({ state: 'error', field, message });
    }
  }

  const invalid = (field: 'serviceUrl' | 'apiKey') => status.state === 'error' && status.field === field;
  const errorUnder = (field: 'serviceUrl' | 'apiKey') =>
    invalid(field) && status.state === 'error' ? (
      <p id={errorId} role="alert" className="error field-error">
        {status.message}
      </p>
    ) : null;
  return (
    <form className="stack-lg" onSubmit={onSubmit} noValidate aria-label="Connect to your link service">
      <div className="stack field">
        <label htmlFor={urlId}>Service URL</label>
        <input
          id={urlId}
          name="serviceUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://short.example.com"
          value={serviceUrl}
          onChange={(e) => setServiceUrl(e.target.value)}
          aria-invalid={invalid('serviceUrl')}
          aria-describedby={invalid('serviceUrl') ? errorId : `${urlId}-hint`}
        />
        {errorUnder('serviceUrl') ?? (
          <span id={`${urlId}-hint`} className="muted field-hint">
            The address of your link service, as you open it in the browser.
          </span>
        )}
      </div>
      <div className="stack field">
        <label htmlFor={keyId}>API key</label>
        <input
          id={keyId}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          aria-invalid={invalid('apiKey')}
          aria-describedby={invalid('apiKey') ? errorId : `${keyId}-hint`}
        />
        {errorUnder('apiKey') ?? (
          <span id={`${keyId}-hint`} className="muted field-hint">
            Your service made one when you signed up: look in your account's settings, under API or Developers. It stays
            in this browser and is sent only to the service above.
          </span>
        )}
      </div>
      {status.state === 'error' && status.field === null ? (
        <p role="alert" className="error">
          {status.message}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={status.state === 'connecting'}>
          {status.state === 'connecting' ? 'Connecting…' : 'Connect'}
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
