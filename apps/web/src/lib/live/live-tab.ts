import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { openOfDeclarations, othersOf } from './presence';
import { recordKey, type LiveEvent, type OpenRecord, type Viewer } from './protocol';

/**
 * This tab's side of the live updates (issue 63), small and downloaded with the kit: what its screens have open
 * (`useOpenRecord`), the events they listen to (`useLiveEvents`) and the viewers the gateway last said of a record
 * (`usePresence`). The connection itself (the leader tab's stream, the relay between tabs, the presence POSTs) is
 * `./live-engine.ts`, downloaded after the first paint (`./live-provider.tsx`); until it runs, the hooks simply hear
 * nothing, and polling (fresh-record.tsx) goes on as before.
 */
export interface LiveTab {
  /** The signed-in operator (his own entries are left out of what a detail shows). */
  username: string;
  /** This tab's screens' declarations, as one list per record. */
  declarations(): OpenRecord[];
  /** Declares a record open in this tab (with a dialog's kind) until the returned function is called. */
  declare(entry: OpenRecord): () => void;
  /** Told when the declarations change (the engine sends them to the leader). */
  onDeclarations: ((open: OpenRecord[]) => void) | null;
  /** An event from the stream (through the leader): every listener hears it. */
  dispatch(event: LiveEvent): void;
  listen(listener: Listener): () => void;
  /** The viewers the gateway last said of a record (everyone, the operator too). */
  viewers(area: string, id: string): Viewer[] | undefined;
  onViewers(notify: () => void): () => void;
  /** Whether a stream is connected (through this tab or the leader). */
  connected: boolean;
  /** Ends the live updates in every tab of the operator ('Cerrar Sesion'); null until they started. */
  end: (() => void) | null;
}

type Listener = (event: LiveEvent) => void;

export function createLiveTab(): LiveTab {
  const listeners = new Set<Listener>();
  const presence = new Map<string, Viewer[]>();
  const presenceListeners = new Set<() => void>();
  const declared = new Map<number, OpenRecord>();
  let nextToken = 1;
  const tab: LiveTab = {
    username: '',
    declarations: () => openOfDeclarations(declared.values()),
    declare(entry) {
      const token = nextToken++;
      declared.set(token, entry);
      tab.onDeclarations?.(tab.declarations());
      return () => {
        declared.delete(token);
        // The record left: what was said of its viewers is old news when it opens again.
        const key = recordKey(entry.area, entry.id);
        if (![...declared.values()].some((e) => recordKey(e.area, e.id) === key)) presence.delete(key);
        tab.onDeclarations?.(tab.declarations());
      };
    },
    onDeclarations: null,
    connected: false,
    end: null,
    dispatch(event) {
      if (event.type === 'presence') {
        presence.set(recordKey(event.area, event.id), event.viewers);
        for (const notify of [...presenceListeners]) notify();
      }
      for (const listener of [...listeners]) listener(event);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    viewers: (area, id) => presence.get(recordKey(area, id)),
    onViewers(notify) {
      presenceListeners.add(notify);
      return () => void presenceListeners.delete(notify);
    },
  };
  return tab;
}

/** This tab's (one per document). */
export const liveTab = createLiveTab();

/** 'Cerrar Sesion': every tab of the operator stops its live updates (the leader's stream closes). */
export function endLive(): void {
  liveTab.end?.();
}

/** Declares `entry` open while the component shows it (null: nothing). */
export function useOpenRecord(entry: OpenRecord | null): void {
  const area = entry?.area;
  const id = entry?.id;
  const dialog = entry?.dialog ?? null;
  useEffect(() => {
    if (area === undefined || id === undefined) return undefined;
    return liveTab.declare({ area, id, dialog });
  }, [area, id, dialog]);
}

/** Hears every live event while mounted; the handler may change between renders. */
export function useLiveEvents(handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => liveTab.listen((event) => latest.current(event)), []);
}

const subscribePresence = (notify: () => void) => liveTab.onViewers(notify);

const NOBODY: Viewer[] = [];

/** The other operators the gateway last said have `area`/`id` open (the operator himself left out). */
export function usePresence(area: string | undefined, id: string | undefined): Viewer[] {
  const viewers = useSyncExternalStore(
    subscribePresence,
    () => (area !== undefined && id !== undefined ? liveTab.viewers(area, id) : undefined) ?? NOBODY,
    () => NOBODY,
  );
  return useMemo(() => {
    const others = othersOf(viewers, liveTab.username);
    return others.length === 0 ? NOBODY : others;
  }, [viewers]);
}

/** The viewers of a record now (a dialog about to open asks whether another operator has one open). */
export function presenceOf(area: string, id: string): Viewer[] {
  return othersOf(liveTab.viewers(area, id), liveTab.username);
}

/**
 * A record's area and id as the live events name them, from the record a screen shows (its `__typename` and `id`):
 * the gateway module whose activity rows name it. Null for a record the table does not know.
 */
const AREA_OF_TYPE: Readonly<Record<string, string>> = {
  Payment: 'payments',
  PayerSubscription: 'subscriptions',
  Subscription: 'subscriptions',
  Withdrawal: 'withdrawals',
  Withdraw: 'withdrawals',
  ScheduledWithdrawal: 'withdrawals',
  WithdrawalBatch: 'batches',
  PaymentImport: 'imports',
  Payer: 'payers',
  PayerReference: 'payers',
  Presentation: 'afip',
  CardBin: 'bins',
  Distribution: 'distributions',
  DistributionDetail: 'distributions',
  Collector: 'collectors',
  CollectorDetail: 'collectors',
  Export: 'exports',
  TransactionBatch: 'service-payments',
  GatewayBatch: 'service-payments',
  SoftProviderItem: 'softprovider',
  Transfer: 'transfers',
};

export function liveRecordOf(record: unknown): { area: string; id: string } | null {
  if (!record || typeof record !== 'object') return null;
  const { __typename: type, id } = record as { __typename?: unknown; id?: unknown };
  const area = typeof type === 'string' ? AREA_OF_TYPE[type] : undefined;
  if (!area || (typeof id !== 'string' && typeof id !== 'number')) return null;
  return { area, id: String(id) };
}

/** The live area of a list (its `ListDefinition.area`, 'withdraws' or 'service-payments.transactions'). */
export function liveAreaOfList(listArea: string): string {
  const area = listArea.split('.')[0]!;
  return LIST_AREAS[area] ?? area;
}

const LIST_AREAS: Readonly<Record<string, string>> = {
  withdraws: 'withdrawals',
  payerReferences: 'payers',
};
