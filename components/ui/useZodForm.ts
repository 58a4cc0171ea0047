import { useState } from 'react';
import type { z } from 'zod';
import { withoutField } from '@/components/ui/field-errors';
import { isApiError } from '@/lib/api/errors';
import { type FieldErrors, fieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, problemsInWords } from '@/lib/browser/problems-in-words';

/**
 * Form state validated with the API layer's own zod schemas, so a person sees the same rule the
 * client enforces before sending. `submit` runs the action and maps its ApiError to the field.
 */
export function useZodForm<S extends z.ZodType>(schema: S, initial: Record<string, unknown>) {
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  function set(name: string, value: unknown) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((now) => withoutField(now, name));
  }

  /**
   * `resetTo` empties the form after a successful save, but only the fields still holding what was
   * sent: whatever was typed while the save ran is the next entry, and is kept.
   */
  async function submit(
    action: (input: z.infer<S>) => Promise<unknown>,
    options: {
      resetTo?: Record<string, unknown>;
      /** Completes what was typed before it is checked (https:// before a bare host, for one). */
      prepare?: (values: Record<string, unknown>) => Record<string, unknown>;
    } = {},
  ): Promise<boolean> {
    const sent = values;
    const prepared = options.prepare ? options.prepare(values) : values;
    const cleaned = Object.fromEntries(Object.entries(prepared).filter(([, v]) => v !== '' && v !== undefined));
    const parsed = schema.safeParse(cleaned);
    if (!parsed.success) {
      setErrors(problemsInWords(fieldErrors(parsed.error)));
      return false;
    }
    setBusy(true);
    try {
      await action(parsed.data);
      const { resetTo } = options;
      if (resetTo)
        setValues((now) => ({
          ...now,
          ...Object.fromEntries(Object.entries(resetTo).filter(([k]) => now[k] === sent[k])),
        }));
      setErrors({});
      return true;
    } catch (error) {
      const field = isApiError(error) ? error.field : null;
      setErrors({
        [field ?? '_']: errorBesideField(error, t('common.savingFailed')),
      });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { values, errors, busy, set, setValues, submit };
}
