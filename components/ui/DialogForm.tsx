import { type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { withAddresses } from '@/components/ui/Address';
import { ChevronDown } from '@/components/ui/icons';
import { t, uiLocale } from '@/lib/browser/i18n';

/**
 * A form laid out for a dialog: what it cannot do without first, its options in groups closed to a
 * one-line summary (OptionGroup), and its actions in a footer that stays in view while the rest
 * scrolls, so a long form never hides its button below the fold. Enter in any field still submits.
 */
export function DialogForm({
  label,
  formRef,
  className,
  onSubmit,
  actions,
  children,
}: {
  label: string;
  formRef?: Ref<HTMLFormElement>;
  className?: string;
  onSubmit: () => void;
  /** The footer: the primary action, and what the last try said beside it. */
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      className={['dialog-form', className].filter(Boolean).join(' ')}
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="stack dialog-form-body">{children}</div>
      <div className="dialog-form-foot">{actions}</div>
    </form>
  );
}

/** The parts of a group that are set, as one line in the person's language ("a, b and c"). */
export function summaryLine(parts: (string | null | undefined | false)[]): string {
  const set = parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return new Intl.ListFormat(uiLocale(), { type: 'unit', style: 'short' }).format(set);
}

/**
 * A group of options behind a disclosure button, closed by default, its summary saying what is set
 * in it. A group holding a field error opens by itself, in the same render that shows the error (so
 * the form can focus that field), and stays open once it is corrected: the person is still in it.
 */
export function OptionGroup({
  title,
  summary,
  invalid = false,
  testId,
  children,
}: {
  title: string;
  /** What is set in it, one line; empty says "Not set". */
  summary: string;
  invalid?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const shown = open || invalid;
  useEffect(() => {
    if (invalid) setOpen(true);
  }, [invalid]);
  const bodyId = useId();
  const line = summary || t('common.notSet');
  return (
    <section className="option-group" data-testid={testId} data-open={shown}>
      <h3>
        <button
          type="button"
          className="option-group-toggle"
          aria-expanded={shown}
          aria-controls={bodyId}
          onClick={() => setOpen(!shown)}
        >
          <span className="option-group-title">{title}</span>
          {/* Long summaries end in an ellipsis; the whole line is in the title. */}
          <span className="option-group-summary" title={line} data-testid="option-summary">
            {withAddresses(line)}
          </span>
          <ChevronDown size={16} aria-hidden="true" className="option-group-chevron" />
        </button>
      </h3>
      <div id={bodyId} className="stack option-group-body" hidden={!shown}>
        {children}
      </div>
    </section>
  );
}

/**
 * Whether any of `fields` has an error: a field by its name as the errors name it, a list or object
 * with everything under it ("geotarget" holds "geotarget.0.link").
 */
export function holdsError(errors: Record<string, string | undefined>, fields: readonly string[]): boolean {
  return Object.entries(errors).some(
    ([key, message]) => message && fields.some((f) => key === f || key.startsWith(`${f}.`)),
  );
}
