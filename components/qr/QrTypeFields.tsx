import type { QrType } from '@/lib/api/inputs/qr';
import type { FieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { QrEmailFields } from './QrEmailFields';
import { QrSingleFields } from './QrSingleFields';
import { QrSmsFields } from './QrSmsFields';
import { QrVcardFields } from './QrVcardFields';
import { QrWifiFields } from './QrWifiFields';
import type { Drafts } from './qr-drafts';

/** A type of QR code in the person's words. */
export function qrTypeLabel(key: QrType): string {
  return t(`qr.type.${key}`);
}

/** The fields of the chosen type; each type edits only its own draft. */
export function QrTypeFields({
  type,
  drafts,
  onChange,
  errors,
}: {
  type: QrType;
  drafts: Drafts;
  onChange: (next: Drafts) => void;
  errors: FieldErrors;
}) {
  switch (type) {
    case 'text':
    case 'link':
    case 'phone':
      return (
        <QrSingleFields
          type={type}
          value={drafts[type]}
          onChange={(v) => onChange({ ...drafts, [type]: v })}
          errors={errors}
        />
      );
    case 'email':
      return (
        <QrEmailFields draft={drafts.email} onChange={(email) => onChange({ ...drafts, email })} errors={errors} />
      );
    case 'sms':
      return <QrSmsFields draft={drafts.sms} onChange={(sms) => onChange({ ...drafts, sms })} errors={errors} />;
    case 'wifi':
      return <QrWifiFields draft={drafts.wifi} onChange={(wifi) => onChange({ ...drafts, wifi })} errors={errors} />;
    case 'vcard':
      return (
        <QrVcardFields draft={drafts.vcard} onChange={(vcard) => onChange({ ...drafts, vcard })} errors={errors} />
      );
  }
}
