import { busyText } from './dialog-texts';
import { openOfDeclarations, othersOf } from './presence';
import { recordKey, type LiveEvent, type OpenRecord, type Viewer } from './protocol';

/**
 * This tab's side of the live updates: what its screens have open, the events they listen to and the
 * viewers the gateway last said of a record, with the rules the screens apply to them (a record's area, the others
 * than the operator, a dialog's warning). Downloaded with the engine after the first paint (`./start-live.ts`); the
 * screens reach it through `./live-access.ts`, whose hooks hear nothing until it is there (polling goes on).
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
  /** A record's area and id as the events name them (`liveRecordOf`). */
  recordOf(record: unknown): { area: string; id: string } | null;
  /** The live area of a list (`liveAreaOfList`). */
  listArea(listArea: string): string;
  /** The other operators among `viewers` (`othersOf` with the operator signed in). */
  othersOf(viewers: readonly Viewer[] | undefined): Viewer[];
  /** What a dialog's warning says when other operators have a dialog open on the record, else null. */
  busyText(area: string, id: string): string | null;
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
    recordOf: (record) => liveRecordOf(record),
    listArea: (listArea) => liveAreaOfList(listArea),
    othersOf: (viewers) => othersOf(viewers, tab.username),
    busyText(area, id) {
      const busy = othersOf(presence.get(recordKey(area, id)), tab.username).filter(
        (viewer) => viewer.dialog,
      );
      return busy.length === 0 ? null : busyText(busy, area);
    },
  };
  return tab;
}

/** This tab's (one per document). */
export const liveTab = createLiveTab();

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
