import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { MAX_RESPONSE_BYTES, send } from '@/lib/api/transport';
import { readWords } from '@/lib/words';

const MiB = 1024 * 1024;

/** A chunked answer of `total` bytes that declares no length, counting the chunks pulled from it. */
function endless(total: number, chunk = 64 * 1024) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled * chunk >= total) return controller.close();
      seen.pulled += 1;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

function sendWith(response: Response) {
  return send(
    { baseUrl: 'https://s.test', getApiKey: () => 'k', fetch: async () => response },
    { method: 'GET', path: '/api/account' },
  );
}

describe('reading an answer', () => {
  it('refuses a 30 MiB chunked answer without Content-Length, cancelling it at the cap', async () => {
    const { body, seen } = endless(30 * MiB);
    const response = new Response(body, { status: 200 });
    expect(response.headers.get('Content-Length')).toBeNull();
    const error = await sendWith(response).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(readWords((error as ApiError).message)?.key).toBe('service.tooLarge');
    expect((error as ApiError).kind).toBe('bad-response');
    expect(seen.cancelled).toBe(true);
    // Read up to the cap (plus what the stream queued ahead), never the whole 30 MiB.
    expect(seen.pulled * 64 * 1024).toBeLessThan(MAX_RESPONSE_BYTES + 4 * 64 * 1024);
  });

  it('reads an answer under the cap whole, in any chunks', async () => {
    const text = JSON.stringify({ error: 0, data: 'é'.repeat(100_000) });
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 999) controller.enqueue(bytes.slice(at, at + 999));
        controller.close();
      },
    });
    const answer = await sendWith(new Response(body, { status: 200 }));
    expect(answer.json).toEqual(JSON.parse(text));
  });

  it('refuses an answer whose declared length passes the cap without reading it', async () => {
    const { body, seen } = endless(30 * MiB);
    const response = new Response(body, { status: 200, headers: { 'Content-Length': String(30 * MiB) } });
    await expect(sendWith(response)).rejects.toMatchObject({ kind: 'bad-response' });
    expect(seen.pulled).toBeLessThanOrEqual(1);
  });
});
