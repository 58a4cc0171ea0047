import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { editableFields } from '@/components/sync/describe-change';
import { RefusedChange } from '@/components/sync/RefusedChange';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { storedRefusal } from '@/lib/api/refusals';
import { t } from '@/lib/browser/i18n';
import { storedErrorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import { awaitHere } from '@/lib/sync/answered-here';

/**
 * A page's link the service refused after the popup let go of it (made offline, sent later): said
 * once, with the fix in place, the refused field marked as it would have been online. Its state
 * words are not shown beside it: this is what "see Sync" would have led to.
 */
export default function RefusedCreate({ linkKey }: { linkKey: string }) {
  const db = database();
  const entry = useLiveQuery(
    () =>
      db.outbox
        .where('key')
        .equals(linkKey)
        .filter((e) => e.op === 'create' && e.state === 'failed')
        .first(),
    [linkKey],
  );
  // Shown here at its field, it is no banner above as well.
  const refused = entry !== undefined;
  useEffect(() => (refused ? awaitHere(linkKey) : undefined), [refused, linkKey]);
  if (!entry?.error) return null;
  const atField = editableFields(entry).some((f) => f.name === storedRefusal(entry.error!).field);
  return (
    <div className="stack" data-testid="refused-create">
      <p className="error">{t('pageLink.refused')}</p>
      {atField ? null : <p className="error">{storedErrorInWords(entry.error)}</p>}
      <RefusedChange entry={entry} editing />
      {/* The popup has no confirmation of its own: Discard asks here. */}
      <ConfirmDialog />
    </div>
  );
}
