import { t } from '@/lib/browser/i18n';
import { QrDataField } from './QrDataField';
import type { DraftFieldsProps, VcardDraft } from './qr-drafts';

// Each field's label is `qr.vcard.<name>` in the catalogue.
const FIELDS: { name: keyof VcardDraft; type?: string; autoComplete?: string }[] = [
  { name: 'firstname', autoComplete: 'given-name' },
  { name: 'lastname', autoComplete: 'family-name' },
  { name: 'organization', autoComplete: 'organization' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'site', type: 'url', autoComplete: 'url' },
  { name: 'street', autoComplete: 'street-address' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'zip', autoComplete: 'postal-code' },
  { name: 'country', autoComplete: 'country-name' },
];

/** A contact card (vCard 3.0): every field optional, but it needs a first or last name to be a contact. */
export function QrVcardFields(props: DraftFieldsProps<VcardDraft>) {
  return (
    <>
      {FIELDS.map((f) => (
        <QrDataField
          key={f.name}
          {...props}
          name={f.name}
          label={t(`qr.vcard.${f.name}`)}
          {...(f.type ? { type: f.type } : {})}
          {...(f.autoComplete ? { autoComplete: f.autoComplete } : {})}
        />
      ))}
    </>
  );
}
