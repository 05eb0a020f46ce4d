import { describe, expect, it } from 'vitest';
import { UpstreamContractError, UpstreamError, UpstreamUnavailable } from '../../upstream/errors.js';
import { notFoundFailure, versionConflict } from '../../upstream/outcome.js';
import { runAction } from '../run-action.js';
import { emptyMoveSlot } from '../../money/scope.js';

/** A request running no money move. */
const NO_MOVE = { moveSlot: emptyMoveSlot() };

interface Doc {
  id: string;
  open: boolean;
}

const NOT_FOUND = notFoundFailure('payment', 'payment_not_found');
const allowIfOpen = (doc: Doc) =>
  doc.open
    ? { enabled: true, permitted: true, reason: null }
    : { enabled: false, permitted: true, reason: 'Está cerrado.' };

describe('runAction', () => {
  it('reads, checks the rule, writes once and returns the answer', async () => {
    let writes = 0;
    const result = await runAction(NO_MOVE, {
      load: async () => ({ id: '1', open: true }),
      notFound: NOT_FOUND,
      decide: allowIfOpen,
      write: async (doc) => {
        writes++;
        return `${doc.id} written`;
      },
    });
    expect(result).toEqual({ ok: true, before: { id: '1', open: true }, answer: '1 written' });
    expect(writes).toBe(1);
  });

  it('a missing document is not found, without writing', async () => {
    const result = await runAction<Doc, string>(NO_MOVE, {
      load: async () => null,
      notFound: NOT_FOUND,
      decide: allowIfOpen,
      write: () => Promise.reject(new Error('must not write')),
    });
    expect(result).toEqual({ ok: false, failure: NOT_FOUND, doc: null });
  });

  it('a failed read is FAILED (never UNKNOWN: nothing was written)', async () => {
    const result = await runAction<Doc, string>(NO_MOVE, {
      load: () => Promise.reject(new UpstreamUnavailable('payment', 'GET', '/pagos/1', new Error('reset'))),
      notFound: NOT_FOUND,
      decide: allowIfOpen,
      write: () => Promise.reject(new Error('must not write')),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.failure.outcome).toBe('FAILED');
  });

  it("a refused rule is FAILED with the rule's reason and shows the document", async () => {
    const doc = { id: '1', open: false };
    const result = await runAction<Doc, string>(NO_MOVE, {
      load: async () => doc,
      notFound: NOT_FOUND,
      decide: allowIfOpen,
      write: () => Promise.reject(new Error('must not write')),
    });
    expect(result).toEqual({
      ok: false,
      failure: {
        outcome: 'FAILED',
        error: { message: 'Está cerrado.', code: 'ACTION_NOT_ALLOWED', extendedCode: null },
      },
      doc,
    });
  });

  it('classifies a failed write and calls onWriteFailure: FAILED keeps the document, UNKNOWN drops it', async () => {
    const doc = { id: '1', open: true };
    let forgotten = 0;
    const base = {
      load: async () => doc,
      notFound: NOT_FOUND,
      decide: allowIfOpen,
      onWriteFailure: () => forgotten++,
    };
    const refused = await runAction<Doc, string>(NO_MOVE, {
      ...base,
      write: () =>
        Promise.reject(new UpstreamError('payment', 409, 'invalid_status', 'payment_not_cancellable')),
    });
    expect(refused).toMatchObject({ ok: false, failure: { outcome: 'FAILED' }, doc });
    const unknown = await runAction<Doc, string>(NO_MOVE, {
      ...base,
      write: () => Promise.reject(new UpstreamContractError('answer without id')),
    });
    expect(unknown).toMatchObject({ ok: false, failure: { outcome: 'UNKNOWN' }, doc: null });
    expect(forgotten).toBe(2);
  });

  it('rethrows a defect (not an upstream failure)', async () => {
    await expect(
      runAction<Doc, string>(NO_MOVE, {
        load: async () => ({ id: '1', open: true }),
        notFound: NOT_FOUND,
        decide: allowIfOpen,
        write: () => Promise.reject(new TypeError('bug')),
      }),
    ).rejects.toThrow('bug');
  });

  it('a document whose version is not the one the operator acted on is VERSION_CONFLICT, without writing', async () => {
    const doc = { id: '1', open: true, version: 4 };
    const run = (expectedVersion: number | null) =>
      runAction<Doc & { version: number }, string>(NO_MOVE, {
        load: async () => doc,
        notFound: NOT_FOUND,
        decide: allowIfOpen,
        expectedVersion,
        versionOf: (d) => d.version,
        write: async () => 'written',
      });
    const stale = await run(3);
    expect(stale).toEqual({ ok: false, failure: versionConflict(), doc });
    expect(!stale.ok && stale.failure.error.code).toBe('VERSION_CONFLICT');
    // The version shown, or none said: the action runs.
    expect(await run(4)).toMatchObject({ ok: true, answer: 'written' });
    expect(await run(null)).toMatchObject({ ok: true, answer: 'written' });
  });

  it('a version conflict comes before the rule: the refusal says the record changed, not its new state', async () => {
    const doc = { id: '1', open: false, version: 5 };
    const result = await runAction<Doc & { version: number }, string>(NO_MOVE, {
      load: async () => doc,
      notFound: NOT_FOUND,
      decide: allowIfOpen,
      expectedVersion: 4,
      versionOf: (d) => d.version,
      write: () => Promise.reject(new Error('must not write')),
    });
    expect(!result.ok && result.failure.error.code).toBe('VERSION_CONFLICT');
  });
});
