import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src *; frame-src *",
    ...headers,
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  res.end();
}

/** Every user string put into a page goes through this. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The spec's list envelope: `error` is the STRING "0" here (and the integer 0 everywhere else). */
export function listEnvelope(
  collection: string,
  records: unknown[],
  page: { page: number; perpage: number; total: number },
) {
  const maxpage = Math.max(1, Math.ceil(page.total / page.perpage));
  return {
    error: '0',
    data: {
      result: records.length,
      perpage: page.perpage,
      currentpage: page.page,
      // Not shown in the spec: we send 0 when there is no next page.
      nextpage: page.page < maxpage ? page.page + 1 : 0,
      maxpage,
      [collection]: records,
    },
  };
}
