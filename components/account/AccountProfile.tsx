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
        <dd>{account.username || 'not stated'}</dd>
        <dt>Plan</dt>
        <dd data-testid="account-plan">{account.status || 'not stated'}</dd>
        <dt>Plan expires</dt>
        <dd data-testid="account-expires">{account.expires ? `${account.expires} UTC` : 'no expiry stated'}</dd>
        <dt>Member since</dt>
        <dd>{account.registered ? `${account.registered} UTC` : 'not stated'}</dd>
      </dl>
      {account.pendingEmail ? (
        <p className={refused ? 'error' : 'account-pending'} data-testid="pending-email">
          {refused
            ? `The service refused the change to ${account.pendingEmail}: see the Sync centre to edit, retry or discard it.`
            : `Waiting to sync: the e-mail address changes to ${account.pendingEmail} once the service has accepted it.`}
        </p>
      ) : null}
    </div>
  );
}
