import { Download } from '@/components/ui/icons';
import { MenuButton, type MenuItem } from '@/components/ui/MenuButton';
import { saveFile } from '@/components/ui/save-file';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { exportedLinks, linksToCsv, linksToJson } from '@/lib/export/links-export';

/** Saves the mirrored links (every one, or those of `keys`) with their click counts, made locally. */
async function download(kind: 'csv' | 'json', keys?: readonly string[]) {
  const rows = await exportedLinks(database(), keys);
  if (kind === 'csv') saveFile('linkpilot-links.csv', 'text/csv', linksToCsv(rows));
  else saveFile('linkpilot-links.json', 'application/json', linksToJson(rows));
}

/** The two formats, as menu items: the header's menu exports everything, the selection bar its links. */
export function exportItems(keys?: readonly string[]): MenuItem[] {
  return [
    { label: t('exportButtons.csv'), name: t('exportButtons.exportCsv'), onSelect: () => void download('csv', keys) },
    {
      label: t('exportButtons.json'),
      name: t('exportButtons.exportJson'),
      onSelect: () => void download('json', keys),
    },
  ];
}

/** Every mirrored link with its click count, as CSV or JSON, made locally: one menu, two formats. */
export function ExportButtons() {
  return (
    <MenuButton
      label={
        <>
          <Download size={15} aria-hidden="true" /> {t('exportButtons.export')}
        </>
      }
      items={exportItems()}
    />
  );
}
