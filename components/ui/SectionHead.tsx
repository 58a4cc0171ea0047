import type { ReactNode } from 'react';

/** A section's title with its main actions on the right. */
export function SectionHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="section-head">
      <h2 id={id}>{title}</h2>
      {children}
    </div>
  );
}
