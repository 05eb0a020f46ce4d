import type { Stack } from './stack';
import { stubRequest } from './stub-http';

/**
 * Helpers for the service-payments and distributions browser tests (fixtures: docs/upstream-contract.md, lote
 * 8200001-8200004, distributions 9300001-9300012). State is read from the stubs themselves.
 */

export interface StubGatewayBatch {
  id: string;
  state: string;
  description: string | null;
  compensation_amount: number | null;
}

/** One gateway batch as the lote stub holds it now. */
export async function stubGatewayBatch(stack: Stack, id: string): Promise<StubGatewayBatch> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'id', operation: 'EQUAL', value: id }]));
  const page = await stubRequest<{ rows: StubGatewayBatch[] }>(
    stack,
    'GET',
    `/lote/lote/gateways?filters=${filters}`,
  );
  if (!page.rows[0]) throw new Error(`no existe el lote ${id}`);
  return page.rows[0];
}

export interface StubDistributionDetail {
  id: string;
  status: string;
  amount: number;
  destination: { type: string; value: string; cuit: string; name: string };
  destination_changes: { user: string | null }[];
  forced_success: { user: string | null; date: string } | null;
  vouchers: { email: string }[];
}

export const stubDistribution = (stack: Stack, id: string) =>
  stubRequest<{ id: string; status: string; status_detail: string | null }>(
    stack,
    'GET',
    `/distribuciones/distribuciones/${id}`,
  );

export const stubDistributionDetail = (stack: Stack, id: string, detailId: string) =>
  stubRequest<StubDistributionDetail>(
    stack,
    'GET',
    `/distribuciones/distribuciones/${id}/detalles/${detailId}`,
  );
