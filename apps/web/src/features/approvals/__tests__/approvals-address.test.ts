import { describe, expect, it } from 'vitest';
import { ACTION_PARAM } from '@/components/actions/action-param';
import { DECISION_PARAM, requestHref } from '../approvals-list.definition';

describe("a request's address", () => {
  it("is its detail open over 'Aprobaciones', with the decision the palette chose", () => {
    expect(requestHref('42')).toBe('/aprobaciones?solicitud=42');
    expect(requestHref('42', 'REJECT')).toBe('/aprobaciones?solicitud=42&accion=REJECT');
  });

  it("names the decision as every detail's address names its action (the palette's `accion`)", () => {
    expect(DECISION_PARAM).toBe(ACTION_PARAM);
  });
});
