import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Ordinary web pages on 127.0.0.1 for the browser to be on while the extension shortens them. */
export interface WebPages {
  url: (path: string) => string;
  close: () => Promise<void>;
}

export async function startWebPages(): Promise<WebPages> {
  const server: Server = createServer((req, res) => {
    const title = `Article ${decodeURIComponent(req.url ?? '/').replace(/[^\w -]/g, '')}`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>${title}</title><h1>${title}</h1><a id="out" href="/linked-article">A link</a>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
