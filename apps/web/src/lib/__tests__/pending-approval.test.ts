import { describe, expect, it } from 'vitest';
import { ACTIVITY_RESULT_COLORS, ACTIVITY_RESULT_TEXTS } from '../activity-labels';
import { describeError } from '../errors';
import {
  bulkResultsOf,
  PENDING_APPROVAL_MESSAGE,
  PendingApproval,
  pendingApprovalMessage,
  resolveOutcome,
} from '../mutation-outcome';

describe('a move held for approval (four eyes on money)', () => {
  it('PENDING_APPROVAL is its own case: neither success nor error, titled "Pendiente de aprobación" with its request', () => {
    expect(
      resolveOutcome({
        outcome: 'PENDING_APPROVAL',
        error: null,
        approval: { id: '42', status: 'PENDING', expiresAt: '2026-12-01T12:00:00Z' },
      }),
    ).toEqual({
      kind: 'pending',
      approval: { id: '42', status: 'PENDING', expiresAt: '2026-12-01T12:00:00Z' },
      feedback: {
        severity: 'info',
        title: 'Pendiente de aprobación',
        message: `${PENDING_APPROVAL_MESSAGE} Solicitud N.º 42.`,
        ends: true,
      },
    });
    // Who may release it: another operator with the same permission.
    expect(PENDING_APPROVAL_MESSAGE).toMatch(/otro operador con el mismo permiso debe aprobarla/);
  });

  it('without the request (a document that did not ask it) says the same, without a number', () => {
    expect(pendingApprovalMessage(null)).toBe(PENDING_APPROVAL_MESSAGE);
    expect(resolveOutcome({ outcome: 'PENDING_APPROVAL' })).toMatchObject({
      kind: 'pending',
      approval: null,
      feedback: { severity: 'info', message: PENDING_APPROVAL_MESSAGE },
    });
  });

  it('a bulk held for approval is said as a whole, never as its items', () => {
    const held = () =>
      bulkResultsOf({ outcome: 'PENDING_APPROVAL', error: null, results: [], approval: { id: '7' } });
    expect(held).toThrow(PendingApproval);
    try {
      held();
    } catch (error) {
      expect(describeError(error)).toBe(
        `Pendiente de aprobación: ${PENDING_APPROVAL_MESSAGE} Solicitud N.º 7.`,
      );
    }
  });

  it("the activity log says a held move 'Pendiente de aprobación', in neither success's nor error's colour", () => {
    expect(ACTIVITY_RESULT_TEXTS.PENDING_APPROVAL).toBe('Pendiente de aprobación');
    expect(ACTIVITY_RESULT_COLORS.PENDING_APPROVAL).toBe('info');
    expect(ACTIVITY_RESULT_TEXTS.UNKNOWN).toBe('Resultado desconocido');
  });
});
