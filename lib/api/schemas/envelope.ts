import { z } from 'zod';
import { errorFlag, int } from './primitives';

/** One page of any list, with records that did not fit their schema set aside, not fatal. */
export interface Page<T> {
  items: T[];
  /** Records the service sent that could not be read, with the reason. */
  rejected: { index: number; field: string; message: string }[];
  perpage: number;
  currentpage: number;
  maxpage: number;
  /** As the service sent it; pagination does not rely on it (its last-page value is not specified). */
  nextpage: number | null;
}

const pageNumber = z
  .union([int])
  .nullish()
  .transform((v) => v ?? null);

export function listEnvelopeSchema<T extends z.ZodType>(collection: string, item: T) {
  return z
    .object({
      error: errorFlag.optional(),
      data: z.looseObject({
        result: pageNumber,
        perpage: pageNumber,
        currentpage: pageNumber,
        nextpage: pageNumber,
        maxpage: pageNumber,
      }),
    })
    .transform(({ data }): Page<z.infer<T>> => {
      // Own-property read: a collection key like "__proto__" must not reach the prototype.
      const raw = Object.hasOwn(data, collection) ? (data as Record<string, unknown>)[collection] : undefined;
      const records = Array.isArray(raw) ? raw : [];
      const items: z.infer<T>[] = [];
      const rejected: Page<z.infer<T>>['rejected'] = [];
      records.forEach((record, index) => {
        const parsed = item.safeParse(record);
        if (parsed.success) items.push(parsed.data);
        else {
          const issue = parsed.error.issues[0];
          rejected.push({
            index,
            field: [collection, index, ...(issue?.path ?? [])].join('.'),
            message: issue?.message ?? 'invalid',
          });
        }
      });
      const currentpage = data.currentpage ?? 1;
      return {
        items,
        rejected,
        perpage: data.perpage ?? records.length,
        currentpage,
        maxpage: data.maxpage ?? currentpage,
        nextpage: data.nextpage,
      };
    });
}

/** {error: 0, message} answers of updates, deletes and assignments. */
export const messageResponseSchema = z.object({ message: z.unknown().optional() }).transform((v) => ({
  message: typeof v.message === 'string' ? v.message.slice(0, 500) : '',
}));
