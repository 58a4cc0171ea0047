import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON object body. Empty means `{}`; anything but a JSON object is a 400, over 1 MB a 413. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // The rest of the body is not read, so the connection cannot be reused.
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is larger than 1 MB.', { Connection: 'close' });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
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
