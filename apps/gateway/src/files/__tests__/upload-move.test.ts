import { openStore, type Store } from '@backoffice/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRow } from '../../activity/activity-writer.js';
import { createMoveJournal, MOVE_NOT_RECORDED_MESSAGE } from '../../money/journal.js';
import { createLogger } from '../../logger.js';
import { FileRefusal } from '../refusals.js';
import { beginUploadMove, type UploadMoves } from '../upload-move.js';

/**
 * An upload recorded as a money move (issue 60) on the embedded store: the intent before anything is sent, the
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

/** Begins the upload's move on the store `current` gives, its log lines into `lines`. */
function begin(current: () => Store | null, lines: string[] = []) {
  const logger = createLogger('info', (line) => lines.push(line));
  const moves: UploadMoves = {
    journal: createMoveJournal({ store: current, logger }),
    intentRow: (event) => activityRow(event, { area: 'imports', traceId: null }, new Date()),
  };
  return beginUploadMove(moves, logger, EVENT, { size: 3 });
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
