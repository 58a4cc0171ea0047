import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useState } from 'react';
import { clearIfStill } from '@/components/ui/clear-if-still';
import { Field } from '@/components/ui/Field';
import { formatNumber } from '@/components/ui/format';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { plural, t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { CampaignRow, LinkRow } from '@/lib/db/schema';
import { searchLinks } from '@/lib/links/queries';
import { create } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

const LinksHistory = lazy(() => import('@/components/stats/LinksHistory'));

/** A select with 100,000 options would freeze the page: show the newest few hundred, and search for the rest. */
const CHOICES = 200;

function linkLabel(link: LinkRow): string {
  return link.title || link.shorturl || link.longurl;
}

/**
 * The links of one campaign, and assigning more. The API cannot list a campaign's links, so only
 * assignments known to this browser are shown; the note says so rather than pretend the list is complete.
 */
export function CampaignLinks({ campaign }: { campaign: CampaignRow }) {
  const db = database();
  const assigned = useLiveQuery(
    () => db.links.where('campaignKey').equals(campaign.key).reverse().sortBy('date'),
    [campaign.key],
    [],
  );
  return (
    <div className="stack campaign-links">
      <h3 className="campaign-subheading">{t('campaignLinks.linksIn', { name: campaign.name })}</h3>
      {assigned.length > 0 ? (
        <Suspense fallback={null}>
          <LinksHistory links={assigned} name={campaign.name} />
        </Suspense>
      ) : null}
      <ul
        className="stack"
        data-testid="campaign-links"
        aria-label={t('campaignLinks.linksIn', { name: campaign.name })}
      >
        {assigned.map((link) => (
          <li key={link.key} className="row" data-testid="campaign-link">
            <span>{linkLabel(link)}</span>
            {link.shorturl ? <span className="muted">{link.shorturl}</span> : null}
            <SyncBadge state={link.sync} />
          </li>
        ))}
      </ul>
      <p className="muted">
        {assigned.length === 0 ? `${t('campaignLinks.noLinksAssignedFrom')} ` : ''}
        {t('campaignLinks.notListed')}
      </p>
      <AssignLink campaign={campaign} />
    </div>
  );
}

function AssignLink({ campaign }: { campaign: CampaignRow }) {
  const db = database();
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // An empty search gives the newest links (searchLinks falls back to the recent list).
  const candidates = useLiveQuery(() => searchLinks(db, search, CHOICES), [search], []);
  const choices = candidates.filter((l) => l.campaignKey !== campaign.key);

  async function assign() {
    const link = choices.find((l) => l.key === choice);
    if (!link) return setMessage({ ok: false, text: t('campaignLinks.chooseFirst') });
    try {
      await create({ db }, 'campaignLink', { campaignKey: campaign.key, key: link.key });
      kickSync();
      setChoice(clearIfStill(link.key));
      setMessage({ ok: true, text: t('campaignLinks.added', { link: linkLabel(link), campaign: campaign.name }) });
    } catch (error) {
      setMessage({ ok: false, text: errorInWords(error, t('campaignLinks.notAssigned')) });
    }
  }

  return (
    <form
      className="stack"
      aria-label={t('campaignLinks.addTo', { name: campaign.name })}
      onSubmit={(e) => {
        e.preventDefault();
        void assign();
      }}
    >
      <div className="campaign-fields">
        <Field
          label={t('campaignLinks.searchFor', { name: campaign.name })}
          hint={t('campaignLinks.newestShown', { count: formatNumber(CHOICES) })}
        >
          {(p) => (
            <input
              {...p}
              type="search"
              value={search}
              onChange={(e) => {
                // A choice from the previous results may not be among the new ones.
                setSearch(e.target.value);
                setChoice('');
              }}
            />
          )}
        </Field>
        <Field label={t('campaignLinks.linkToAdd', { name: campaign.name })}>
          {(p) => (
            <select {...p} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">
                {choices.length === 0
                  ? t('campaignLinks.noMatchingLinks')
                  : plural('campaignLinks.chooseOf', choices.length)}
              </option>
              {choices.map((link) => (
                <option key={link.key} value={link.key}>
                  {linkLabel(link)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="row">
        <button type="submit" disabled={!choice}>
          {t('campaignLinks.addLink')}
        </button>
        <span role="status" className={message?.ok ? 'ok' : 'error'}>
          {message?.text ?? ''}
        </span>
      </div>
    </form>
  );
}
