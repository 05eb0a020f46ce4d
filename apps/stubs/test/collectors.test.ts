import { beforeAll, describe, expect, it } from 'vitest';
import { sharedClient, type Client } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});

/** The fixture handles docs/upstream-contract.md §4 promises to the imports and withdrawals screens. */
const HANDLES = [
  { id: '10001', match_import: null, withdrawal_strategy: 'batch_accreditation' },
  { id: '10002', match_import: null, withdrawal_strategy: 'balance' },
  { id: '10004', match_import: 'match_identification', withdrawal_strategy: 'batch_accreditation' },
  { id: '10006', match_import: null, withdrawal_strategy: 'batch_approbation' },
  { id: '10008', match_import: 'match_payer', withdrawal_strategy: 'batch_accreditation' },
  { id: '10016', match_import: 'match_concept', withdrawal_strategy: 'batch_accreditation' },
  { id: '10017', match_import: null, withdrawal_strategy: 'none' },
] as const;

describe('collector by signature, detail and balance', () => {
  it.each(HANDLES)('$id answers its match_import and withdrawal_strategy by signature', async (handle) => {
    const { status, body } = await client.get(`/collector/comercios/firma/${handle.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...handle, signature: handle.id });
    expect(body.checkout_version).toMatch(/^v[12]$/);
  });

  it('an unknown signature is 404 collector_not_found', async () => {
    const { status, body } = await client.get('/collector/comercios/firma/99999');
    expect(status).toBe(404);
    expect(body.extended_code).toBe('collector_not_found');
  });

  it('answers the detail and a two-decimal balance', async () => {
    const detail = await client.get('/collector/comercios/10001/detalle');
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ collector_id: '10001', status: 'active' });
    expect(detail.body.cuit).toMatch(/^\d{11}$/);
    expect(detail.body.bank_account.cbu).toMatch(/^\d{22}$/);
    const balance = await client.get('/collector/comercios/10002/saldo');
    expect(balance.status).toBe(200);
    expect(String(balance.body.available_amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    expect((await client.get('/collector/comercios/99999/detalle')).status).toBe(404);
  });
});
