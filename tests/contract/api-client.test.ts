import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { RateLimitInfo } from '@/lib/api/rate-limit';
import { startServer } from '../../server/start';
import { serverPerFile } from './http';

const ctx = serverPerFile();
const limits: RateLimitInfo[] = [];
const api = () =>
  createApiClient({
    baseUrl: ctx.server.url,
    getApiKey: () => ctx.server.apiKey,
    onRateLimit: (info) => {
      limits.push(info);
    },
  });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the typed client against the local server: all 25 operations', () => {
  it('account, overlays and splash pages', async () => {
    const client = api();
    expect((await client.getAccount()).email).toBe('demo@linkpilot.test');
    expect((await client.updateAccount({ password: 'a new long password' })).message).not.toBe('');
    expect((await client.listOverlays()).items).toHaveLength(2);
    expect((await client.listSplashPages()).items.map((s) => s.name).sort()).toEqual(['Brand intro', 'Cookie notice']);
    expect(limits.at(-1)).toMatchObject({ limit: 10_000, source: 'headers' });
  });

  it('channels: create, update, assign links, bio and QR, list items, delete', async () => {
    const client = api();
    const channel = await client.createChannel({ name: 'Client channel', color: '#0A0B0C' });
    expect(channel).toMatchObject({ name: 'Client channel', color: '#0a0b0c', starred: false });
    await client.updateChannel(channel.id, { starred: true });
    expect((await client.listChannels({ limit: 100 })).items.find((c) => c.id === channel.id)?.starred).toBe(true);
    const link = await client.createLink({ url: 'https://example.com/client' });
    const qr = await client.createQrCode({ type: 'sms', data: { phone: '+1 555 0100', message: 'hi' } });
    const bio = (
      await client.listChannelItems(
        (await client.listChannels({ limit: 100 })).items.find((c) => c.name === 'News')!.id,
      )
    ).items.find((i) => i.type === 'bio')!;
    await client.assignToChannel(channel.id, 'links', link.id);
    await client.assignToChannel(channel.id, 'qr', qr.id);
    await client.assignToChannel(channel.id, 'bio', bio.id);
    const items = await client.listChannelItems(channel.id);
    expect(items.items.map((i) => i.type).sort()).toEqual(['bio', 'links', 'qr']);
    await client.deleteChannel(channel.id);
    expect((await failure(client.listChannelItems(channel.id))).kind).toBe('not-found');
  });

  it('domains and campaigns, with the name that arrives under `domain`', async () => {
    const client = api();
    const domain = await client.createDomain({ domain: 'https://client.example' });
    await client.updateDomain(domain.id, { redirect404: 'https://client-home.example/404' });
    expect((await client.listDomains()).items.find((d) => d.id === domain.id)?.redirect404).toBe(
      'https://client-home.example/404',
    );
    await client.deleteDomain(domain.id);

    const campaign = await client.createCampaign({ name: 'Client campaign', slug: 'client-campaign' });
    expect(campaign).toMatchObject({ name: 'Client campaign', rotator: `${ctx.server.url}/r/client-campaign` });
    const renamed = await client.updateCampaign(campaign.id, { name: 'Renamed campaign' });
    expect(renamed.name).toBe('Renamed campaign');
    expect((await client.listCampaigns()).items.find((c) => c.id === campaign.id)?.name).toBe('Renamed campaign');
    const link = await client.createLink({ url: 'https://example.com/in-campaign' });
    await client.assignToCampaign(campaign.id, link.id);
    await client.deleteCampaign(campaign.id);
  });

  it('QR codes and short links, with statistics maps normalised', async () => {
    const client = api();
    const qr = await client.createQrCode({ type: 'link', data: 'https://example.com/qr-client', name: 'Client QR' });
    expect(qr.link).toMatch(/\/qr\//);
    expect((await client.listQrCodes()).items.some((q) => q.id === qr.id)).toBe(true);
    expect((await client.getQrCode(qr.id)).stats.topCountries).toEqual([]);

    const link = await client.createLink({
      url: 'https://example.com/stats-client',
      custom: 'stats-client',
      metatitle: 'Stats client',
    });
    await fetch(link.shorturl!, { redirect: 'manual', headers: { 'x-country': 'IT' } });
    const detail = await client.getLink(link.id);
    expect(detail.stats).toMatchObject({ clicks: 1, topCountries: [{ label: 'Italy', count: 1 }] });
    expect((await client.findLinkByShortUrl(link.shorturl!))?.details.id).toBe(link.id);
    expect(await client.findLinkByShortUrl('https://nowhere.example/none')).toBeNull();
    expect((await client.listLinks({ q: 'stats-client' })).items.map((l) => l.id)).toEqual([link.id]);
    expect((await client.listLinks({ order: 'click', limit: 1 })).items[0]!.clicks).toBeGreaterThanOrEqual(1);
  });

  it('walks every page whatever the page size the server allows', async () => {
    const client = api();
    for (let i = 0; i < 130; i++) await client.createChannel({ name: `Walk ${i}` });
    const all = await client.collectAll((page, limit) => client.listChannels({ page, limit }));
    expect(all.filter((c) => c.name.startsWith('Walk '))).toHaveLength(130);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('turns the server’s error bodies into typed errors with the field', async () => {
    const client = api();
    const taken = await failure(client.createLink({ url: 'https://example.com', custom: 'demo' }));
    expect(taken).toMatchObject({ kind: 'validation', status: 400, field: 'custom', retryable: false });
    expect((await failure(client.getLink(999_999))).kind).toBe('not-found');
    const refused = createApiClient({ baseUrl: ctx.server.url, getApiKey: () => 'wrong-key' });
    expect((await failure(refused.getAccount())).kind).toBe('auth');
  });

  it('reads the 429 with its reset time', async () => {
    const limited = await startServer({ port: 0, db: ':memory:', rateLimit: 2, rateWindowSec: 30 });
    try {
      const client = createApiClient({ baseUrl: limited.url, getApiKey: () => limited.apiKey });
      await client.getAccount();
      await client.getAccount();
      const error = await failure(client.getAccount());
      expect(error.kind).toBe('rate-limited');
      expect(error.retryAt).toBeGreaterThan(Date.now());
      expect(error.retryAt).toBeLessThanOrEqual(Date.now() + 31_000);
    } finally {
      await limited.close();
    }
  });
});
