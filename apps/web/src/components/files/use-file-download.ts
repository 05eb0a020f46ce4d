import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/errors';
import {
  downloadFile,
  type DownloadedFile,
  type DownloadOptions,
  type TransferProgress,
} from '../../lib/files';
import { useNotify } from '../../lib/notifications';

export interface FileDownloadState {
  /** Starts a download of `/files<path>`; resolves with the file or null when it failed (already announced). */
  download(path: string): Promise<DownloadedFile | null>;
  /** The path being downloaded, or null. */
  active: string | null;
  progress: TransferProgress | null;
  /** Stops the download in progress (nothing is saved). */
  cancel(): void;
}

/** Percent of a transfer when its size is known, else null. */
export const progressPercent = (progress: TransferProgress | null): number | null =>
  progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;

/**
 * A download with its progress and the kit's feedback: a success toast naming the file, the gateway's Spanish
 * message as an error toast. One download at a time per hook; leaving the screen cancels it.
 */
export function useFileDownload(options: Pick<DownloadOptions, 'save' | 'session'> = {}): FileDownloadState {
  const notify = useNotify();
  const [active, setActive] = useState<string | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const { save, session } = options;

  useEffect(() => () => controller.current?.abort(), []);

  const download = useCallback(
    async (path: string) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setActive(path);
      setProgress({ loaded: 0, total: null });
      try {
        const file = await downloadFile(path, {
          signal: current.signal,
          onProgress: setProgress,
          ...(save ? { save } : {}),
          ...(session ? { session } : {}),
        });
        notify.success(`Descarga completa: ${file.fileName}`);
        return file;
      } catch (error) {
        if (!current.signal.aborted) notify.error(describeError(error));
        return null;
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setActive(null);
          setProgress(null);
        }
      }
    },
    [notify, save, session],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  return { download, active, progress, cancel };
}
