/**
 * Fault injection for tests, off unless configured. Each request draws once from a seeded
 * generator, so a run with the same seed sees the same faults.
 */
export interface FaultConfig {
  /** Milliseconds added to every API response. */
  latency?: number;
  /** Share answered HTTP 500 with an error body; nothing is written. */
  error500?: number;
  /** Share whose connection is dropped before anything is handled. */
  dropBefore?: number;
  /** Share whose change is written, then the connection dropped without an answer. */
  dropAfter?: number;
  /** Share delayed by slowMs before being handled. */
  slow?: number;
  slowMs?: number;
  /** Share answered 200 with truncated JSON (writes are applied first). */
  malformed?: number;
  /** Share answered 429 without any X-RateLimit headers; nothing is written. */
  bare429?: number;
  /**
   * Refusals written as another implementation of the API may word them (the spec shows no texts):
   * a sentence naming its subject ("That alias is already taken."), no "field: " in front.
   */
  sentences?: boolean;
  seed?: number;
}

const SUBJECTS: Record<string, string> = { custom: 'That alias', url: 'The destination URL', data: 'The content' };

/** "custom: alias is already taken" as a sentence: "That alias is already taken." */
export function asSentence(message: string): string {
  const m = /^([A-Za-z][\w.]*): (.*)$/.exec(message);
  if (!m) return message;
  const [, field, says] = m as unknown as [string, string, string];
  const subject = SUBJECTS[field] ?? `The ${field}`;
  return `${subject} ${says.replace(/^alias /, '')}.`;
}

export type Fault = 'none' | 'error500' | 'dropBefore' | 'dropAfter' | 'malformed' | 'bare429';

const KINDS: Exclude<Fault, 'none'>[] = ['error500', 'dropBefore', 'dropAfter', 'malformed', 'bare429'];

export class FaultInjector {
  private random: () => number;

  constructor(readonly config: FaultConfig) {
    this.random = mulberry32(config.seed ?? 1);
  }

  /** Which fault this request gets, and how long it is held first. */
  draw(): { fault: Fault; delayMs: number } {
    const delayMs =
      (this.config.latency ?? 0) + (this.random() < (this.config.slow ?? 0) ? (this.config.slowMs ?? 15_000) : 0);
    let roll = this.random();
    for (const kind of KINDS) {
      const share = this.config[kind] ?? 0;
      if (roll < share) return { fault: kind, delayMs };
      roll -= share;
    }
    return { fault: 'none', delayMs };
  }
}

/** A small seeded random sequence: the same seed gives the same faults (and a bench the same mix). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "latency=50,error500=0.2,seed=7" → FaultConfig; unknown names are an error. */
export function parseFaultSpec(spec: string): FaultConfig {
  const config: Record<string, number> = {};
  const known = new Set([
    'latency',
    'error500',
    'dropBefore',
    'dropAfter',
    'slow',
    'slowMs',
    'malformed',
    'bare429',
    'seed',
  ]);
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, value] = part.split('=');
    if (!name || !known.has(name)) throw new Error(`unknown fault "${name}" (known: ${[...known].join(', ')})`);
    const n = Number(value);
    if (value === undefined || !Number.isFinite(n) || n < 0)
      throw new Error(`fault "${name}" needs a non-negative number`);
    config[name] = n;
  }
  return config as FaultConfig;
}
