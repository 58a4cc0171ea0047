import type { ServerOptions as HttpServerOptions } from 'node:http';

/**
 * How long a client may take and how many may be connected at once. Without limits a client
 * sending one header line a second, or a body a byte a second, holds its connection for as long
 * as it likes, and enough of them hold every connection the process can open.
 */
export interface ConnectionLimits {
  /** To receive the request line and headers. */
  headersTimeoutMs: number;
  /** To receive the whole request, body included. Handling time is not counted. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open for the next request. */
  keepAliveTimeoutMs: number;
  /** Connections held at once; one more is closed as it arrives. */
  maxConnections: number;
}

/**
 * 10 s for headers is ages for any real client on a LAN and still short for a slow-loris; 30 s
 * lets the largest body (1 MB) arrive over a slow mobile link; 5 s keep-alive is Node's own
 * default, long enough to reuse a connection between the calls of one sync; 200 connections are
 * far more than a browser (6 per host) and a few scripts open, and far fewer than the process's
 * file descriptors.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 200,
};

/** The http.createServer options for these limits; the connection cap is the server's maxConnections. */
export function timeoutOptions(limits: ConnectionLimits): HttpServerOptions {
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error('the headers timeout must not be longer than the request timeout');
  }
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for expired requests at this interval: a quarter of the shorter timeout keeps a
    // cut-off within 25 % of its time, also for the short timeouts tests use.
    connectionsCheckingInterval: Math.max(50, Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4),
  };
}
