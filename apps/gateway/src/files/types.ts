/**
 * The file routes a module declares (`files` of defineModule): downloads streamed from an upstream service to the
 * browser and uploads forwarded to one, both under `/files` with the same token, permission rules (any-of, like
 * `@auth(requires:)`), audit trail and Spanish refusals as GraphQL. See router.ts.
 */
import type { Store } from '@backoffice/store';
import type { ServiceName } from '../services.js';
import type { Permission } from '../generated/resolvers-types.js';

/** Allowed values of a path or query parameter: a list of values, or a pattern (a RegExp or any `test`). */
export type ParamRule = readonly string[] | RegExp | { test(value: string): boolean };

/** Where a file call goes upstream. */
export interface UpstreamTarget {
  service: ServiceName;
  /** Path on the service's base URL (built from checked params only). */
  path: string;
  /** Query string parameters sent upstream. */
  query?: Readonly<Record<string, string>>;
}

export interface DownloadInput {
  params: Readonly<Record<string, string>>;
  /** Only the query parameters declared in `query`, checked. */
  query: Readonly<Record<string, string>>;
}

/** What a download answers instead of the service's refusal (`explainRefusal`): Spanish text and its own code. */
export interface DownloadRefusalText {
  message: string;
  extendedCode: string;
}

/** The service's refusal of a download, as `explainRefusal` reads it. */
export interface UpstreamRefusalInfo {
  status: number;
  extendedCode: string | null;
}

/** A file the gateway writes itself: its type and its body, chunks (text or bytes) streamed in order. */
export interface ProducedFile {
  contentType: string;
  body: AsyncIterable<string | Uint8Array>;
}

/**
 * What a producing download reads: the gateway's own store (a 503 in Spanish when it is not open), or a service's
 * JSON answer with the operator's token (its failures refused in Spanish like any file call's).
 */
export interface DownloadContext {
  store(): Store;
  /** The namespace of the caller's rows in the store: its test namespace (test profile only), else ''. */
  storeNamespace: string;
  readJson(target: UpstreamTarget): Promise<unknown>;
}

export interface DownloadDefinition {
  kind: 'download';
  /** Express path under /files, e.g. '/retiros/:id/:format'. */
  route: string;
  /** Any of these permissions allows the call. */
  requires: readonly Permission[];
  /**
   * Allowed values per path parameter. A parameter without a rule must be an identifier
   * (letters, digits, '-' and '_', at most 64): anything else is a 400 before any upstream call.
   */
  params?: Readonly<Record<string, ParamRule>>;
  /** Accepted query parameters (others are ignored); a value outside its rule is a 400. */
  query?: Readonly<Record<string, ParamRule>>;
  /** Where the file comes from: an upstream service, or `produce` (exactly one of them). */
  upstream?: (input: DownloadInput) => UpstreamTarget;
  /**
   * A file the gateway writes (the activity CSV from its store, the distributions report re-written from the
   * service's rows in the screen's formats); needs `fileName`.
   */
  produce?: (input: DownloadInput, context: DownloadContext) => ProducedFile;
  /** The name the browser saves the file as (default: the upstream's Content-Disposition name). */
  fileName?: (input: DownloadInput) => string;
  /**
   * Says more than the service's refusal (a 400, 409 or 422 of the `upstream` call): the route may read the same
   * service again (`read`: a GET of a JSON path with the operator's token) and answer its own text and code; null
   * keeps the catalogue's. When the reading fails, the service's refusal is answered as it came.
   */
  explainRefusal?: (
    refusal: UpstreamRefusalInfo,
    input: DownloadInput,
    read: (path: string) => Promise<unknown>,
  ) => Promise<DownloadRefusalText | null>;
}

export type UploadFormat = 'csv' | 'xlsx' | 'txt' | 'xml' | 'json' | 'zip';

export interface UploadInput {
  params: Readonly<Record<string, string>>;
  /** The declared text fields that came with the file, as they came. */
  fields: Readonly<Record<string, string>>;
  file: { name: string; format: UploadFormat; size: number };
}

export interface UploadDefinition {
  kind: 'upload';
  /** Express path under /files, e.g. '/importaciones'. */
  route: string;
  requires: readonly Permission[];
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Accepted formats, checked by the file name's extension and by its content. */
  accept: readonly UploadFormat[];
  /** Name of the multipart field carrying the file (default 'file'). */
  fileField?: string;
  /** Text fields forwarded upstream as they come (others are ignored). */
  fields?: readonly string[];
  params?: Readonly<Record<string, ParamRule>>;
  upstream: (input: UploadInput) => UpstreamTarget;
}

export type FileRoute = DownloadDefinition | UploadDefinition;

function checkCommon(route: string, requires: readonly Permission[]): void {
  if (!route.startsWith('/')) throw new Error(`file route ${route}: must start with /`);
  if (requires.length === 0) throw new Error(`file route ${route}: requires at least one permission`);
}

/** Declares a download (GET /files<route>). */
export function defineDownload(definition: Omit<DownloadDefinition, 'kind'>): DownloadDefinition {
  checkCommon(definition.route, definition.requires);
  if (Boolean(definition.upstream) === Boolean(definition.produce)) {
    throw new Error(`file route ${definition.route}: give exactly one of upstream and produce`);
  }
  if (definition.produce && !definition.fileName) {
    throw new Error(`file route ${definition.route}: a produced file needs its fileName`);
  }
  return { ...definition, kind: 'download' };
}

/** Declares an upload (POST /files<route>, multipart/form-data). */
export function defineUpload(definition: Omit<UploadDefinition, 'kind'>): UploadDefinition {
  checkCommon(definition.route, definition.requires);
  if (!(definition.maxBytes > 0)) throw new Error(`file route ${definition.route}: maxBytes must be > 0`);
  if (definition.accept.length === 0) throw new Error(`file route ${definition.route}: accept is empty`);
  return { ...definition, kind: 'upload' };
}
