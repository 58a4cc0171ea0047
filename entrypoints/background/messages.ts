import { type Browser, browser } from 'wxt/browser';
import { ApiError, isApiError, type SerializedApiError } from '@/lib/api/errors';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { type Reply, type Request, type RequestType, type ResponseMap, requestSchema } from '@/lib/messages/protocol';
import { connect, disconnect } from '@/lib/settings/connect';
import { lookupShortUrl } from '@/lib/sync/lookup-short';
import type { BackgroundSync } from './sync';

type Handlers = { [T in RequestType]: (request: Extract<Request, { type: T }>) => Promise<ResponseMap[T]> };

function handlersFor(sync: BackgroundSync): Handlers {
  return {
    'connection.connect': async (r) => {
      await sync.connectionsReady;
      const result = await connect(database(), r.serviceUrl, r.apiKey);
      await sync.pull();
      return result;
    },
    'connection.disconnect': async () => {
      await disconnect(database());
      return { disconnected: true };
    },
    'sync.kick': () => sync.drain(),
    'sync.pull': async () => {
      await sync.pull();
      return { started: true };
    },
    'link.refresh': async (r) => {
      await sync.engine.refresh({ type: 'link', key: r.key });
      return { refreshed: true };
    },
    'qr.refresh': async (r) => {
      await sync.engine.refresh({ type: 'qr', key: r.key });
      return { refreshed: true };
    },
    'link.lookup': async (r) => ({
      key: await sync.engine.interactive((api) => lookupShortUrl(database(), api, r.shortUrl)),
    }),
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
