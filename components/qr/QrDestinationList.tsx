import { useLiveQuery } from 'dexie-react-hooks';
import { Fragment, type ReactNode, useState } from 'react';
import { Address } from '@/components/ui/Address';
import { displayUrl } from '@/components/ui/format';
import { ExternalLink } from '@/components/ui/icons';
import type { QrContent } from '@/lib/api/inputs/qr';
import { isWebUrl } from '@/lib/api/web-url';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { linkForPage } from '@/lib/links/queries';
import { type DestinationLine, destinationLines, destinationUrl } from './qr-destination';

/** The longest part of an address kept on one line; a longer one may break inside, or it would overflow. */
const KEPT_WHOLE = 32;

/**
 * An address that may be longer than its line: it may break after each of its separators (a slash, a
 * dot, a query's ? & =), so it wraps where a person would split it. A part is kept whole: the browser
 * would otherwise break after a hyphen, which joins words ("en-US", "spring-menu"). Only a part longer
 * than KEPT_WHOLE may break inside (qr.css).
 */
function breakable(address: string): ReactNode {
  return address.split(/(?<=[/?&=#.@])/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move.
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part.length <= KEPT_WHOLE ? <span className="qr-kept-whole">{part}</span> : part}
    </Fragment>
  ));
}

/** A Wi-Fi password: hidden until asked for, so a screen shared or looked over does not show it. */
function Secret({ value }: { value: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="qr-secret">
      {shown ? (
        <span className="qr-destination-text" data-testid="qr-secret">
          {value}
        </span>
      ) : (
        <span role="img" aria-label={t('qrDestination.hiddenPassword')} data-testid="qr-secret">
          ••••••••
        </span>
      )}
      <button type="button" className="secondary small" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? t('qrDestination.hidePassword') : t('qrDestination.showPassword')}
      </button>
    </span>
  );
}

function Value({ line }: { line: DestinationLine }) {
  switch (line.as) {
    case 'url':
      return isWebUrl(line.value) ? (
        // The address runs left to right on every line it takes; the icon follows it in the page's direction.
        <a href={line.value} target="_blank" rel="noreferrer" className="qr-destination-address">
          <Address>{breakable(line.value)}</Address> <ExternalLink size={12} aria-hidden="true" />
        </a>
      ) : (
        <Address className="qr-destination-address">{breakable(line.value)}</Address>
      );
    case 'email':
    case 'phone':
      return <Address className="qr-destination-address">{breakable(line.value)}</Address>;
    case 'text':
      return <span className="qr-destination-text">{line.value}</span>;
    case 'words':
      return <>{t(line.value)}</>;
    case 'secret':
      return <Secret value={line.value} />;
  }
}

/**
 * A short link of the mirror that goes where the code does, or that the code itself leads to: the
 * link a code was made for, shown with it, so a person sees the two belong together.
 */
function MirrorLink({ url }: { url: string }) {
  const db = database();
  const link = useLiveQuery(() => linkForPage(db, url), [db, url]);
  if (!link?.shorturl) return null;
  const isShort = link.shorturl === url;
  const shown = isShort ? link.longurl : link.shorturl;
  return (
    <>
      <dt>{isShort ? t('qrDestination.shortLinkLeadsTo') : t('qrDestination.alsoShortLink')}</dt>
      <dd data-testid="qr-destination-short-link">
        <a href={shown} target="_blank" rel="noreferrer" className="qr-destination-address">
          <Address>{breakable(displayUrl(shown))}</Address>
        </a>
      </dd>
    </>
  );
}

/** What a code holds, field by field and in full: where a scan of it leads. */
export function QrDestinationList({ content }: { content: QrContent }) {
  const url = destinationUrl(content);
  return (
    <dl className="facts qr-destination-facts" data-testid="qr-destination-content">
      {destinationLines(content).map((line) => (
        <Fragment key={line.label}>
          <dt>{t(line.label)}</dt>
          <dd data-field={line.label}>
            <Value line={line} />
          </dd>
        </Fragment>
      ))}
      {url ? <MirrorLink url={url} /> : null}
    </dl>
  );
}
