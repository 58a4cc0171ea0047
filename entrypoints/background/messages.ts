import { type Browser, browser } from 'wxt/browser';
import { ApiError, isApiError, type SerializedApiError } from '@/lib/api/errors';
import { t } from '@/lib/browser/i18n';
import { SHOWN_KINDS } from '@/lib/kinds/shown';
import { toReply } from '@/lib/links/handed';
import {
  type RefreshType,
  type Reply,
  type Request,
  type RequestOf,
  type RequestType,
  type ResponseMap,
  refreshTargetOf,
  requestSchema,
} from '@/lib/messages/protocol';
import { lookupShortUrl } from '@/lib/refresh/lookup-short';
import { activateConnection, connect, removeConnection } from '@/lib/settings/connect';
import { shortenHere } from './shorten';
import { type BackgroundSync, NOT_DRAINED } from './sync';

/** Asked of a connection when none is stored (a page left open after the last one was removed). */
const notConnected = () => new ApiError({ kind: 'validation', message: t('worker.notConnected'), retryable: false });

type Handler<T extends RequestType> = (request: RequestOf<T>) => Promise<ResponseMap[T]>;
type Handlers = { [T in RequestType]: Handler<T> };

/** One handler for every refresh message: each names a record of one kind. */
function refreshHandlers(handler: Handler<RefreshType>): { [T in RefreshType]: Handler<T> } {
  return Object.fromEntries(SHOWN_KINDS.map((kind) => [`${kind}.refresh`, handler])) as {
    [T in RefreshType]: Handler<T>;
  };
}

function handlersFor(sync: BackgroundSync): Handlers {
  const active = async () => (await sync.active()) ?? Promise.reject(notConnected());
  return {
    'connection.connect': async (r) => {
      await sync.connectionsReady;
      const result = await connect(r.serviceUrl, r.apiKey, {
        replacing: r.replacing,
        allowPlainHttp: r.allowPlainHttp,
        activate: r.activate,
      });
      // The connection just connected, which is not the active one when it was added beside it.
      await (await sync.of(result.connectionId))?.pull();
      return result;
    },
    'connection.remove': async (r) => {
      await removeConnection(r.id);
      return { removed: true };
    },
    'connection.activate': async (r) => {
      await activateConnection(r.id);
      // One added without being switched to may never have been copied.
      await (await sync.of(r.id))?.copyIfNew();
      return { activated: true };
    },
    // A person's own change goes at once, beside a refresh that may be on the wire; a page's change
    // may belong to any connection: one switched away from still sends its queue.
    'sync.kick': async (r) => {
      const report = r.own ? await sync.sendOwn(r.own.database, r.own.entries) : NOT_DRAINED;
      void sync.drainAll();
      return report;
    },
    'sync.pull': async () => {
      await (await active()).pull();
      return { started: true };
    },
    ...refreshHandlers(async (r) => {
      await (await active()).engine.refresh(refreshTargetOf(r));
      return { refreshed: true };
    }),
    'link.lookup': async (r) => {
      const { engine, db } = await active();
      return { key: await engine.interactive((api) => lookupShortUrl(db, api, r.shortUrl, engine.now)) };
    },
    'link.shorten': async (r) => {
      const shortened = await shortenHere(sync, { fields: r.fields, placement: r.placement, key: r.key });
      if (!shortened) throw notConnected();
      return toReply(shortened);
    },
  };
}

/** Messages are accepted only from this extension's own pages, and only in a known shape. */
export function registerMessageHandlers(sync: BackgroundSync): void {
  const handlers = handlersFor(sync);
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (!isOwnPage(sender)) return undefined;
    void answer(handlers, message).then(sendResponse);
    // Keeps the channel open for the asynchronous answer (works in Chrome and Firefox alike).
    return true;
  });
}

function isOwnPage(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const pageRoot = browser.runtime.getURL('/');
  return typeof sender.url === 'string' && sender.url.startsWith(pageRoot);
}

async function answer(handlers: Handlers, message: unknown): Promise<Reply<RequestType>> {
  const parsed = requestSchema.safeParse(message);
  if (!parsed.success) {
    return {
      ok: false,
      error: new ApiError({ kind: 'validation', message: t('worker.badRequest'), retryable: false }).toJSON(),
    };
  }
  const request = parsed.data;
  try {
    const handler = handlers[request.type] as (r: Request) => Promise<ResponseMap[RequestType]>;
    return { ok: true, data: await handler(request) };
  } catch (error) {
    return { ok: false, error: serialize(error) };
  }
}

function serialize(error: unknown): SerializedApiError {
  if (isApiError(error)) return error.toJSON();
  console.error('Linkpilot: unexpected failure while handling a message', error);
  return new ApiError({
    kind: 'bad-response',
    message: t('worker.unexpected'),
  }).toJSON();
}
