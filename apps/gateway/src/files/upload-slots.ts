/**
 * Uploads in flight: an upload holds its file in memory until it is checked and forwarded (at most its
 * route's `maxBytes`, multipart.ts), so how many run at once is bounded, on the replica and for each operator. A
 * place is taken after the token, permission and headers are checked and before the body is read; the rest are
 * refused 429 in Spanish without reading their body. Counted in `gateway_uploads_in_flight`.
 */
import { countUploadInFlight } from '../telemetry/metrics.js';
import { type FileRefusal, tooManyOwnUploads, tooManyUploads } from './refusals.js';

export interface UploadSlotLimits {
  /** Uploads at once on this replica. */
  maxInFlight: number;
  /** Uploads at once of one operator (the token's `sub`). */
  maxPerOperator: number;
}

/** A place for one upload: `release()` gives it back (once; later calls do nothing). */
export type UploadSlot = { release(): void };

/** Takes a place for `operator`'s upload, or answers the refusal when none is free. */
export type TakeUploadSlot = (operator: string) => UploadSlot | FileRefusal;

export function uploadSlots({ maxInFlight, maxPerOperator }: UploadSlotLimits): TakeUploadSlot {
  let inFlight = 0;
  // Only operators with an upload in flight have an entry: the map is never larger than maxInFlight.
  const perOperator = new Map<string, number>();
  return (operator) => {
    const mine = perOperator.get(operator) ?? 0;
    if (mine >= maxPerOperator) return tooManyOwnUploads(mine);
    if (inFlight >= maxInFlight) return tooManyUploads();
    inFlight++;
    perOperator.set(operator, mine + 1);
    countUploadInFlight(1);
    let released = false;
    return {
      release() {
        if (released) return;
        released = true;
        inFlight--;
        const left = (perOperator.get(operator) ?? 1) - 1;
        if (left > 0) perOperator.set(operator, left);
        else perOperator.delete(operator);
        countUploadInFlight(-1);
      },
    };
  };
}
