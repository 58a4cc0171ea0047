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
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
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
