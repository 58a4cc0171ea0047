import { networkInterfaces } from 'node:os';

/**
 * One spelling per host, so two spellings of one name can never be two hosts: lower case,
 * IDN in punycode, IPv4 in dotted form, no trailing dot (`Shop.Example.` is `shop.example`),
 * the port kept when one is given. Null for anything that is not a host.
 */
export function hostKey(host: string): string | null {
  // Without these a Host header such as "evil@shop.example" or "a/b" would parse as some other host.
  if (host === '' || /[\s/\\@?#]/.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  const hostname = url.hostname.replace(/\.+$/, '');
  if (hostname === '') return null;
  return url.port ? `${hostname}:${url.port}` : hostname;
}

/** The host key of an http(s) URL, or null when it has none. */
export function hostKeyOfUrl(url: string): string | null {
  try {
    return hostKey(new URL(url).host);
  } catch {
    return null;
  }
}

/** Names that always mean this machine: localhost (and *.localhost, RFC 6761), 127/8, ::1, the unspecified addresses. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === '0.0.0.0' ||
    name === '[::1]' ||
    name === '[::]' ||
    // ::ffff:127.x.y.z, which the URL parser writes as ::ffff:7fxx:yyzz
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(name)
  );
}

const effectivePort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The names under which this service itself is reached: every loopback name on its port, the
 * host of its public URL (in any scheme: a request says only its host), and the address it
 * listens on (every local address when it listens on all of them). A branded domain or a long URL
 * with one of these names would take over the service's own paths or redirect back into it.
 * Loopback names on other ports stay allowed: they are other programs, such as a dev server.
 */
export function serviceNames(options: { publicUrl: string; port: number; listenHost: string }) {
  const own = new Set<string>();
  const add = (host: string) => {
    const key = hostKey(host);
    if (key) own.add(key);
  };
  const bracketed = (address: string) => (address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address);
  add(new URL(options.publicUrl).host);
  add(`${bracketed(options.listenHost)}:${options.port}`);
  if (options.listenHost === '0.0.0.0' || options.listenHost === '::') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const a of addresses ?? []) add(`${bracketed(a.address)}:${options.port}`);
    }
  }
  return {
    /** Whether this http(s) URL names the service itself. */
    includes(url: URL): boolean {
      if (isLoopbackName(url.hostname) && effectivePort(url) === options.port) return true;
      const key = hostKey(url.host);
      return key !== null && own.has(key);
    },
  };
}

export type ServiceNames = ReturnType<typeof serviceNames>;
