import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import {
  actionsIn,
  disabledReason,
  type ActionRegistry,
  type ActionState,
} from '../../components/actions/action-registry';
import { ACTION_PARAM } from '../../components/actions/action-param';
import { PAYMENT_ACTIONS } from '../../features/payments/detail/payment-actions';
import { SUBSCRIPTION_ACTIONS } from '../../features/subscriptions/subscription-actions';
import { IMPORT_ACTIONS } from '../../features/imports/import-action-table';
import {
  SearchRecordActionsDocument,
  type SearchGroupKind,
  type SearchRecordActionsQuery,
} from '../gql/graphql';

/**
 * Actions from the palette: with the id of a record whose detail has a toolbar (a payment, a subscription, an
 * import), 'Buscar en el back-office' offers that
 * record's operations as its toolbar has them (the gateway's `actions`, in the area's registry: its labels, order and
 * place), a disabled one with its reason. Choosing one opens the record's detail with the action pressed
 * (`?accion=<KIND>`, `components/actions/action-param.ts`): the same dialog, checks and warnings as its toolbar.
 */
export interface RecordAction {
  kind: string;
  /** 'Cancelar pago 1000018…' */
  text: string;
  /** Empty when enabled, else why not (the toolbar's tooltip). */
  reason: string;
  path: string;
}

/**
 * The areas whose records the palette acts on: their registry and noun. Imported with the dialog (itself downloaded
 * with its first opening): a dynamic import here split the registries' modules and MUI's into more chunks, 0.5 KiB
 * more on the first visit and 0.8 KiB more on /pagos.
 */
const AREAS: Partial<
  Record<
    SearchGroupKind,
    {
      noun: string;
      registry: ActionRegistry<string>;
      actionsIn: (data: SearchRecordActionsQuery) => readonly ActionState<string>[] | undefined;
      /** Which of its registry's actions are the record's operations. */
      operations: RecordOperations;
    }
  >
> = {
  PAYMENT: {
    noun: 'pago',
    registry: PAYMENT_ACTIONS,
    actionsIn: (data) => data.payment?.actions,
    // Every action the detail offers on its record, not its tools (the form link, history, 'Recargar'): the
    // toolbar's operations and notifications, and the holder lookup of the payment methods section.
    operations: { placements: ['operation', 'notification', 'methods'] },
  },
  SUBSCRIPTION: {
    noun: 'suscripción',
    registry: SUBSCRIPTION_ACTIONS,
    actionsIn: (data) => data.subscription?.actions,
    operations: { placements: ['operation'] },
  },
  // The import toolbar has no placements: its operations are these two ('Recargar' is not one).
  IMPORT: {
    noun: 'importación',
    registry: IMPORT_ACTIONS,
    actionsIn: (data) => data.paymentImport?.actions,
    operations: { kinds: ['CONFIRM', 'CANCEL'] },
  },
};

/**
 * Which actions of a registry the palette offers: those of some places (in the registry's order across them), or,
 * for a registry without places, the kinds themselves.
 */
export type RecordOperations = { placements: readonly string[] } | { kinds: readonly string[] };

export const actsOnRecords = (kind: SearchGroupKind) => kind in AREAS;

/** 'Cancelar pago 1000018…'; a label of several words keeps the record apart: 'Cambiar medio de pago · pago 1000018…'. */
export function actionText(label: string, noun: string, id: string): string {
  return label.includes(' ') ? `${label} · ${noun} ${id}…` : `${label} ${noun} ${id}…`;
}

/** The operations of a record's toolbar, in its order, with the palette's texts and the detail's address. */
export function recordActionsOf(
  actions: readonly ActionState<string>[],
  registry: ActionRegistry<string>,
  {
    noun,
    id,
    path,
    operations = { placements: ['operation'] },
  }: {
    noun: string;
    id: string;
    path: string;
    operations?: RecordOperations;
  },
): RecordAction[] {
  const separator = path.includes('?') ? '&' : '?';
  const offered = actionsIn(actions, registry).filter((action) =>
    'kinds' in operations
      ? operations.kinds.includes(action.kind)
      : operations.placements.includes(registry[action.kind]?.placement ?? ''),
  );
  return offered.map((action) => ({
    kind: action.kind,
    text: actionText(registry[action.kind]!.label, noun, id),
    reason: disabledReason(action),
    path: `${path}${separator}${ACTION_PARAM}=${encodeURIComponent(action.kind)}`,
  }));
}

/** The actions of the record `target` names (none while they are read, or when they cannot be). */
export function useRecordActions(
  target: { kind: SearchGroupKind; id: string; path: string } | null,
): RecordAction[] {
  const client = useApolloClient();
  const [shown, setShown] = useState<{ key: string; actions: RecordAction[] } | null>(null);
  const key = target ? `${target.kind}:${target.id}` : '';
  useEffect(() => {
    const area = target ? AREAS[target.kind] : undefined;
    if (!target || !area) return undefined;
    let current = true;
    void client
      .query({
        query: SearchRecordActionsDocument,
        variables: {
          id: target.id,
          payment: target.kind === 'PAYMENT',
          subscription: target.kind === 'SUBSCRIPTION',
          import: target.kind === 'IMPORT',
        },
        fetchPolicy: 'network-only',
      })
      .then(
        ({ data }) => {
          const actions = (data && area.actionsIn(data)) ?? [];
          if (current)
            setShown({
              key,
              actions: recordActionsOf(actions, area.registry, {
                noun: area.noun,
                operations: area.operations,
                ...target,
              }),
            });
        },
        () => undefined, // without them the palette still opens the record
      );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again only for another record
  }, [client, key]);
  return shown && shown.key === key ? shown.actions : [];
}
