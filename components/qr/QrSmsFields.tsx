import { t } from '@/lib/browser/i18n';
import { QrDataField } from './QrDataField';
import type { DraftFieldsProps, SmsDraft } from './qr-drafts';

/** An SMS code opens a text message to the number, with the message filled in. */
export function QrSmsFields(props: DraftFieldsProps<SmsDraft>) {
  return (
    <>
      <QrDataField {...props} name="phone" label={t('qrSmsFields.phoneNumber')} type="tel" />
      <QrDataField
        {...props}
        name="message"
        label={t('qrEmailFields.message')}
        hint={t('qrEmailFields.optional')}
        multiline
      />
    </>
  );
}
