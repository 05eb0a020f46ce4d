/**
 * The file routes a module declares (`files` of defineModule): downloads streamed from an upstream service to the
 * browser and uploads forwarded to one, both under `/files` with the same token, permission rules (any-of, like
 * `@auth(requires:)`), audit trail and Spanish refusals as GraphQL. See router.ts.
 */
import type { ServiceName } from '../config.js';
import type { Permission } from '../generated/resolvers-types.js';

/** Allowed values of a path or query parameter: a list of values or a pattern. */
export type ParamRule = readonly string[] | RegExp;

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
  upstream: (input: DownloadInput) => UpstreamTarget;
  /** The name the browser saves the file as (default: the upstream's Content-Disposition name). */
  fileName?: (input: DownloadInput) => string;
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
  return { ...definition, kind: 'download' };
}

/** Declares an upload (POST /files<route>, multipart/form-data). */
export function defineUpload(definition: Omit<UploadDefinition, 'kind'>): UploadDefinition {
  checkCommon(definition.route, definition.requires);
  if (!(definition.maxBytes > 0)) throw new Error(`file route ${definition.route}: maxBytes must be > 0`);
  if (definition.accept.length === 0) throw new Error(`file route ${definition.route}: accept is empty`);
  return { ...definition, kind: 'upload' };
}
