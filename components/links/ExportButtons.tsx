import { Download } from 'lucide-react';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { exportedLinks, linksToCsv, linksToJson } from '@/lib/export/links-export';

/** Every mirrored link with its click count, as CSV or JSON, made locally. */
export function ExportButtons() {
  async function download(kind: 'csv' | 'json') {
    const rows = await exportedLinks(database());
    const blob = new Blob([kind === 'csv' ? linksToCsv(rows) : linksToJson(rows)], {
      type: kind === 'csv' ? 'text/csv' : 'application/json',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `linkpilot-links.${kind}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }
  return (
    <div className="row">
      <button
        type="button"
        className="secondary"
        aria-label={t('exportButtons.exportCsv')}
        onClick={() => void download('csv')}
      >
        <Download size={15} aria-hidden="true" /> {t('exportButtons.csv')}
      </button>
      <button
        type="button"
        className="secondary"
        aria-label={t('exportButtons.exportJson')}
        onClick={() => void download('json')}
      >
        <Download size={15} aria-hidden="true" /> {t('exportButtons.json')}
      </button>
    </div>
  );
}
