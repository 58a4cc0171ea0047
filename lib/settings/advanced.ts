import { storage } from 'wxt/utils/storage';

/** Seconds before a request is given up on (and, for a write, its outcome looked up). */
export const requestTimeoutItem = storage.defineItem<number>('local:request-timeout-s', { fallback: 15, version: 1 });
export const TIMEOUT_CHOICES = [3, 5, 10, 15, 30, 60] as const;
