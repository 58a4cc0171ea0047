import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';

/** CTA overlays and custom splash pages: listed by the API only, offered wherever a redirect type is chosen. */
export function CatalogSection() {
  const db = database();
  const overlays = useLiveQuery(() => db.overlays.toArray(), [], []);
  const splash = useLiveQuery(() => db.splashPages.toArray(), [], []);
  return (
    <section className="stack" aria-labelledby="catalog-heading">
      <h2 id="catalog-heading">Overlays and splash pages</h2>
      <p className="muted">They are made on the service's website; here they are listed and offered as redirect types for new links.</p>
      <table aria-label="CTA overlays">
        <caption>CTA overlays</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {overlays.map((o) => (
            <tr key={o.id} data-testid="overlay-row">
              <td>{o.name}</td>
              <td>{o.type}</td>
              <td>{o.date ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table aria-label="Splash pages">
        <caption>Splash pages</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {splash.map((s) => (
            <tr key={s.id} data-testid="splash-row">
              <td>{s.name}</td>
              <td>{s.date ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
