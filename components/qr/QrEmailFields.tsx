import { QrDataField } from './QrDataField';
import type { DraftFieldsProps, EmailDraft } from './qr-drafts';

/** An e-mail code opens a new message (mailto:) with the address, subject and text filled in. */
export function QrEmailFields(props: DraftFieldsProps<EmailDraft>) {
  return (
    <>
      <QrDataField {...props} name="email" label="E-mail address" type="email" />
      <QrDataField {...props} name="subject" label="Subject" hint="Optional." />
      <QrDataField {...props} name="body" label="Message" hint="Optional." multiline />
    </>
  );
}
