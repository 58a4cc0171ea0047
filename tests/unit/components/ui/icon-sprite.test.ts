import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, symbolId } from '@/components/ui/icon-names';
import { iconSprite } from '@/components/ui/icon-sprite';

describe('the icon sprite', () => {
  it('draws every icon the app names, with lucide’s shapes and no React keys', async () => {
    const sprite = await iconSprite();
    for (const name of ICON_NAMES) {
      const symbol = sprite.match(new RegExp(`<symbol id="${symbolId(name)}" viewBox="0 0 24 24">(.*?)</symbol>`));
      expect(symbol, name).not.toBeNull();
      expect(symbol![1]).toMatch(/^(<(path|circle|rect|line|polyline|polygon|ellipse)( [a-z0-9-]+="[^"]*")+\/>)+$/);
    }
    expect(sprite).not.toContain(' key=');
  });

  it('holds a symbol for each icon the components use', () => {
    const source = readFileSync(path.resolve('components/ui/icons.tsx'), 'utf8');
    const used = [...source.matchAll(/icon\('([a-z0-9-]+)'\)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    expect(ICON_NAMES).toEqual(expect.arrayContaining(used));
  });

  it('is the only way icons reach the pages: no component draws lucide’s paths itself', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
      );
    const importing = ['components', 'entrypoints']
      .flatMap(files)
      .filter((f) => readFileSync(f, 'utf8').includes("from 'lucide-react'"));
    expect(importing).toEqual([]);
  });
});
