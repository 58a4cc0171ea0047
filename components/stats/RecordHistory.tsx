import { Download } from '@/components/ui/icons';
import { saveFile } from '@/components/ui/save-file';
import { t } from '@/lib/browser/i18n';
import { historyToCsv, historyToJson } from '@/lib/export/history-export';
import type { Watched } from '@/lib/history/read';
import { COUNTED, type Counted } from '@/lib/kinds/counted';
import { TrendChart } from './chart/TrendChart';
import { useNow, useRecordHistory } from './useHistory';

/**
 * A link's or QR code's clicks over time in its details, with its history to download. Loaded with
 * the details only (the chart's code stays out of the popup's first load).
 */
export default function RecordHistory({
  kind,
  record,
  name,
  fileName,
}: {
  kind: Counted;
  record: Watched;
  /** The record as exported (its short URL). */
  name: string;
  fileName: string;
}) {
  const now = useNow();
  const history = useRecordHistory(kind, record);
  if (!history) return null;
  const timeline = history.timelines[0];
  if (!timeline) return <p className="muted small-text">{t('trends.nothingYet')}</p>;
  const exported = { record: name, timeline };
  return (
    <div className="stack">
      <TrendChart timelines={history.timelines} now={now} noun={COUNTED[kind].noun} title={t(COUNTED[kind].overTime)} />
      <div className="row">
        <button
          type="button"
          className="secondary small"
          aria-label={t('trends.exportCsv')}
          onClick={() => saveFile(`${fileName}-history.csv`, 'text/csv', historyToCsv(exported))}
        >
          <Download size={14} aria-hidden="true" /> {t('exportButtons.csv')}
        </button>
        <button
          type="button"
          className="secondary small"
          aria-label={t('trends.exportJson')}
          onClick={() => saveFile(`${fileName}-history.json`, 'application/json', historyToJson(exported))}
        >
          <Download size={14} aria-hidden="true" /> {t('exportButtons.json')}
        </button>
      </div>
    </div>
  );
}
