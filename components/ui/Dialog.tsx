import { type ReactNode, useEffect, useId, useRef } from 'react';
import { X } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';

/**
 * A modal dialog (or a panel sliding from the right) on the native <dialog>: the browser traps
 * focus, closes it with Escape and returns focus to what opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  variant = 'dialog',
  compact = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  variant?: 'dialog' | 'side-panel';
  /** For a question: as wide as its sentence needs, not as a form. */
  compact?: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={[variant === 'side-panel' ? 'side-panel' : '', compact ? 'compact' : ''].join(' ').trim() || undefined}
      aria-labelledby={headingId}
      onClose={onClose}
      data-testid={testId}
    >
      <div className="dialog-head">
        <h2 id={headingId}>{title}</h2>
        <button
          type="button"
          className="ghost icon-only"
          aria-label={t('common.close')}
          onClick={() => ref.current?.close()}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
