/** The shape of `fetch`, for code outside lib/api that passes a transport along without calling it. */
export type Fetch = typeof fetch;
