import { describe, expect, it } from 'vitest';
import type { ReadRowField } from '../list-cache';
import { statusChangeOfRow, statusListRule } from '../status-list-rule';

type Status = 'PENDING' | 'DONE';
const rule = statusListRule<Status, { status?: Status | null; collectorId?: string }>('tasks');

const readField: ReadRowField = <T>(field: string, row: unknown) =>
  (row as Record<string, unknown>)[field] as T | undefined;

describe('statusListRule: a list filtered by one status', () => {
  it('is stored under its root field', () => {
    expect(rule.field).toBe('tasks');
  });

  it('keeps a row whose status the filter has, or any row when the filter has none', () => {
    expect(rule.stillMatches({ id: '1', status: 'DONE' }, { status: 'DONE' })).toBe(true);
    expect(rule.stillMatches({ id: '1', status: 'DONE' }, { status: null, collectorId: '7' })).toBe(true);
    expect(rule.stillMatches({ id: '1', status: 'DONE' }, {})).toBe(true);
  });

  it('lets a row leave a list of another status; a change without a status never leaves', () => {
    expect(rule.stillMatches({ id: '1', status: 'DONE' }, { status: 'PENDING' })).toBe(false);
    expect(rule.stillMatches({ id: '1' }, { status: 'PENDING' })).toBe(true);
  });

  it("reads a cached row's id and status; a row without an id says nothing", () => {
    expect(rule.changeOfRow?.(readField, { id: '9', status: 'PENDING', amount: 3 })).toEqual({
      id: '9',
      status: 'PENDING',
    });
    expect(statusChangeOfRow(readField, { status: 'DONE' })).toBeNull();
  });
});
