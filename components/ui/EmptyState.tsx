import type { ReactNode } from 'react';
import type { IconComponent } from '@/components/ui/icons';

/** What an empty list says: what will be here, and the next step to take. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: IconComponent;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <Icon size={28} aria-hidden="true" />
      <h3>{title}</h3>
      {children ? <p className="muted">{children}</p> : null}
      {action}
    </div>
  );
}
