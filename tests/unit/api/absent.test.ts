import { describe, expect, it } from 'vitest';
import { isAbsentRoute } from '@/lib/api/absent';
import { ApiError } from '@/lib/api/errors';
import { apiFor, fakeService } from '../sync/fake-service';

/** The error the client makes of one answer to a delete. */
async function answerOf(status: number, body: unknown, raw?: string) {
  const service = fakeService(() => ({ status, body, raw }));
  return apiFor(service)
    .deleteLink(5)
    .then(
      () => null,
      (e: unknown) => e,
    );
}

describe('an answer that says the service has no such route', () => {
  it('is a 404 with the family envelope and a route-not-found message', async () => {
    expect(isAbsentRoute(await answerOf(404, { error: 1, message: 'Unknown API endpoint.' }))).toBe(true);
    expect(isAbsentRoute(await answerOf(404, { error: 1, message: 'Route not found' }))).toBe(true);
    expect(isAbsentRoute(await answerOf(404, { error: 1, message: 'No such endpoint' }))).toBe(true);
    expect(isAbsentRoute(await answerOf(404, { error: 1, message: 'no route' }))).toBe(true);
  });

  it('is a 404 without the envelope (a web server’s page)', async () => {
    expect(isAbsentRoute(await answerOf(404, undefined, '<html>Not Found</html>'))).toBe(true);
    expect(isAbsentRoute(await answerOf(404, undefined, ''))).toBe(true);
  });

  it('is a 405, with or without the envelope', async () => {
    expect(isAbsentRoute(await answerOf(405, { error: 1, message: 'Method DELETE is not allowed here.' }))).toBe(true);
    expect(isAbsentRoute(await answerOf(405, undefined, 'Method Not Allowed'))).toBe(true);
  });

  it('is not a 404 that names the record: the route exists and the record is gone', async () => {
    const gone = await answerOf(404, { error: 1, message: 'Link not found.' });
    expect(gone).toBeInstanceOf(ApiError);
    expect(isAbsentRoute(gone)).toBe(false);
    expect(isAbsentRoute(await answerOf(404, { error: 1, message: 'QR code not found.' }))).toBe(false);
  });

  it('is not a refusal, a server failure or anything thrown before an answer', async () => {
    expect(isAbsentRoute(await answerOf(400, { error: 1, message: 'custom: alias is already taken' }))).toBe(false);
    expect(isAbsentRoute(await answerOf(500, { error: 1, message: 'Unknown API endpoint.' }))).toBe(false);
    expect(isAbsentRoute(new Error('Unknown API endpoint.'))).toBe(false);
  });
});
