/** The file capability: modules declare routes with these, server.ts serves them at /files (router.ts). */
export { defineDownload, defineUpload } from './types.js';
export type {
  DownloadDefinition,
  DownloadInput,
  FileRoute,
  ParamRule,
  UploadDefinition,
  UploadFormat,
  UploadInput,
  UpstreamTarget,
} from './types.js';
export { filesRouter, type FilesRouterOptions } from './router.js';
