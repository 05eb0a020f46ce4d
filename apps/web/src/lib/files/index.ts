/** Downloads and uploads through the gateway's /files routes (docs/architecture.md, "Files"). */
export {
  downloadFile,
  fileNameFromDisposition,
  saveBlob,
  type DownloadedFile,
  type DownloadOptions,
  type TransferProgress,
} from './download-file';
export { FileRequestError, fileRequestError } from './file-request-error';
export { configureFileSession, filesUrl, type FileSession } from './session';
export { uploadFile, type UploadOptions } from './upload-file';
export { acceptAttribute, sizeText, uploadProblem, type UploadRule } from './upload-check';
