import { parseArgs } from 'node:util';
import { keyHash } from './api-keys';
import { DEFAULT_CONNECTION_LIMITS } from './http/connection-limits';
import { parseFaultSpec } from './http/faults';
import { DEFAULT_MAX_LIMIT } from './paging';
import { startServer } from './start';

const seconds = (ms: number) => ms / 1000;
const HELP = `Linkpilot local link service

  npm run server -- [options]

  --port N                 port on 127.0.0.1 (default 8787; 0 = any free port)
  --host ADDR              address to listen on (default 127.0.0.1)
  --db FILE|:memory:       SQLite database (default .data/linkpilot.sqlite)
  --api-key KEY            an API key; repeat it for more accounts. On a new database the first
                           gets the demo account (default: generated and printed), each further
                           key an empty account of its own
  --rate-limit N           requests per window per API key (default 30)
  --rate-window S          window length in seconds (default 60)
  --max-limit N            largest page size of a list; larger limits are clamped (default ${DEFAULT_MAX_LIMIT})
  --public-url URL         base of short URLs (default http://HOST:PORT)
  --country-header H       request header carrying the visitor's country code (default x-country)
  --headers-timeout S      seconds to receive a request's headers (default ${seconds(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs)})
  --request-timeout S      seconds to receive a whole request (default ${seconds(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs)})
  --keep-alive-timeout S   seconds an idle connection stays open (default ${seconds(DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs)})
  --max-connections N      connections held at once (default ${DEFAULT_CONNECTION_LIMITS.maxConnections})
  --faults SPEC            fault injection for tests, e.g. "latency=50,error500=0.2,dropAfter=0.05,seed=7"
                           (latency, error500, dropBefore, dropAfter, slow, slowMs, malformed, bare429, seed)
  --no-demo                do not create the demo account on a new database
  --without-edits          offer only the seed's operations: no link or QR code update/delete, no pixels
  --help                   this text`;

function fail(message: string): never {
  console.error(`server: ${message}\nRun with --help for the options.`);
  process.exit(2);
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        db: { type: 'string' },
        'api-key': { type: 'string', multiple: true },
        'rate-limit': { type: 'string' },
        'rate-window': { type: 'string' },
        'max-limit': { type: 'string' },
        'public-url': { type: 'string' },
        'country-header': { type: 'string' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'keep-alive-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        faults: { type: 'string' },
        'no-demo': { type: 'boolean' },
        'without-edits': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}
const values = readArgs();
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const int = (name: string, value: string | undefined, min: number) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) fail(`--${name} must be a whole number of at least ${min}`);
  return Number(value);
};
/** Seconds, fractions allowed (tests use short timeouts), as milliseconds. */
const milliseconds = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0) fail(`--${name} must be a number of seconds above 0`);
  return Math.round(Number(value) * 1000);
};
let faults = null;
try {
  faults = values.faults ? parseFaultSpec(values.faults) : null;
} catch (error) {
  fail(`--faults: ${(error as Error).message}`);
}
const apiKeys = values['api-key'] ?? [];
for (const key of apiKeys) if (!/^[\w-]{8,128}$/.test(key)) fail('--api-key must be 8-128 letters, digits, - or _');
const connectionLimits = Object.fromEntries(
  Object.entries({
    headersTimeoutMs: milliseconds('headers-timeout', values['headers-timeout']),
    requestTimeoutMs: milliseconds('request-timeout', values['request-timeout']),
    keepAliveTimeoutMs: milliseconds('keep-alive-timeout', values['keep-alive-timeout']),
    maxConnections: int('max-connections', values['max-connections'], 1),
  }).filter(([, v]) => v !== undefined),
);

const server = await startServer({
  port: int('port', values.port, 0) ?? 8787,
  host: values.host,
  db: values.db,
  apiKeys,
  rateLimit: int('rate-limit', values['rate-limit'], 1),
  rateWindowSec: int('rate-window', values['rate-window'], 1),
  maxLimit: int('max-limit', values['max-limit'], 1),
  publicUrl: values['public-url'],
  countryHeader: values['country-header'],
  connectionLimits,
  faults,
  demo: !values['no-demo'],
  edits: !values['without-edits'],
}).catch((error: Error) => fail(error.message));

console.log(`Link service listening on ${server.url}`);
const emailOf = server.db.prepare(
  'SELECT a.email FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?',
);
// The database holds only hashes: the one key printed is the first (the demo account's), which this
// start generated or was given; the other accounts are named without their keys.
for (const [i, key] of server.apiKeys.entries()) {
  const { email } = emailOf.get(keyHash(key)) as { email: string };
  console.log(i === 0 ? `Account ${email}, API key: ${key}` : `Account ${email}, API key as given with --api-key`);
}
if (faults) console.log(`Fault injection ON: ${values.faults}`);
if (values['without-edits']) console.log('Without edits: links and QR codes cannot be updated or deleted, no pixels');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
