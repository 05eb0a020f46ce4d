import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorScopedKey } from '../upstream/rest-client.js';
import { gql, RECORD_ACTIVITY, recordedWrites } from './http-helpers.js';
import { gatewayForBlock, STORES } from './store-backends.js';

/**
 * Four eyes on money, against the stubs over HTTP with real tokens: a move a policy names is held (nothing sent),
 * a second operator holding the action's permission approves it and the gateway sends it exactly once under the
 * maker's key; the maker may not approve it; a rejected or expired request is never sent; another request under
 * the held key is refused; two approvers at once send once.
 */

/** A cancel, and the approval request that holds it when a policy names it. */
const CANCEL = /* GraphQL */ `
  mutation HeldCancel($id: ID!, $key: String!, $reason: String! = "Pedido del pagador") {
    cancelPayment(id: $id, reason: $reason, idempotencyKey: $key) {
      approval {
        id
        status
        expiresAt
        maker
        action
        targetIds
        approvalsNeeded
      }
      outcome
      message
      error {
        code
        message
      }
    }
  }
`;

const DECIDE = /* GraphQL */ `
  mutation Decide($id: ID!, $key: String!) {
    approveRequest(id: $id, idempotencyKey: $key) {
      outcome
      message
      error {
        code
        message
      }
      request {
        id
        status
        approvals {
          username
        }
        moveOutcome
        canDecide
      }
    }
  }
`;

const REJECT = /* GraphQL */ `
  mutation Reject($id: ID!, $key: String!, $reason: String!) {
    rejectRequest(id: $id, reason: $reason, idempotencyKey: $key) {
      outcome
      error {
        code
      }
      request {
        status
        rejectedBy
        rejectionReason
      }
    }
  }
`;

const QUEUE = /* GraphQL */ `
  query Queue($status: ApprovalStatus) {
    approvalRequests(status: $status, pageSize: 100) {
      total
      rows {
        id
        action
        maker
        status
        arguments
        canDecide
      }
    }
  }
`;

const OF_RECORD = /* GraphQL */ `
  query OfRecord($recordId: ID) {
    approvalRequests(recordId: $recordId, status: PENDING) {
      total
      rows {
        id
        status
        targetIds
      }
    }
  }
`;

const DECIDABLE = /* GraphQL */ `
  query Decidable {
    approvalRequests(decidable: true, pageSize: 100) {
      total
      rows {
        id
      }
    }
  }
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

const POLICIES = [{ action: 'cancelPayment' }];

for (const backend of STORES) {
  describe(`four eyes on money on the ${backend.name} store`, () => {
    const block = gatewayForBlock(backend, {
      approvals: { policies: parsed(POLICIES), expiryMs: 3_600_000 },
    });

    const as = async (user: string, query: string, variables: Record<string, unknown>) =>
      (await gql<Data>(block.gateway.graphqlUrl, query, { token: await block.tokenFor(user), variables }))
        .body;

    const cancelsOf = async (id: string) =>
      (await recordedWrites(block.stubs.url, 'payment')).filter((r) => r.path.includes(`/pagos/${id}/`));

    const taken = new Set<string>();
    async function cancellable(): Promise<string> {
      const filters = encodeURIComponent(
        JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
      );
      const page = (await (
        await fetch(`${block.stubs.url}/payment/pagos?filters=${filters}&limit=1000`)
      ).json()) as { rows: Array<{ id: string | number }> };
      const id = page.rows.map((row) => String(row.id)).find((candidate) => !taken.has(candidate))!;
      taken.add(id);
      return id;
    }

    const statusOf = async (id: string): Promise<string> =>
      ((await (await fetch(`${block.stubs.url}/payment/pagos/${id}`)).json()) as { status: string }).status;

    async function held(maker = 'operador') {
      const id = await cancellable();
      const key = randomUUID();
      const answer = (await as(maker, CANCEL, { id, key })).data!.cancelPayment;
      expect(answer.outcome).toBe('PENDING_APPROVAL');
      return { id, key, answer, approvalId: answer.approval.id as string };
    }

    it('holds a move a policy names: PENDING_APPROVAL with its request, nothing sent, the activity says so', async () => {
      const { id, answer, key } = await held();
      expect(answer.error).toBeNull();
      expect(answer.message).toMatch(/Pendiente de aprobación/);
      expect(answer.approval).toMatchObject({
        status: 'PENDING',
        maker: 'operador',
        action: 'cancelPayment',
        targetIds: [id],
        approvalsNeeded: 1,
      });
      expect(Date.parse(answer.approval.expiresAt)).toBeGreaterThan(Date.now());
      expect(await cancelsOf(id)).toHaveLength(0);
      expect(await statusOf(id)).not.toBe('rejected');
      const rows = (await as('admin', RECORD_ACTIVITY, { recordId: id })).data!.activity.rows;
      expect(rows).toEqual([
        { user: 'operador', operation: 'cancelPayment', result: 'PENDING_APPROVAL', code: null },
      ]);
      // The maker's retry under the same key: the request's state again, still nothing sent.
      const again = (await as('operador', CANCEL, { id, key })).data!.cancelPayment;
      expect(again.outcome).toBe('PENDING_APPROVAL');
      expect(again.approval.id).toBe(answer.approval.id);
      expect(await cancelsOf(id)).toHaveLength(0);
      // The queue of an approver lists it, decidable; the maker sees it, not decidable.
      const queue = (await as('supervisor', QUEUE, { status: 'PENDING' })).data!.approvalRequests.rows;
      expect(queue.find((row: Data) => row.id === answer.approval.id)).toMatchObject({
        maker: 'operador',
        canDecide: true,
        arguments: { id, reason: 'Pedido del pagador' },
      });
      const own = (await as('operador', QUEUE, { status: 'PENDING' })).data!.approvalRequests.rows;
      expect(own.find((row: Data) => row.id === answer.approval.id)?.canDecide).toBe(false);
      // What each may decide now (the menu's badge): the approver's includes it, the maker's does not.
      const decidable = async (user: string) =>
        (await as(user, DECIDABLE, {})).data!.approvalRequests.rows.map((row: Data) => row.id);
      expect(await decidable('supervisor')).toContain(answer.approval.id);
      expect(await decidable('operador')).not.toContain(answer.approval.id);
    });

    it("a record's requests: recordId answers only those acting on it; a bad id is refused", async () => {
      const first = await held();
      const second = await held();
      const ofRecord = async (recordId: string) =>
        (await as('supervisor', OF_RECORD, { recordId })).data!.approvalRequests;
      const page = await ofRecord(first.id);
      expect(page.total).toBe(1);
      expect(page.rows).toEqual([{ id: first.approvalId, status: 'PENDING', targetIds: [first.id] }]);
      expect((await ofRecord(second.id)).rows.map((row: Data) => row.id)).toEqual([second.approvalId]);
      const refused = await as('supervisor', OF_RECORD, { recordId: 'x y' });
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('another operator with the permission approves: sent once, under the maker key; the maker retry answers it', async () => {
      const { id, key, approvalId } = await held();
      const approved = (await as('supervisor', DECIDE, { id: approvalId, key: randomUUID() })).data!
        .approveRequest;
      expect(approved.outcome).toBe('SUCCESS');
      expect(approved.request).toMatchObject({
        status: 'APPROVED',
        moveOutcome: 'SUCCESS',
        canDecide: false,
      });
      const sent = await cancelsOf(id);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.headers['idempotency-key']).toBe(operatorScopedKey('operador', key));
      expect(await statusOf(id)).toBe('rejected');
      const retry = (await as('operador', CANCEL, { id, key })).data!.cancelPayment;
      expect(retry.outcome).toBe('SUCCESS');
      // A late second approval changes nothing and sends nothing.
      const late = (await as('admin', DECIDE, { id: approvalId, key: randomUUID() })).data!.approveRequest;
      expect(late.outcome).toBe('FAILED');
      expect(late.error.code).toBe('APPROVAL_NOT_PENDING');
      expect(await cancelsOf(id)).toHaveLength(1);
      const rows = (await as('admin', RECORD_ACTIVITY, { recordId: approvalId })).data!.activity.rows;
      expect(rows.map((row: Data) => [row.user, row.operation, row.result, row.code])).toContainEqual([
        'supervisor',
        'approveRequest',
        'SUCCESS',
        null,
      ]);
    });

    it('the maker may not approve or reject its own move, admins included; nor may an operator without the permission', async () => {
      const { id, approvalId } = await held('admin');
      const self = (await as('admin', DECIDE, { id: approvalId, key: randomUUID() })).data!.approveRequest;
      expect(self.error.code).toBe('SELF_APPROVAL');
      const selfReject = (
        await as('admin', REJECT, { id: approvalId, key: randomUUID(), reason: 'No corresponde' })
      ).data!.rejectRequest;
      expect(selfReject.error.code).toBe('SELF_APPROVAL');
      // tesoreria holds a money permission (withdrawals), not PAYMENT_CANCEL.
      const other = (await as('tesoreria', DECIDE, { id: approvalId, key: randomUUID() })).data!
        .approveRequest;
      expect(other.error.code).toBe('NOT_FOUND');
      // consulta holds none: refused by @auth before anything runs.
      const none = await as('consulta', DECIDE, { id: approvalId, key: randomUUID() });
      expect(none.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await cancelsOf(id)).toHaveLength(0);
    });

    it('a rejected request is never sent; the maker retry answers APPROVAL_REJECTED with the reason', async () => {
      const { id, key, approvalId } = await held();
      const rejected = (
        await as('supervisor', REJECT, { id: approvalId, key: randomUUID(), reason: 'Falta documentación' })
      ).data!.rejectRequest;
      expect(rejected.outcome).toBe('SUCCESS');
      expect(rejected.request).toMatchObject({
        status: 'REJECTED',
        rejectedBy: 'supervisor',
        rejectionReason: 'Falta documentación',
      });
      const retry = (await as('operador', CANCEL, { id, key })).data!.cancelPayment;
      expect(retry.outcome).toBe('FAILED');
      expect(retry.error.code).toBe('APPROVAL_REJECTED');
      expect(retry.error.message).toMatch(/Falta documentación/);
      const late = (await as('admin', DECIDE, { id: approvalId, key: randomUUID() })).data!.approveRequest;
      expect(late.error.code).toBe('APPROVAL_NOT_PENDING');
      expect(await cancelsOf(id)).toHaveLength(0);
    });

    it('a changed request under the held key is another request: refused, nothing sent; a new key is a new request', async () => {
      const { id, key, approvalId } = await held();
      const changed = (await as('operador', CANCEL, { id, key, reason: 'Otro motivo' })).data!.cancelPayment;
      expect(changed.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      const fresh = (await as('operador', CANCEL, { id, key: randomUUID(), reason: 'Otro motivo' })).data!
        .cancelPayment;
      expect(fresh.outcome).toBe('PENDING_APPROVAL');
      expect(fresh.approval.id).not.toBe(approvalId);
      expect(await cancelsOf(id)).toHaveLength(0);
    });

    it('two approvers deciding the same request at once: one approval stored, the move sent once', async () => {
      const { id, approvalId } = await held();
      const answers = await Promise.all(
        ['supervisor', 'admin', 'supervisor'].map(
          async (user) =>
            (await as(user, DECIDE, { id: approvalId, key: randomUUID() })).data!.approveRequest,
        ),
      );
      expect(answers.filter((answer) => answer.outcome === 'SUCCESS')).toHaveLength(1);
      expect(answers.filter((answer) => answer.error?.code === 'APPROVAL_NOT_PENDING')).toHaveLength(2);
      expect(await cancelsOf(id)).toHaveLength(1);
      expect(await statusOf(id)).toBe('rejected');
    });

    it('an approved request its replica stopped before sending is sent by the next approver, once, after a lease', async () => {
      const { id, approvalId } = await held();
      // As a replica that stored the approval and stopped before claiming the sending leaves it.
      await sql`update approval_request set status = 'APPROVED', decided_at = now() - interval '1 hour',
        approvals = '[{"username": "supervisor", "at": "2026-01-01T00:00:00Z"}]' where id = ${approvalId}::bigint`.execute(
        block.gateway.store!.current()!.db,
      );
      expect(await cancelsOf(id)).toHaveLength(0);
      const sent = (await as('admin', DECIDE, { id: approvalId, key: randomUUID() })).data!.approveRequest;
      expect(sent).toMatchObject({
        outcome: 'SUCCESS',
        request: { status: 'APPROVED', moveOutcome: 'SUCCESS' },
      });
      expect(sent.message).toMatch(/no se había enviado/);
      const again = (await as('supervisor', DECIDE, { id: approvalId, key: randomUUID() })).data!
        .approveRequest;
      expect(again.error.code).toBe('APPROVAL_NOT_PENDING');
      expect(await cancelsOf(id)).toHaveLength(1);
    });

    it('an undecided request expires: never sent, a late approval refused, the maker retry answers APPROVAL_EXPIRED', async () => {
      const { id, key, approvalId } = await held();
      // Its expiry brought a second into the past in the store, as time passing would (not to now(): PostgreSQL keeps
      // microseconds, the sweep's clock milliseconds, so within the same millisecond it was not due yet).
      await sql`update approval_request set expires_at = now() - interval '1 second' where id = ${approvalId}::bigint`.execute(
        block.gateway.store!.current()!.db,
      );
      // The replica's own sweep may come first; either way, once run() ends it is expired.
      await block.gateway.approvals!.expiry.run();
      const expired = (await as('supervisor', QUEUE, { status: 'EXPIRED' })).data!.approvalRequests.rows;
      expect(expired.map((row: { id: string }) => row.id)).toContain(approvalId);
      const late = (await as('supervisor', DECIDE, { id: approvalId, key: randomUUID() })).data!
        .approveRequest;
      expect(late.error.code).toBe('APPROVAL_NOT_PENDING');
      const retry = (await as('operador', CANCEL, { id, key })).data!.cancelPayment;
      expect(retry.error.code).toBe('APPROVAL_EXPIRED');
      expect(await cancelsOf(id)).toHaveLength(0);
      const rows = (await as('admin', RECORD_ACTIVITY, { recordId: approvalId })).data!.activity.rows;
      expect(rows).toContainEqual({
        user: null,
        operation: 'approvalExpired',
        result: 'FAILED',
        code: 'APPROVAL_EXPIRED',
      });
    });
  });
}

function parsed(rules: Array<{ action: string }>) {
  return rules.map((rule) => ({ ...rule, minAmountCents: null, dailyAmountCents: null, approvals: 1 }));
}
