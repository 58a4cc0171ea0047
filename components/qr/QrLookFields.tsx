import { Field } from '@/components/ui/Field';
import type { FieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { poorContrast } from '@/lib/qr/render';

/**
 * Name, colours (as #rrggbb from the pickers; converted to rgb() only when the input is built) and logo.
 * A colour is '' while it is not known: a code made elsewhere, whose record the service lists without
 * its colours. Nothing is sent for it until the person chooses one.
 */
export interface QrLook {
  name: string;
  foreground: string;
  background: string;
  logo: string;
}

export const DEFAULT_LOOK: QrLook = { name: '', foreground: '#000000', background: '#ffffff', logo: '' };

/** The code's name: how it is found in the list, apart from its look. */
export function QrNameField({
  look,
  onChange,
  errors,
}: {
  look: QrLook;
  onChange: (next: QrLook) => void;
  errors: FieldErrors;
}) {
  return (
    <Field label={t('catalogPage.name')} error={errors.name} hint={t('qrLookFields.optionalHowTheCode')}>
      {(p) => (
        <input
          {...p}
          maxLength={100}
          autoComplete="off"
          value={look.name}
          onChange={(e) => onChange({ ...look, name: e.target.value })}
        />
      )}
    </Field>
  );
}

/** The look's fields, for the grid of the fieldset or group they are in. */
export function QrLookFields({
  look,
  onChange,
  errors,
}: {
  look: QrLook;
  onChange: (next: QrLook) => void;
  errors: FieldErrors;
}) {
  const colourLabel = {
    foreground: t('qrLookFields.foregroundColour'),
    background: t('qrLookFields.backgroundColour'),
  };
  const set = (key: keyof QrLook) => (e: { target: { value: string } }) => onChange({ ...look, [key]: e.target.value });
  return (
    <>
      {(['foreground', 'background'] as const).map((key) => (
        <Field
          key={key}
          label={colourLabel[key]}
          error={errors[key]}
          // Said once, under the first of the two: both are unknown together.
          hint={look[key] || key === 'background' ? undefined : t('qrLookFields.coloursNotKnown')}
        >
          {(p) =>
            look[key] ? (
              <span className="qr-colour-field">
                <input {...p} type="color" className="qr-colour" value={look[key]} onChange={set(key)} />
                <code dir="ltr">{look[key]}</code>
              </span>
            ) : (
              // Not known: no swatch that claims a colour. Choosing one starts the picker at the
              // default, and that choice is then sent, even if the default is what was wanted.
              <span className="qr-colour-field">
                <span className="muted">{t('qrLookFields.notKnownHere')}</span>
                <button
                  {...p}
                  type="button"
                  className="ghost small"
                  // Its words first, as seen, then which colour: the field's label alone would hide them.
                  aria-label={`${t('qrLookFields.chooseColour')}: ${colourLabel[key]}`}
                  onClick={() => onChange({ ...look, [key]: DEFAULT_LOOK[key] })}
                >
                  {t('qrLookFields.chooseColour')}
                </button>
              </span>
            )
          }
        </Field>
      ))}
      <Field label={t('qrLookFields.logoUrl')} error={errors.logo} hint={t('qrLookFields.optionalTheUrlOf')}>
        {(p) => <input {...p} type="url" autoComplete="off" value={look.logo} onChange={set('logo')} />}
      </Field>
      {/* Too little contrast and phone cameras cannot read the code: warn, but let people decide. The
          live region is always there, so the warning is announced when it appears. */}
      <p className="error qr-warning" role="status">
        {poorContrast(look) ? t('qrLookFields.theseColoursAreToo') : ''}
      </p>
    </>
  );
}
