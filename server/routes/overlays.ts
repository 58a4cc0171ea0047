import { type Route, route } from '../context';
import { listOwned } from './list';

/** CTA overlays and splash pages can only be listed through the API. */
export const overlayRoutes: Route[] = [
  route('GET', '/api/overlay', (ctx) =>
    listOwned<{ id: number; type: string; name: string; date: string }>(
      ctx,
      'overlays',
      'cta',
      ({ id, type, name, date }) => ({ id, type, name, date }),
    ),
  ),
  route('GET', '/api/splash', (ctx) =>
    listOwned<{ id: number; name: string; date: string }>(ctx, 'splash_pages', 'splash', ({ id, name, date }) => ({
      id,
      name,
      date,
    })),
  ),
];
