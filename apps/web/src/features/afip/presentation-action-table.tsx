import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { DetailActionTable } from '@/components/actions/detail-actions';
import {
  PresentPresentationDocument,
  PresentPresentationManuallyDocument,
  ReprocessPresentationDocument,
  type PresentationActionKind,
  type PresentationRowFragment,
} from './gql/graphql';
import { PRESENTATION_ACTIONS, presentationZipPath } from './presentation-actions';
import { ManualPresentationDialog, ReprocessDialog } from './presentation-dialogs';

/** What the presentation detail adds to the record for its actions: the screen's download (its progress shown there). */
export interface PresentationActionContext {
  download(path: string): Promise<unknown>;
}

const SUCCESS = {
  present: 'Presentación enviada con éxito',
  reprocess: 'Presentación re-procesada con éxito',
};

const kit = detailActionKit<PresentationRowFragment, PresentationActionContext>();

// Every presentation mutation sends the id and the dialog's idempotency key: one per opening of a dialog, so a
// refused 'Presentar' never lends its key to the 'Re-procesar' that follows.

/** The actions of /afip/{id} (spec 001 §2): download the ZIP, present, present manually, re-process, reload. */
export const PRESENTATION_ACTION_TABLE: DetailActionTable<
  PresentationActionKind,
  PresentationRowFragment,
  PresentationActionContext
> = {
  DOWNLOAD: kit.press({
    meta: PRESENTATION_ACTIONS.DOWNLOAD,
    perform: ({ record, context }) => context.download(presentationZipPath(record.id)),
  }),
  PRESENT: kit.mutation({
    meta: PRESENTATION_ACTIONS.PRESENT,
    dialog: kit.confirm(({ record }) => ({
      title: 'Presentar',
      message: `¿Enviar la presentación ${record.id} (${record.fileName}) a AFIP?`,
      confirmLabel: 'Presentar',
      testId: 'present-dialog',
    })),
    mutation: PresentPresentationDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.presentPresentation,
    success: SUCCESS.present,
  }),
  PRESENT_MANUAL: kit.mutation({
    meta: PRESENTATION_ACTIONS.PRESENT_MANUAL,
    dialog: kit.dialog(ManualPresentationDialog)(({ record }) => ({ id: record.id })),
    mutation: PresentPresentationManuallyDocument,
    variables: (transactionId, { record, idempotencyKey }) => ({
      id: record.id,
      transactionId,
      idempotencyKey,
    }),
    payload: (data) => data.presentPresentationManually,
    success: SUCCESS.present,
  }),
  REPROCESS: kit.mutation({
    meta: PRESENTATION_ACTIONS.REPROCESS,
    dialog: kit.dialog(ReprocessDialog)(({ record }) => ({ id: record.id })),
    mutation: ReprocessPresentationDocument,
    variables: (reason, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
    payload: (data) => data.reprocessPresentation,
    success: SUCCESS.reprocess,
  }),
  RELOAD: kit.press({
    meta: PRESENTATION_ACTIONS.RELOAD,
    perform: ({ refetch, outcome }) => refetch().catch((error: unknown) => outcome.announceError(error)),
  }),
};
