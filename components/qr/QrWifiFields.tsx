import { Field } from '@/components/ui/Field';
import { QrDataField } from './QrDataField';
import { type DraftFieldsProps, WIFI_ENCRYPTIONS, type WifiDraft } from './qr-drafts';

const ENCRYPTION_LABEL: Record<WifiDraft['encryption'], string> = {
  WPA: 'WPA/WPA2/WPA3',
  WEP: 'WEP',
  nopass: 'None (open network)',
};

/** A Wi-Fi code joins the network. An open network has no password, so the field goes away. */
export function QrWifiFields(props: DraftFieldsProps<WifiDraft>) {
  const { draft, onChange, errors } = props;
  return (
    <>
      <QrDataField {...props} name="ssid" label="Network name (SSID)" />
      <Field label="Encryption" error={errors['data.encryption']}>
        {(p) => (
          <select
            {...p}
            value={draft.encryption}
            onChange={(e) => onChange({ ...draft, encryption: e.target.value as WifiDraft['encryption'] })}
          >
            {WIFI_ENCRYPTIONS.map((e) => (
              <option key={e} value={e}>
                {ENCRYPTION_LABEL[e]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* A password field keeps the network password off screen; new-password stops the browser offering the account's. */}
      {draft.encryption === 'nopass' ? null : (
        <QrDataField {...props} name="password" label="Wi-Fi password" type="password" autoComplete="new-password" />
      )}
    </>
  );
}
