import type { ReactNode } from 'react';
import { t } from '@/lib/browser/i18n';
import { formatNumber } from '../ui/format';

/** One entry of a top-N list as shown: its words, count, and what goes before it (a flag). */
export interface ShownTally {
  key: string;
  label: string;
  count: number;
  mark?: ReactNode;
  /** A hover text, where the label is not what the service wrote. */
  title?: string;
  /** The service's own entries behind a row that groups several (one site's spellings). */
  spellings?: { label: string; count: number }[];
}

/**
 * A top-N list (countries, referrers, …): each label with its count, and a bar under it sized to
 * its share of the largest. `inline` puts the title and the entries on one line, without bars (the
 * popup). Labels are text only, never markup. `note` says what the list counts (its total).
 */
export function Tallies({
  title,
  items,
  limit = 5,
  inline = false,
  note,
}: {
  title: string;
  items: ShownTally[];
  limit?: number;
  inline?: boolean;
  note?: string;
}) {
  const shown = items.filter((i) => i.count > 0).slice(0, limit);
  if (shown.length === 0) return null;
  const max = Math.max(1, ...shown.map((i) => i.count));
  if (inline) {
    return (
      <section className="tallies-inline" aria-label={title}>
        <h3>{title}</h3>
        <ul>
          {shown.map((item) => (
            <li key={item.key} title={item.title ?? item.label}>
              <span className="tally-label">
                {item.mark}
                {item.label}
              </span>{' '}
              <span className="tally-count">{formatNumber(item.count)}</span>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="tallies" aria-label={title}>
      <h3>{title}</h3>
      {note ? <p className="muted small-text tallies-note">{note}</p> : null}
      <ul>
        {shown.map((item) => (
          <li key={item.key} className="tally">
            <span className="tally-label" title={item.title ?? item.label}>
              {item.mark}
              {item.label}
            </span>
            <span className="tally-count">{formatNumber(item.count)}</span>
            <span className="tally-track" aria-hidden="true">
              <span className="tally-bar" style={{ display: 'block', width: `${(item.count / max) * 100}%` }} />
            </span>
            {item.spellings ? (
              <details className="tally-spellings" data-testid="tally-spellings">
                <summary aria-label={t('stats.spellingsOf', { site: item.label })}>{t('stats.spellings')}</summary>
                <ul>
                  {item.spellings.map((sp) => (
                    <li key={sp.label}>
                      <bdi>{sp.label}</bdi> <span className="tally-count">{formatNumber(sp.count)}</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
