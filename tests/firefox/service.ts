import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../../server/start';

/** A link as the service stored it. */
export interface StoredLink {
  alias: string;
  title: string;
  metatitle: string;
}

/**
 * The local server for the suite, on 127.0.0.1, which can be taken down and brought back on the
 * same port with the same database and key (the extension sees a service that went away and came
 * back). It counts the requests it receives, as they arrive, before any of them is handled.
 */
export class Service {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-firefox-'));
  private readonly dbFile = path.join(this.dir, 'service.sqlite');
  private running: RunningServer | null = null;
  private readonly received: string[] = [];
  /** API requests that came without `Connection: close` (see lib/browser/fresh-connections.ts). */
  readonly reused: string[] = [];
  port = 0;
  apiKey = '';

  async up(): Promise<void> {
    const port = this.port;
    this.running = await startServer({ port, db: this.dbFile, rateLimit: 600, rateWindowSec: 60, apiKey: this.apiKey });
    if (!port) {
      this.port = this.running.port;
      this.apiKey = this.running.apiKey;
      // Node reports every request an http server of this process receives; only this port's count.
      subscribe('http.server.request.start', (message) => {
        const request = (message as { request: IncomingMessage }).request;
        if (request.socket.localPort !== this.port) return;
        this.received.push(`${request.method} ${request.url}`);
        // The API's requests are fetches, which the rule covers; an <img> of the service is not one.
        if (request.url?.startsWith('/api/') && request.headers.connection !== 'close')
          this.reused.push(`${request.method} ${request.url}`);
      });
    }
  }

  async down(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** How many requests `METHOD /path` the service has received so far. */
  count(request: string): number {
    return this.received.filter((r) => r === request).length;
  }

  /** The links of every account stored for a long URL. */
  linksFor(longurl: string): StoredLink[] {
    if (!this.running) throw new Error('the service is down');
    return this.running.db
      .prepare('SELECT alias, title, metatitle FROM links WHERE longurl = ?')
      .all(longurl) as StoredLink[];
  }

  /** The demo account's links, newest first. */
  allLinks(): { alias: string }[] {
    if (!this.running) throw new Error('the service is down');
    return this.running.db.prepare('SELECT alias FROM links ORDER BY id DESC').all() as { alias: string }[];
  }

  async close(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
