import { describe, expect, it } from 'vitest';
import type { MutationName } from '../mutation-permissions.js';
import { mutationPermissions, permissionOf, queryPermissions } from '../mutation-permissions.js';

describe('an action permission read from its mutation', () => {
  it("is the mutation's @auth(requires:) in the schema, every permission of it", () => {
    expect(mutationPermissions('reprocessWithdrawalBatch')).toEqual(['BATCH_WITHDRAW_REPROCESS']);
    expect(mutationPermissions('updateDistributionDetail')).toEqual([
      'DISTRIBUTION_UPDATE',
      'DISTRIBUTION_FORCE',
      'DISTRIBUTION_SCHEDULED_UPDATE',
    ]);
    expect(permissionOf('cancelPayment', 'No tiene permisos para cancelar pagos.')).toEqual({
      requires: ['PAYMENT_CANCEL'],
      reason: 'No tiene permisos para cancelar pagos.',
    });
  });

  it('a mutation the schema does not guard (or does not have) is refused when the table is built', () => {
    expect(() => mutationPermissions('noSuchMutation' as MutationName)).toThrow(
      /noSuchMutation has no @auth/,
    );
  });
});

describe('a query field permission read from the schema', () => {
  it("is the field's @auth(requires:), or null for a field every signed-in user reads", () => {
    expect(queryPermissions('payer')).toEqual(['PAYER_SHOW']);
    expect(queryPermissions('withdrawalBatch')).toEqual(['BATCH_WITHDRAW_SHOW', 'WITHDRAW_SHOW']);
    expect(queryPermissions('payment')).toBeNull();
  });
});
