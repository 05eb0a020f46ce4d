/**
 * Injected latency, errors and hangs per service ("*" for all), or per operation of it (a method, a path pattern or
 * both), decided by a seeded PRNG. The most specific configuration matching a request applies.
 */
import type { PathMatcher } from './operations.js';
import { createPrng, deriveSeed, type Prng } from './prng.js';

export interface FaultConfig {
  service: string;
  /** Only requests of this method (GET, POST...). */
  method?: string;
  /** Only requests whose full path matches this express-style pattern (`/payment/pagos/:id/cancelar`). */
  path?: string;
  latencyMs: number;
  errorRate: number;
  hangRate: number;
}

export type FaultDecision = { latencyMs: number; outcome: 'pass' | 'error' | 'hang' };

interface Entry {
  config: FaultConfig;
  matches: PathMatcher | null;
}

/** A path beats a method, a method beats the whole service, the service beats "*". */
const specificity = ({ config }: Entry): number =>
  (config.service === '*' ? 0 : 1) + (config.method ? 2 : 0) + (config.path ? 4 : 0);

export class Faults {
  private readonly entries = new Map<string, Entry>();
  private prng: Prng;

  constructor(private readonly seed: number) {
    this.prng = createPrng(deriveSeed(seed, 'faults'));
  }

  /** Sets a configuration; one for the same service, method and path replaces it. */
  set(config: FaultConfig, matches: PathMatcher | null = null): void {
    const key = `${config.service} ${config.method ?? '*'} ${config.path ?? ''}`;
    this.entries.delete(key);
    this.entries.set(key, { config, matches });
  }

  list(): FaultConfig[] {
    return [...this.entries.values()].map((entry) => entry.config);
  }

  clear(): void {
    this.entries.clear();
    this.prng = createPrng(deriveSeed(this.seed, 'faults'));
  }

  /** The most specific configuration for this request (the newest among equals) decides. */
  decide(service: string, method = '', path = ''): FaultDecision {
    let chosen: Entry | undefined;
    for (const entry of this.entries.values()) {
      const { config, matches } = entry;
      if (config.service !== service && config.service !== '*') continue;
      if (config.method && config.method !== method) continue;
      if (matches && !matches(path)) continue;
      if (!chosen || specificity(entry) >= specificity(chosen)) chosen = entry;
    }
    if (!chosen) return { latencyMs: 0, outcome: 'pass' };
    const { config } = chosen;
    let outcome: FaultDecision['outcome'] = 'pass';
    if (config.hangRate > 0 && this.prng.next() < config.hangRate) outcome = 'hang';
    else if (config.errorRate > 0 && this.prng.next() < config.errorRate) outcome = 'error';
    return { latencyMs: config.latencyMs, outcome };
  }
}
