import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DoNotDisturbOnOutlined from '@mui/icons-material/DoNotDisturbOnOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { MovementOf } from '@/components/dialogs/money-summary';
import { registryOf, type DetailActionTable } from '@/components/actions/detail-actions';
import {
  ApproveDistributionDocument,
  RejectDistributionDocument,
  ReprocessDistributionDocument,
  SendDistributionReceiptDocument,
  UpdateDistributionDetailDocument,
  type DistributionActionKind,
  type DistributionDetailQuery,
  type DistributionDetailRowFragment,
} from '../gql/graphql';
import { destinationInput, EditDestinationDialog, type DestinationValues } from './edit-destination-dialog';
import { SendReceiptDialog } from './send-receipt-dialog';

export type ShownDistribution = NonNullable<DistributionDetailQuery['distribution']>;

/** What the distribution dialog adds for its actions: after a write, the list, the cards and the dialog read again. */
export interface DistributionActionContext {
  changed(): void;
  /** The distribution's collector (its name, else its id), named by a detail's confirmation. */
  collector?: string | null;
}

/** The service answers every distribution write with the text to show ('Autorizado correctamente'...). */
const said = (payload: { message?: string | null }) => ({ text: payload.message ?? '' });
const changed = (_sent: unknown, _payload: unknown, run: { context: DistributionActionContext }) =>
  run.context.changed();

const kit = detailActionKit<ShownDistribution, DistributionActionContext>();

/** What authorizing or reprocessing moves: the distribution, whose, its payment, how much, to which accounts. */
const movementOf = (record: ShownDistribution): { summaryTitle: string; movement: MovementOf } => ({
  summaryTitle: 'Se distribuirá',
  movement: {
    record: ['Distribución', record.id],
    collector: record.collector?.name ?? record.collector?.id,
    details: [{ label: 'Pago', value: record.paymentId }],
    amount: record.totalAmount,
    account: [
      'Destinos',
      record.details
        .map((line) => line.destination?.value)
        .filter(Boolean)
        .join(', '),
    ],
  },
});

/** The distribution's own actions (spec 001 §2 "Distribution detail"): authorize, reprocess, reject. */
export const DISTRIBUTION_ACTION_TABLE: DetailActionTable<
  DistributionActionKind,
  ShownDistribution,
  DistributionActionContext
> = {
  REPROCESS: kit.mutation({
    meta: { label: 'Reprocesar', icon: ReplayOutlined },
    dialog: kit.confirmMovement(({ record }) => ({
      title: 'Reprocesar distribución',
      message: `¿Confirma reprocesar la distribución ${record.id}?`,
      ...movementOf(record),
    })),
    mutation: ReprocessDistributionDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.reprocessDistribution,
    success: said,
    after: changed,
  }),
  APPROVE: kit.mutation({
    meta: { label: 'Autorizar', icon: CheckCircleOutline },
    dialog: kit.confirmMovement(({ record }) => ({
      title: 'Autorizar distribución',
      message: `¿Confirma autorizar la distribución ${record.id}?`,
      ...movementOf(record),
    })),
    mutation: ApproveDistributionDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.approveDistribution,
    success: said,
    after: changed,
  }),
  REJECT: kit.mutation({
    meta: { label: 'Rechazar', icon: DoNotDisturbOnOutlined },
    dialog: kit.reason(({ record }) => ({
      title: 'Rechazar distribución',
      description: `La distribución ${record.id} quedará rechazada.`,
      submitLabel: 'Rechazar',
      submitColor: 'error',
      testId: 'reject-distribution-dialog',
    })),
    mutation: RejectDistributionDocument,
    variables: (reason: string, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
    payload: (data) => data.rejectDistribution,
    success: said,
    after: changed,
  }),
};

/** The labels and icons of the distribution's actions, for its buttons. */
export const DISTRIBUTION_REGISTRY = registryOf(DISTRIBUTION_ACTION_TABLE);

/** What 'Modificar destino' sends: the destination typed, and whether 'Forzar' (paid without a transfer) was chosen. */
export interface DestinationChange {
  values: DestinationValues;
  force: boolean;
}

export type DistributionLineKind = 'EDIT' | 'SEND_RECEIPT';

const line = detailActionKit<DistributionDetailRowFragment, DistributionActionContext>();

/** A detail line's actions (spec 001 §5): 'Modificar destino' (with 'Forzar') and 'Enviar comprobante'. */
export const DISTRIBUTION_LINE_TABLE: DetailActionTable<
  DistributionLineKind,
  DistributionDetailRowFragment,
  DistributionActionContext
> = {
  EDIT: line.mutation({
    meta: { label: 'Modificar', icon: EditOutlined },
    dialog: line.dialog(EditDestinationDialog)(({ record, context }) => ({
      detail: record,
      collector: context.collector,
    })),
    mutation: UpdateDistributionDetailDocument,
    variables: ({ values, force }: DestinationChange, { record, idempotencyKey }) => ({
      distributionId: record.distributionId,
      detailId: record.id,
      input: destinationInput(values),
      force,
      idempotencyKey,
    }),
    payload: (data) => data.updateDistributionDetail,
    success: said,
    after: changed,
  }),
  SEND_RECEIPT: line.mutation({
    meta: { label: 'Enviar comprobante', icon: ForwardToInboxOutlined },
    dialog: line.dialog(SendReceiptDialog)(() => ({})),
    mutation: SendDistributionReceiptDocument,
    variables: (email: string, { record, idempotencyKey }) => ({
      distributionId: record.distributionId,
      detailId: record.id,
      email,
      idempotencyKey,
    }),
    payload: (data) => data.sendDistributionReceipt,
    success: said,
    after: changed,
  }),
};
