import { LinkTitle } from '@/components/ui/LinkText';
import { PENDING } from '@/components/ui/Pending';
import type { PageInfo } from '@/lib/browser/tabs';

/** The page's title in a card: what the popup shows while the page's link or its form loads (pending). */
export function PageTitleCard({ page }: { page: PageInfo }) {
  return (
    <div className="card" {...PENDING}>
      <p className="page-title">
        <LinkTitle title={page.title} url={page.url} />
      </p>
    </div>
  );
}
