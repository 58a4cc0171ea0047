/**
 * People type a host as they say it ("short.example.com"), without the scheme an address needs.
 * Such a text gets https:// in front (`added`); one with a scheme, or one that is not a host at all
 * ("a word", "mailto:…"), is returned as typed for the usual checks to explain.
 */
export function withHttps(typed: string): { value: string; added: boolean } {
  const text = typed.trim();
  if (text === '' || /\s/.test(text) || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return { value: typed, added: false };
  try {
    const url = new URL(`https://${text}`);
    if (!plausibleHost(url.hostname) || url.username || url.password) return { value: typed, added: false };
  } catch {
    return { value: typed, added: false };
  }
  return { value: `https://${text}`, added: true };
}

/** A host name with a dot, a loopback name or an IPv6 literal: not a lone word. */
export function plausibleHost(hostname: string): boolean {
  return isLoopback(hostname) || /^[^.]+(\.[^.]+)+$/.test(hostname) || hostname.startsWith('[');
}

export function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
