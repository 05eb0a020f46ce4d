import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { classifyScopedSearchText } from '@backoffice/validators';
import { requestHref } from '../../features/approvals/approvals-list.definition';
import { operationLabel } from '../../lib/activity-labels';
import { APPROVAL_PERMISSIONS, useHasAny } from '../../lib/permissions';
import { SearchApprovalRequestDocument, type SearchApprovalRequestQuery } from '../gql/graphql';
import type { RecordAction } from './record-actions';

/** The approval request a number names, and what the palette offers on it. */
export interface ApprovalOffer {
  id: string;
  /** 'Solicitud N.º 42 · Cancelar pago': the group's name. */
  label: string;
  actions: RecordAction[];
}

/** The request number a palette text names: an id as the palette reads ids, bare or after '#'. */
export function requestNumberIn(text: string): string | null {
  const { scope, shape } = classifyScopedSearchText(text);
  return shape.kind === 'id' && (scope === null || scope === 'id') ? shape.value : null;
}

const DECISION_TEXTS = { APPROVE: 'Aprobar', REJECT: 'Rechazar' } as const;

/**
 * A pending request's decisions: 'Aprobar solicitud N.º 42' and 'Rechazar solicitud N.º 42', each opening the
 * request's detail on that decision (its address with `accion`); one the operator may not decide (its maker, or one
 * who approved it already) with why. A request already decided or expired offers nothing.
 */
export function approvalOfferOf(
  request: NonNullable<SearchApprovalRequestQuery['approvalRequest']>,
): ApprovalOffer | null {
  if (request.status !== 'PENDING') return null;
  const reason = request.canDecide ? '' : 'No puede decidirla: la pidió usted o ya la aprobó.';
  return {
    id: request.id,
    label: `Solicitud N.º ${request.id} · ${operationLabel(request.action)}`,
    actions: (['APPROVE', 'REJECT'] as const).map((decision) => ({
      kind: decision,
      text: `${DECISION_TEXTS[decision]} solicitud N.º ${request.id}`,
      reason,
      path: requestHref(request.id, decision),
    })),
  };
}

/**
 * Four eyes on money from the palette: with a number typed (`text`, the one the palette looks up), the approval
 * request of that number, when the operator holds an approval permission (nothing is asked otherwise) and may see it.
 * None while it is read, or when it cannot be.
 */
export function useApprovalOffer(text: string): ApprovalOffer | null {
  const client = useApolloClient();
  const approver = useHasAny(APPROVAL_PERMISSIONS);
  const id = approver ? requestNumberIn(text) : null;
  const [shown, setShown] = useState<{ id: string; offer: ApprovalOffer | null } | null>(null);
  useEffect(() => {
    if (!id) return undefined;
    let current = true;
    void client
      .query({ query: SearchApprovalRequestDocument, variables: { id }, fetchPolicy: 'network-only' })
      .then(
        ({ data }) => {
          const request = data?.approvalRequest;
          if (current) setShown({ id, offer: request ? approvalOfferOf(request) : null });
        },
        () => undefined, // without it the palette searches as before
      );
    return () => {
      current = false;
    };
  }, [client, id]);
  return shown && shown.id === id ? shown.offer : null;
}
