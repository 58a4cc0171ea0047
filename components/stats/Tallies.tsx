import type { ReactNode } from 'react';
import type { Tally } from '@/lib/api/schemas/primitives';
import { formatNumber } from '../ui/format';

/**
 * A top-N list (countries, referrers, …): each label with its count, and a bar under it sized to
 * its share of the largest. `inline` puts the title and the entries on one line, without bars (the
 * popup). Labels are text only, never markup.
 */
export function Tallies({
  title,
  items,
  limit = 5,
  decorate,
  inline = false,
}: {
  title: string;
  items: Tally[];
  limit?: number;
  decorate?: (label: string) => ReactNode;
  inline?: boolean;
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
            <li key={item.label} title={item.label}>
              {decorate?.(item.label)}
              {item.label} <span className="tally-count">{formatNumber(item.count)}</span>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="tallies" aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {shown.map((item) => {
          return (
            <li key={item.label} className="tally">
              <span className="tally-label" title={item.label}>
                {decorate?.(item.label)}
                {item.label}
              </span>
              <span className="tally-count">{formatNumber(item.count)}</span>
              <span className="tally-track" aria-hidden="true">
                <span className="tally-bar" style={{ display: 'block', width: `${(item.count / max) * 100}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
