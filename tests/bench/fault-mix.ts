import type { FaultConfig } from '../../server/http/faults';

/** The client's request timeout the soaks set in the dashboard, in seconds. */
export const TIMEOUT_S = 3;

/**
 * The soaks' fault mix (bench:faults, bench:conflicts): 20 % answered 500, 5 % dropped after the
 * service acted, 10 % held past the client's timeout, 5 % garbled; `seed` picks the sequence.
 */
export const faultMix = (seed: number): FaultConfig => ({
  error500: 0.2,
  dropAfter: 0.05,
  slow: 0.1,
  slowMs: TIMEOUT_S * 1000 + 1500,
  malformed: 0.05,
  seed,
});
