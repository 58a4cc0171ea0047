import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body of at most `maxBytes`. A larger one is a 413 (the rest is not read, so the
 * connection closes); a client that goes away or is cut off by the request timeout mid-body is a
 * 400 that nobody hears, never an unexpected error.
 */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) break;
      chunks.push(chunk as Buffer);
    }
  } catch {
    throw new HttpError(400, 'Request body: the connection closed before it was complete.', { Connection: 'close' });
  }
  if (size > maxBytes) {
    throw new HttpError(413, `Request body is larger than ${describeSize(maxBytes)}.`, { Connection: 'close' });
  }
  return Buffer.concat(chunks);
}

const describeSize = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;

/** Reads a JSON object body. Empty means `{}`; anything but a JSON object is a 400, over 1 MB a 413. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req, MAX_BODY_BYTES)).toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be a JSON object.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new HttpError(400, 'Request body must be a JSON object.');
  // Keys such as __proto__ stay plain data: copy into a prototype-less object.
  return Object.assign(Object.create(null) as Record<string, unknown>, parsed);
}
