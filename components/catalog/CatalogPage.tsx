import { useLiveQuery } from 'dexie-react-hooks';
import { formatDateTime, formatNumber } from '@/components/ui/format';
import { SectionHead } from '@/components/ui/SectionHead';
import { database } from '@/lib/db/open';
import type { OverlayRow, SplashRow } from '@/lib/db/schema';
import './catalog.css';
import { t } from '@/lib/browser/i18n';

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
      <SectionHead id="catalog-heading" title={t('catalogPage.overlaysAndSplashPages')} />
      <p className="muted catalog-note">{t('catalogPage.aCallToAction')}</p>
      <OverlayTable rows={overlays} />
      <SplashTable rows={splash} />
    </section>
  );
}

function OverlayTable({ rows }: { rows: OverlayRow[] }) {
  return (
    <table className="data-table catalog-table">
      <caption>{t('catalog.overlays', { count: formatNumber(rows.length) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('catalogPage.name')}</th>
          <th scope="col">{t('catalogPage.type')}</th>
          <th scope="col">{t('catalogPage.created')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={o.id} data-testid="overlay-row">
            <td>{o.name}</td>
            <td>{overlayTypeInWords(o.type)}</td>
            <td>{formatDateTime(o.date)}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={3} text={t('catalog.noneYet')} /> : null}
      </tbody>
    </table>
  );
}

function SplashTable({ rows }: { rows: SplashRow[] }) {
  return (
    <table className="data-table catalog-table">
      <caption>{t('catalog.splash', { count: formatNumber(rows.length) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('catalogPage.name')}</th>
          <th scope="col">{t('catalogPage.created')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.id} data-testid="splash-row">
            <td>{s.name}</td>
            <td>{formatDateTime(s.date)}</td>
          </tr>
        ))}
        {rows.length === 0 ? <EmptyRow columns={2} text={t('catalog.noneYet')} /> : null}
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

/** The overlay kinds the service is known to make; another one is shown as the service names it. */
const OVERLAY_TYPES = ['message', 'newsletter', 'contact', 'poll', 'coupon'] as const;

function overlayTypeInWords(type: string): string {
  const known = OVERLAY_TYPES.find((k) => k === type.toLowerCase());
  return known ? t(`catalog.overlayType.${known}`) : type.charAt(0).toLocaleUpperCase() + type.slice(1);
}
