import { detailActionKit } from '@/components/actions/declared-dialogs';
import { registryOf, type DetailActionTable, type DialogRun } from '@/components/actions/detail-actions';
import { diffVersions } from '@/components/versions/version-diff';
import { QueryVersionHistory, versionLoader } from '@/components/versions/query-version-history';
import { SUBSCRIPTION_DIFF } from '../diff';
import {
  RefreshSubscriptionDocument,
  RemoveSubscriptionPaymentMethodDocument,
  SendSubscriptionEmailDocument,
  SubscriptionHistoryDocument,
  SubscriptionVersionDocument,
  type SubscriptionActionKind,
} from '../gql/graphql';
import { SUBSCRIPTION_SUCCESS } from '../messages';
import { SUBSCRIPTION_ACTIONS } from '../subscription-actions';
import { subscriptionWrites } from '../subscription-writes';
import { SubscriptionStatusChip } from './subscription-status-chip';
import type { SubscriptionView } from './types';

/** What the subscription detail adds to the record for its actions. */
export interface SubscriptionActionContext {
  /** SUBSCRIPTION_UPDATE: 'Recargar' asks the service to read the subscription again, else it only reads it again. */
  canRefresh: boolean;
  currentVersion: number | null | undefined;
  showVersion(version: number, currentVersion: number | null | undefined): void;
}

const kit = detailActionKit<SubscriptionView, SubscriptionActionContext>();

/** Every subscription mutation sends the id and the dialog's idempotency key (one per opening). */
const idOf = ({ record, idempotencyKey }: DialogRun<SubscriptionView, SubscriptionActionContext>) => ({
  id: record.id,
  idempotencyKey,
});

/**
 * The subscription detail's actions (spec 000 §2 "Subscription detail" toolbar, §4 "Subscriptions"): each kind's
 * label and place, its dialog, its mutation and variables, its success text.
 */
export const SUBSCRIPTION_ACTION_TABLE: DetailActionTable<
  SubscriptionActionKind,
  SubscriptionView,
  SubscriptionActionContext
> = {
  ...subscriptionWrites<SubscriptionView, SubscriptionActionContext>(),
  REMOVE_PAYMENT_METHOD: kit.mutation({
    meta: SUBSCRIPTION_ACTIONS.REMOVE_PAYMENT_METHOD,
    dialog: kit.confirm(({ record }) => ({
      title: 'Eliminar medio de pago',
      message: `Se eliminará el medio de pago de la suscripción ${record.id}; no se cobrará hasta que se cargue uno nuevo.`,
      confirmLabel: 'Eliminar',
      confirmColor: 'error',
    })),
    mutation: RemoveSubscriptionPaymentMethodDocument,
    variables: (_sent, run) => idOf(run),
    payload: (data) => data.removeSubscriptionPaymentMethod,
    success: SUBSCRIPTION_SUCCESS.removePaymentMethod,
  }),
  SEND_EMAIL: kit.mutation({
    meta: SUBSCRIPTION_ACTIONS.SEND_EMAIL,
    dialog: kit.confirm(({ record }) => ({
      title: 'Enviar e-mail',
      message: `Se enviará al pagador${record.payer?.email ? ` (${record.payer.email})` : ''} el e-mail de la suscripción ${record.id}.`,
      confirmLabel: 'Enviar',
    })),
    mutation: SendSubscriptionEmailDocument,
    variables: (_sent, run) => idOf(run),
    payload: (data) => data.sendSubscriptionEmail,
    success: SUBSCRIPTION_SUCCESS.sendEmail,
  }),
  HISTORY: kit.view({
    meta: SUBSCRIPTION_ACTIONS.HISTORY,
    view: ({ record, context, client, close }) => (
      <QueryVersionHistory
        document={SubscriptionHistoryDocument}
        variables={{ id: record.id }}
        selectRows={(data) => data.subscriptionHistory}
        shownVersion={record.version}
        currentVersion={context.currentVersion}
        onClose={close}
        onPick={({ version }) => {
          close();
          context.showVersion(version, context.currentVersion);
        }}
        loadVersion={versionLoader(
          client,
          SubscriptionVersionDocument,
          (version) => ({ id: record.id, version }),
          (data) => data.subscriptionVersion,
        )}
        renderStatus={(status) => <SubscriptionStatusChip status={status} />}
        diff={(left, right) => diffVersions(left, right, SUBSCRIPTION_DIFF)}
        emptyText="La suscripción no tiene versiones."
        tableLabel="Versiones de la suscripción"
      />
    ),
  }),
  FORM_LINK: kit.press({
    meta: SUBSCRIPTION_ACTIONS.FORM_LINK,
    perform: ({ record }) => void window.open(record.formUrl, '_blank', 'noopener'),
  }),
  RELOAD: kit.press({
    meta: SUBSCRIPTION_ACTIONS.RELOAD,
    perform: async (run) => {
      const { record, context, outcome, refetch } = run;
      // The refresh asks the service (a write, its key the kit's); a past version, or a role without it, reads again.
      if (context.canRefresh && record.isCurrentVersion) {
        return run.send({
          mutation: RefreshSubscriptionDocument,
          variables: () => ({ id: record.id }),
          payload: (data) => data.refreshSubscription,
          success: SUBSCRIPTION_SUCCESS.refresh,
        });
      }
      try {
        await refetch();
        outcome.announce({ outcome: 'SUCCESS' }, { success: SUBSCRIPTION_SUCCESS.refresh });
      } catch (error) {
        outcome.announceError(error);
      }
    },
  }),
};

/** Labels, icons and places of the detail's actions, for its toolbar. */
export const SUBSCRIPTION_DETAIL_REGISTRY = registryOf(SUBSCRIPTION_ACTION_TABLE);
