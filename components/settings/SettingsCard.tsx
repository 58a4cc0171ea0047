import type { ReactNode } from 'react';

/** One subject of Settings: its heading, then its rows (label, control) on the shared grid. */
export function SettingsCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card stack-lg" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <div className="prefs-grid">{children}</div>
    </section>
  );
}
