import { browser, type Browser } from 'wxt/browser';
import { ApiError, isApiError, type SerializedApiError } from '@/lib/api/errors';
import { requestSchema, type Reply, type Request, type RequestType, type ResponseMap } from '@/lib/messages/protocol';
import { connect, disconnect, refreshAccount } from '@/lib/settings/connect';

type Handlers = { [T in RequestType]: (request: Extract<Request, { type: T }>) => Promise<ResponseMap[T]> };

const handlers: Handlers = {
  'connection.connect': (r) => connect(r.serviceUrl, r.apiKey),
  'connection.disconnect': async () => {
    await disconnect();
    return { disconnected: true };
  },
  'account.refresh': async () => ({ account: await refreshAccount() }),
};

/** Messages are accepted only from this extension's own pages, and only in a known shape. */
export function registerMessageHandlers(): void {
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    if (!isOwnPage(sender)) return undefined;
    void answer(message).then(sendResponse);
    // Keeps the channel open for the asynchronous answer (works in Chrome and Firefox alike).
    return true;
  });
}

function isOwnPage(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const pageRoot = browser.runtime.getURL('/');
  return typeof sender.url === 'string' && sender.url.startsWith(pageRoot);
}

async function answer(message: unknown): Promise<Reply<RequestType>> {
  const parsed = requestSchema.safeParse(message);
  if (!parsed.success) {
    return { ok: false, error: new ApiError({ kind: 'validation', message: 'Unknown or malformed request.', retryable: false }).toJSON() };
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
  return new ApiError({ kind: 'bad-response', message: 'Something unexpected went wrong in the background worker.' }).toJSON();
}
