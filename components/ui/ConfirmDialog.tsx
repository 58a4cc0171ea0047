import { useEffect, useRef } from 'react';
import { useConfirm } from '@/components/state/confirm';
import { t } from '@/lib/browser/i18n';
import { withAddresses } from './Address';
import { Dialog } from './Dialog';

/** The question askFirst() asks, once per page: the consequence, then Cancel and the action. */
export function ConfirmDialog() {
  const asked = useConfirm((s) => s.asked);
  const cancel = useRef<HTMLButtonElement>(null);
  // Cancel takes the focus, so Enter alone never deletes. (The dialog, a child, is open by now: its
  // effect ran first and focused its first button.)
  useEffect(() => {
    if (asked) cancel.current?.focus();
  }, [asked]);
  if (!asked) return null;
  return (
    <Dialog title={asked.title} onClose={() => asked.answer(false)} testId="confirm-dialog" compact>
      <p>{withAddresses(asked.consequence)}</p>
      <div className="actions end">
        <button ref={cancel} type="button" className="secondary" onClick={() => asked.answer(false)}>
          {t('confirm.cancel')}
        </button>
        <button type="button" className="danger" onClick={() => asked.answer(true)}>
          {asked.action}
        </button>
      </div>
    </Dialog>
  );
}
