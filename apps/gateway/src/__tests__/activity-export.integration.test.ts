import { verifyExportLines } from '@backoffice/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_CHAIN_SECRET } from '../config.js';
import type { RunningGateway } from '../index.js';
import { gql } from './http-helpers.js';
import type { SharedStubs } from './shared-stack.js';
import { startStoreGateway, STORES } from './store-backends.js';

/**
 * The activity's chain through the gateway: the rows it writes are stamped and sealed, each chain's head is logged as
 * a signed digest, and `/files/actividad.ndjson` exports the chained rows for a security team (ACTIVITY_SHOW: no
 * auditor's permission exists), each line verifiable offline.
 */
const REFUND = /* GraphQL */ `
  mutation Refund($id: ID!) {
    refundPayment(id: $id, reason: "Devolución pedida", idempotencyKey: "k-export-refund") {
      outcome
    }
  }
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Line = Record<string, any>;

for (const backend of STORES) {
  describe(`the activity's export on the ${backend.name} store`, () => {
    let stubs: SharedStubs;
    let gateway: RunningGateway;
    const lines: string[] = [];
    let tokenFor: (username: string) => Promise<string>;

    beforeAll(async () => {
      ({ stubs, gateway, tokenFor } = await startStoreGateway(backend, {}, lines));
      void stubs;
    });
    afterAll(async () => {
      await gateway?.close();
    });

    const download = async (user: string, query = '') =>
      fetch(`${new URL(gateway.graphqlUrl).origin}/files/actividad.ndjson${query}`, {
        headers: { authorization: `Bearer ${await tokenFor(user)}` },
      });
    const ndjson = async (answer: Response): Promise<Line[]> =>
      (await answer.text())
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Line);

    it('exports the sealed rows from a cursor with who, what, when, outcome, origin and their links', async () => {
      // Two refusals (consulta holds no PAYMENT_REFUND): rows written by the gateway, stamped, then sealed.
      for (const id of ['1000031', '1000032']) {
        const refused = await gql(gateway.graphqlUrl, REFUND, {
          token: await tokenFor('consulta'),
          variables: { id },
        });
        expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
      await gateway.activity!.flush();
      const sealed = await gateway.store!.chain.seal();
      expect(sealed?.sealed).toBeGreaterThanOrEqual(2);
      expect(sealed?.rejected).toEqual([]);

      const answer = await download('admin');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('application/x-ndjson');
      expect(answer.headers.get('content-disposition')).toContain('actividad-0.ndjson');
      const exported = await ndjson(answer);
      const refusals = exported.filter((line) => line.who?.user === 'consulta');
      expect(refusals.map((line) => line.what.recordIds)).toEqual([['1000031'], ['1000032']]);
      expect(refusals[0]).toMatchObject({
        who: { user: 'consulta', permission: null },
        what: { area: 'payments', operation: 'refundPayment', reason: 'Devolución pedida' },
        outcome: { result: 'denied', errorCode: 'FORBIDDEN' },
        origin: expect.stringMatching(/127\.0\.0\.1|::1/),
        record: { operation: 'refundPayment', username: 'consulta' },
        chain: { namespace: '', hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      });
      expect(Date.parse(refusals[0]!.when)).toBeGreaterThan(Date.now() - 10 * 60_000);
      // The file verifies offline with the secret; an edited line does not.
      expect(verifyExportLines(DEVELOPMENT_CHAIN_SECRET, exported as never)).toEqual([]);
      const edited = exported.map((line) =>
        line === refusals[0] ? { ...line, record: { ...line.record, username: 'otro' } } : line,
      );
      expect(verifyExportLines(DEVELOPMENT_CHAIN_SECRET, edited as never)).toEqual([
        expect.objectContaining({ kind: 'altered', activityId: refusals[0]!.id }),
      ]);

      // From the last line's cursor: nothing more yet; from the first one's: the rest.
      const last = exported.at(-1)!;
      expect(await ndjson(await download('admin', `?desde=${last.cursor}`))).toEqual([]);
      const rest = await ndjson(await download('admin', `?desde=${exported[0]!.cursor}`));
      expect(rest.map((line) => line.id)).toEqual(exported.slice(1).map((line) => line.id));
      expect(rest[0]?.chain.previous).toBe(exported[0]!.chain.link);

      // The whole store verifies.
      const report = await gateway.store!.current()!.verifyActivity({ secret: DEVELOPMENT_CHAIN_SECRET });
      expect(report).toMatchObject({ ok: true, problems: [] });
    });

    it('refuses the export without ACTIVITY_SHOW and a cursor that is not one', async () => {
      expect((await download('operador')).status).toBe(403);
      const bad = await download('admin', '?desde=ayer');
      expect(bad.status).toBe(400);
    });

    it("logs each chain's head as a signed digest", async () => {
      lines.length = 0;
      const digests = await gateway.store!.chain.digest();
      expect(digests.length).toBeGreaterThan(0);
      const logged = lines.map((line) => JSON.parse(line) as Line).filter((l) => l.msg === 'activity digest');
      expect(logged[0]).toMatchObject({
        namespace: '',
        seq: digests[0]!.seq,
        lastId: digests[0]!.activityId,
        link: digests[0]!.link,
        signature: digests[0]!.signature,
      });
    });
  });
}
