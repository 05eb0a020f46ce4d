import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorScopedKey } from '../upstream/rest-client.js';
import type { RunningGateway } from '../index.js';
import { gql, RECORD_ACTIVITY } from './http-helpers.js';
import type { SharedStubs } from './shared-stack.js';
import { startStoreGateway, STORES } from './store-backends.js';

/**
 * Every money move recorded and answered truthfully, against the stubs over HTTP with real tokens: the
 * intent is in the store before the service gets the write, a retry with the same key answers what happened (also
 * after an unknown outcome whose write was made), a key belongs to its operator, and another request under a used
 * key is refused with nothing sent.
 */

const CANCEL = /* GraphQL */ `
  mutation Cancel($id: ID!, $key: String!, $reason: String! = "Pedido del pagador") {
    cancelPayment(id: $id, reason: $reason, idempotencyKey: $key) {
      payment {
        id
        status
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

const BULK_CANCEL = /* GraphQL */ `
  mutation BulkCancel($ids: [ID!], $key: String!) {
    bulkCancelPayments(ids: $ids, reason: "Pedido del pagador", idempotencyKey: $key) {
      outcome
      message
      error {
        code
        message
      }
      results {
        id
        outcome
        error {
          code
          serviceCode
          message
        }
      }
    }
  }
`;

const REFUSAL_CANCEL = /* GraphQL */ `
  mutation RefusalCancel($id: ID!, $key: String!) {
    cancelPayment(id: $id, reason: "Pedido del pagador", idempotencyKey: $key) {
      outcome
      error {
        message
        code
        serviceCode
        extendedCode
        field
      }
    }
  }
`;

/** The gateway's bound on a write here. */
const WRITE_TIMEOUT_MS = 3_000;
/** How long the service holds a write the tests look at the store during: well inside the bound. */
const IN_FLIGHT_MS = 1_000;
/** How long the service holds a write that is to end UNKNOWN and land afterwards: well past the bound. */
const LANDS_AFTER_TIMEOUT_MS = 5_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
}

for (const backend of STORES) {
  describe(`money moves on the ${backend.name} store`, () => {
    let stubs: SharedStubs;
    let gateway: RunningGateway;
    let tokenFor: (username: string) => Promise<string>;
    const lines: string[] = [];

    beforeAll(async () => {
      // A write times out soon, so that an unknown outcome is quick to make (a write slower than WRITE_TIMEOUT_MS),
      // and not so soon that a write held for IN_FLIGHT_MS (to look at the store meanwhile) outlasts it on a loaded
      // machine: held 400 ms against a 1 s bound, the last writes of a bulk came back UNKNOWN beside two suites.
      ({ stubs, gateway, tokenFor } = await startStoreGateway(
        backend,
        { mutationTimeoutMs: WRITE_TIMEOUT_MS },
        lines,
      ));
    });
    afterAll(async () => {
      await gateway?.close();
    });

    const as = async (user: string, query: string, variables: Record<string, unknown>) =>
      gql<Data>(gateway.graphqlUrl, query, { token: await tokenFor(user), variables });

    const writes = async (): Promise<Recorded[]> =>
      ((await (await fetch(`${stubs.url}/__admin/requests?service=payment`)).json()) as Recorded[]).filter(
        (r) => r.method !== 'GET',
      );

    /** The next cancel of `id` refused by the service with `code` (409 on_hold unless said). */
    const failCancel = (id: string, extendedCode: string, status = 409, code = 'on_hold') =>
      fetch(`${stubs.url}/__admin/failures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          service: 'payment',
          operation: 'cancelar',
          ids: [id],
          status,
          code,
          extended_code: extendedCode,
          message: 'No se puede cancelar.',
        }),
      });

    /** Payments the stubs would cancel now, not used by another test of this file. */
    const taken = new Set<string>();
    async function cancellable(count: number): Promise<string[]> {
      const filters = encodeURIComponent(
        JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
      );
      const page = (await (
        await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=1000`)
      ).json()) as { rows: Array<{ id: string | number }> };
      const ids = page.rows.map((row) => String(row.id)).filter((id) => !taken.has(id));
      expect(ids.length).toBeGreaterThanOrEqual(count);
      const chosen = ids.slice(0, count);
      chosen.forEach((id) => taken.add(id));
      return chosen;
    }

    const statusOf = async (id: string): Promise<string> =>
      ((await (await fetch(`${stubs.url}/payment/pagos/${id}`)).json()) as { status: string }).status;

    const slowWrites = (latencyMs: number) =>
      fetch(`${stubs.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'payment', method: 'POST', latencyMs }),
      });
    const noFaults = () => fetch(`${stubs.url}/__admin/faults`, { method: 'DELETE' });

    /** The record's rows in the store, with their state (pending / done). */
    const movesOf = async (id: string) =>
      (await gateway.store!.current()!.queryActivity({ filter: { recordId: id }, page: 1, pageSize: 10 }))
        .rows;

    it('stores the intent before the service gets the write: the row is pending while the write is in flight', async () => {
      const [id] = await cancellable(1);
      await slowWrites(IN_FLIGHT_MS);
      try {
        const answer = as('operador', CANCEL, { id, key: randomUUID() });
        // While the service holds the write, the store already has the move, pending.
        await expect.poll(async () => (await writes()).some((w) => w.path.includes(`/${id!}/`))).toBe(true);
        expect(await movesOf(id!)).toEqual([
          expect.objectContaining({ result: 'pending', state: 'pending', username: 'operador' }),
        ]);
        expect((await answer).body.data!.cancelPayment.outcome).toBe('SUCCESS');
      } finally {
        await noFaults();
      }
      // Completed before the answer left.
      expect(await movesOf(id!)).toEqual([expect.objectContaining({ result: 'success', state: 'done' })]);
      // One line for the intent, one for the outcome.
      const audit = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === 'audit' && (l.targetIds as string[] | undefined)?.includes(id!));
      expect(audit.map((l) => l.result)).toEqual(['pending', 'success']);
    });

    it('a retry with the same key answers the first outcome, the payment with it, and sends nothing again; other arguments are refused', async () => {
      const [id, other] = await cancellable(2);
      const key = randomUUID();
      const first = await as('operador', CANCEL, { id, key });
      expect(first.body.data!.cancelPayment).toMatchObject({ outcome: 'SUCCESS' });
      const sent = (await writes()).length;

      const again = await as('operador', CANCEL, { id, key });
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data!.cancelPayment).toEqual(first.body.data!.cancelPayment);
      expect((await writes()).length).toBe(sent);

      for (const variables of [
        { id: other, key },
        { id, key, reason: 'Otro motivo' },
      ]) {
        const refused = await as('operador', CANCEL, variables);
        expect(refused.body.data!.cancelPayment).toMatchObject({
          outcome: 'FAILED',
          error: {
            code: 'IDEMPOTENCY_KEY_REUSED',
            message: expect.stringMatching(/^La clave de idempotencia ya se usó/),
          },
        });
      }
      expect((await writes()).length).toBe(sent);
      expect(await statusOf(other!)).not.toBe('rejected');
      // The activity holds the one move, as it ended.
      const rows = (await as('admin', RECORD_ACTIVITY, { recordId: id })).body.data!.activity.rows as Data[];
      expect(rows.filter((r) => r.operation === 'cancelPayment' && r.result === 'SUCCESS')).toHaveLength(1);
    });

    it("a key is its operator's: another operator's same key and arguments get their own answer, never the first one's", async () => {
      const [id] = await cancellable(1);
      const key = randomUUID();
      expect((await as('operador', CANCEL, { id, key })).body.data!.cancelPayment.outcome).toBe('SUCCESS');
      const [write] = (await writes()).filter((w) => w.path.includes(`/${id!}/`));
      // The service gets the key scoped to the operator, so another operator's same key is another request there.
      expect(write!.headers['idempotency-key']).toBe(operatorScopedKey('operador', key));

      const other = await as('admin', CANCEL, { id, key });
      expect(other.body.data!.cancelPayment).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'ACTION_NOT_ALLOWED' },
      });
      // The refusal sent nothing: written by the activity's batches, not as a move.
      await gateway.activity!.flush();
      const rows = (await as('admin', RECORD_ACTIVITY, { recordId: id })).body.data!.activity.rows as Data[];
      expect(rows.filter((r) => r.user === 'admin').map((r) => r.result)).toEqual(['FAILED']);
      expect(rows.filter((r) => r.user === 'operador').map((r) => r.result)).toEqual(['SUCCESS']);
    });

    it('after an unknown outcome whose write was made, a retry with the same key answers SUCCESS (the service replays it)', async () => {
      const [id] = await cancellable(1);
      const key = randomUUID();
      // The service answers after the gateway gave up: the write lands, the operator is told "desconocido".
      await slowWrites(LANDS_AFTER_TIMEOUT_MS);
      try {
        const unknown = await as('operador', CANCEL, { id, key });
        expect(unknown.body.data!.cancelPayment.outcome).toBe('UNKNOWN');
        // The platform's cancelled payment: rejected, cancelled_by_backoffice.
        await expect.poll(() => statusOf(id!), { timeout: 15_000 }).toBe('rejected');
      } finally {
        await noFaults();
      }
      const sent = (await writes()).length;
      // The gateway's own rule would refuse it now (cancelled): the retry resends under the same key instead, and
      // the service answers what it did.
      const retry = await as('operador', CANCEL, { id, key });
      expect(retry.body.data!.cancelPayment).toMatchObject({ outcome: 'SUCCESS', error: null });
      expect((await writes()).length).toBe(sent + 1);
      const rows = (await as('admin', RECORD_ACTIVITY, { recordId: id })).body.data!.activity.rows as Data[];
      expect(rows.filter((r) => r.operation === 'cancelPayment').map((r) => r.result)).toEqual(['SUCCESS']);
    });

    it('a bulk retried with the same key answers each item as it ended, and runs no item twice', async () => {
      const ids = await cancellable(4);
      const key = randomUUID();
      const first = await as('operador', BULK_CANCEL, { ids, key });
      const results = first.body.data!.bulkCancelPayments.results as Data[];
      expect(results.map((r) => r.outcome)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
      const sent = (await writes()).length;
      const again = await as('operador', BULK_CANCEL, { ids, key });
      expect((again.body.data!.bulkCancelPayments.results as Data[]).map((r) => [r.id, r.outcome])).toEqual(
        ids.map((id) => [id, 'SUCCESS']),
      );
      expect((await writes()).length).toBe(sent);
    });

    it('a bulk retried with the same key and some of its items answers those as they ended; an item it did not have is another request', async () => {
      const ids = await cancellable(3);
      const key = randomUUID();
      await fetch(`${stubs.url}/__admin/failures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          service: 'payment',
          operation: 'cancelar',
          ids: [ids[1]],
          status: 409,
          code: 'invalid_status',
          extended_code: 'payment_not_cancellable',
          message: 'No se puede cancelar.',
        }),
      });
      const first = await as('operador', BULK_CANCEL, { ids, key });
      expect((first.body.data!.bulkCancelPayments.results as Data[]).map((r) => r.outcome)).toEqual([
        'SUCCESS',
        'FAILED',
        'SUCCESS',
      ]);
      await fetch(`${stubs.url}/__admin/failures`, { method: 'DELETE' });
      const sent = (await writes()).length;
      // 'Reintentar fallidos' under the same key: the refusal as it was (a new key makes a new request).
      const again = await as('operador', BULK_CANCEL, { ids: [ids[1]], key });
      expect(again.body.data!.bulkCancelPayments.results).toEqual([
        expect.objectContaining({
          id: ids[1],
          outcome: 'FAILED',
          error: expect.objectContaining({ code: 'INVALID_STATE', serviceCode: 'invalid_status' }),
        }),
      ]);
      expect((await writes()).length).toBe(sent);
      const [other] = await cancellable(1);
      const refused = await as('operador', BULK_CANCEL, { ids: [ids[0], other], key });
      expect((refused.body.data!.bulkCancelPayments.results as Data[]).map((r) => r.error.code)).toEqual([
        'IDEMPOTENCY_KEY_REUSED',
        'IDEMPOTENCY_KEY_REUSED',
      ]);
      const fresh = await as('operador', BULK_CANCEL, { ids: [ids[1]], key: randomUUID() });
      expect((fresh.body.data!.bulkCancelPayments.results as Data[])[0]!.outcome).toBe('SUCCESS');
    });

    it('a bulk answers a payload implementing OperationResult: its outcome made of its items, its refusals by enum', async () => {
      const ids = await cancellable(2);
      await failCancel(ids[1]!, 'payment_in_dispute_hold');
      try {
        const answer = await as('operador', BULK_CANCEL, { ids, key: randomUUID() });
        expect(answer.body.errors).toBeUndefined();
        expect(answer.body.data!.bulkCancelPayments).toMatchObject({
          outcome: 'FAILED',
          error: null,
          message: null,
          results: [
            { id: ids[0], outcome: 'SUCCESS', error: null },
            // A code the enum does not name is UPSTREAM_REFUSED, the service's own kept beside it.
            { id: ids[1], outcome: 'FAILED', error: { code: 'UPSTREAM_REFUSED', serviceCode: 'on_hold' } },
          ],
        });
      } finally {
        await fetch(`${stubs.url}/__admin/failures`, { method: 'DELETE' });
      }
      const [other] = await cancellable(1);
      const done = await as('operador', BULK_CANCEL, { ids: [other], key: randomUUID() });
      expect(done.body.data!.bulkCancelPayments).toMatchObject({
        outcome: 'SUCCESS',
        error: null,
        message: 'Se procesaron 1 elemento correctamente.',
      });
      // Refused as a whole (an invalid id): the payload says so with the argument's path, no item, nothing sent.
      const sent = (await writes()).length;
      const invalid = await as('operador', BULK_CANCEL, { ids: [other, 'a b'], key: randomUUID() });
      expect(invalid.body.errors).toBeUndefined();
      expect(invalid.body.data!.bulkCancelPayments).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'INVALID_INPUT' },
        results: [],
      });
      expect((await writes()).length).toBe(sent);
    });

    it('replays an answer stored in the 1.0.0 shape (a string code, a bulk without an outcome of its own) in the 2.0.0 shape', async () => {
      const [single, ...items] = await cancellable(3);
      const key = randomUUID();
      const first = await as('operador', CANCEL, { id: single, key });
      expect(first.body.data!.cancelPayment.outcome).toBe('SUCCESS');
      const bulkKey = randomUUID();
      const bulk = await as('operador', BULK_CANCEL, { ids: items, key: bulkKey });
      expect(bulk.body.data!.bulkCancelPayments.outcome).toBe('SUCCESS');
      // The answers as a 1.0.0 gateway stored them: codes as strings, a bulk's payload with its results only.
      const db = gateway.store!.current()!.db;
      const oldError = {
        message: 'No se encontró el pago. - payment_not_found',
        code: 'not_found',
        extendedCode: 'payment_not_found',
      };
      await db
        .updateTable('activity')
        .set({
          answer: JSON.stringify({
            outcome: 'SUCCESS',
            message: 'El pago se canceló correctamente.',
            error: null,
          }),
        })
        .where('idempotency_key', '=', key)
        .execute();
      await db
        .updateTable('activity')
        .set({
          answer: JSON.stringify({
            results: [
              { id: items[0], outcome: 'SUCCESS', error: null },
              { id: items[1], outcome: 'SUCCESS', error: null },
            ],
          }),
        })
        .where('idempotency_key', '=', bulkKey)
        .execute();
      const sent = (await writes()).length;
      const again = await as('operador', CANCEL, { id: single, key });
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data!.cancelPayment).toMatchObject({ outcome: 'SUCCESS', error: null });
      const bulkAgain = await as('operador', BULK_CANCEL, { ids: items, key: bulkKey });
      expect(bulkAgain.body.errors).toBeUndefined();
      expect(bulkAgain.body.data!.bulkCancelPayments).toMatchObject({
        outcome: 'SUCCESS',
        error: null,
        results: items.map((id) => ({ id, outcome: 'SUCCESS' })),
      });
      expect((await writes()).length).toBe(sent);
      // A refusal stored with 1.0.0's lower-case code: the enum's value, the service's code beside it.
      const refusedKey = randomUUID();
      const [refusedId] = await cancellable(1);
      await failCancel(refusedId!, 'payment_not_found', 404, 'not_found');
      try {
        await as('operador', CANCEL, { id: refusedId, key: refusedKey });
      } finally {
        await fetch(`${stubs.url}/__admin/failures`, { method: 'DELETE' });
      }
      await db
        .updateTable('activity')
        .set({ answer: JSON.stringify({ outcome: 'FAILED', message: null, error: oldError }) })
        .where('idempotency_key', '=', refusedKey)
        .execute();
      const replayed = await as('operador', REFUSAL_CANCEL, { id: refusedId, key: refusedKey });
      expect(replayed.body.errors).toBeUndefined();
      expect(replayed.body.data!.cancelPayment).toEqual({
        outcome: 'FAILED',
        error: { ...oldError, code: 'NOT_FOUND', serviceCode: 'not_found', field: null },
      });
    });

    it('a write keyed since 2.0.0 (a change of payment method) sends its key to the service and replays on a retry', async () => {
      const [id] = await cancellable(1);
      const key = randomUUID();
      const CHANGE = `mutation($id: ID!, $key: String!, $input: PaymentMethodChangeInput!) {
        changePaymentMethod(id: $id, input: $input, idempotencyKey: $key) { outcome error { code } } }`;
      const input = {
        kind: 'CARD',
        number: '4507990000004905',
        expiration: '12/2099',
        holder: { name: 'Ana', identification: { number: '28456789' } },
      };
      const before = (await writes()).length;
      const first = await as('operador', CHANGE, { id, key, input });
      expect(first.body.data!.changePaymentMethod).toEqual({ outcome: 'SUCCESS', error: null });
      const sent = await writes();
      expect(sent.length).toBe(before + 1);
      expect(sent.at(-1)!.headers['idempotency-key']).toBe(operatorScopedKey('operador', key));
      const again = await as('operador', CHANGE, { id, key, input });
      expect(again.body.data!.changePaymentMethod).toEqual({ outcome: 'SUCCESS', error: null });
      expect((await writes()).length).toBe(before + 1);
      const other = await as('operador', CHANGE, { id, key, input: { ...input, expiration: '11/2099' } });
      expect(other.body.data!.changePaymentMethod).toEqual({
        outcome: 'FAILED',
        error: { code: 'IDEMPOTENCY_KEY_REUSED' },
      });
    });

    it('a bulk over the filter stores the items it found in its intent before its first write', async () => {
      const filter = { collectorId: '10002', status: 'ISSUED' };
      const total = (
        await as('operador', 'query($f: PaymentFilter) { payments(filter: $f) { total } }', { f: filter })
      ).body.data!.payments.total as number;
      expect(total).toBeGreaterThan(1);
      const before = (await writes()).length;
      await slowWrites(IN_FLIGHT_MS);
      try {
        const MATCHING = `mutation($m: PaymentsMatching, $key: String!) {
          bulkCancelPayments(matching: $m, reason: "Cierre", idempotencyKey: $key) { results { id outcome } } }`;
        const answer = as('operador', MATCHING, { m: { filter, expectedCount: total }, key: randomUUID() });
        await expect.poll(async () => (await writes()).length, { interval: 20 }).toBeGreaterThan(before);
        const [row] = (
          await gateway.store!.current()!.queryActivity({
            filter: { operation: 'bulkCancelPayments', user: 'operador' },
            page: 1,
            pageSize: 1,
          })
        ).rows;
        expect(row).toMatchObject({ state: 'pending' });
        expect(row!.items).toHaveLength(total);
        const results = (await answer).body.data!.bulkCancelPayments.results as Data[];
        expect(results.map((r) => r.outcome)).toEqual(results.map(() => 'SUCCESS'));
      } finally {
        await noFaults();
      }
    });

    const UPDATE_AMOUNT = /* GraphQL */ `
      mutation Amount($id: ID!, $amount: Decimal!, $key: String!, $version: Int) {
        updateSubscriptionAmount(id: $id, amount: $amount, idempotencyKey: $key, expectedVersion: $version) {
          outcome
          error {
            code
          }
          subscription {
            version
            amount
          }
        }
      }
    `;

    /** A subscription whose amount may be changed now, not used by another test of this file. */
    async function amendableSubscription(): Promise<{ id: string; version: number }> {
      const page = await as(
        'admin',
        `{ subscriptions(page: 1, pageSize: 100) { rows { id version actions { kind enabled } } } }`,
        {},
      );
      const rows = page.body.data!.subscriptions.rows as Data[];
      const row = rows.find(
        (r) =>
          !taken.has(`s${r.id}`) &&
          (r.actions as Data[]).some((a) => a.kind === 'UPDATE_AMOUNT' && a.enabled),
      );
      expect(row).toBeDefined();
      taken.add(`s${row!.id}`);
      return { id: String(row!.id), version: Number(row!.version) };
    }

    const subscriptionWrites = async (id: string): Promise<Recorded[]> =>
      (
        (await (await fetch(`${stubs.url}/__admin/requests?service=subscription`)).json()) as Recorded[]
      ).filter((r) => r.method !== 'GET' && r.path.includes(`/${id}/`));

    it("a retry after an unknown outcome never writes over another operator's later change: the record is checked again", async () => {
      const { id, version } = await amendableSubscription();
      const key = randomUUID();
      // The next amount change answers 504 before the service applies it: the operator is told "desconocido".
      await fetch(`${stubs.url}/__admin/failures`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          service: 'subscription',
          method: 'PUT',
          path: `/subscription/suscripciones/${id}/importe`,
          status: 504,
          code: 'gateway_timeout',
          times: 1,
        }),
      });
      const mine = { id, amount: '1111.11', key, version };
      expect((await as('operador', UPDATE_AMOUNT, mine)).body.data!.updateSubscriptionAmount.outcome).toBe(
        'UNKNOWN',
      );
      // Another operator then sets the amount, on the version both saw.
      const theirs = await as('admin', UPDATE_AMOUNT, { id, amount: '2222.22', key: randomUUID(), version });
      expect(theirs.body.data!.updateSubscriptionAmount).toMatchObject({ outcome: 'SUCCESS' });
      const sent = (await subscriptionWrites(id)).length;
      // The first operator's retry, same key and version: refused, nothing sent, the other amount kept.
      const retry = await as('operador', UPDATE_AMOUNT, mine);
      expect(retry.body.data!.updateSubscriptionAmount).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'VERSION_CONFLICT' },
      });
      expect((await subscriptionWrites(id)).length).toBe(sent);
      const now = await as('admin', `query($id: ID!) { subscription(id: $id) { amount } }`, { id });
      expect(now.body.data!.subscription.amount).toBe('2222.22');
      // The record still says what the first send was: unknown (the retry sent nothing to learn more).
      const [row] = (
        await gateway.store!.current()!.queryActivity({
          filter: { operation: 'updateSubscriptionAmount', user: 'operador' },
          page: 1,
          pageSize: 1,
        })
      ).rows;
      expect(row).toMatchObject({ result: 'unknown', state: 'done' });
      // Another version under the same key is another request.
      const moved = await as('operador', UPDATE_AMOUNT, { ...mine, version: version + 1 });
      expect(moved.body.data!.updateSubscriptionAmount.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await subscriptionWrites(id)).length).toBe(sent);
    });

    it('a retry of an unknown outcome that the service applied, on the version confirmed then, answers SUCCESS', async () => {
      const { id, version } = await amendableSubscription();
      const key = randomUUID();
      await fetch(`${stubs.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'subscription', method: 'PUT', latencyMs: LANDS_AFTER_TIMEOUT_MS }),
      });
      const mine = { id, amount: '3333.33', key, version };
      try {
        expect((await as('operador', UPDATE_AMOUNT, mine)).body.data!.updateSubscriptionAmount.outcome).toBe(
          'UNKNOWN',
        );
        await expect
          .poll(async () => (await subscriptionWrites(id)).length, { timeout: 15_000 })
          .toBeGreaterThan(0);
      } finally {
        await noFaults();
      }
      // The record changed (its version), by this very write: it shows the amount asked, so the key answers it.
      await expect
        .poll(
          async () =>
            (await as('admin', `query($id: ID!) { subscription(id: $id) { amount } }`, { id })).body.data!
              .subscription.amount,
          { timeout: 15_000 },
        )
        .toBe('3333.33');
      const retry = await as('operador', UPDATE_AMOUNT, mine);
      expect(retry.body.data!.updateSubscriptionAmount).toMatchObject({ outcome: 'SUCCESS', error: null });
    });

    it('a key stands for one selection: the same key over another filter is refused and sends nothing', async () => {
      const MATCHING = `mutation($m: PaymentsMatching, $key: String!) {
        bulkCancelPayments(matching: $m, reason: "Cierre", idempotencyKey: $key) {
          outcome error { code } results { id outcome } } }`;
      const count = async (filter: Data) =>
        (await as('operador', 'query($f: PaymentFilter) { payments(filter: $f) { total } }', { f: filter }))
          .body.data!.payments.total as number;
      // Two collectors with pending payments, that no other test of this file cancels (10002's are).
      const filters = encodeURIComponent(
        JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending'] }]),
      );
      const pending = (await (
        await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=1000`)
      ).json()) as {
        rows: Array<{ id: string | number; collector_id: string }>;
      };
      const [collectorA, collectorB] = [
        ...new Set(pending.rows.filter((r) => !taken.has(String(r.id))).map((r) => String(r.collector_id))),
      ].filter((c) => c !== '10002');
      for (const row of pending.rows) {
        if ([collectorA, collectorB].includes(String(row.collector_id))) taken.add(String(row.id));
      }
      const a = { collectorId: collectorA, status: 'PENDING' };
      const b = { collectorId: collectorB, status: 'PENDING' };
      const [totalA, totalB] = [await count(a), await count(b)];
      expect(totalA).toBeGreaterThan(0);
      expect(totalB).toBeGreaterThan(0);
      const key = randomUUID();
      const first = await as('operador', MATCHING, { m: { filter: a, expectedCount: totalA }, key });
      expect(first.body.data!.bulkCancelPayments.results).toHaveLength(totalA);
      const sent = (await writes()).length;
      const other = await as('operador', MATCHING, { m: { filter: b, expectedCount: totalB }, key });
      expect(other.body.data!.bulkCancelPayments).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'IDEMPOTENCY_KEY_REUSED' },
        results: [],
      });
      expect((await writes()).length).toBe(sent);
      expect(await count(b)).toBe(totalB);
      // The same selection again answers the first run's items.
      const again = await as('operador', MATCHING, { m: { filter: a, expectedCount: totalA }, key });
      expect(again.body.data!.bulkCancelPayments.results).toEqual(
        first.body.data!.bulkCancelPayments.results,
      );
      expect((await writes()).length).toBe(sent);
    });

    it('a key first used on a refusal made before sending answers that refusal again, and nothing else', async () => {
      const [done, open] = await cancellable(2);
      expect(
        (await as('operador', CANCEL, { id: done, key: randomUUID() })).body.data!.cancelPayment.outcome,
      ).toBe('SUCCESS');
      const key = randomUUID();
      const refused = await as('operador', CANCEL, { id: done, key });
      expect(refused.body.data!.cancelPayment).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'ACTION_NOT_ALLOWED' },
      });
      const sent = (await writes()).length;
      expect((await as('operador', CANCEL, { id: done, key })).body.data!.cancelPayment).toEqual(
        refused.body.data!.cancelPayment,
      );
      const reused = await as('operador', CANCEL, { id: open, key });
      expect(reused.body.data!.cancelPayment.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await writes()).length).toBe(sent);
      expect(await statusOf(open!)).not.toBe('rejected');
    });

    it('a key first used on a refusal that may pass (a read that failed) runs again under that key once it can', async () => {
      const [id] = await cancellable(1);
      const key = randomUUID();
      await fetch(`${stubs.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'payment', method: 'GET', errorRate: 1 }),
      });
      let refused;
      try {
        refused = (await as('operador', CANCEL, { id, key })).body.data!.cancelPayment;
      } finally {
        await noFaults();
      }
      expect(refused).toMatchObject({ outcome: 'FAILED' });
      expect((await writes()).some((w) => w.path.includes(`/${id!}/`))).toBe(false);
      const retry = await as('operador', CANCEL, { id, key });
      expect(retry.body.data!.cancelPayment).toMatchObject({ outcome: 'SUCCESS' });
      expect(await statusOf(id!)).toBe('rejected');
    });

    it('a bulk refused as a whole is recorded FAILED, and its retry is answered from the record', async () => {
      const DELETE_BINS = `mutation($ids: [ID!]!, $key: String!) {
        deleteCardBins(ids: $ids, idempotencyKey: $key) { outcome error { code } } }`;
      const key = randomUUID();
      const first = await as('impuestos', DELETE_BINS, { ids: ['999999'], key });
      expect(first.body.data!.deleteCardBins).toMatchObject({
        outcome: 'FAILED',
        error: { code: 'NOT_FOUND' },
      });
      const binWrites = async () =>
        ((await (await fetch(`${stubs.url}/__admin/requests?service=bin`)).json()) as Recorded[]).filter(
          (r) => r.method !== 'GET',
        ).length;
      const sent = await binWrites();
      const again = await as('impuestos', DELETE_BINS, { ids: ['999999'], key });
      expect(again.body.data!.deleteCardBins).toEqual(first.body.data!.deleteCardBins);
      expect(await binWrites()).toBe(sent);
      const [row] = (
        await gateway.store!.current()!.queryActivity({
          filter: { operation: 'deleteCardBins', user: 'impuestos' },
          page: 1,
          pageSize: 1,
        })
      ).rows;
      expect(row).toMatchObject({ result: 'failed', state: 'done' });
    });
  });
}
