/** The payment-method catalogue lives in shared/payment-methods.ts (subscriptions read it too). */
export * from '../../shared/payment-methods.js';
