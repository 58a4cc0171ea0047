import { useId } from 'react';
import { Plus, Trash2 } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';

export interface TargetRow {
  key: string;
  link: string;
}

/** What one row's key is: each has its own words, since languages inflect the noun differently. */
export type TargetKind = 'country' | 'device' | 'language' | 'parameter';

/** An add/remove list of "key → link" rows (geo, device and language targeting; URL parameters). */
export function TargetList({
  legend,
  kind,
  rows,
  errors,
  path,
  onChange,
}: {
  legend: string;
  kind: TargetKind;
  rows: TargetRow[];
  errors: Record<string, string>;
  path: { list: string; key: string; value: string };
  onChange: (rows: TargetRow[]) => void;
}) {
  const id = useId();
  const valueLabel = (n: number) => (kind === 'parameter' ? t('target.value', { n }) : t('target.link', { n }));
  const update = (i: number, patch: Partial<TargetRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="stack">
      <legend>{legend}</legend>
      {rows.map((row, i) => {
        const keyError = errors[`${path.list}.${i}.${path.key}`];
        const valueError = errors[`${path.list}.${i}.${path.value}`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are controlled inputs without an identity of their own; their position is what the labels name.
          <div key={i} className="target-row">
            <label className="stack">
              {t(`target.${kind}.numbered`, { n: i + 1 })}
              <input
                value={row.key}
                aria-invalid={Boolean(keyError)}
                aria-describedby={keyError ? `${id}-${i}-k` : undefined}
                onChange={(e) => update(i, { key: e.target.value })}
              />
              {keyError ? (
                <span id={`${id}-${i}-k`} className="error field-error">
                  {keyError}
                </span>
              ) : null}
            </label>
            <label className="stack">
              {valueLabel(i + 1)}
              <input
                value={row.link}
                aria-invalid={Boolean(valueError)}
                aria-describedby={valueError ? `${id}-${i}-v` : undefined}
                onChange={(e) => update(i, { link: e.target.value })}
              />
              {valueError ? (
                <span id={`${id}-${i}-v`} className="error field-error">
                  {valueError}
                </span>
              ) : null}
            </label>
            <button
              type="button"
              className="ghost icon-only"
              aria-label={t(`target.${kind}.remove`, { n: i + 1 })}
              title={t('target.remove')}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </div>
        );
      })}
      {errors[path.list] ? <span className="error field-error">{errors[path.list]}</span> : null}
      <div>
        <button type="button" className="secondary small" onClick={() => onChange([...rows, { key: '', link: '' }])}>
          <Plus size={14} aria-hidden="true" /> {t(`target.${kind}.add`)}
        </button>
      </div>
    </fieldset>
  );
}
