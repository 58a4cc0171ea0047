import { formatDate, formatDateTime } from '@/components/ui/format';
import type { AccountRow } from '@/lib/db/schema';

/** Who is connected, with the plan; a queued e-mail change is shown as waiting, not as done. */
export function AccountProfile({ account, refused }: { account: AccountRow; refused: boolean }) {
  const who = account.username || account.email;
  return (
    <div className="card stack account-profile">
      <div className="row">
        {account.avatar ? (
          <img className="avatar" src={account.avatar} alt={`Avatar of ${who}`} width={48} height={48} />
        ) : null}
        <div className="stack account-names">
          <strong data-testid="account-email">{account.email}</strong>
          <span className="muted">{account.username}</span>
        </div>
      </div>
      <dl className="facts">
        <dt>Username</dt>
        <dd>{account.username || 'Not stated'}</dd>
        <dt>Plan</dt>
        <dd data-testid="account-plan">{account.status || 'Not stated'}</dd>
        <dt>Plan expires</dt>
        <dd data-testid="account-expires">{account.expires ? formatDateTime(account.expires) : 'No end date'}</dd>
        <dt>Member since</dt>
        <dd data-testid="account-registered">{account.registered ? formatDate(account.registered) : 'Not stated'}</dd>
      </dl>
      {account.pendingEmail ? (
        <p className={refused ? 'banner banner-error' : 'banner banner-info'} data-testid="pending-email">
          {refused
            ? `The service did not accept the change to ${account.pendingEmail}. Open Sync to fix, retry or discard it.`
            : `Not synced yet: the address becomes ${account.pendingEmail} once the service has accepted it.`}
        </p>
      ) : null}
    </div>
  );
}
