import type { IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstPaintFirst } from '@/components/ui/first-paint-html';

const BUILT = `<head>
    <script type="module" crossorigin src="/chunks/popup-A.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/browser-B.js">
    <link rel="modulepreload" crossorigin href="/chunks/icons-C.js">
    <link rel="stylesheet" crossorigin href="/assets/popup-D.css">
  </head>
  <body>
    <div id="root"></div>
    <script src="/popup-boot.js"></script>
  </body>`;

function transform(html: string, page: string): string {
  const hook = firstPaintFirst('popup/index.html', '/popup-boot.js').transformIndexHtml as {
    handler: (...args: Parameters<IndexHtmlTransformHook>) => string;
  };
  return hook.handler(html, { path: page, filename: page });
}

describe('the popup built for its first paint', () => {
  it('asks for its stylesheets and boot script only, which names the modules to ask for after the picture', () => {
    const html = transform(BUILT, '/entrypoints/popup/index.html');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/popup-D.css">');
    expect(html).toContain(
      '<script src="/popup-boot.js" data-main="/chunks/popup-A.js" data-preload="/chunks/browser-B.js /chunks/icons-C.js"></script>',
    );
  });

  it('leaves every other page, and a popup without the boot script, as built', () => {
    expect(transform(BUILT, '/entrypoints/dashboard/index.html')).toBe(BUILT);
    const withoutBoot = BUILT.replace('<script src="/popup-boot.js"></script>', '');
    expect(transform(withoutBoot, '/entrypoints/popup/index.html')).toBe(withoutBoot);
  });
});
