import { useState } from 'react';
import { Field } from '@/components/ui/Field';
import { isApiError } from '@/lib/api/errors';
import { createQrInput, QR_TYPES, type CreateQrInput, type QrType } from '@/lib/api/inputs/qr';
import { fieldErrors, messageForField, type FieldErrors } from '@/lib/api/validate-input';
import { database } from '@/lib/db/open';
import { qrPayload } from '@/lib/qr/payload';
import { hexToRgb } from '@/lib/qr/render';
import { createQrCode } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { QrImage } from './QrImage';

/** The fields of each QR type; a single unnamed field means `data` is a string. */
const FIELDS: Record<QrType, { name: string; label: string; options?: string[] }[]> = {
  text: [{ name: '', label: 'Text' }],
  link: [{ name: '', label: 'URL' }],
  phone: [{ name: '', label: 'Phone number' }],
  email: [
    { name: 'email', label: 'E-mail address' },
    { name: 'subject', label: 'Subject' },
    { name: 'body', label: 'Message' },
  ],
  sms: [
    { name: 'phone', label: 'Phone number' },
    { name: 'message', label: 'Message' },
  ],
  wifi: [
    { name: 'ssid', label: 'Network name (SSID)' },
    { name: 'password', label: 'Wi-Fi password' },
    { name: 'encryption', label: 'Encryption', options: ['WPA', 'WEP', 'nopass'] },
  ],
  vcard: [
    { name: 'firstname', label: 'First name' },
    { name: 'lastname', label: 'Last name' },
    { name: 'organization', label: 'Organisation' },
    { name: 'phone', label: 'Phone number' },
    { name: 'email', label: 'E-mail address' },
    { name: 'site', label: 'Website' },
    { name: 'street', label: 'Street' },
    { name: 'city', label: 'City' },
    { name: 'state', label: 'State' },
    { name: 'zip', label: 'Postcode' },
    { name: 'country', label: 'Country' },
  ],
};

const TYPE_LABEL: Record<QrType, string> = { text: 'Text', link: 'Link', phone: 'Phone', email: 'E-mail', sms: 'SMS', wifi: 'Wi-Fi', vcard: 'Contact card (vCard)' };

/** Create a QR code of any type: a form per type, colours, logo; previewed locally before saving. */
export function QrCreateForm({ onCreated }: { onCreated: (key: string) => void }) {
  const [type, setType] = useState<QrType>('link');
  const [values, setValues] = useState<Record<string, string>>({ encryption: 'WPA' });
  const [name, setName] = useState('');
  const [logo, setLogo] = useState('');
  const [foreground, setForeground] = useState('#000000');
  const [background, setBackground] = useState('#ffffff');
  const [errors, setErrors] = useState<FieldErrors>({});

  function input(): unknown {
    const fields = FIELDS[type];
    const data = fields.length === 1 && fields[0]!.name === '' ? (values[''] ?? '') : Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? '']).filter(([, v]) => v !== ''));
    return { type, data, foreground: hexToRgb(foreground), background: hexToRgb(background), ...(name ? { name } : {}), ...(logo ? { logo } : {}) };
  }
  const parsed = createQrInput.safeParse(input());
  const preview = parsed.success ? qrPayload(parsed.data as CreateQrInput) : null;

  async function save() {
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    try {
      const key = await createQrCode({ db: database() }, parsed.data as CreateQrInput);
      kickSync();
      setValues({ encryption: 'WPA' });
      setName('');
      setErrors({});
      onCreated(key);
    } catch (error) {
      const field = isApiError(error) ? error.field : null;
      setErrors({ [field ?? '_']: isApiError(error) ? messageForField(error.message, field) : 'The QR code could not be saved.' });
    }
  }

  return (
    <form
      className="stack"
      aria-label="New QR code"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="row">
        <Field label="QR type">
          {(p) => (
            <select
              {...p}
              value={type}
              onChange={(e) => {
                setType(e.target.value as QrType);
                setErrors({});
              }}
            >
              {QR_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Name" error={errors.name}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
      </div>
      <div className="qr-fields">
        {FIELDS[type].map((f) => {
          const path = f.name ? `data.${f.name}` : 'data';
          return (
            <Field key={`${type}-${f.name}`} label={f.label} error={errors[path]}>
              {(p) =>
                f.options ? (
                  <select {...p} value={values[f.name] ?? f.options[0]} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}>
                    {f.options.map((o) => (
                      <option key={o} value={o}>
                        {o === 'nopass' ? 'None (open network)' : o}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input {...p} type={f.name === 'password' ? 'password' : 'text'} value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
                )
              }
            </Field>
          );
        })}
      </div>
      <div className="row">
        <label className="row">
          Foreground <input type="color" value={foreground} onChange={(e) => setForeground(e.target.value)} />
        </label>
        <label className="row">
          Background <input type="color" value={background} onChange={(e) => setBackground(e.target.value)} />
        </label>
        <Field label="Logo (.png or .jpg URL)" error={errors.logo}>
          {(p) => <input {...p} value={logo} onChange={(e) => setLogo(e.target.value)} />}
        </Field>
      </div>
      {errors._ ? (
        <p role="alert" className="error">
          {errors._}
        </p>
      ) : null}
      <div className="row">
        {preview ? <QrImage text={preview} style={{ foreground, background }} size={140} label="Preview of the new QR code" /> : <p className="muted">The preview appears once the fields are valid.</p>}
        <button type="submit">Create QR code</button>
      </div>
    </form>
  );
}
