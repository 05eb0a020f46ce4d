import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gql, recordedWrites } from './http-helpers.js';
import { gatewayForBlock, STORES } from './store-backends.js';

/**
 * Each operator's money moves stored per day are bounded (MOVES_PER_OPERATOR_PER_DAY): past the bound a move is
 * refused in Spanish with nothing stored or sent, for that operator only; a retry of a stored move is no new move.
 */

const REFRESH = /* GraphQL */ `
  mutation Refresh($id: ID!, $key: String!) {
    refreshPayment(id: $id, idempotencyKey: $key) {
      outcome
      error {
        code
        message
      }
    }
  }
`;

const PER_DAY = 3;

for (const backend of STORES) {
  describe(`moves per operator per day on the ${backend.name} store`, () => {
    const block = gatewayForBlock(backend, {
      moves: { leaseMs: 30_000, recoverEveryMs: 15_000, maxPerOperatorPerDay: PER_DAY },
    });

    const refresh = async (user: string, key: string) =>
      (
        await gql<{ refreshPayment: { outcome: string; error: { code: string; message: string } | null } }>(
          block.gateway.graphqlUrl,
          REFRESH,
          { token: await block.tokenFor(user), variables: { id: '1000018', key } },
        )
      ).body.data!.refreshPayment;

    it('refuses the move past the bound with nothing stored or sent; the others and retries are not held by it', async () => {
      const keys = Array.from({ length: PER_DAY }, () => randomUUID());
      for (const key of keys) expect((await refresh('operador', key)).outcome).toBe('SUCCESS');
      const sentBefore = (await recordedWrites(block.stubs.url, 'payment')).length;

      const past = await refresh('operador', randomUUID());
      expect(past.outcome).toBe('FAILED');
      expect(past.error?.code).toBe('MOVE_LIMIT_REACHED');
      expect(past.error?.message).toMatch(/máximo de 3 operaciones por día/);
      expect(await recordedWrites(block.stubs.url, 'payment')).toHaveLength(sentBefore);
      const rows = await block.gateway.store!.current()!.queryActivity({
        filter: { user: 'operador' },
        page: 1,
        pageSize: 20,
      });
      expect(rows.rows.filter((row) => row.operation === 'refreshPayment')).toHaveLength(PER_DAY);

      // A retry of a stored move answers it (no new move); another operator's moves are their own.
      expect((await refresh('operador', keys[0]!)).outcome).toBe('SUCCESS');
      expect((await refresh('supervisor', randomUUID())).outcome).toBe('SUCCESS');
    });
  });
}
