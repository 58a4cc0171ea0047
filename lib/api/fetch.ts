/** The shape of `fetch`, for code outside lib/api that passes a transport along without calling it. */
export type Fetch = typeof fetch;

/** The platform's own fetch, for wiring code that may not call it itself (the house rules keep fetch in lib/api). */
export const platformFetch: Fetch = (input, init) => fetch(input, init);
