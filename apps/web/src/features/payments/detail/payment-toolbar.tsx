import type { PaymentActionKind } from '../gql/graphql';
import { ActionButton } from '@/components/actions/action-button';
import { ActionToolbar, OPERATIONS_GROUP, type ToolbarDefinition } from '@/components/actions/action-toolbar';
import { actionsIn } from '@/components/actions/action-registry';
import { PAYMENT_DETAIL_REGISTRY } from './payment-action-table';
import { PAYMENT_UNAVAILABLE_REASON, type PaymentActionData } from './payment-actions';

/** Operations, then notifications. */
const PAYMENT_TOOLBAR: ToolbarDefinition<PaymentActionKind> = {
  registry: PAYMENT_DETAIL_REGISTRY,
  groups: [
    OPERATIONS_GROUP,
    { placement: 'notification', title: 'NOTIFICACIONES', testId: 'toolbar-notifications' },
  ],
  ariaLabel: 'Acciones del pago',
  testId: 'payment-toolbar',
  unavailableReason: PAYMENT_UNAVAILABLE_REASON,
};

interface ToolsProps {
  actions: readonly PaymentActionData[];
  busyKind: PaymentActionKind | null;
  onRun(kind: PaymentActionKind): void;
}

/** The toolbar of the detail, built from `actions`: operations, then notifications. */
export function PaymentToolbar({ actions, busyKind, onRun }: ToolsProps) {
  return <ActionToolbar {...PAYMENT_TOOLBAR} actions={actions} busyKind={busyKind} onRun={onRun} />;
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
      {actionsIn(actions, PAYMENT_DETAIL_REGISTRY, 'header').map((action) => (
        <ActionButton
          key={action.kind}
          action={action}
          meta={PAYMENT_DETAIL_REGISTRY[action.kind]}
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
  const [action] = actionsIn(actions, PAYMENT_DETAIL_REGISTRY, 'methods');
  if (!action) return null;
  return (
    <ActionButton
      action={action}
      meta={PAYMENT_DETAIL_REGISTRY[action.kind]}
      onRun={onRun}
      variant="text"
      unavailableReason={PAYMENT_UNAVAILABLE_REASON}
    />
  );
}
