import { formatDate } from '@/components/ui/format';
import type { Account } from '@/lib/api/schemas/account';
import { t } from '@/lib/browser/i18n';

/** Who is connected: the account as the service last reported it. */
export function AccountSummary({ account }: { account: Account }) {
  return (
    <section className="account-summary" aria-label={t('accountSummary.connectedAccount')}>
      {account.avatar ? <img className="avatar" src={account.avatar} alt="" width={32} height={32} /> : null}
      <div>
        <div className="account-email" data-testid="account-email" dir="ltr">
          {account.email}
        </div>
        <div className="muted">
          {account.username}
          {account.status ? ` · ${account.status}` : ''}
          {account.expires ? ` · ${t('account.until', { date: formatDate(account.expires) })}` : ''}
        </div>
      </div>
    </section>
  );
}
