// Compiled (never run) by ../run.mjs with TypeScript under `nodenext`: the schema's types, imported from the packed
// test stack as another team's TypeScript project imports them (docs/testing-integration.md §6).
import type { Payment, PaymentStatus, Scalars } from '@backoffice/test-stack/schema';

export const status: PaymentStatus = 'APPROVED';
export const amount: Scalars['Decimal']['output'] = '140229.62';
export const row: Pick<Payment, 'id' | 'status'> = { id: '1002498', status };
