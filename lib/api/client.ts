import { z } from 'zod';
import { decode } from './decode';
import { ApiError } from './errors';
import { type UpdateAccountInput, updateAccountInput } from './inputs/account';
import {
  type CreateCampaignInput,
  createCampaignInput,
  type UpdateCampaignInput,
  updateCampaignInput,
} from './inputs/campaigns';
import {
  type CreateChannelInput,
  channelItemTypeInput,
  createChannelInput,
  type UpdateChannelInput,
  updateChannelInput,
} from './inputs/channels';
import { type CreateDomainInput, createDomainInput, type UpdateDomainInput, updateDomainInput } from './inputs/domains';
import {
  type CreateLinkInput,
  createLinkInput,
  type UpdateLinkInput,
  updateLinkInput,
  validLink,
} from './inputs/links';
import { type CreatePixelInput, createPixelInput, type UpdatePixelInput, updatePixelInput } from './inputs/pixels';
import { type CreateQrInput, createQrInput, type QrType, type UpdateQrInput, updateQrInput } from './inputs/qr';
import { collectAll, walkPages } from './paginate';
import { type Account, getAccountResponseSchema } from './schemas/account';
import { type Campaign, campaignListSchema, campaignSchema } from './schemas/campaigns';
import {
  type Channel,
  type ChannelItem,
  type ChannelItemType,
  channelItemListSchema,
  channelListSchema,
  createChannelResponseSchema,
} from './schemas/channels';
import { createDomainResponseSchema, type Domain, domainListSchema } from './schemas/domains';
import { messageResponseSchema, type Page } from './schemas/envelope';
import {
  createLinkResponseSchema,
  type Link,
  type LinkDetail,
  linkDetailResponseSchema,
  linkListSchema,
} from './schemas/links';
import { type Overlay, overlayListSchema, type SplashPage, splashPageListSchema } from './schemas/overlays';
import { type Pixel, pixelIdResponseSchema, pixelListSchema } from './schemas/pixels';
import {
  createQrResponseSchema,
  type QrCode,
  type QrDetail,
  qrCodeListSchema,
  qrDetailResponseSchema,
} from './schemas/qr';
import { type RawRequest, send, type TransportOptions } from './transport';
import { validateInput } from './validate-input';

export type ApiClientOptions = TransportOptions;

export interface PageQuery {
  page?: number;
  limit?: number;
}
export interface LinkQuery extends PageQuery {
  /** Keyword search. */
  q?: string;
  order?: 'date' | 'click';
}

const pageNumber = z.number().int('must be a whole number').min(1, 'must be 1 or more');
const pageQuery = z.object({ page: pageNumber.optional(), limit: pageNumber.optional() });
const linkQuery = pageQuery.extend({
  q: z.string().max(500, 'a search has at most 500 characters').optional(),
  order: z.enum(['date', 'click'], { error: 'sort by date or click' }).optional(),
});

/**
 * A typed client with one method per API operation. Every request body is validated before
 * anything is sent; every answer is parsed into clean types or becomes an ApiError. No browser
 * API is used here: `fetch`, the clock and the key are injected.
 */
export function createApiClient(options: ApiClientOptions) {
  const now = options.now ?? Date.now;

  async function call<S extends z.ZodType>(request: RawRequest, schema: S): Promise<z.infer<S>> {
    const response = await send(options, request);
    // The fields sent tell which one a refusal that names none is about (lib/api/refusals.ts).
    const sent = request.body && typeof request.body === 'object' ? Object.keys(request.body) : [];
    return decode(response, schema, now(), request.method !== 'GET', sent);
  }
  const get = <S extends z.ZodType>(path: string, schema: S, query?: RawRequest['query']) =>
    call({ method: 'GET', path, query }, schema);
  const list = async <S extends z.ZodType>(path: string, schema: S, query: PageQuery = {}) => {
    const q = validateInput(pageQuery, query);
    return get(path, schema, { page: q.page, limit: q.limit });
  };
  const idOf = (value: number, name = 'id') => (Number.isSafeInteger(value) && value > 0 ? value : invalid(name));
  const message = (method: RawRequest['method'], path: string, body?: unknown) =>
    call({ method, path, body }, messageResponseSchema);

  return {
    /** GET /api/account: the owner of the API key. */
    async getAccount(): Promise<Account> {
      return (await get('/api/account', getAccountResponseSchema)).data;
    },
    /** PUT /api/account/update: change the e-mail address and/or the password. */
    async updateAccount(input: UpdateAccountInput) {
      return message('PUT', '/api/account/update', validateInput(updateAccountInput, input));
    },

    /** GET /api/overlay: CTA overlays (listed only). */
    listOverlays: async (query?: PageQuery): Promise<Page<Overlay>> => list('/api/overlay', overlayListSchema, query),
    /** GET /api/splash: custom splash pages (listed only). */
    listSplashPages: async (query?: PageQuery): Promise<Page<SplashPage>> =>
      list('/api/splash', splashPageListSchema, query),

    /** GET /api/channels. */
    listChannels: async (query?: PageQuery): Promise<Page<Channel>> => list('/api/channels', channelListSchema, query),
    /** GET /api/channel/{id}: the items assigned to a channel. */
    listChannelItems: async (channelId: number, query?: PageQuery): Promise<Page<ChannelItem>> =>
      list(`/api/channel/${idOf(channelId)}`, channelItemListSchema, query),
    /** POST /api/channel/add. */
    async createChannel(input: CreateChannelInput): Promise<Channel> {
      return call(
        { method: 'POST', path: '/api/channel/add', body: validateInput(createChannelInput, input) },
        createChannelResponseSchema,
      );
    },
    /** POST /api/channel/{channelid}/assign/{type}/{itemid}. */
    async assignToChannel(channelId: number, type: ChannelItemType, itemId: number) {
      const kind = validateInput(channelItemTypeInput, type);
      return message('POST', `/api/channel/${idOf(channelId)}/assign/${kind}/${idOf(itemId)}`);
    },
    /** PUT /api/channel/{id}/update: only the fields given are sent. */
    async updateChannel(channelId: number, input: UpdateChannelInput) {
      return message('PUT', `/api/channel/${idOf(channelId)}/update`, validateInput(updateChannelInput, input));
    },
    /** DELETE /api/channel/{id}/delete: the channel's items are unassigned. */
    deleteChannel: async (channelId: number) => message('DELETE', `/api/channel/${idOf(channelId)}/delete`),

    /** GET /api/domains. */
    listDomains: async (query?: PageQuery): Promise<Page<Domain>> => list('/api/domains', domainListSchema, query),
    /** POST /api/domain/add: returns the new id. */
    async createDomain(input: CreateDomainInput): Promise<{ id: number }> {
      return call(
        { method: 'POST', path: '/api/domain/add', body: validateInput(createDomainInput, input) },
        createDomainResponseSchema,
      );
    },
    /** PUT /api/domain/{id}/update: redirects only; the domain itself cannot change. */
    async updateDomain(domainId: number, input: UpdateDomainInput) {
      return message('PUT', `/api/domain/${idOf(domainId)}/update`, validateInput(updateDomainInput, input));
    },
    /** DELETE /api/domain/{id}/delete. */
    deleteDomain: async (domainId: number) => message('DELETE', `/api/domain/${idOf(domainId)}/delete`),

    /** GET /api/campaigns. */
    listCampaigns: async (query?: PageQuery): Promise<Page<Campaign>> =>
      list('/api/campaigns', campaignListSchema, query),
    /** POST /api/campaign/add. */
    async createCampaign(input: CreateCampaignInput): Promise<Campaign> {
      return call(
        { method: 'POST', path: '/api/campaign/add', body: validateInput(createCampaignInput, input) },
        campaignSchema,
      );
    },
    /** POST /api/campaign/{campaignid}/assign/{linkid}. */
    assignToCampaign: async (campaignId: number, linkId: number) =>
      message('POST', `/api/campaign/${idOf(campaignId)}/assign/${idOf(linkId)}`),
    /** PUT /api/campaign/{id}/update: name is required by the spec. */
    async updateCampaign(campaignId: number, input: UpdateCampaignInput): Promise<Campaign> {
      const body = validateInput(updateCampaignInput, input);
      return call({ method: 'PUT', path: `/api/campaign/${idOf(campaignId)}/update`, body }, campaignSchema);
    },
    /** DELETE /api/campaign/{id}/delete. */
    deleteCampaign: async (campaignId: number) => message('DELETE', `/api/campaign/${idOf(campaignId)}/delete`),

    /** GET /api/qr. */
    listQrCodes: async (query?: PageQuery): Promise<Page<QrCode>> => list('/api/qr', qrCodeListSchema, query),
    /** GET /api/qr/{id}: the code with its statistics. */
    async getQrCode(qrId: number): Promise<QrDetail> {
      const body = await get(`/api/qr/${idOf(qrId)}`, qrDetailResponseSchema);
      return { qr: body.details, stats: body.data };
    },
    /** POST /api/qr/add: the response shape is not specified; id and, when sent, the link. */
    async createQrCode(input: CreateQrInput): Promise<{ id: number; link: string | null }> {
      return call(
        { method: 'POST', path: '/api/qr/add', body: validateInput(createQrInput, input) },
        createQrResponseSchema,
      );
    },
    /**
     * PUT /api/qr/{id}/update (not in the seed's operations: a service may not offer it, see
     * lib/api/absent.ts). Data of the code's own type (`ownType`, when known) goes without it: the
     * family reads data alone as the code's own type, and its pages list no type for this route.
     */
    async updateQrCode(
      qrId: number,
      input: UpdateQrInput,
      ownType?: QrType,
    ): Promise<{ id: number; link: string | null }> {
      const { type, ...rest } = validateInput(updateQrInput, input);
      const body = type === undefined || type === ownType ? rest : { type, ...rest };
      return call({ method: 'PUT', path: `/api/qr/${idOf(qrId)}/update`, body }, createQrResponseSchema);
    },
    /** DELETE /api/qr/{id}/delete (not in the seed's operations). */
    deleteQrCode: async (qrId: number) => message('DELETE', `/api/qr/${idOf(qrId)}/delete`),

    /** GET /api/pixels: tracking pixels (not in the seed's operations). */
    listPixels: async (query?: PageQuery): Promise<Page<Pixel>> => list('/api/pixels', pixelListSchema, query),
    /** POST /api/pixel/add (not in the seed's operations): the new pixel's id. */
    async createPixel(input: CreatePixelInput): Promise<{ id: number }> {
      const body = validateInput(createPixelInput, input);
      return call({ method: 'POST', path: '/api/pixel/add', body }, pixelIdResponseSchema);
    },
    /** PUT /api/pixel/{id}/update (not in the seed's operations). */
    async updatePixel(pixelId: number, input: UpdatePixelInput): Promise<{ id: number }> {
      const body = validateInput(updatePixelInput, input);
      return call({ method: 'PUT', path: `/api/pixel/${idOf(pixelId)}/update`, body }, pixelIdResponseSchema);
    },
    /** DELETE /api/pixel/{id}/delete (not in the seed's operations). */
    deletePixel: async (pixelId: number) => message('DELETE', `/api/pixel/${idOf(pixelId)}/delete`),

    /** GET /api/urls: list or keyword-search short links. */
    async listLinks(query: LinkQuery = {}): Promise<Page<Link>> {
      const q = validateInput(linkQuery, query);
      return get('/api/urls', linkListSchema, { page: q.page, limit: q.limit, q: q.q, order: q.order });
    },
    /** GET /api/urls?short=…: the link behind a short URL (or alias), or null when none matches. */
    async findLinkByShortUrl(shortUrl: string): Promise<LinkDetail | null> {
      const short = shortUrl.trim();
      if (short === '' || short.length > 2048) invalid('short', 'short: enter a short URL.');
      try {
        const body = await get('/api/urls', linkDetailResponseSchema, { short });
        return { details: body.details, stats: body.data };
      } catch (error) {
        // "No match" is not specified: the hosted service answers HTTP 200 with error 1 (its public
        // clients rely on that, and the local server does the same); a 404 is read alike.
        if (
          error instanceof ApiError &&
          (error.kind === 'not-found' || (error.kind === 'validation' && error.status === 200))
        )
          return null;
        throw error;
      }
    },
    /** GET /api/url/{id}: one link with its statistics. */
    async getLink(linkId: number): Promise<LinkDetail> {
      const body = await get(`/api/url/${idOf(linkId)}`, linkDetailResponseSchema);
      return { details: body.details, stats: body.data };
    },
    /** POST /api/url/add: the response shape is not specified; id and, when sent, the short URL. */
    async createLink(input: CreateLinkInput): Promise<{ id: number; shorturl: string | null }> {
      const body = validLink(createLinkInput, input, new Date(now()));
      return call({ method: 'POST', path: '/api/url/add', body }, createLinkResponseSchema);
    },
    /**
     * PUT /api/url/{id}/update: the long URL and the fields that change (not in the seed's
     * operations: a service may not offer it, see lib/api/absent.ts). Its answer names the short
     * URL `short`; read as a create's answer.
     */
    async updateLink(linkId: number, input: UpdateLinkInput): Promise<{ id: number; shorturl: string | null }> {
      const body = validLink(updateLinkInput, input, new Date(now()));
      return call({ method: 'PUT', path: `/api/url/${idOf(linkId)}/update`, body }, createLinkResponseSchema);
    },
    /** DELETE /api/url/{id}/delete (not in the seed's operations). */
    deleteLink: async (linkId: number) => message('DELETE', `/api/url/${idOf(linkId)}/delete`),

    /** Every page of a list, largest pages first; see walkPages for the stopping rules. */
    walkPages,
    collectAll,
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

function invalid(field: string, message = `${field}: must be a positive integer id`): never {
  throw new ApiError({ kind: 'validation', field, message, retryable: false });
}
