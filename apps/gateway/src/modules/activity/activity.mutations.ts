/** The activity module's writes, the operator's preferences: its `Mutation` resolvers (architecture.md §3). */
import type { PreferenceLimits } from '@backoffice/store';
import { badUserInput } from '../../errors.js';
import type { Preference, MutationResolvers } from '../../generated/resolvers-types.js';
import { MAX_KEY, preferenceKey, withStore } from './activity.store.js';

/** A preference is small (a list of columns, a few saved views): 64 KiB of JSON at most. */
const MAX_VALUE_BYTES = 64 * 1024;
const VALUE_TOO_LARGE = 'La preferencia es demasiado grande (hasta 64 KiB).';

/** How many entries one `mergePreference` changes at most (a list's columns, a few views: far fewer). */
const MAX_ENTRIES = 50;

/** The entries of a `mergePreference`: an object of at most MAX_ENTRIES named entries, each at most MAX_KEY long. */
function preferenceEntries(entries: unknown): Record<string, unknown> {
  const named =
    typeof entries === 'object' && entries !== null && !Array.isArray(entries)
      ? Object.entries(entries as Record<string, unknown>)
      : null;
  if (!named || named.length === 0 || named.length > MAX_ENTRIES) {
    throw badUserInput(
      `Los cambios de la preferencia deben ser un objeto con entre 1 y ${MAX_ENTRIES} entradas.`,
      'entries',
    );
  }
  if (named.some(([entry]) => !entry || entry.length > MAX_KEY)) {
    throw badUserInput(`Cada entrada de la preferencia se nombra con 1 a ${MAX_KEY} caracteres.`, 'entries');
  }
  return Object.fromEntries(named);
}

/** The refusal of a write past the operator's bounds (or, for a merge, the value's own). */
function refusedWrite(
  limit: 'keys' | 'bytes' | 'value',
  limits: PreferenceLimits,
  field: 'value' | 'entries' = 'value',
) {
  const advice = 'elimine alguna (por ejemplo, vistas guardadas que ya no use) antes de guardar otra.';
  if (limit === 'value') return badUserInput(VALUE_TOO_LARGE, field);
  return badUserInput(
    limit === 'keys'
      ? `Se alcanzó el límite de ${limits.maxKeys} preferencias por operador: ${advice}`
      : `Se alcanzó el límite de ${bytesText(limits.maxBytes)} de preferencias por operador: ${advice}`,
    field,
  );
}

/** A limit in bytes as an operator reads it: '1 MiB', '512 KiB', '1500 bytes'. */
function bytesText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * A preference's write as every mutation answers (schema 2.0.0, `PreferencePayload`); a refusal (bounds, store) is
 * thrown as before and answered FAILED by shared/operation-error.ts `answerRefusalsAsPayloads`.
 */
const preferencePayload = (preference: Preference | null) => ({
  preference,
  outcome: 'SUCCESS' as const,
  error: null,
  message: preference ? 'Preferencia guardada.' : 'Preferencia eliminada.',
});

export const activityMutations: MutationResolvers = {
  async setPreference(_root, { key, value }, context) {
    const name = preferenceKey(key, 'key');
    const json = value === null || value === undefined ? null : JSON.stringify(value);
    if (json !== null && Buffer.byteLength(json) > MAX_VALUE_BYTES) {
      throw badUserInput(VALUE_TOO_LARGE, 'value');
    }
    // Always the signed-in operator's own: the user name comes from the token, never from the arguments.
    const limits = context.preferenceLimits;
    const write = await withStore(context, (store) =>
      store.writePreference(
        context.user.username,
        name,
        json === null ? null : value,
        limits,
        context.storeNamespace,
      ),
    );
    if (!write.written) throw refusedWrite(write.limit, limits);
    return preferencePayload(
      json === null ? null : { key: name, value, updatedAt: new Date().toISOString() },
    );
  },
  async mergePreference(_root, { key, entries }, context) {
    const name = preferenceKey(key, 'key');
    const changes = preferenceEntries(entries);
    const limits = context.preferenceLimits;
    // Always the signed-in operator's own, as setPreference.
    const merge = await withStore(context, (store) =>
      store.mergePreference(
        context.user.username,
        name,
        changes,
        limits,
        MAX_VALUE_BYTES,
        context.storeNamespace,
      ),
    );
    if (!merge.written) throw refusedWrite(merge.limit, limits, 'entries');
    return preferencePayload(
      merge.value === null ? null : { key: name, value: merge.value, updatedAt: new Date().toISOString() },
    );
  },
};
