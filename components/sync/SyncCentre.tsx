import { useLiveQuery } from 'dexie-react-hooks';
import { useReachability } from '@/components/hooks/useReachability';
import { withAddresses } from '@/components/ui/Address';
import { CircleAlert, CircleCheck, CloudUpload, RefreshCw } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { plural, t } from '@/lib/browser/i18n';
import { storedErrorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { OutboxEntry } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { stateOfEntry } from '@/lib/sync/change-state';
import { ConflictNotice } from './ConflictNotice';
import { describeChange } from './describe-change';
import { LikelyCopies } from './LikelyCopies';
import { MirrorProgress } from './MirrorProgress';
import { RefusedChange } from './RefusedChange';
import { SyncStatus } from './SyncStatus';

/**
 * The sync centre, as a person needs it: first one sentence on where things stand, then the
 * changes that need them, then those still on their way. Allowance and refresh times are behind Details.
 */
export function SyncCentre() {
  const db = database();
  // No default: until IndexedDB has answered, saying "in sync" would be a claim nobody checked.
  const entries = useLiveQuery(() => db.outbox.orderBy('seq').toArray(), []);
  const reach = useReachability();
  const kick = () => void sendRequest({ type: 'sync.kick' }).catch(() => undefined);
  const failed = (entries ?? []).filter((e) => e.state === 'failed');
  const waiting = (entries ?? []).filter((e) => e.state !== 'failed');
  const unreachable = reach?.reachable === false || !navigator.onLine;
  // Why the waiting changes wait, in the sentence and the line below it: the service out of reach, a
  // key it refuses (answered, so reachable: not "Sending", which no change is while the key is refused),
  // or nothing but the pace it allows.
  const [waitHeadline, waitLine] = unreachable
    ? (['sync.waitingUnreachable', 'syncCentre.theyAreKeptIn'] as const)
    : reach?.keyRefused
      ? (['sync.waitingKeyRefused', 'syncCentre.theyGoOutWithKey'] as const)
      : (['sync.sending', 'syncCentre.theyGoOutAt'] as const);
  return (
    <section className="stack-lg" aria-labelledby="sync-heading">
      <SectionHead id="sync-heading" title={t('syncCentre.sync')}>
        <button type="button" className="secondary" onClick={() => void sendRequest({ type: 'sync.pull' })}>
          <RefreshCw size={15} aria-hidden="true" /> {t('syncCentre.syncNow')}
        </button>
      </SectionHead>
      {entries ? (
        <div className="card sync-summary" data-testid="sync-summary">
          {failed.length > 0 ? (
            <CircleAlert size={22} aria-hidden="true" className="error" />
          ) : waiting.length > 0 ? (
            <CloudUpload size={22} aria-hidden="true" className="muted" />
          ) : (
            <CircleCheck size={22} aria-hidden="true" className="ok" />
          )}
          <div className="stack">
            <p className="sync-headline">
              {failed.length > 0
                ? plural('sync.needYou', failed.length)
                : waiting.length > 0
                  ? plural(waitHeadline, waiting.length)
                  : t('syncCentre.everythingIsSavedOn')}
            </p>
            <p className="muted">
              {failed.length > 0
                ? t('syncCentre.nothingIsLostFix')
                : waiting.length > 0
                  ? t(waitLine)
                  : t('syncCentre.changesYouMakeHere')}
            </p>
          </div>
        </div>
      ) : null}
      <MirrorProgress />
      <LikelyCopies />
      {failed.length > 0 ? (
        <ChangeList title={t('syncCentre.needsYourAttention')} entries={failed} onDone={kick} />
      ) : null}
      {waiting.length > 0 ? <ChangeList title={t('syncCentre.onTheirWay')} entries={waiting} onDone={kick} /> : null}
      <details className="card sync-details">
        <summary>{t('banner.details')}</summary>
        <SyncStatus />
      </details>
    </section>
  );
}

function ChangeList({ title, entries, onDone }: { title: string; entries: OutboxEntry[]; onDone: () => void }) {
  return (
    <div className="stack">
      <h3 className="list-heading">{title}</h3>
      <ul className="stack" aria-label={title}>
        {entries.map((entry) => (
          <li key={entry.seq} className="card stack" data-testid="outbox-entry" data-state={entry.state}>
            <div className="row">
              <strong className="grow">{withAddresses(describeChange(entry))}</strong>
              <span className={`badge ${entry.state === 'failed' ? 'sync-failed' : 'sync-badge'}`}>
                {t(`sync.state.${stateOfEntry(entry)}`)}
              </span>
            </div>
            {entry.error ? (
              <p className={entry.state === 'failed' ? 'error' : 'muted'} data-testid="outbox-error">
                {storedErrorInWords(entry.error)}
              </p>
            ) : null}
            {entry.conflict?.length ? (
              <ConflictNotice entry={{ ...entry, conflict: entry.conflict }} />
            ) : entry.state === 'failed' ? (
              <RefusedChange entry={entry} onDone={onDone} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
