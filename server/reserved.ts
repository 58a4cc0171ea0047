/** Top-level paths the server itself uses: never available as aliases. */
export const RESERVED_ALIASES = new Set([
  'api',
  'qr',
  'r',
  'campaign',
  'static',
  'bio',
  'favicon.ico',
  'robots.txt',
  'admin',
  'login',
  'stats',
]);
