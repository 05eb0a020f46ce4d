import { describe, expect, it } from 'vitest';
import {
  ACTIONS_FIELD,
  addView,
  appliedViewOf,
  keepOneDataColumn,
  updateView,
  readColumnChoice,
  readSavedViews,
  removeView,
  savedViewEntries,
  renameView,
  stateOfView,
  viewNameError,
  viewParamsOf,
  VIEWS_MAX,
} from '../list-views';
import { parseListParams } from '../list-definition';
import { thingsList } from './fixture';

describe('columns and views of a list', () => {
  it("reads a stored choice of columns defensively: booleans of the list's fields only", () => {
    expect(readColumnChoice({ id: false, gone: false, note: 'yes', payer: true }, ['id', 'payer'])).toEqual({
      id: false,
      payer: true,
    });
    expect(readColumnChoice(['id'], ['id'])).toEqual({});
    expect(readColumnChoice(null, ['id'])).toEqual({});
  });

  it('reads stored views defensively', () => {
    expect(
      readSavedViews([{ id: 'a', name: 'Uno', params: 'q=1', extra: 1 }, { id: 'b', name: 2 }, 'x']),
    ).toEqual([{ id: 'a', name: 'Uno', params: 'q=1' }]);
    expect(readSavedViews({})).toEqual([]);
  });

  it('keeps each view as its own entry, in the order they were saved, and reads an older list as it was', () => {
    const legacy = [
      { id: 'b', name: 'Uno', params: 'q=1' },
      { id: 'a', name: 'Dos', params: 'q=2' },
    ];
    const entries = savedViewEntries(readSavedViews(legacy));
    expect(entries).toEqual({
      b: { name: 'Uno', params: 'q=1', at: 0 },
      a: { name: 'Dos', params: 'q=2', at: 1 },
    });
    // Entries read back in their order, a view saved now after them, a damaged entry dropped.
    const added = addView(readSavedViews({ ...entries, x: 'roto' }), 'Tres', 'q=3');
    expect(added.map((view) => view.name)).toEqual(['Uno', 'Dos', 'Tres']);
    const stored = savedViewEntries(added);
    expect(readSavedViews(stored)).toEqual(added);
    expect(
      readSavedViews({ z: { name: 'Antes', params: '', at: -1 }, ...stored }).map((v) => v.name),
    ).toEqual(['Antes', 'Uno', 'Dos', 'Tres']);
  });

  it('names a view: required, at most 60 characters, unique whatever the case', () => {
    const views = addView([], 'Rechazados', 'q=1');
    expect(viewNameError(views, '  ')).toBe('Escriba un nombre para la vista.');
    expect(viewNameError(views, 'x'.repeat(61))).toBe('El nombre admite hasta 60 caracteres.');
    expect(viewNameError(views, ' rechazados ')).toBe('Ya hay una vista con ese nombre.');
    expect(viewNameError(views, 'Rechazados', views[0]!.id)).toBeNull();
    expect(viewNameError(views, 'Aprobados')).toBeNull();
  });

  it('adds (ids unique, at most VIEWS_MAX), renames and removes views', () => {
    let views = addView([], ' Uno ', 'q=1');
    views = addView(views, 'Dos', 'q=2');
    expect(views.map((v) => v.name)).toEqual(['Uno', 'Dos']);
    expect(new Set(views.map((v) => v.id)).size).toBe(2);
    views = renameView(views, views[0]!.id, 'Primero');
    expect(views.map((v) => v.name)).toEqual(['Primero', 'Dos']);
    expect(removeView(views, views[1]!.id).map((v) => v.name)).toEqual(['Primero']);
    let many = views;
    for (let i = 0; i < VIEWS_MAX + 5; i += 1) many = addView(many, `v${i}`, '');
    expect(many).toHaveLength(VIEWS_MAX);
  });

  it("a view is the list's parameters at page 1; applied, it gives back the same state and parameters", () => {
    const state = parseListParams(
      thingsList,
      new URLSearchParams('q=rojo&page=3&page_size=25&sort=name:asc'),
    );
    const params = viewParamsOf(thingsList, state);
    expect(params).toBe('q=rojo&page_size=25&sort=name%3Aasc');
    const back = stateOfView(thingsList, params);
    expect(back).toEqual({ ...state, page: 1 });
    expect(viewParamsOf(thingsList, back)).toBe(params);
  });
});

describe('the applied view and the data columns', () => {
  const views = [
    { id: 'a', name: 'Pendientes', params: 'status=pending' },
    { id: 'b', name: 'Aprobados', params: 'status=approved' },
    { id: 'c', name: 'También aprobados', params: 'status=approved' },
  ];

  it('names the view the list is exactly, the one last applied first', () => {
    expect(appliedViewOf(views, 'status=approved', null)).toEqual({ view: views[1], modified: false });
    expect(appliedViewOf(views, 'status=approved', 'c')).toEqual({ view: views[2], modified: false });
    expect(appliedViewOf(views, 'status=pending', 'b')).toEqual({ view: views[0], modified: false });
  });

  it('the view last applied is modified once the filters differ from it; no view when none was applied', () => {
    expect(appliedViewOf(views, 'status=pending&sort=amount:asc', 'a')).toEqual({
      view: views[0],
      modified: true,
    });
    expect(appliedViewOf(views, 'status=rejected', null)).toBeNull();
    expect(appliedViewOf(views, 'status=rejected', 'gone')).toBeNull();
  });

  it("'Guardar cambios' replaces the view's filters only", () => {
    expect(updateView(views, 'a', 'status=pending&sort=amount:asc')).toEqual([
      { id: 'a', name: 'Pendientes', params: 'status=pending&sort=amount:asc' },
      views[1],
      views[2],
    ]);
  });

  it('keeps one data column: ACCIONES is no data', () => {
    const fields = ['id', 'name', ACTIONS_FIELD];
    expect(keepOneDataColumn(fields, ['id', 'name'])).toEqual(['name']);
    expect(keepOneDataColumn(fields, ['id', ACTIONS_FIELD])).toEqual(['id', ACTIONS_FIELD]);
    expect(keepOneDataColumn(fields, ['name', 'id', ACTIONS_FIELD])).toEqual(['name', ACTIONS_FIELD]);
  });
});
