import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { releaseUnusedOrigins } from '@/lib/browser/permissions';

describe('host access follows the connections', () => {
  it('gives back the origin no connection uses any more, and keeps those still used and the local server', async () => {
    // A test build grants the local server in its manifest (tests/unit/setup.ts).
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
    const a = { baseUrl: 'https://links.example.com' };
    const b = { baseUrl: 'https://other.example/base' };
    const sameHost = { baseUrl: 'https://other.example:8443' };
    const local = { baseUrl: 'http://127.0.0.1:8787' };

    // Removing a: its origin goes. Re-pointing b to the same host (another port): its access stays.
    await releaseUnusedOrigins([a, b, local], [sameHost]);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith({ origins: ['https://links.example.com/*'] });

    remove.mockClear();
    await releaseUnusedOrigins([sameHost, local], [sameHost, local]);
    await releaseUnusedOrigins([local], []);
    expect(remove).not.toHaveBeenCalled();
  });

  it('gives back the local server too in a store build, where it was asked for like any origin', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'Linkpilot',
      version: '1.0.0',
    });
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
    await releaseUnusedOrigins([{ baseUrl: 'http://127.0.0.1:8787' }], []);
    expect(remove).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
  });
});
