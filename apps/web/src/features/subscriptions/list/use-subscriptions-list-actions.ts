import type { SubscriptionRow } from './subscriptions-columns';
import type { SubscriptionRowChange } from './subscriptions-list';

/** What a changed subscription says about the lists it sits in. */
export const changeOf = (
  s: { id: string; status: SubscriptionRow['status']; paymentMethod?: unknown } | null | undefined,
) =>
  s
    ? ({ id: s.id, status: s.status, hasMethod: s.paymentMethod != null } satisfies SubscriptionRowChange)
    : null;
