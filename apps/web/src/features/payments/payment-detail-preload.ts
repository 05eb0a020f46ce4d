import { hasAny } from '@/lib/permission-rules';
import { recordPreload } from '@/lib/preload/query-preload';
import { PaymentDetailDocument } from './gql/graphql';

/**
 * The detail's query variables for payment `id`: the fees and the batch asked for only where the user may see them.
 * One function for the screen and its route's preload, so both ask the same operation.
 */
export function paymentDetailVariables(id: string, permissions: readonly string[]) {
  return {
    id,
    withFees: hasAny(permissions, ['PAYMENT_SHOW_FEES']),
    withBatch: hasAny(permissions, ['PAYMENT_SHOW_BATCHES', 'BATCH_WITHDRAW_SHOW']),
  };
}

/** The payment detail's query, started on navigation to /pago/:id (app/routes.ts) while the screen's chunk loads. */
export default recordPreload(PaymentDetailDocument, paymentDetailVariables);
