import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import type { BulkLineProblem } from '@/lib/bulk/queue';

// Known by its name, not by instanceof: the popup loads lib/bulk only when a list is shortened.
const isLineProblem = (error: unknown): error is BulkLineProblem =>
  error instanceof Error && error.name === 'BulkLineProblem';

/** Why a list (Shorten many, Shorten all tabs) was not queued: with the line's address when one line stopped it. */
export function listErrorInWords(error: unknown): string {
  if (isLineProblem(error))
    return t('bulk.notQueuedLine', { url: error.line.url, reason: errorInWords(error.problem, error.problem.message) });
  return errorInWords(error, t('bulk.notQueued'));
}
