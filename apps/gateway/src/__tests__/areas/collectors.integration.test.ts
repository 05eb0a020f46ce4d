import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callLines, startAreaStack, type AreaStack } from './stack.js';

let stack: AreaStack;
beforeAll(async () => {
  stack = await startAreaStack();
});
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  await stack.reset();
});

const PAGE = /* GraphQL */ `
  query CollectorPage($id: ID!) {
    collector(id: $id) {
      id
      name
      signature
      checkoutVersion
      matchImport
      withdrawalStrategy
      batchVersion
      balance {
        available
        pending
        withdrawn
        total
        currencyId
      }
      detail {
        cuit
        status
        bankAccount {
          cbu
        }
      }
    }
  }
`;

interface PageData {
  collector: {
    id: string;
    signature: string;
    matchImport: string | null;
    withdrawalStrategy: string | null;
    balance: { available: string; total: string } | null;
    detail: { cuit: string } | null;
  } | null;
}

describe('collector page', () => {
  it('reads the collector, its settings by signature, balance and detail: exactly 4 upstream calls', async () => {
    const { response, calls } = await stack.run<PageData>('admin', PAGE, { id: '10008' });
    expect(response.body.errors, response.text).toBeUndefined();
    const collector = response.body.data!.collector!;
    expect(collector).toMatchObject({
      id: '10008',
      signature: '10008',
      matchImport: 'match_payer',
      withdrawalStrategy: 'batch_accreditation',
    });
    expect(collector.balance!.available).toMatch(/^-?\d+\.\d{2}$/);
    expect(collector.detail!.cuit).toMatch(/^\d{11}$/);
    expect(callLines(calls).sort()).toEqual(
      [
        'GET /collector/comercios',
        'GET /collector/comercios/10008/detalle',
        'GET /collector/comercios/10008/saldo',
        'GET /collector/comercios/firma/10008',
      ].sort(),
    );
  });

  it.each([
    ['10016', 'match_concept', 'batch_accreditation'],
    ['10004', 'match_identification', 'batch_accreditation'],
    ['10006', null, 'batch_approbation'],
    ['10002', null, 'balance'],
    ['10017', null, 'none'],
  ])('%s forces %s and settles by %s', async (id, matchImport, strategy) => {
    const { response } = await stack.run<PageData>('admin', PAGE, { id });
    expect(response.body.data!.collector).toMatchObject({ matchImport, withdrawalStrategy: strategy });
  });

  it('treasury reads the strategy and balance (withdrawals) and the import match (imports)', async () => {
    const { response } = await stack.run<PageData>('tesoreria', PAGE, { id: '10004' });
    expect(response.body.errors?.map((e) => e.path?.join('.'))).toBeUndefined();
    expect(response.body.data!.collector!.matchImport).toBe('match_identification');
  });

  it('without the permissions the guarded fields are refused and never reach upstream', async () => {
    const { response, calls } = await stack.run<PageData>('impuestos', PAGE, { id: '10008' });
    const refused = (response.body.errors ?? []).map((e) => [e.path?.join('.'), e.extensions?.code]);
    expect(refused.sort()).toEqual(
      [
        ['collector.balance', 'FORBIDDEN'],
        ['collector.batchVersion', 'FORBIDDEN'],
        ['collector.detail', 'FORBIDDEN'],
        ['collector.matchImport', 'FORBIDDEN'],
        ['collector.withdrawalStrategy', 'FORBIDDEN'],
      ].sort(),
    );
    expect(callLines(calls)).toEqual(['GET /collector/comercios']);
  });
});
