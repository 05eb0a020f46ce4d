/** Injected latency, errors and hangs per service ("*" for all), decided by a seeded PRNG. */
import { createPrng, deriveSeed, type Prng } from './prng.js';

export interface FaultConfig {
  service: string;
  latencyMs: number;
  errorRate: number;
  hangRate: number;
}

export type FaultDecision = { latencyMs: number; outcome: 'pass' | 'error' | 'hang' };

export class Faults {
  private readonly configs = new Map<string, FaultConfig>();
  private prng: Prng;

  constructor(private readonly seed: number) {
    this.prng = createPrng(deriveSeed(seed, 'faults'));
  }

  set(config: FaultConfig): void {
    this.configs.set(config.service, config);
  }

  list(): FaultConfig[] {
    return [...this.configs.values()];
  }

  clear(): void {
    this.configs.clear();
    this.prng = createPrng(deriveSeed(this.seed, 'faults'));
  }

  /** The service's own configuration wins over "*". */
  decide(service: string): FaultDecision {
    const config = this.configs.get(service) ?? this.configs.get('*');
    if (!config) return { latencyMs: 0, outcome: 'pass' };
    let outcome: FaultDecision['outcome'] = 'pass';
    if (config.hangRate > 0 && this.prng.next() < config.hangRate) outcome = 'hang';
    else if (config.errorRate > 0 && this.prng.next() < config.errorRate) outcome = 'error';
    return { latencyMs: config.latencyMs, outcome };
  }
}
