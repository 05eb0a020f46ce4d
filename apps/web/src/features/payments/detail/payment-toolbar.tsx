import type { PaymentActionKind } from '../gql/graphql';
import { ActionButton } from '@/components/actions/action-button';
import { ActionToolbar, type ToolbarGroup } from '@/components/actions/action-toolbar';
import {
  PAYMENT_ACTIONS,
  PAYMENT_UNAVAILABLE_REASON,
  actionsFor,
  type PaymentActionData,
} from './payment-actions';

const TOOLBAR_GROUPS: readonly ToolbarGroup[] = [
  { placement: 'operation', title: 'OPERACIONES', testId: 'toolbar-operations' },
  { placement: 'notification', title: 'NOTIFICACIONES', testId: 'toolbar-notifications' },
];

interface ToolsProps {
  actions: readonly PaymentActionData[];
  busyKind: PaymentActionKind | null;
  onRun(kind: PaymentActionKind): void;
}

/** The toolbar of the detail, built from `actions`: operations, then notifications. */
export function PaymentToolbar({ actions, busyKind, onRun }: ToolsProps) {
  return (
    <ActionToolbar
      actions={actions}
      registry={PAYMENT_ACTIONS}
      groups={TOOLBAR_GROUPS}
      busyKind={busyKind}
      onRun={onRun}
      ariaLabel="Acciones del pago"
      testId="payment-toolbar"
      unavailableReason={PAYMENT_UNAVAILABLE_REASON}
    />
  );
}

/** Form link, history and reload, at the right of the page header. */
export function PaymentHeaderTools({
  actions,
  busyKind,
  onRun,
  checkoutUrl,
}: ToolsProps & { checkoutUrl: string }) {
  return (
    <>
      {actionsFor(actions, 'header').map((action) => (
        <ActionButton
          key={action.kind}
          action={action}
          meta={PAYMENT_ACTIONS[action.kind]}
          busy={busyKind === action.kind}
          onRun={onRun}
          variant={action.kind === 'FORM_LINK' ? 'outlined' : 'text'}
          href={action.kind === 'FORM_LINK' ? checkoutUrl : undefined}
          unavailableReason={PAYMENT_UNAVAILABLE_REASON}
        />
      ))}
    </>
  );
}

/** The holder lookup button (SHOW_HOLDER) for the payment-methods section. */
export function HolderLookupButton({ actions, onRun }: Omit<ToolsProps, 'busyKind'>) {
  const [action] = actionsFor(actions, 'methods');
  if (!action) return null;
  return (
    <ActionButton
      action={action}
      meta={PAYMENT_ACTIONS[action.kind]}
      onRun={onRun}
      variant="text"
      unavailableReason={PAYMENT_UNAVAILABLE_REASON}
    />
  );
}
