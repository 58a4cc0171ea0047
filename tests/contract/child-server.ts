import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  url: string;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

/**
 * The server as `npm run server` runs it, in a process of its own: a request that kills it shows
 * as a dead process, and whatever it logs is captured.
 */
export async function startChildServer(args: string[], startupMs = 20_000): Promise<ChildServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--port', '0', '--db', ':memory:', ...args],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let exited = false;
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.on('exit', () => {
    exited = true;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) {
        clearInterval(poll);
        resolve(found[1]!);
      } else if (exited || Date.now() - started > startupMs) {
        clearInterval(poll);
        child.kill('SIGKILL');
        reject(new Error(`the server did not start:\n${output}`));
      }
    }, 25);
  });
  return {
    url,
    port: Number(new URL(url).port),
    log: () => output,
    alive: () => !exited,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface RawAnswer {
  /** The status code of the first answer, or null when the connection closed without one. */
  status: number | null;
  text: string;
  /** Milliseconds until the server closed the connection (or until we gave up). */
  closedAfterMs: number;
  closedByServer: boolean;
}

/**
 * Sends bytes over a plain TCP connection, piece by piece with a pause between pieces, and
 * collects what comes back until the server closes the connection or `waitMs` passes. For
 * requests no HTTP client would send.
 */
export function rawExchange(
  port: number,
  pieces: (string | Buffer)[],
  { gapMs = 0, waitMs = 1500, host = '127.0.0.1' }: { gapMs?: number; waitMs?: number; host?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, host);
    let text = '';
    let closedByServer = false;
    let next = 0;
    let timer: NodeJS.Timeout | undefined;
    const sendNext = () => {
      if (next >= pieces.length || socket.destroyed) return;
      socket.write(pieces[next++]!);
      if (next < pieces.length) timer = setTimeout(sendNext, gapMs);
    };
    socket.on('connect', sendNext);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('end', () => {
      closedByServer = true;
    });
    const giveUp = setTimeout(() => socket.destroy(), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(giveUp);
      if (!closedByServer && Date.now() - started < waitMs) closedByServer = true;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, closedAfterMs: Date.now() - started, closedByServer });
    });
  });
}

/**
 * One request line plus headers, as a client would put them on the wire. `Connection: close`
 * unless told otherwise, so the exchange ends with the answer.
 */
export const rawRequest = (requestLine: string, headers: Record<string, string> = {}, body = '') =>
  `${requestLine}\r\n${Object.entries({ Connection: 'close', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n${body}`;
