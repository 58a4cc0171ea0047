import { words } from '../words';

/** Whether a string is an absolute http(s) URL with a host (the only URLs the UI turns into links). */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Why `value` is not an absolute http(s) URL with a full host, as a catalogue message; null when it is.
 * Free of the validation library, so the popup's first screen can ask it.
 */
export function webUrlProblem(value: string): string | null {
  if (/\s/.test(value)) return words('input.url.spaces');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return words('input.url.noScheme');
  if (scheme !== 'http' && scheme !== 'https') return words('input.url.scheme', { scheme });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return words('input.url.unreadable');
  }
  if (!url.hostname) return words('input.url.noHost');
  if (!/^[^.\s]+(\.[^.\s]+)+$|^localhost$|^\[[0-9a-f:]+\]$/i.test(url.hostname)) return words('input.url.partialHost');
  return null;
}
