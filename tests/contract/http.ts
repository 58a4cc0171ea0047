import { type IncomingHttpHeaders, request } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, type ServerOptions, startServer } from '../../server/start';

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: an answer is whatever JSON the server sent; each test reads the keys it checks.
  json: any;
  text: string;
}

/** One request to the server, as any HTTP client would send it. */
export async function call(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = server.apiKey,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(key !== null ? { Authorization: `Bearer ${key}` } : {}),
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: jsonOrUndefined(text), text };
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface PlainAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: an answer is whatever JSON the server sent; each test reads the keys it checks.
  json: any;
  text: string;
  /** From sending the request to the end of the answer. */
  tookMs: number;
}

/**
 * One request through node:http on a connection of its own (then closed): it can send any Host
 * header and leave from another loopback address, which fetch cannot, and no pooled connection
 * that the server closed while idle can fail it. The path is sent exactly as given.
 */
export function plainRequest(
  origin: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress,
  }: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<PlainAnswer> {
  const { hostname, port } = new URL(origin);
  const started = Date.now();
  const sent = {
    Connection: 'close',
    ...headers,
    ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
  };
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers: sent, localAddress, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          json: jsonOrUndefined(text),
          text,
          tookMs: Date.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `use` against a server of its own (ephemeral port, in-memory database), closed afterwards whatever happens. */
export async function withServer<T>(options: ServerOptions, use: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer({ port: 0, db: ':memory:', ...options });
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

/** A server per test file, on an ephemeral port with an in-memory database. */
export function serverPerFile(options: ServerOptions = {}): { readonly server: RunningServer } {
  const holder: { server: RunningServer } = { server: undefined as unknown as RunningServer };
  beforeAll(async () => {
    holder.server = await startServer({ port: 0, db: ':memory:', rateLimit: 10_000, ...options });
  });
  afterAll(async () => {
    await holder.server.close();
  });
  return holder;
}

export const expectError = (a: Answer, status: number, message: RegExp) => {
  if (a.status !== status || a.json?.error !== 1 || !message.test(String(a.json?.message))) {
    throw new Error(`expected ${status} with a message like ${message}, got ${a.status} ${a.text.slice(0, 300)}`);
  }
};
