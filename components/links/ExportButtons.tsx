import { Download } from 'lucide-react';
import { saveFile } from '@/components/ui/save-file';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { exportedLinks, linksToCsv, linksToJson } from '@/lib/export/links-export';

/** Every mirrored link with its click count, as CSV or JSON, made locally. */
export function ExportButtons() {
  async function download(kind: 'csv' | 'json') {
    const rows = await exportedLinks(database());
    if (kind === 'csv') saveFile('linkpilot-links.csv', 'text/csv', linksToCsv(rows));
    else saveFile('linkpilot-links.json', 'application/json', linksToJson(rows));
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
