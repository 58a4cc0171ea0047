// `npm start`: install what is missing, build the extension, and run the local server with a
// demo account. The demo key is made once per checkout and kept in .data/ (never committed).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { completeInstall, ensureDependencies, run } from './ensure-deps.mjs';

ensureDependencies();
const sqliteModule = completeInstall();
console.log('Building the extension…');
run('npx', ['wxt', 'build']);
await sqliteModule;

const port = process.env.PORT || '8787';
mkdirSync('.data', { recursive: true });
const keyFile = path.join('.data', 'demo-api-key');
if (!existsSync(keyFile)) writeFileSync(keyFile, `${randomBytes(16).toString('hex')}\n`, { mode: 0o600 });
const apiKey = readFileSync(keyFile, 'utf8').trim();

console.log(`
Linkpilot is ready.
  Extension build : ${path.resolve('.output/chrome-mv3')}
                    (chrome://extensions → Developer mode → Load unpacked)
  Service URL     : http://127.0.0.1:${port}
  API key         : ${apiKey}
  Demo account    : demo@linkpilot.test
Open the extension's Settings, enter the Service URL and API key, and press Connect.
Stop the server with Ctrl+C.
`);
const server = spawn(
  'npx',
  ['tsx', 'server/main.ts', '--port', port, '--db', path.join('.data', 'linkpilot.sqlite'), '--api-key', apiKey],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
