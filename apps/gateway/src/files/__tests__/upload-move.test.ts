import { openStore, type Store } from '@backoffice/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRow } from '../../activity/activity-writer.js';
import { createMoveJournal, MOVE_NOT_RECORDED_MESSAGE } from '../../money/journal.js';
import { createLogger } from '../../logger.js';
import { FileRefusal } from '../refusals.js';
import { beginUploadMove, type UploadMove, type UploadMoves } from '../upload-move.js';

/**
 * An upload recorded as a money move on the embedded store: the intent before anything is sent, the
 * outcome as the service's answer says, an upload the store cannot record refused.
 */
let store: Store;
beforeAll(async () => {
  store = await openStore();
});
afterAll(async () => {
  await store?.close();
});

const EVENT = {
  event: 'audit' as const,
  user: 'tesoreria',
  permissionUsed: 'IMPORT_REQUEST',
  operation: 'POST /files/importaciones',
  operationName: null,
  targetIds: ['10001'],
  reason: null,
  requestId: 'req-upload',
};

/** The upload moves of the store `current` gives, logging into `lines`. */
function movesOf(current: () => Store | null, lines: string[]) {
  const logger = createLogger('info', (line) => lines.push(line));
  const moves: UploadMoves = {
    journal: createMoveJournal({ store: current, logger }),
    intentRow: (event) => activityRow(event, { area: 'imports', traceId: null }, new Date()),
  };
  return { logger, moves };
}

/** Begins the upload's move on the store `current` gives, its log lines into `lines`. */
async function begin(current: () => Store | null, lines: string[] = []): Promise<UploadMove> {
  const { logger, moves } = movesOf(current, lines);
  const begun = await beginUploadMove(moves, logger, EVENT, { size: 3 });
  if ('replay' in begun) throw new Error('an upload without a key is never a replay');
  return begun;
}

const rowOf = (id: string) =>
  store.db
    .selectFrom('activity')
    .select(['username', 'area', 'operation', 'target_ids', 'result', 'error_code', 'state'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('an upload as a move', () => {
  it("is 'pending' in the store, with its audit line, before anything is sent; its outcome closes it", async () => {
    const lines: string[] = [];
    const move = await begin(() => store, lines);
    expect(await rowOf(move.id)).toMatchObject({
      username: 'tesoreria',
      area: 'imports',
      operation: 'POST /files/importaciones',
      result: 'pending',
      state: 'pending',
    });
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ msg: 'audit', result: 'pending', moveId: move.id, user: 'tesoreria' }),
    );
    await move.complete('success', null, 201);
    expect(await rowOf(move.id)).toMatchObject({ result: 'success', error_code: null, state: 'done' });
  });

  it('an unknown outcome stays unknown, with its code', async () => {
    const move = await begin(() => store);
    await move.complete('unknown', 'UPSTREAM_ERROR', 502);
    expect(await rowOf(move.id)).toMatchObject({
      result: 'unknown',
      error_code: 'UPSTREAM_ERROR',
      state: 'done',
    });
  });

  it('with a key, stands for one upload: the same one answered from the record, another refused, one in flight too', async () => {
    const { logger, moves } = movesOf(() => store, []);
    const file = { name: 'pagos.csv', size: 3, sha256: 'a' };
    const first = await beginUploadMove(moves, logger, EVENT, { file }, 'suite-upload', 'clave-subida-1');
    if ('replay' in first) throw new Error('a first upload is no replay');
    // In flight: the same key is refused, nothing sent twice.
    await expect(
      beginUploadMove(moves, logger, EVENT, { file }, 'suite-upload', 'clave-subida-1'),
    ).rejects.toMatchObject({ status: 409, code: 'MOVE_IN_PROGRESS' });
    await first.complete('success', null, 201, { id: 77, estado: 'pendiente' });
    expect(await beginUploadMove(moves, logger, EVENT, { file }, 'suite-upload', 'clave-subida-1')).toEqual({
      replay: true,
      status: 201,
      body: { id: 77, estado: 'pendiente' },
      result: 'success',
    });
    const other = { ...file, sha256: 'b' };
    await expect(
      beginUploadMove(moves, logger, EVENT, { file: other }, 'suite-upload', 'clave-subida-1'),
    ).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
    // Its row is in the request's namespace.
    expect(await store.findMove('tesoreria', 'clave-subida-1', 'suite-upload')).toMatchObject({
      result: 'success',
    });
    expect(await store.findMove('tesoreria', 'clave-subida-1')).toBeNull();
  });

  it('refuses the upload in Spanish when the store cannot take its intent: nothing is sent', async () => {
    const refused = await begin(() => null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FileRefusal);
    expect(refused).toMatchObject({
      status: 503,
      code: 'STORE_UNAVAILABLE',
      message: MOVE_NOT_RECORDED_MESSAGE,
    });
  });
});
