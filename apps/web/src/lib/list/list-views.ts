/**
 * Columns and saved views of a list, the operator's own, kept as preferences in the gateway's store
 * (`usePreference`, keys `list.<area>.columns` and `list.<area>.views`, each choice and view its own entry;
 * docs/decisions.md, "Columns and views"). Pure rules here; the
 * panel and the menu are `components/list-page/list-tools.tsx`.
 */
import {
  parseListParams,
  serializeListState,
  withPage,
  type ListDefinition,
  type ListState,
} from './list-definition';

/**
 * An operator's choice of a list's columns: field → shown (true) or hidden (false). A field it does not name
 * follows the list: shown, unless its priority gives way on a narrow screen (`DataTableColumn.priority`).
 */
export type ColumnChoice = Readonly<Record<string, boolean>>;

export const NO_COLUMN_CHOICE: ColumnChoice = Object.freeze({});

/** The stored choice read back safely: booleans of the list's own fields only. */
export function readColumnChoice(stored: unknown, fields: readonly string[]): ColumnChoice {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return NO_COLUMN_CHOICE;
  const entries = Object.entries(stored as Record<string, unknown>).filter(
    (entry): entry is [string, boolean] => fields.includes(entry[0]) && typeof entry[1] === 'boolean',
  );
  return entries.length ? Object.fromEntries(entries) : NO_COLUMN_CHOICE;
}

/** The field of a list's ACCIONES column (`rowActionsColumn`, `actionButtonsColumn`): no data of its own. */
export const ACTIONS_FIELD = 'actions';

/** Whether a column shows the rows' data (every column but ACCIONES). */
export const isDataColumn = (field: string): boolean => field !== ACTIONS_FIELD;

/**
 * The hidden fields with one data column kept: a list of action icons alone says nothing, so when every
 * data column would be hidden (a choice made in two tabs, or a narrow screen) the first one is shown.
 */
export function keepOneDataColumn(fields: readonly string[], hidden: readonly string[]): string[] {
  const data = fields.filter(isDataColumn);
  if (data.length === 0 || data.some((field) => !hidden.includes(field))) return [...hidden];
  return hidden.filter((field) => field !== data[0]);
}

/** The choice after the operator showed or hid `field`. */
export const withColumn = (choice: ColumnChoice, field: string, shown: boolean): ColumnChoice => ({
  ...choice,
  [field]: shown,
});

/** A named filters-and-sort of a list. */
export interface SavedView {
  id: string;
  name: string;
  /** The list's URL parameters (filters, sort and page size; a view opens at page 1). */
  params: string;
  /** When it was saved (ms): the views' order; none on views an older app saved (their order is the list's). */
  at?: number;
}

/** How long a view's name may be, and how many views a list keeps. */
export const VIEW_NAME_MAX = 60;
export const VIEWS_MAX = 30;

/**
 * The stored views read back safely (a damaged entry is dropped): entries by id, in the order they were saved
 * (each view is its own entry, so two tabs saving views both keep theirs), or the list an older app kept.
 */
export function readSavedViews(stored: unknown): SavedView[] {
  const listed = Array.isArray(stored)
    ? (stored as unknown[])
    : typeof stored === 'object' && stored !== null
      ? Object.entries(stored).map(([id, view]) => (typeof view === 'object' ? { ...view, id } : view))
      : [];
  const views = listed
    .filter(
      (view): view is SavedView =>
        typeof view === 'object' &&
        view !== null &&
        typeof (view as SavedView).id === 'string' &&
        typeof (view as SavedView).name === 'string' &&
        typeof (view as SavedView).params === 'string',
    )
    .map(({ id, name, params, at }) => ({ id, name, params, ...(typeof at === 'number' ? { at } : {}) }));
  if (!Array.isArray(stored)) views.sort((a, b) => (a.at ?? 0) - (b.at ?? 0) || a.id.localeCompare(b.id));
  return views.slice(0, VIEWS_MAX);
}

/**
 * The views as the preference keeps them: one entry per view, by id, with its name, parameters and when it was
 * saved (a view an older app saved takes its place in the list as its time).
 */
export const savedViewEntries = (views: readonly SavedView[]): Record<string, Omit<SavedView, 'id'>> =>
  Object.fromEntries(
    views.map((view, index) => [view.id, { name: view.name, params: view.params, at: view.at ?? index }]),
  );

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

/** Why `name` cannot name a view (null when it can); `except` is the view being renamed. */
export function viewNameError(views: readonly SavedView[], name: string, except?: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Escriba un nombre para la vista.';
  if (trimmed.length > VIEW_NAME_MAX) return `El nombre admite hasta ${VIEW_NAME_MAX} caracteres.`;
  if (views.some((view) => view.id !== except && sameName(view.name, trimmed)))
    return 'Ya hay una vista con ese nombre.';
  return null;
}

let sequence = 0;
const newViewId = () => `${Date.now().toString(36)}-${(sequence += 1).toString(36)}`;

/** The views with a new one at the end (the oldest dropped beyond VIEWS_MAX). */
export function addView(views: readonly SavedView[], name: string, params: string): SavedView[] {
  return [...views, { id: newViewId(), name: name.trim(), params, at: Date.now() }].slice(-VIEWS_MAX);
}

export const renameView = (views: readonly SavedView[], id: string, name: string): SavedView[] =>
  views.map((view) => (view.id === id ? { ...view, name: name.trim() } : view));

export const removeView = (views: readonly SavedView[], id: string): SavedView[] =>
  views.filter((view) => view.id !== id);

/** The views with `id`'s filters and sort replaced by `params` ('Guardar cambios'). */
export const updateView = (views: readonly SavedView[], id: string, params: string): SavedView[] =>
  views.map((view) => (view.id === id ? { ...view, params } : view));

/** The view a list shows, named above its grid; `modified` once its filters differ from the view's. */
export interface AppliedView {
  view: SavedView;
  modified: boolean;
}

/**
 * Which view the list shows: the one last applied (`appliedId`) while the list is its view exactly, else any view
 * it is exactly; the one last applied, modified, when the list moved away from it; none otherwise.
 */
export function appliedViewOf(
  views: readonly SavedView[],
  params: string,
  appliedId: string | null,
): AppliedView | null {
  const last = views.find((view) => view.id === appliedId);
  if (last?.params === params) return { view: last, modified: false };
  const same = views.find((view) => view.params === params);
  if (same) return { view: same, modified: false };
  return last ? { view: last, modified: true } : null;
}

/** What a list gives its 'Columnas' and 'Vistas': its name and its view (filters and sort) as parameters. */
export interface ListViewBinding {
  /** The list's name (its definition's `area`): the keys of its preferences. */
  area: string;
  /** The filters, sort and page size shown, as the list's URL parameters (page 1 left out). */
  params: string;
  /** Shows the list a saved view names, exactly (the URL becomes its parameters). */
  apply(params: string): void;
}

/** A state's view: its URL parameters at page 1. */
export function viewParamsOf<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  state: ListState<F, S>,
): string {
  return serializeListState(definition, withPage(state, 1)).toString();
}

/** The state a view's parameters name (at page 1). */
export function stateOfView<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  params: string,
): ListState<F, S> {
  return withPage(parseListParams(definition, new URLSearchParams(params)), 1);
}
