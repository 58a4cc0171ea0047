import type { Tally } from '@/lib/api/schemas/primitives';

/** A top-N list (countries, referrers, …) with proportional bars; text only, never markup. */
export function Tallies({ title, items, limit = 5 }: { title: string; items: Tally[]; limit?: number }) {
  const shown = items.filter((i) => i.count > 0).slice(0, limit);
  const max = Math.max(1, ...shown.map((i) => i.count));
  return (
    <section className="tallies" aria-label={title}>
      <h3>{title}</h3>
      {shown.length === 0 ? (
        <p className="muted">No data yet</p>
      ) : (
        <ul>
          {shown.map((item) => (
            <li key={item.label} className="tally">
              <span className="tally-label" title={item.label}>
                {item.label}
              </span>
              <span className="tally-bar" style={{ width: `${(item.count / max) * 100}%` }} aria-hidden="true" />
              <span className="tally-count">{item.count}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
