import { formatDate, formatDateTime } from '@/components/ui/format';
import { t } from '@/lib/browser/i18n';
import type { AccountRow } from '@/lib/db/schema';
import { Avatar } from './Avatar';

/** Who is connected, with the plan; a queued e-mail change is shown as waiting, not as done. */
export function AccountProfile({ account, refused }: { account: AccountRow; refused: boolean }) {
  const who = account.username || account.email;
  return (
    <div className="card stack account-profile">
      <div className="row">
        <Avatar src={account.avatar} size={48} alt={t('account.avatarOf', { name: who })} />
        <div className="stack account-names">
          <strong data-testid="account-email" dir="ltr">
            {account.email}
          </strong>
          <span className="muted">{account.username}</span>
        </div>
      </div>
      <dl className="facts">
        <dt>{t('accountProfile.username')}</dt>
        <dd>{account.username || t('accountProfile.notStated')}</dd>
        <dt>{t('accountProfile.plan')}</dt>
        <dd data-testid="account-plan">{account.status || t('accountProfile.notStated')}</dd>
        <dt>{t('accountProfile.planExpires')}</dt>
        <dd data-testid="account-expires">
          {account.expires ? formatDateTime(account.expires) : t('accountProfile.noEndDate')}
        </dd>
        <dt>{t('accountProfile.memberSince')}</dt>
        <dd data-testid="account-registered">
          {account.registered ? formatDate(account.registered) : t('accountProfile.notStated')}
        </dd>
      </dl>
      {account.pendingEmail ? (
        <p className={refused ? 'banner banner-error' : 'banner banner-info'} data-testid="pending-email">
          {refused
            ? t('account.emailRefused', { email: account.pendingEmail })
            : t('account.emailPending', { email: account.pendingEmail })}
        </p>
      ) : null}
    </div>
  );
}
