import { hasAny } from '../../lib/permissions';
import type { KeyValueStorage } from '../../lib/web-storage';

/** Session-storage key of the last active home tab (spec 000 §2, §9). */
export const HOME_TAB_KEY = 'home.tab.active';

/** Tab types of the home screen; 'subscription' exists in the logic but is not displayed (spec 000 §2). */
export type HomeTabType = 'payment' | 'collector' | 'subscription' | 'payer';

export interface HomeTab {
  type: HomeTabType;
  label: string;
  /** Permissions of which the user needs any; none means always. */
  requires: readonly string[];
  displayed: boolean;
}

export const HOME_TABS: readonly HomeTab[] = [
  { type: 'payment', label: 'Buscar Pagos', requires: [], displayed: true },
  { type: 'collector', label: 'Buscar Entidades', requires: ['COLLECTOR_SHOW'], displayed: true },
  { type: 'subscription', label: 'Buscar Suscripciones', requires: [], displayed: false },
  { type: 'payer', label: 'Buscar Pagadores', requires: ['PAYER_SHOW'], displayed: true },
];

/** The tabs the user sees, in order. */
export function visibleHomeTabs(permissions: readonly string[]): HomeTab[] {
  return HOME_TABS.filter((tab) => tab.displayed && hasAny(permissions, tab.requires));
}

/** The stored tab when the user can still see it, else the first visible one (payments). */
export function initialHomeTab(stored: string | null | undefined, visible: readonly HomeTab[]): HomeTabType {
  const match = visible.find((tab) => tab.type === stored);
  return match?.type ?? visible[0]?.type ?? 'payment';
}

export function readHomeTab(storage: KeyValueStorage | undefined): string | null {
  try {
    return storage?.getItem(HOME_TAB_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeHomeTab(storage: KeyValueStorage | undefined, tab: HomeTabType): void {
  try {
    storage?.setItem(HOME_TAB_KEY, tab);
  } catch {
    // A full or disabled storage only loses the remembered tab.
  }
}
