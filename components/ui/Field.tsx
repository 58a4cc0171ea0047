import { type ReactNode, useId } from 'react';
import { withAddresses } from './Address';

/** A labelled form control with its field-level message; the message is tied to the input for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="stack field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error || hint ? messageId : undefined })}
      {error ? (
        <span id={messageId} className="error field-error">
          {withAddresses(error)}
        </span>
      ) : hint ? (
        <span id={messageId} className="muted">
          {withAddresses(hint)}
        </span>
      ) : null}
    </div>
  );
}
