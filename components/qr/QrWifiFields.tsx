import { Field } from '@/components/ui/Field';
import { t } from '@/lib/browser/i18n';
import { QrDataField } from './QrDataField';
import { type DraftFieldsProps, WIFI_ENCRYPTIONS, type WifiDraft } from './qr-drafts';

/** A Wi-Fi encryption as people know it. */
function encryptionLabel(key: WifiDraft['encryption']): string {
  return t(`qr.encryption.${key}`);
}

/** A Wi-Fi code joins the network. An open network has no password, so the field goes away. */
export function QrWifiFields(props: DraftFieldsProps<WifiDraft>) {
  const { draft, onChange, errors } = props;
  return (
    <>
      <QrDataField {...props} name="ssid" label={t('qrWifiFields.networkNameSsid')} />
      <Field label={t('qrWifiFields.encryption')} error={errors['data.encryption']}>
        {(p) => (
          <select
            {...p}
            value={draft.encryption}
            onChange={(e) => onChange({ ...draft, encryption: e.target.value as WifiDraft['encryption'] })}
          >
            {WIFI_ENCRYPTIONS.map((e) => (
              <option key={e} value={e}>
                {encryptionLabel(e)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* A password field keeps the network password off screen; new-password stops the browser offering the account's. */}
      {draft.encryption === 'nopass' ? null : (
        <QrDataField
          {...props}
          name="password"
          label={t('qrWifiFields.wiFiPassword')}
          type="password"
          autoComplete="new-password"
        />
      )}
    </>
  );
}
