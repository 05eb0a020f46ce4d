import type { ApprovalRequestRowFragment } from '../gql/graphql';

/** A pending cancel of payment 1000001 that operador asked for, as the gateway answers it to another operator. */
export const REQUEST: ApprovalRequestRowFragment = {
  __typename: 'ApprovalRequest',
  id: '17',
  action: 'cancelPayment',
  permission: 'PAYMENT_CANCEL',
  area: 'payments',
  maker: 'operador',
  targetIds: ['1000001'],
  amount: '1500000.5',
  arguments: { id: '1000001', reason: 'Pedido del cliente' },
  reason: 'Pedido del cliente',
  status: 'PENDING',
  approvalsNeeded: 1,
  approvals: [],
  rejectedBy: null,
  rejectionReason: null,
  createdAt: '2026-11-28T12:00:00Z',
  expiresAt: '2026-12-01T12:00:00Z',
  decidedAt: null,
  moveOutcome: null,
  moveError: null,
  canDecide: true,
};
