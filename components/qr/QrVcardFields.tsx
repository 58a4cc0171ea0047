import { QrDataField } from './QrDataField';
import type { DraftFieldsProps, VcardDraft } from './qr-drafts';

const FIELDS: { name: keyof VcardDraft; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'firstname', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastname', label: 'Last name', autoComplete: 'family-name' },
  { name: 'organization', label: 'Organisation', autoComplete: 'organization' },
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email' },
  { name: 'site', label: 'Website', type: 'url', autoComplete: 'url' },
  { name: 'street', label: 'Street', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State or region', autoComplete: 'address-level1' },
  { name: 'zip', label: 'Postcode', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
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
          label={f.label}
          {...(f.type ? { type: f.type } : {})}
          {...(f.autoComplete ? { autoComplete: f.autoComplete } : {})}
        />
      ))}
    </>
  );
}
