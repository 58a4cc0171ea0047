import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/start';
import { call, expectError, plainRequest, withServer } from './http';

/** A domain row as a database from before these rules could hold it (no check applied). */
function olderDomain(server: RunningServer, account: number, domain: string, redirectroot: string, redirect404 = '') {
  server.db
    .prepare(
      "INSERT INTO domains (account_id, domain, redirectroot, redirect404, created) VALUES (?, ?, ?, ?, '2020-01-01 00:00:00')",
    )
    .run(account, domain, redirectroot, redirect404);
}

describe('the service’s own names', () => {
  it('are its public URL’s host in any scheme and every loopback name on its port, not other ports', async () => {
    await withServer({ publicUrl: 'https://links.example' }, async (server) => {
      for (const domain of ['http://links.example', 'https://LINKS.example.', `http://localhost:${server.port}`]) {
        expectError(
          await call(server, 'POST', '/api/domain/add', { domain }),
          400,
          /^domain: is a name of this service/,
        );
      }
      for (const url of ['http://links.example/x', `http://127.0.0.2:${server.port}/`]) {
        expectError(
          await call(server, 'POST', '/api/url/add', { url }),
          400,
          /^url: must not point back at this service/,
        );
      }
      // Another program on this machine, such as a dev server, is not the service.
      const otherPort = server.port === 3000 ? 3001 : 3000;
      const dev = await call(server, 'POST', '/api/url/add', { url: `http://localhost:${otherPort}/app` });
      expect(dev.status, dev.text).toBe(200);
    });
  });

  it('registered by an older database, take over none of the service’s paths', async () => {
    await withServer({}, async (server) => {
      const other = server.createAccount({ email: 'older@linkpilot.test' });
      olderDomain(
        server,
        other.id,
        `http://localhost:${server.port}`,
        'https://captured.example/',
        'https://captured.example/404',
      );
      const visit = (path: string) => plainRequest(server.url, path, { headers: { Host: `localhost:${server.port}` } });
      expect((await visit('/demo')).headers.location).toBe('https://example.com/');
      expect((await visit('/')).status).toBe(200);
    });
  });

  it('a host an older database holds twice belongs to its first registration', async () => {
    await withServer({}, async (server) => {
      const other = server.createAccount({ email: 'second@linkpilot.test' });
      olderDomain(server, 1, 'https://twice.example', 'https://first-owner.example/');
      olderDomain(server, other.id, 'http://twice.example', 'https://second-owner.example/');
      const root = await plainRequest(server.url, '/', { headers: { Host: 'twice.example' } });
      expect(root.headers.location).toBe('https://first-owner.example/');
      expectError(
        await call(server, 'POST', '/api/url/add', { url: 'https://e.example', domain: 'twice.example' }, other.apiKey),
        400,
        /^domain: is not one of your branded domains/,
      );
    });
  });
});
