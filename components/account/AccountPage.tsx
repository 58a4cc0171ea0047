import { useLiveQuery } from 'dexie-react-hooks';
import { SectionHead } from '@/components/ui/SectionHead';
import { database } from '@/lib/db/open';
import { AccountProfile } from './AccountProfile';
import { ConfirmedChangeForm } from './ConfirmedChangeForm';
import './account.css';
import { t } from '@/lib/browser/i18n';

/** The account as the service last reported it, and changing its e-mail address or password. */
export function AccountPage() {
  const db = database();
  const account = useLiveQuery(() => db.account.get('me'));
  // Only the state of queued account changes (those of its row) is read here: their payload may hold a password.
  const refused = useLiveQuery(
    async () => (await db.outbox.where('key').equals('me').toArray()).some((e) => e.state === 'failed'),
    [],
    false,
  );
  return (
    <section className="stack-lg" aria-labelledby="account-heading">
      <SectionHead id="account-heading" title={t('accountPage.account')} />
      {account ? (
        <AccountProfile account={account} refused={refused} />
      ) : (
        <p className="muted">{t('accountPage.theAccountAppearsOnce')}</p>
      )}
      <div className="account-forms">
        <ConfirmedChangeForm kind="email" currentEmail={account?.email ?? ''} />
        <ConfirmedChangeForm kind="password" currentEmail={account?.email ?? ''} />
      </div>
    </section>
  );
}
