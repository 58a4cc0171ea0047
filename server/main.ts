import { parseArgs } from 'node:util';
import { DEMO_EMAIL } from './demo';
import { parseFaultSpec } from './http/faults';
import { startServer } from './start';

const HELP = `Linkpilot local link service

  npm run server -- [options]

  --port N             port on 127.0.0.1 (default 8787; 0 = any free port)
  --host ADDR          address to listen on (default 127.0.0.1)
  --db FILE|:memory:   SQLite database (default .data/linkpilot.sqlite)
  --api-key KEY        the demo account's API key on a new database (default: generated and printed)
  --rate-limit N       requests per window per API key (default 30)
  --rate-window S      window length in seconds (default 60)
  --public-url URL     base of short URLs (default http://HOST:PORT)
  --country-header H   request header carrying the visitor's country code (default x-country)
  --faults SPEC        fault injection for tests, e.g. "latency=50,error500=0.2,dropAfter=0.05,seed=7"
                       (latency, error500, dropBefore, dropAfter, slow, slowMs, malformed, bare429, seed)
  --no-demo            do not create the demo account on a new database
  --help               this text`;

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
        'api-key': { type: 'string' },
        'rate-limit': { type: 'string' },
        'rate-window': { type: 'string' },
        'public-url': { type: 'string' },
        'country-header': { type: 'string' },
        faults: { type: 'string' },
        'no-demo': { type: 'boolean' },
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
let faults = null;
try {
  faults = values.faults ? parseFaultSpec(values.faults) : null;
} catch (error) {
  fail(`--faults: ${(error as Error).message}`);
}
if (values['api-key'] !== undefined && !/^[\w-]{8,128}$/.test(values['api-key']))
  fail('--api-key must be 8-128 letters, digits, - or _');

const server = await startServer({
  port: int('port', values.port, 0) ?? 8787,
  host: values.host,
  db: values.db,
  apiKey: values['api-key'],
  rateLimit: int('rate-limit', values['rate-limit'], 1),
  rateWindowSec: int('rate-window', values['rate-window'], 1),
  publicUrl: values['public-url'],
  countryHeader: values['country-header'],
  faults,
  demo: !values['no-demo'],
}).catch((error: Error) => fail(error.message));

console.log(`Link service listening on ${server.url}`);
if (server.apiKey) console.log(`Demo account ${DEMO_EMAIL}, API key: ${server.apiKey}`);
if (faults) console.log(`Fault injection ON: ${values.faults}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
