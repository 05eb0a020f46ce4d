import type { ApprovalRow, Store } from '@backoffice/store';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { startApprovalExpiry } from '../approval-expiry.js';
import type { MoveJournal } from '../journal.js';

/**
 * The sweep's order: a run() asked for while the timer's sweep is reading must not answer that sweep's result, which
 * may have read before the request was due (CI's PostgreSQL pass once saw 0 so).
 */
describe('approval expiry', () => {
  it('run() waits for a sweep in flight and sweeps again, so what is due when it is called is expired', async () => {
    const due: string[] = [];
    const reads: Array<() => void> = [];
    const store = {
      approvals: {
        expire: async () => {
          const seen = [...due];
          await new Promise<void>((resolve) => reads.push(resolve));
          due.splice(0, seen.length);
          return seen.map((id) => ({ id, move_id: null, target_ids: [] }) as unknown as ApprovalRow);
        },
        event: async () => undefined,
      },
      insertActivity: async () => undefined,
    } as unknown as Store;
    const expiry = startApprovalExpiry({
      store: () => store,
      journal: {} as MoveJournal,
      logger: createLogger('silent'),
      everyMs: 1,
    });
    try {
      await expect.poll(() => reads.length).toBe(1); // the timer's sweep is reading, nothing due yet
      due.push('7');
      const asked = expiry.run();
      reads.shift()!();
      await expect.poll(() => reads.length).toBe(1); // run()'s own sweep
      reads.shift()!();
      expect(await asked).toBe(1);
    } finally {
      expiry.close();
      reads.forEach((release) => release());
    }
  });
});
