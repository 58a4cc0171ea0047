import { type FormEvent, useId, useState } from 'react';
import { Address } from '@/components/ui/Address';
import { isApiError } from '@/lib/api/errors';
import { t } from '@/lib/browser/i18n';
import { requestOriginAccess } from '@/lib/browser/permissions';
import { errorInWords, problemInWords } from '@/lib/browser/problems-in-words';
import { sendRequest } from '@/lib/messages/send';
import { originPermissionPattern, parseServiceUrl, type ServiceUrlNote } from '@/lib/settings/service-url';

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
  activate,
}: {
  initialUrl?: string;
  /** false: adding keeps the active connection; the page offers the switch. */
  activate?: boolean;
  /** The connection whose URL or key this changes; without it, the form adds a connection. */
  replacing?: string;
  onConnected: (result: { email: string; notes: ServiceUrlNote[]; connectionId: string }) => void;
  onCancel?: () => void;
}) {
  const [serviceUrl, setServiceUrl] = useState(initialUrl);
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  // The origin the person agreed to send the key to in clear: agreeing for one is not agreeing for another.
  const [plainAgreedFor, setPlainAgreedFor] = useState<string | null>(null);
  const urlId = useId();
  const keyId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseServiceUrl(serviceUrl);
    if (!parsed.ok) return setStatus({ state: 'error', field: 'serviceUrl', message: problemInWords(parsed.message) });
    if (apiKey.trim() === '') return setStatus({ state: 'error', field: 'apiKey', message: t('settings.enterKey') });
    const plain = parsed.notes.includes('plainHttp');
    const plainAgreed = plainAgreedFor === parsed.origin;
    if (plain && !plainAgreed) {
      return setStatus({
        state: 'error',
        field: 'serviceUrl',
        message: t('connect.url.plainHttpNotAgreed'),
      });
    }
    // The permission prompt must come straight from the click, before any other await.
    const granted = await requestOriginAccess(originPermissionPattern(parsed.origin));
    if (!granted) {
      return setStatus({
        state: 'error',
        field: 'serviceUrl',
        message: t('settings.needPermission', { origin: parsed.origin }),
      });
    }
    setStatus({ state: 'connecting' });
    try {
      const result = await sendRequest({
        type: 'connection.connect',
        serviceUrl,
        apiKey,
        replacing,
        allowPlainHttp: plain && plainAgreed,
        activate,
      });
      setApiKey('');
      setStatus({ state: 'idle' });
      onConnected({ email: result.account.email, notes: result.notes, connectionId: result.connectionId });
    } catch (error) {
      const message = errorInWords(error, t('settings.connectFailed'));
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

  // An error is about the value that was checked: it goes once that field is edited.
  const clearErrorOf = (field: 'serviceUrl' | 'apiKey') =>
    setStatus((now) => (now.state === 'error' && now.field === field ? { state: 'idle' } : now));

  // Asked beside the address, before anything is sent: the key would cross the network in clear.
  const typed = parseServiceUrl(serviceUrl);
  const plainOrigin = typed.ok && typed.notes.includes('plainHttp') ? typed.origin : null;
  const invalid = (field: 'serviceUrl' | 'apiKey') => status.state === 'error' && status.field === field;
  const errorUnder = (field: 'serviceUrl' | 'apiKey') =>
    invalid(field) && status.state === 'error' ? (
      <p id={errorId} role="alert" className="error field-error">
        {status.message}
      </p>
    ) : null;
  return (
    <form className="stack-lg" onSubmit={onSubmit} noValidate aria-label={t('connectionForm.connectToYourLink')}>
      <div className="stack field">
        <label htmlFor={urlId}>{t('connectionForm.serviceUrl')}</label>
        <input
          id={urlId}
          name="serviceUrl"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('connectionForm.httpsShortExampleCom')}
          value={serviceUrl}
          onChange={(e) => {
            setServiceUrl(e.target.value);
            clearErrorOf('serviceUrl');
          }}
          aria-invalid={invalid('serviceUrl')}
          aria-describedby={invalid('serviceUrl') ? errorId : `${urlId}-hint`}
        />
        {errorUnder('serviceUrl') ?? (
          <span id={`${urlId}-hint`} className="muted field-hint" data-testid="service-url-hint">
            {typed.ok && typed.notes.includes('addedScheme') ? (
              <>
                {t('connectionForm.httpsAdded')} <Address>{typed.baseUrl}</Address>
              </>
            ) : (
              t('connectionForm.theAddressOfYour')
            )}
          </span>
        )}
      </div>
      <div className="stack field">
        <label htmlFor={keyId}>{t('connectionForm.apiKey')}</label>
        <input
          id={keyId}
          name="apiKey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(e) => {
            setApiKey(e.target.value);
            clearErrorOf('apiKey');
          }}
          aria-invalid={invalid('apiKey')}
          aria-describedby={invalid('apiKey') ? errorId : `${keyId}-hint`}
        />
        {errorUnder('apiKey') ?? (
          <span id={`${keyId}-hint`} className="muted field-hint">
            {t('connectionForm.yourServiceMadeOne')}
          </span>
        )}
      </div>
      {plainOrigin ? (
        <fieldset className="stack field warn-question">
          <legend>{t('connectionForm.plainHttpQuestion', { origin: plainOrigin })}</legend>
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={plainAgreedFor === plainOrigin}
              onChange={(e) => setPlainAgreedFor(e.target.checked ? plainOrigin : null)}
            />
            {t('connectionForm.plainHttpAgree')}
          </label>
        </fieldset>
      ) : null}
      {status.state === 'error' && status.field === null ? (
        <p role="alert" className="error">
          {status.message}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={status.state === 'connecting'}>
          {status.state === 'connecting' ? t('connectionForm.connecting') : t('connectionForm.connect')}
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('connectionForm.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
