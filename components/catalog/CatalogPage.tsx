import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';
import type { OverlayRow, SplashRow } from '@/lib/db/schema';
import './catalog.css';

/** Newest first, as the service lists them; undated ones last. */
function newestFirst<T extends { id: number; date: string | null }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id);
}

/**
 * CTA overlays and custom splash pages. The API only lists them (they are made on the service's
 * website), so this section is read-only; it exists so people can see what the redirect-type
 * choice of a link will offer, and under which id.
 */
export function CatalogPage() {
  const db = database();
  const overlays = useLiveQuery(async () => newestFirst(await db.overlays.toArray()), [], []);
  const splash = useLiveQuery(async () => newestFirst(await db.splashPages.toArray()), [], []);
  return (
    <section className="stack" aria-labelledby="catalog-heading">
      <h2 id="catalog-heading">Overlays and splash pages</h2>
      <p className="muted catalog-note">
        These are made on the service’s website and are read-only here. They are offered wherever a redirect type is
        chosen (the new-link forms of the popup and the Links section): a CTA overlay shows its call to action over the
        destination page, a splash page is shown before the redirect.
      </p>
      <OverlayTable rows={overlays} />
      <SplashTable rows={splash} />
    </section>
  );
}

function OverlayTable({ rows }: { rows: OverlayRow[] }) {
  return (
    <table className="catalog-table">
      <caption>CTA overlays ({rows.length})</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Created (UTC)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id} data-testid="overlay-row">
            <td>{o.id}</td>
            <td>{o.type}</td>
            <td>{o.name}</td>
            <td>{o.date ?? '—'}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={4} text="No CTA overlays on the service yet." /> : null}
      </tbody>
    </table>
  );
}

function SplashTable({ rows }: { rows: SplashRow[] }) {
  return (
    <table className="catalog-table">
      <caption>Splash pages ({rows.length})</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Name</th>
          <th scope="col">Created (UTC)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id} data-testid="splash-row">
            <td>{s.id}</td>
            <td>{s.name}</td>
            <td>{s.date ?? '—'}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={3} text="No splash pages on the service yet." /> : null}
      </tbody>
    </table>
  );
}

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="muted">
        {text}
      </td>
    </tr>
  );
}
