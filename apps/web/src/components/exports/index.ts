/** Exporting a list (the Exportar menu of /pagos and /suscripciones): menu, dialog and its flow. */
export { EXPORT_FORMATS, ExportMenu, type ExportFormat } from './export-menu';
export { ExportHistoryLink } from './export-history-link';
export { EXPORT_TYPE_LABELS } from './export-types';
export { ExportDialog, encodedFilter, type ExportDialogProps, type ExportSubject } from './export-dialog';
export { useExportDialog } from './use-export-dialog';
