import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withAddresses } from '@/components/ui/Address';

const isolated = (text: string) =>
  [...renderToStaticMarkup(<p>{withAddresses(text)}</p>).matchAll(/<bdi dir="ltr">([^<]*)<\/bdi>/g)].map((m) => m[1]);

describe('addresses inside a sentence', () => {
  it('ends an address at the quotation marks of any language around it', () => {
    expect(isolated('Create the short link «https://example.com/a»?')).toEqual(['https://example.com/a']);
    expect(isolated('Den Link „https://example.com/b“ kürzen')).toEqual(['https://example.com/b']);
    expect(isolated('Open “example.com/c” now')).toEqual(['example.com/c']);
  });

  it('isolates e-mail addresses and hosts with a port', () => {
    expect(isolated('Sent to ana@example.org from 127.0.0.1:8787')).toEqual(['ana@example.org', '127.0.0.1:8787']);
  });
});
