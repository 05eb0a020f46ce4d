import { fileURLToPath } from 'node:url';
import type { Stack } from './stack';

/** Helpers for the imports and transfers browser tests (docs/upstream-contract.md, import and transfer services). */

/** A sample file of apps/stubs/samples/imports. */
export const importSample = (name: string): string =>
  fileURLToPath(new URL(`../../../stubs/samples/imports/${name}`, import.meta.url));

/** A collector of the stubs whose match_import is `value` (the forced-match rule). */
export async function collectorWithMatch(stack: Stack, value: string): Promise<string> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'match_import', operation: 'EQUAL', value }]));
  const res = await fetch(`${stack.urls.stubs}/collector/comercios?filters=${filters}&limit=1`);
  const body = (await res.json()) as { rows: { id: string }[] };
  const id = body.rows[0]?.id;
  if (!id) throw new Error(`no collector with match_import ${value}`);
  return id;
}

/** A document of a stub service (status 404 when it does not exist). */
export async function stubGet<T>(stack: Stack, path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.urls.stubs}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}
