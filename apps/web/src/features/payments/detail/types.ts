import type { PaymentDetailFragment } from '../gql/graphql';

/** The payment as the detail screen reads it (fragment PaymentDetail). */
export type PaymentDetail = PaymentDetailFragment;
export type PaymentDetailMethod = PaymentDetail['paymentMethods'][number];
export type PaymentDetailRefund = PaymentDetail['refunds'][number];
export type PaymentDetailMetadata = PaymentDetail['metadata'][number];
