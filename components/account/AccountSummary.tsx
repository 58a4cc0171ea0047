import { formatDate } from '@/components/ui/format';
import type { Account } from '@/lib/api/schemas/account';
import { t } from '@/lib/browser/i18n';
import { Avatar } from './Avatar';

/** Who is connected: the account as the service last reported it. */
export function AccountSummary({ account }: { account: Account }) {
  return (
    <section className="account-summary" aria-label={t('accountSummary.connectedAccount')}>
      <Avatar src={account.avatar} size={32} />
      <div>
        <div className="account-email" data-testid="account-email" dir="ltr">
          {account.email}
        </div>
        <div className="muted">{[account.username, planInWords(account)].filter(Boolean).join(' · ')}</div>
      </div>
    </section>
  );
}

/** "Pro plan until Nov 24, 2027": the service's plan name ("pro") said as a plan, with its end when known. */
function planInWords({ status, expires }: Account): string | null {
  if (!status) return null;
  const plan = status.charAt(0).toLocaleUpperCase() + status.slice(1);
  return expires ? t('account.planUntil', { plan, date: formatDate(expires) }) : t('account.plan', { plan });
}
