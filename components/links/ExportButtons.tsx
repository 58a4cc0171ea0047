import { Download } from '@/components/ui/icons';
import { MenuButton } from '@/components/ui/MenuButton';
import { saveFile } from '@/components/ui/save-file';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { exportedLinks, linksToCsv, linksToJson } from '@/lib/export/links-export';

/** Every mirrored link with its click count, as CSV or JSON, made locally: one menu, two formats. */
export function ExportButtons() {
  async function download(kind: 'csv' | 'json') {
    const rows = await exportedLinks(database());
    if (kind === 'csv') saveFile('linkpilot-links.csv', 'text/csv', linksToCsv(rows));
    else saveFile('linkpilot-links.json', 'application/json', linksToJson(rows));
  }
  return (
    <MenuButton
      label={
        <>
          <Download size={15} aria-hidden="true" /> {t('exportButtons.export')}
        </>
      }
      items={[
        { label: t('exportButtons.csv'), name: t('exportButtons.exportCsv'), onSelect: () => void download('csv') },
        { label: t('exportButtons.json'), name: t('exportButtons.exportJson'), onSelect: () => void download('json') },
      ]}
    />
  );
}
