import { type ComponentProps, lazy, Suspense } from 'react';

const RecordHistory = lazy(() => import('./RecordHistory'));

/**
 * A link's or QR code's history in its details, loaded after them: the chart's code stays out of the
 * first load of the page that shows them. Nothing holds its room meanwhile, and what stands below it
 * moves down as it comes: the details keep the buttons a person presses first (edit, delete) above it.
 */
export function RecordHistoryLater(props: ComponentProps<typeof RecordHistory>) {
  return (
    <Suspense fallback={null}>
      <RecordHistory {...props} />
    </Suspense>
  );
}
