import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';
import type { RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';
import { registry } from '../telemetry/metrics.js';
import { freshTokens, gql } from './http-helpers.js';
import { startLocalGateway } from './local-gateway.js';

/**
 * Activity (issue 31): every audit event also lands in the gateway's store, the `activity` query is ACTIVITY_SHOW's
 * only, and a store gone mid-run leaves mutations working, the audit line on stdout and the drop counted. On the
 * embedded store, and on a real PostgreSQL server too when TEST_DATABASE_URL names one (.ci/run).
 */

const REAL_URL = process.env.TEST_DATABASE_URL || '';
const STORES = [
  { name: 'embedded', store: { dataDir: 'memory://' } },
  ...(REAL_URL ? [{ name: 'postgres', store: { databaseUrl: REAL_URL } }] : []),
];

const ACTIVITY = /* GraphQL */ `
  query Activity($filter: ActivityFilter) {
    activity(filter: $filter, page: 1, pageSize: 10) {
      total
      rows {
        user
        area
        operation
        recordIds
        result
        reason
        requestId
      }
    }
  }
`;
const CANCEL = /* GraphQL */ `
  mutation Cancel($id: ID!) {
    cancelPayment(id: $id, reason: "Pedido del pagador") {
      outcome
    }
  }
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

const dropped = async (reason: string): Promise<number> => {
  const metric = await registry.getSingleMetric('gateway_activity_events_dropped_total')?.get();
  return metric?.values.find((v) => v.labels.reason === reason)?.value ?? 0;
};

for (const { name, store } of STORES) {
  describe(`activity on the ${name} store`, () => {
    let stubs: SharedStubs;
    let emulator: SharedEmulator;
    let gateway: RunningGateway;
    const lines: string[] = [];
    let tokenFor: (username: string) => Promise<string>;

    beforeAll(async () => {
      ({ stubs, emulator } = await sharedStack());
      tokenFor = freshTokens((username) => emulator.accessTokenFor(username));
      gateway = await startLocalGateway(
        stubs.url,
        emulator,
        { store },
        createLogger('info', (line) => lines.push(line)),
      );
      await gateway.store!.ready();
      if (name === 'postgres') await gateway.store!.current()!.db.deleteFrom('activity').execute();
    });
    afterAll(async () => {
      await gateway?.close();
    });

    const as = async (user: string, query: string, variables: Record<string, unknown> = {}) =>
      gql<Data>(gateway.graphqlUrl, query, { token: await tokenFor(user), variables });

    it("stores an operator's action; admin reads it by record, operador is refused without a store read", async () => {
      const cancel = await as('operador', CANCEL, { id: '1000005' });
      expect(cancel.body.errors).toBeUndefined();
      await gateway.activity!.flush();

      const read = await as('admin', ACTIVITY, { filter: { recordId: '1000005' } });
      expect(read.body.errors).toBeUndefined();
      expect(read.body.data!.activity.rows).toEqual([
        expect.objectContaining({
          user: 'operador',
          area: 'payments',
          operation: 'cancelPayment',
          recordIds: ['1000005'],
          result: cancel.body.data!.cancelPayment.outcome,
          reason: 'Pedido del pagador',
        }),
      ]);

      const queryActivity = vi.spyOn(gateway.store!.current()!, 'queryActivity');
      const refused = await as('operador', ACTIVITY);
      expect(refused.body.data?.activity ?? null).toBeNull();
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(queryActivity).not.toHaveBeenCalled();
      queryActivity.mockRestore();
    });

    it('exports the filtered rows as a CSV (/files/actividad.csv); operador and a bad filter are refused', async () => {
      const csv = async (user: string, query: string) =>
        fetch(`${new URL(gateway.graphqlUrl).origin}/files/actividad.csv?${query}`, {
          headers: { authorization: `Bearer ${await tokenFor(user)}` },
        });
      const answer = await csv('admin', 'registro=1000005&accion=cancelPayment');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toContain('actividad.csv');
      const lines = (await answer.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        '"Fecha";"Operador";"Área";"Acción";"Operación";"Registros";"Resultado";"Código";"Motivo";"Traza"',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}";"operador";"payments";"Cancelar pago";"cancelPayment";"1000005";/,
      );
      expect(lines[1]).toContain('"Pedido del pagador"');
      // Another record's filter: the header only.
      const none = await csv('admin', 'registro=999');
      expect((await none.text()).trimEnd().split('\r\n')).toHaveLength(1);

      const refused = await csv('operador', 'registro=1000005');
      expect(refused.status).toBe(403);
      const inverted = await csv('admin', 'desde=2026-11-02T00:00:00Z&hasta=2026-11-01T00:00:00Z');
      expect(inverted.status).toBe(400);
      expect(((await inverted.json()) as Data).error.message).toMatch(/fecha "desde"/);
      const bad = await csv('admin', 'desde=ayer');
      expect(bad.status).toBe(400);
    });

    it('keeps each operator to their own preferences', async () => {
      const SET = `mutation($v: JSON) { setPreference(key: "payments.views", value: $v) { key value } }`;
      const GET = `{ preferences { key value } }`;
      expect((await as('operador', SET, { v: [{ name: 'Rechazados' }] })).body.errors).toBeUndefined();
      expect((await as('operador', GET)).body.data!.preferences).toEqual([
        { key: 'payments.views', value: [{ name: 'Rechazados' }] },
      ]);
      expect((await as('admin', GET)).body.data!.preferences).toEqual([]);
      const bad = await as('operador', `mutation { setPreference(key: "no vale!", value: 1) { key } }`);
      expect(bad.body.errors?.[0]?.message).toMatch(/clave de la preferencia/);
    });

    it('a store gone mid-run: the mutation works, the audit line is written, the drop is counted', async () => {
      await gateway.activity!.flush();
      const before = await dropped('store_error');
      // The store's connections are closed under the gateway: every write to it now fails.
      await gateway.store!.current()!.db.destroy();
      const cancel = await as('operador', CANCEL, { id: '1000006' });
      expect(cancel.body.errors).toBeUndefined();
      expect(cancel.body.data!.cancelPayment.outcome).toBeDefined();
      await gateway.activity!.flush();
      expect(await dropped('store_error')).toBe(before + 1);
      const audit = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === 'audit' && l.operation === 'cancelPayment');
      expect(audit.map((l) => (l.targetIds as string[])[0])).toContain('1000006');
      const unavailable = await as('admin', ACTIVITY);
      expect(unavailable.body.errors?.[0]?.message).toBeTruthy();
    });
  });
}
