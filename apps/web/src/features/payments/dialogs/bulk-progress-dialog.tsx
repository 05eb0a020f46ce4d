import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ReplayIcon from '@mui/icons-material/Replay';
import { describeError } from '../../../lib/errors';
import { ActionDialog } from './action-dialog';
import {
  applyBulkResults,
  failRunning,
  failedIds,
  initialBulkItems,
  markRunning,
  summarizeBulk,
  type BulkItem,
  type BulkResultLike,
} from './bulk-progress';

/** Multi-selection dialogs are 850 px wide (spec 000 §2, §9). */
export const MULTI_DIALOG_WIDTH = 850;

export interface BulkProgressDialogProps<R extends BulkResultLike> {
  title: string;
  items: readonly { id: string; label?: string }[];
  /** Runs the bulk mutation for these ids and answers one result per id. */
  run(ids: string[]): Promise<R[]>;
  /** Shown on each successful item ('Pago cancelado correctamente'). */
  successMessage: string;
  /** Every batch of results, for the caller to update its list. */
  onResults?(results: R[]): void;
  onClose(summary: { success: number; error: number; unknown: number }): void;
}

function StateIcon({ item }: { item: BulkItem }) {
  switch (item.state) {
    case 'success':
      return <CheckCircleIcon color="success" aria-label="Correcto" />;
    case 'error':
      return <ErrorIcon color="error" aria-label="Error" />;
    case 'unknown':
      return <HelpIcon color="warning" aria-label="Resultado desconocido" />;
    case 'running':
      return <CircularProgress size={20} aria-label="Procesando" />;
    default:
      return <ScheduleIcon color="disabled" aria-label="En espera" />;
  }
}

/**
 * Progress of a multi-selection action: each item's outcome and message (successes marked), failures kept,
 * and "Reintentar fallidos" sending only the failed ids again.
 */
export function BulkProgressDialog<R extends BulkResultLike>({
  title,
  items: selection,
  run,
  successMessage,
  onResults,
  onClose,
}: BulkProgressDialogProps<R>) {
  const [items, setItems] = useState(() => initialBulkItems(selection));
  const started = useRef(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const execute = useCallback(
    async (ids: string[]) => {
      if (ids.length === 0) return;
      setItems((current) => markRunning(current, ids));
      try {
        const results = await run(ids);
        setItems((current) => applyBulkResults(current, results, successMessage));
        onResults?.(results);
      } catch (error) {
        setItems((current) => failRunning(current, describeError(error)));
      }
    },
    [run, successMessage, onResults],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void execute(itemsRef.current.map((item) => item.id));
  }, [execute]);

  const summary = summarizeBulk(items);
  const retry = failedIds(items);
  const progress = summary.total === 0 ? 100 : ((summary.total - summary.running) / summary.total) * 100;

  return (
    <ActionDialog
      title={title}
      width={MULTI_DIALOG_WIDTH}
      onClose={() => summary.done && onClose(summary)}
      submitting={!summary.done}
      cancelLabel="Cerrar"
      testId="bulk-progress-dialog"
      extraActions={
        summary.done && retry.length > 0 ? (
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => void execute(retry)}>
            Reintentar fallidos ({retry.length})
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ mb: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} data-testid="bulk-summary">
            {summary.done
              ? `Finalizado: ${summary.success} correctos, ${summary.error} con error${summary.unknown ? `, ${summary.unknown} sin confirmar` : ''}.`
              : `Procesando ${summary.running} de ${summary.total}…`}
          </Typography>
          <Chip size="small" color="success" variant="outlined" label={`${summary.success} correctos`} />
          <Chip size="small" color="error" variant="outlined" label={`${summary.error} con error`} />
          {summary.unknown > 0 && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={`${summary.unknown} sin confirmar`}
            />
          )}
        </Box>
        <LinearProgress variant={summary.done ? 'determinate' : 'indeterminate'} value={progress} />
      </Box>
      <List
        dense
        disablePadding
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: '55vh', overflow: 'auto' }}
      >
        {items.map((item, index) => (
          <ListItem
            key={item.id}
            divider={index < items.length - 1}
            data-testid="bulk-item"
            data-id={item.id}
            data-state={item.state}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <StateIcon item={item} />
            </ListItemIcon>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    Pago {item.id}
                  </Box>
                  {item.label && (
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {item.label}
                    </Box>
                  )}
                </Box>
              }
              secondary={item.message}
              slotProps={{
                secondary: {
                  sx: {
                    color:
                      item.state === 'error'
                        ? 'error.main'
                        : item.state === 'success'
                          ? 'success.dark'
                          : item.state === 'unknown'
                            ? 'warning.dark'
                            : undefined,
                  },
                  'data-testid': 'bulk-item-message',
                } as object,
              }}
            />
          </ListItem>
        ))}
      </List>
    </ActionDialog>
  );
}
