import { describe, expect, it } from 'vitest';
import { columnsToHide, fieldsToHide } from '../data-table';

const columns = [
  { field: 'id', width: 100 },
  { field: 'name', minWidth: 200 },
  { field: 'concept', width: 100, priority: 3 as const },
  { field: 'method', minWidth: 150, priority: 2 as const },
  { field: 'note', width: 120, priority: 3 as const },
  { field: 'actions', width: 100 },
];

describe('fieldsToHide (lists fit their width, the actions column always shown)', () => {
  it('hides nothing when every column fits', () => {
    expect(fieldsToHide(columns, 770)).toEqual([]);
  });

  it('hides priority 3 first, the last first, then priority 2, until the rest fit', () => {
    expect(fieldsToHide(columns, 700)).toEqual(['note']);
    expect(fieldsToHide(columns, 600)).toEqual(['note', 'concept']);
    expect(fieldsToHide(columns, 500)).toEqual(['note', 'concept', 'method']);
  });

  it('never hides a column of priority 1 (ids, the actions), even when the rest do not fit', () => {
    expect(fieldsToHide(columns, 100)).toEqual(['note', 'concept', 'method']);
  });
});

describe("columnsToHide (the operator's 'Columnas' over the priorities)", () => {
  it('hides what the operator hid, and frees its width for the others', () => {
    // 'name' hidden by choice: 200 px more, so 'note' (priority 3) fits again at 600 px.
    expect(columnsToHide(columns, { name: false }, 600)).toEqual(['name']);
    expect(columnsToHide(columns, {}, 600)).toEqual(['note', 'concept']);
  });

  it('brings back a column hidden for lack of width when the operator shows it; another gives way instead', () => {
    expect(columnsToHide(columns, { note: true }, 600)).toEqual(['concept', 'method']);
  });

  it('before the first layout, only the choice counts', () => {
    expect(columnsToHide(columns, { id: false, note: true }, undefined)).toEqual(['id']);
  });
});

describe('columnsToHide keeps one data column', () => {
  const every = { id: false, name: false, concept: false, method: false, note: false };

  it('shows the first data column when the choice hides them all (ACCIONES alone says nothing)', () => {
    expect(columnsToHide(columns, every, undefined)).toEqual(['name', 'concept', 'method', 'note']);
    expect(columnsToHide(columns, every, 600)).toEqual(['name', 'concept', 'method', 'note']);
  });

  it('shows it when the width hides the last one the operator kept', () => {
    const onlyNote = { id: false, name: false, concept: false, method: false };
    // 'note' (priority 3) does not fit 50 px: it stays, being the only data column left.
    expect(columnsToHide(columns, onlyNote, 50)).toEqual(['id', 'name', 'concept', 'method']);
  });
});
