import { useCallback, useState, type ReactNode } from 'react';
import { lazyWhenIdle } from '../dialogs/lazy-flow-dialogs';
import type { ExportSubject } from './export-dialog';
import type { ExportFormat } from './export-menu';

/** The dialog, its form and its mutation: not part of the list's first download (they arrive when it is idle). */
const ExportDialog = lazyWhenIdle(() => import('./export-dialog').then((module) => module.ExportDialog));

/**
 * The export flow of a list screen: `open(format, subject)` from the menu with the list's current filter, and the
 * dialog to render.
 */
export function useExportDialog(canSeeHistory: boolean): {
  open(format: ExportFormat, subject: ExportSubject): void;
  dialog: ReactNode;
} {
  ExportDialog.usePreload();
  const [request, setRequest] = useState<{ format: ExportFormat; subject: ExportSubject } | null>(null);
  const open = useCallback(
    (format: ExportFormat, subject: ExportSubject) => setRequest({ format, subject }),
    [],
  );
  const dialog = request ? (
    <ExportDialog.Component
      subject={request.subject}
      format={request.format}
      canSeeHistory={canSeeHistory}
      onClose={() => setRequest(null)}
    />
  ) : null;
  return { open, dialog };
}
