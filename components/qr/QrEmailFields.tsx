import { t } from '@/lib/browser/i18n';
import { QrDataField } from './QrDataField';
import type { DraftFieldsProps, EmailDraft } from './qr-drafts';

/** An e-mail code opens a new message (mailto:) with the address, subject and text filled in. */
export function QrEmailFields(props: DraftFieldsProps<EmailDraft>) {
  return (
    <>
      <QrDataField {...props} name="email" label={t('qrEmailFields.eMailAddress')} type="email" />
      <QrDataField {...props} name="subject" label={t('qrEmailFields.subject')} hint={t('qrEmailFields.optional')} />
      <QrDataField
        {...props}
        name="body"
        label={t('qrEmailFields.message')}
        hint={t('qrEmailFields.optional')}
        multiline
      />
    </>
  );
}
