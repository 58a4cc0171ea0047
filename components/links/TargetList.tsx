import { type InputHTMLAttributes, useEffect, useId, useMemo, useState } from 'react';
import { Plus, Trash2 } from '@/components/ui/icons';
import { t, uiLocale } from '@/lib/browser/i18n';
import {
  type ChoiceKind,
  choiceLabel,
  choiceValue,
  type TargetChoice,
  targetChoices,
} from '@/lib/links/target-choices';

export interface TargetRow {
  key: string;
  link: string;
}

/** What one row's key is: each has its own words, since languages inflect the noun differently. */
export type TargetKind = 'country' | 'device' | 'language' | 'parameter';

/**
 * A text field offering a list by name (the browser's own suggestions, searched as one types): it
 * shows a choice's name and hands on its value, the code the service wants. Text that names no
 * choice is handed on as typed, for the service's validation to judge.
 */
export function ChoiceInput({
  kind,
  choices,
  listId,
  value,
  onValue,
  ...field
}: {
  kind: ChoiceKind;
  choices: TargetChoice[];
  listId: string;
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'list'>) {
  const [text, setText] = useState(() => choiceLabel(kind, choices, value));
  // A value set from outside (a reset form, another row removed) shows as its name.
  useEffect(() => {
    if (choiceValue(kind, choices, text) !== value) setText(choiceLabel(kind, choices, value));
  }, [kind, choices, text, value]);
  return (
    <input
      {...field}
      list={listId}
      autoComplete="off"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onValue(choiceValue(kind, choices, e.target.value));
      }}
    />
  );
}

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
  const listId = `${id}-choices`;
  const choices = useMemo(() => (kind === 'parameter' ? null : targetChoices(kind, uiLocale())), [kind]);
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
            <label className="stack" htmlFor={`${id}-${i}-key`}>
              {t(`target.${kind}.numbered`, { n: i + 1 })}
              {choices && kind !== 'parameter' ? (
                <ChoiceInput
                  id={`${id}-${i}-key`}
                  kind={kind}
                  choices={choices}
                  listId={listId}
                  value={row.key}
                  placeholder={t('target.typeToSearch')}
                  aria-invalid={Boolean(keyError)}
                  aria-describedby={keyError ? `${id}-${i}-k` : undefined}
                  onValue={(key) => update(i, { key })}
                  data-testid="target-choice"
                />
              ) : (
                <input
                  id={`${id}-${i}-key`}
                  value={row.key}
                  aria-invalid={Boolean(keyError)}
                  aria-describedby={keyError ? `${id}-${i}-k` : undefined}
                  onChange={(e) => update(i, { key: e.target.value })}
                />
              )}
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
      {choices && rows.length > 0 ? (
        <datalist id={listId}>
          {choices.map((c) => (
            <option key={c.value} value={c.label} />
          ))}
        </datalist>
      ) : null}
      {errors[path.list] ? <span className="error field-error">{errors[path.list]}</span> : null}
      <div>
        <button type="button" className="secondary small" onClick={() => onChange([...rows, { key: '', link: '' }])}>
          <Plus size={14} aria-hidden="true" /> {t(`target.${kind}.add`)}
        </button>
      </div>
    </fieldset>
  );
}
