import { describe, expect, it } from 'vitest';
import {
  addView,
  readColumnChoice,
  readSavedViews,
  removeView,
  renameView,
  stateOfView,
  viewNameError,
  viewParamsOf,
  VIEWS_MAX,
} from '../list-views';
import { parseListParams } from '../list-definition';
import { thingsList } from './fixture';

describe('columns and views of a list (issue 30)', () => {
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
