import { escapeHtml } from '../http/respond';

/** Small self-contained pages; every value from the database is escaped. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;max-width:40rem}iframe{position:fixed;inset:0;width:100%;height:100%;border:0}.bar{position:fixed;left:0;right:0;bottom:0;padding:.75rem 1rem;background:#1b1d21;color:#fff;z-index:2}.bar a{color:#8ea0ff}</style></head><body>${body}</body></html>`;
}

export const notFoundPage = () => page('Not found', '<h1>Link not found</h1><p>This short link does not exist.</p>');
export const expiredPage = () =>
  page('Link expired', '<h1>This link has expired</h1><p>It is no longer available.</p>');

export function passwordPage(alias: string, wrong: boolean): string {
  return page(
    'Password required',
    `<h1>This link is protected</h1>${wrong ? '<p role="alert">Wrong password, try again.</p>' : ''}
<form method="post" action="/${escapeHtml(encodeURIComponent(alias))}"><label>Password <input type="password" name="password" autofocus required></label> <button type="submit">Continue</button></form>`,
  );
}

export function framePage(destination: string, title: string): string {
  return page(
    title || 'Redirecting',
    `<iframe src="${escapeHtml(destination)}" title="${escapeHtml(title || destination)}"></iframe>`,
  );
}

export function splashPage(destination: string, heading: string, note: string): string {
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(note)}</p><p><a href="${escapeHtml(destination)}">Continue to ${escapeHtml(destination)}</a></p>`,
  );
}

export function overlayPage(destination: string, overlayName: string): string {
  return page(
    overlayName,
    `<iframe src="${escapeHtml(destination)}" title="Destination"></iframe><div class="bar">${escapeHtml(overlayName)} · <a href="${escapeHtml(destination)}">Open the page</a></div>`,
  );
}

export function avatarSvg(letter: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#3046d9"/><text x="32" y="41" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${escapeHtml(letter.toUpperCase())}</text></svg>`;
}

export function tooManyAttemptsPage(retryAfterSeconds: number): string {
  return page(
    'Too many attempts',
    `<h1>Too many attempts</h1><p role="alert">Too many wrong passwords for this link. Try again in ${retryAfterSeconds} seconds.</p>`,
  );
}
