import { hasAny, type Permission } from '../../lib/permission-rules';

export type UnifiedView = 'pending' | 'transfer' | 'batches' | 'history';

/** Where the view last chosen on /retirosUnificados is kept (localStorage, as `useStoredState` keeps it). */
export const UNIFIED_VIEW_KEY = 'withdrawals.unified.view';

/** The toggles of 'Retiros' and the permission each needs (spec 001 §6). */
export const UNIFIED_VIEWS: readonly { view: UnifiedView; label: string; requires: Permission[] }[] = [
  { view: 'pending', label: 'Retiros pendientes', requires: ['WITHDRAWAL_SEARCH'] },
  { view: 'transfer', label: 'Retiros por lote', requires: ['WITHDRAW_SHOW'] },
  { view: 'batches', label: 'Lotes', requires: ['BATCH_WITHDRAW_SHOW'] },
  { view: 'history', label: 'Historial', requires: ['WITHDRAWAL_SEARCH'] },
];

/** The views the user may open, in the toggles' order. */
export const unifiedViewsOf = (permissions: readonly string[]) =>
  UNIFIED_VIEWS.filter((v) => hasAny(permissions, v.requires));

/** The view the screen opens on: the one kept, when the user may still open it, else the first one. */
export function unifiedViewOf(permissions: readonly string[], stored: unknown): UnifiedView | undefined {
  const views = unifiedViewsOf(permissions);
  return views.find((v) => v.view === stored)?.view ?? views[0]?.view;
}

/** The kept view as `useStoredState` wrote it (JSON), or undefined. */
export function storedUnifiedView(storage: Pick<Storage, 'getItem'> | undefined): unknown {
  try {
    const raw = storage?.getItem(UNIFIED_VIEW_KEY);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}
