import { problemInWords } from '@/lib/browser/problems-in-words';
import type { Change } from '@/lib/db/schema';
import { describeChange as describe, editableFields as fields } from '@/lib/kinds';

// How each kind of change reads is part of its kind's description (lib/kinds), as messages.
export const describeChange = (change: Change): string => problemInWords(describe(change));

export const editableFields = (change: Change) =>
  fields(change).map((field) => ({ ...field, label: problemInWords(field.label) }));
