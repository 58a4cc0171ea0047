/** Time as the stores see it: the real one in the extension, a hand-moved one in tests. */
export interface Clock {
  now(): number;
  /** Runs `then` once, `ms` from now. */
  after(ms: number, then: () => void): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  after: (ms, then) => void setTimeout(then, ms),
};
