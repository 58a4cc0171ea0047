import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useMemo, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { formatNumber } from '@/components/ui/format';
import { Download, FileUp } from '@/components/ui/icons';
import { LinkText } from '@/components/ui/LinkText';
import { saveFile } from '@/components/ui/save-file';
import { plural, t } from '@/lib/browser/i18n';
import { problemInWords, storedErrorInWords } from '@/lib/browser/problems-in-words';
import { bulkProgress, queueLinks } from '@/lib/bulk/queue';
import { refusedLines } from '@/lib/bulk/refused';
import { alreadyShortened, refusedHere, reusing } from '@/lib/bulk/same-page';
import { readListFile, readUrlList } from '@/lib/bulk/url-list';
import { readMeta } from '@/lib/db/meta';
import { database } from '@/lib/db/open';
import { budgetKey } from '@/lib/engine/budget-store';
import { csvCell } from '@/lib/export/links-export';
import { utmPresetsItem } from '@/lib/settings/utm-presets';
import { kickSync } from '@/lib/sync/kick';
import { applyUtm } from '@/lib/utm/utm';
import { BulkSamePage } from './BulkSamePage';
import { CopyButton } from './CopyButton';
import { listErrorInWords } from './list-error';

/** The API's documented allowance, when the service has not said its own yet. */
const DEFAULT_PER_MINUTE = 30;

/**
 * Shortening a list: pasted, or a CSV file (URL, optional alias). Bad lines are listed with their
 * reason while the good ones go; everything goes through the outbox within the allowance, with a
 * progress bar and the time left; the results download as CSV (long URL, short URL).
 */
export function BulkShorten() {
  const db = database();
  const [text, setText] = useState('');
  const [channelKey, setChannelKey] = useState('');
  const [campaignKey, setCampaignKey] = useState('');
  const [preset, setPreset] = useState('');
  const [keys, setKeys] = useState<string[] | null>(null);
  const [reused, setReused] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const ids = { text: useId(), file: useId() };
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const presets = useStorageItem(utmPresetsItem).value.presets;
  // Read once per change of the text, not on every render (a list may hold thousands of lines).
  const list = useMemo(() => readUrlList(text), [text]);
  const existing = useLiveQuery(() => alreadyShortened(db, list.items), [list], []);
  const [again, setAgain] = useState(false);
  const lines = useMemo(() => reusing(list.items, existing, !again), [list, existing, again]);
  const taken = useLiveQuery(() => refusedHere(db, lines), [lines], []);
  const problems = useMemo(() => [...list.problems, ...taken].sort((a, b) => a.line - b.line), [list.problems, taken]);
  const going = lines.filter((i) => !taken.some((p) => p.line === i.line));
  const toMake = going.filter((i) => !i.reuse).length;

  async function start() {
    const utm = presets.find((p) => p.name === preset)?.utm ?? {};
    try {
      const queued = await queueLinks(
        { db },
        going.map((i) => (i.reuse ? i : { ...i, url: applyUtm(i.url, utm) })),
        { channelKey: channelKey || null, campaignKey: campaignKey || null },
      );
      setKeys(queued);
      setReused(going.flatMap((i) => (i.reuse ? [i.reuse] : [])));
      setError(null);
      kickSync();
    } catch (e) {
      setError(listErrorInWords(e));
    }
  }

  if (keys) return <BulkResults keys={keys} problems={problems.length} reused={reused} />;
  return (
    <div className="stack-lg" data-testid="bulk">
      <div className="stack field">
        <label htmlFor={ids.text}>{t('bulkShorten.urlsOnePerLine')}</label>
        <textarea
          id={ids.text}
          rows={8}
          value={text}
          placeholder={t('bulkShorten.httpsExampleComSpring')}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${ids.text}-hint`}
        />
        <span id={`${ids.text}-hint`} className="muted field-hint">
          {t('bulkShorten.anAliasMayFollow')}
        </span>
      </div>
      <div className="row">
        <input
          id={ids.file}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="visually-hidden file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            readListFile(file).then(
              (read) => {
                setText(read);
                setError(null);
              },
              (problem: unknown) => setError(problem instanceof RangeError ? problemInWords(problem.message) : null),
            );
          }}
        />
        <label htmlFor={ids.file} className="file-button">
          <FileUp size={15} aria-hidden="true" /> {t('bulkShorten.chooseACsvFile')}
        </label>
      </div>
      <div className="form-grid">
        <ChoiceField
          label={t('bulkShorten.channelForAll')}
          none={t('link.noChannel')}
          value={channelKey}
          onChange={setChannelKey}
        >
          {channels.map((c) => ({ value: c.key, label: c.name }))}
        </ChoiceField>
        <ChoiceField
          label={t('bulkShorten.campaignForAll')}
          none={t('link.noCampaign')}
          value={campaignKey}
          onChange={setCampaignKey}
        >
          {campaigns.map((c) => ({ value: c.key, label: c.name }))}
        </ChoiceField>
        <ChoiceField
          label={t('bulkShorten.utmPresetForAll')}
          none={t('bulk.noUtm')}
          value={preset}
          onChange={setPreset}
        >
          {presets.map((p) => ({ value: p.name, label: p.name }))}
        </ChoiceField>
      </div>
      {problems.length > 0 ? (
        <div className="stack" data-testid="bulk-problems">
          <p className="error">{plural('bulk.problems', problems.length)}</p>
          <ul className="item-list">
            {problems.slice(0, 100).map((p) => (
              <li key={p.line} className="item-row small-text bulk-problem" data-testid="bulk-problem">
                <span className="badge">{t('bulk.line', { n: formatNumber(p.line) })}</span>
                {/* The line as typed and why it stays out, one under the other: never read as one run of text. */}
                <div className="bulk-problem-text">
                  <LinkText kind="address" text={p.text} className="bulk-problem-line" />
                  {/* The alias refused, whole: the line's address alone does not say which one. */}
                  {p.alias ? (
                    <bdi dir="ltr" className="bulk-problem-alias" data-testid="bulk-problem-alias">
                      {p.alias}
                    </bdi>
                  ) : null}
                  <span className="error">{problemInWords(p.reason)}</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <BulkSamePage existing={existing} again={again} onAgain={setAgain} />
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" disabled={going.length === 0} onClick={() => void start()}>
          {toMake > 0
            ? plural('bulk.shortenCount', toMake)
            : going.length > 0
              ? plural('samePage.useExisting', going.length)
              : t('bulkShorten.shorten')}
        </button>
      </div>
    </div>
  );
}

/** Progress of a queued list, the time left at the service's pace, and the results as CSV. */
export function BulkResults({
  keys,
  problems = 0,
  reused = [],
}: {
  keys: string[];
  problems?: number;
  /** The keys of links the list used rather than made again. */
  reused?: string[];
}) {
  const db = database();
  const rows = useLiveQuery(() => db.links.bulkGet(keys), [keys], []);
  const budget = useLiveQuery(() => readMeta(db, budgetKey));
  const { done, refused, total } = bulkProgress(rows, new Set(reused));
  const refusals = useLiveQuery(() => (refused > 0 ? refusedLines(db, keys) : []), [keys, refused], []);
  const left = total - done - refused;
  const made = rows.flatMap((r) => (r?.shorturl ? [{ key: r.key, shorturl: r.shorturl, longurl: r.longurl }] : []));
  const perMinute = budget?.limit ?? DEFAULT_PER_MINUTE;
  // Each link is one request; the allowance is shared with everything else, so this is the soonest.
  const minutes = Math.ceil(left / perMinute);

  function download() {
    const lines = ['long_url,short_url', ...rows.map((r) => `${csvCell(r?.longurl)},${csvCell(r?.shorturl)}`)];
    saveFile('linkpilot-short-links.csv', 'text/csv', `${lines.join('\r\n')}\r\n`);
  }

  return (
    <div className="stack-lg" data-testid="bulk-results">
      {/* Only existing links used: nothing was shortened, and nothing is said to have been. */}
      {total > 0 ? (
        <>
          <p className="sync-headline" role="status" data-testid="bulk-headline">
            {left === 0
              ? refused
                ? plural('bulk.allMadeRefused', total, { done: formatNumber(done), refused: formatNumber(refused) })
                : plural('bulk.allMade', total)
              : plural('bulk.progress', total, { done: formatNumber(done), minutes: formatNumber(minutes) })}
          </p>
          <progress className="progress" max={total} value={done + refused} aria-label={t('bulkShorten.linksMade')} />
        </>
      ) : null}
      {reused.length > 0 ? (
        <p className="muted" data-testid="bulk-reused">
          {plural('samePage.bulkReused', reused.length)}
        </p>
      ) : null}
      {problems > 0 ? <p className="muted">{plural('bulk.leftOut', problems)}</p> : null}
      {left === 0 && made.length > 0 ? (
        <ul className="item-list bulk-made" aria-label={t('bulkShorten.linksMade')} data-testid="bulk-made">
          {made.map((r) => (
            <li key={r.key} className="item-row small-text link-pair" data-testid="bulk-made-link">
              <LinkText kind="short" text={r.shorturl} className="bulk-made-short" />
              <LinkText kind="address" text={r.longurl} className="muted" />
            </li>
          ))}
        </ul>
      ) : null}
      {refusals.length > 0 ? (
        <ul className="item-list" data-testid="bulk-refused">
          {refusals.map((r) => (
            <li key={r.key} className="item-row small-text bulk-problem" data-testid="bulk-refused-line">
              {/* Said on the line it refused, the alias whole: the address alone does not say which one. */}
              <div className="bulk-problem-text">
                <LinkText kind="address" text={r.url} className="bulk-problem-line" />
                {r.alias ? (
                  <bdi dir="ltr" className="bulk-problem-alias">
                    {r.alias}
                  </bdi>
                ) : null}
                <span className="error">{storedErrorInWords(r.error)}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="actions">
        {left === 0 && made.length > 0 ? (
          <CopyButton
            text={made.map((r) => r.shorturl).join('\n')}
            label={t('bulkShorten.copyAll')}
            item={t('bulkShorten.allShortLinks')}
            variant="primary"
          />
        ) : null}
        <button type="button" className="secondary" onClick={download}>
          <Download size={15} aria-hidden="true" /> {t('bulkShorten.downloadCsv')}
        </button>
      </div>
    </div>
  );
}

/** A labelled choice with a "none" option first: one for each setting the whole list shares. */
function ChoiceField({
  label,
  none,
  value,
  onChange,
  children: options,
}: {
  label: string;
  none: string;
  value: string;
  onChange: (value: string) => void;
  children: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="stack field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
