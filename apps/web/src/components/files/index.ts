/** Download UI over lib/files: the hook, a button, a format menu and the progress indicator. */
export { DownloadButton, type DownloadButtonProps } from './download-button';
export { DownloadMenu, type DownloadChoice, type DownloadMenuProps } from './download-menu';
export { DownloadProgress } from './download-progress';
export { progressPercent, useFileDownload, type FileDownloadState } from './use-file-download';
