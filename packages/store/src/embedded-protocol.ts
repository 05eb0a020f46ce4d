/**
 * The messages between the gateway's thread and the embedded store's (embedded-client.ts, embedded-worker.ts). They
 * are structured-cloned: rows (Dates, parsed JSON) cross as they are; an error crosses as its fields and is made an
 * Error again on arrival, with PostgreSQL's fields (code, detail, constraint…) as PGlite gave them.
 */

/** What the thread opens (its workerData). */
export interface EmbeddedStart {
  dataDir: string;
  /** The template's file, or false (embedded-template.ts). */
  embeddedTemplate: string | false;
}

/** To the store's thread: a query compiled by Kysely, or the end. Id 0 is the opening's answer. */
export type EmbeddedRequest =
  { id: number; sql: string; parameters: unknown[] } | { id: number; close: true };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

/** From the store's thread: an answer to the request of the same id (id 0: the opening). */
export type EmbeddedReply =
  | { id: number; rows?: unknown[]; affectedRows?: number; fromTemplate?: boolean }
  | { id: number; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as SerializedError['fields'][string];
  }
  return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
}

export function reviveError(serialized: SerializedError): Error {
  const error = Object.assign(new Error(serialized.message), serialized.fields);
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
