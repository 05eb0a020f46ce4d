/** The live streams' metrics, on the gateway's registry (its internal metrics port). */
import { Counter, Gauge } from 'prom-client';
import { registry } from '../telemetry/metrics.js';

const streamsOpen = new Gauge({
  name: 'gateway_live_streams_open',
  help: 'Live streams (GET /live) open on this replica; bounded by LIVE_MAX_STREAMS.',
  registers: [registry],
});

const eventsSent = new Counter({
  name: 'gateway_live_events_sent_total',
  help: 'Live events written to streams, by event (change, presence, reset); a change sent to 50 streams counts 50.',
  labelNames: ['event'],
  registers: [registry],
});

const streamsRefused = new Counter({
  name: 'gateway_live_streams_refused_total',
  help: 'Live streams refused with 429: too many for their operator (operator) or for this replica (replica).',
  labelNames: ['reason'],
  registers: [registry],
});

const streamsCut = new Counter({
  name: 'gateway_live_streams_cut_total',
  help:
    'Live streams cut over their unsent bytes: one past its own bound (stream: a client that does not read) or the ' +
    "one with the most when the replica's streams together passed LIVE_MAX_UNSENT_BYTES (replica). Each client " +
    'reconnects with its Last-Event-ID.',
  labelNames: ['bound'],
  registers: [registry],
});

/** What each presence board of this process holds now (one per gateway app; tests run several). */
const presenceSources = new Set<() => number>();

new Gauge({
  name: 'gateway_live_presence_entries',
  help: "Records open in this replica's live streams (POST /live/presence), each stream's counted once.",
  registers: [registry],
  collect() {
    let total = 0;
    for (const source of presenceSources) total += source();
    this.set(total);
  },
});

export type LiveEventName = 'change' | 'presence' | 'reset';

export const liveMetrics = {
  /** One stream more (+1) or less (-1). */
  streams: (delta: 1 | -1) => streamsOpen.inc(delta),
  sent: (event: LiveEventName, count = 1) => eventsSent.inc({ event }, count),
  refused: (reason: 'operator' | 'replica') => streamsRefused.inc({ reason }),
  cut: (bound: 'stream' | 'replica') => streamsCut.inc({ bound }),
  /** Counts a presence board's entries until the returned function is called. */
  presenceSource(source: () => number): () => void {
    presenceSources.add(source);
    return () => void presenceSources.delete(source);
  },
};
