import type { PaymentDetailFieldsFragment } from '../../../gql/graphql';

/** The payment as the detail screen reads it (PaymentDetailFields). */
export type PaymentDetail = PaymentDetailFieldsFragment;
export type PaymentDetailMethod = PaymentDetail['paymentMethods'][number];
export type PaymentDetailRefund = PaymentDetail['refunds'][number];
export type PaymentDetailMetadata = PaymentDetail['metadata'][number];
