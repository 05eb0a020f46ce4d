/** The gateway's own store as the activity module uses it: one call, one operator's turn, a key's rule. */
import type { Store } from '@backoffice/store';
import { withStore } from '../../shared/store-call.js';
import { GraphQLError } from 'graphql';
import { storeUnavailable } from '../../money/journal.js';

export { withStore };
import { badUserInput } from '../../errors.js';
import type { GatewayContext } from '../../gateway-context.js';
import { type PerKeyTurns, perKeyTurns, TurnsFull } from '../../shared/per-key-turns.js';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '../../limits/rate-limit.js';

/** The longest preference key (and entry name). */
export const MAX_KEY = 100;

/** A preference's key (or a prefix of keys), trimmed and checked: letters, digits, dots, colons and dashes. */
export function preferenceKey(text: string, field: 'key' | 'prefix'): string {
  const name = text.trim();
  if (!name || name.length > MAX_KEY || !/^[A-Za-z0-9._:-]+$/.test(name)) {
    throw badUserInput(
      `La ${field === 'key' ? 'clave' : 'parte inicial de la clave'} de la preferencia debe tener entre 1 y ${MAX_KEY} letras, números, puntos o guiones.`,
      field,
    );
  }
  return name;
}

/** Each store's turns per operator (shared/per-key-turns.ts): one gateway's, whatever its contexts. */
const readTurns = new WeakMap<object, PerKeyTurns>();

/**
 * A read of the store in the operator's turn: one read of an operator at a time, at most 16 waiting, so an
 * operator who keeps heavy reads in flight waits for his own, instead of making every other operator's store calls
 * queue behind all of them on the embedded store's one thread. Past the bound, refused as the rate limit is.
 */
export async function readStore<T>(context: GatewayContext, call: (store: Store) => Promise<T>): Promise<T> {
  const handle = context.store;
  if (!handle) throw storeUnavailable();
  let turns = readTurns.get(handle);
  if (!turns) readTurns.set(handle, (turns = perKeyTurns({ concurrent: 1, maxWaiting: 16 })));
  try {
    return await turns.run(`${context.storeNamespace}\u0000${context.user.username}`, () =>
      withStore(context, call),
    );
  } catch (error) {
    if (!(error instanceof TurnsFull)) throw error;
    throw new GraphQLError(RATE_LIMITED_MESSAGE, { extensions: { code: RATE_LIMITED_CODE } });
  }
}
