import { useLiveQuery } from 'dexie-react-hooks';
import { formatDateTime } from '@/components/ui/format';
import { SectionHead } from '@/components/ui/SectionHead';
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
    <section className="stack-lg" aria-labelledby="catalog-heading">
      <SectionHead id="catalog-heading" title="Overlays and splash pages" />
      <p className="muted catalog-note">
        A call-to-action overlay shows your message over the page a link leads to; a splash page is shown just before
        it. You make them on your link service's website; here you see which ones you can pick as a link's redirect.
      </p>
      <OverlayTable rows={overlays} />
      <SplashTable rows={splash} />
    </section>
  );
}

function OverlayTable({ rows }: { rows: OverlayRow[] }) {
  return (
    <table className="data-table catalog-table">
      <caption>Call-to-action overlays ({rows.length})</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id} data-testid="overlay-row">
            <td>{o.id}</td>
            <td>{o.type}</td>
            <td>{o.name}</td>
            <td>{formatDateTime(o.date)}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={4} text="None yet: make one on your link service's website." /> : null}
      </tbody>
    </table>
  );
}

function SplashTable({ rows }: { rows: SplashRow[] }) {
  return (
    <table className="data-table catalog-table">
      <caption>Splash pages ({rows.length})</caption>
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Name</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id} data-testid="splash-row">
            <td>{s.id}</td>
            <td>{s.name}</td>
            <td>{formatDateTime(s.date)}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={3} text="None yet: make one on your link service's website." /> : null}
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
