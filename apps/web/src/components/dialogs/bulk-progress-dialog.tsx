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
import InfoIcon from '@mui/icons-material/Info';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ReplayIcon from '@mui/icons-material/Replay';
import { describeError } from '../../lib/errors';
import { PendingApproval } from '../../lib/mutation-outcome';
import { ActionDialog, MULTI_DIALOG_WIDTH } from './action-dialog';
import {
  applyBulkResults,
  failRunning,
  failedIds,
  holdRunning,
  initialBulkItems,
  markRunning,
  summarizeBulk,
  type BulkItem,
  type BulkResultLike,
  type BulkSummary,
} from './bulk-progress';
import { itemTitle, type ItemNoun } from './item-noun';
import { countPhrase, formatCount } from '@backoffice/validators';
import { MessageText } from '../detail/code-text';

export interface BulkProgressDialogProps<R extends BulkResultLike> {
  title: string;
  items: readonly { id: string; label?: string }[];
  /** { one: 'pago', ... }: each item reads 'Pago 1000123'. */
  noun: ItemNoun;
  /** Runs the bulk mutation for these ids and answers one result per id. */
  run(ids: string[]): Promise<R[]>;
  /**
   * The first run's results, already in hand (a bulk over every item matching the search, run by the input
   * step): the items are these results' ids, nothing is run on opening; "Reintentar fallidos" uses `run`.
   */
  initialResults?: readonly R[];
  /** Shown on each successful item ('Pago cancelado correctamente'). */
  successMessage: string;
  /** A successful item's label after the action (e.g. with the new amount); undefined keeps the label. */
  resultLabel?(result: R): string | undefined;
  /** Every batch of results (the first run and every "Reintentar fallidos"), for the caller's list. */
  onResults?(results: R[]): void;
  onClose(summary: Pick<BulkSummary, 'success' | 'error' | 'unknown'>): void;
  returnFocusTo?: HTMLElement | null;
}

function StateIcon({ item }: { item: BulkItem }) {
  switch (item.state) {
    case 'success':
      return <CheckCircleIcon color="success" aria-label="Correcto" />;
    case 'error':
      return <ErrorIcon color="error" aria-label="Error" />;
    case 'unknown':
      return <HelpIcon color="warning" aria-label="Resultado desconocido" />;
    case 'held':
      return <InfoIcon color="info" aria-label="Pendiente de aprobación" />;
    case 'running':
      return <CircularProgress size={20} aria-label="Procesando" />;
    default:
      return <ScheduleIcon color="disabled" aria-label="En espera" />;
  }
}

const MESSAGE_COLOR: Partial<Record<BulkItem['state'], string>> = {
  error: 'error.main',
  success: 'success.dark',
  unknown: 'warning.dark',
  held: 'info.dark',
};

/** The items as they open: every one waiting, or the first run's results already applied (`initialResults`). */
function openingItems<R extends BulkResultLike>(
  selection: BulkProgressDialogProps<R>['items'],
  initialResults: readonly R[] | undefined,
  successMessage: string,
  resultLabel: BulkProgressDialogProps<R>['resultLabel'],
): BulkItem[] {
  if (!initialResults) return initialBulkItems(selection);
  const labels = new Map(selection.map((item) => [item.id, item.label]));
  const ids = initialResults.map((result) => result.id);
  const fresh = initialBulkItems(ids.map((id) => ({ id, label: labels.get(id) })));
  return applyBulkResults(markRunning(fresh, ids), initialResults, successMessage, resultLabel);
}

type BulkRunOptions<R extends BulkResultLike> = Pick<
  BulkProgressDialogProps<R>,
  'items' | 'run' | 'initialResults' | 'successMessage' | 'resultLabel' | 'onResults'
>;

/**
 * Each item's state, and `execute(ids)`: those items running, then their results (or every one failed, or held for
 * approval). The first run starts once, on opening, unless its results came with the dialog.
 */
function useBulkRun<R extends BulkResultLike>({
  items: selection,
  run,
  initialResults,
  successMessage,
  resultLabel,
  onResults,
}: BulkRunOptions<R>) {
  const [items, setItems] = useState(() =>
    openingItems(selection, initialResults, successMessage, resultLabel),
  );
  const started = useRef(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const execute = useCallback(
    async (ids: string[]) => {
      if (ids.length === 0) return;
      setItems((current) => markRunning(current, ids));
      try {
        const results = await run(ids);
        setItems((current) => applyBulkResults(current, results, successMessage, resultLabel));
        onResults?.(results);
      } catch (error) {
        // Held for approval: nothing was sent, nothing failed.
        if (error instanceof PendingApproval) setItems((current) => holdRunning(current, error.message));
        else setItems((current) => failRunning(current, describeError(error)));
      }
    },
    [run, successMessage, resultLabel, onResults],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (initialResults) onResults?.([...initialResults]);
    else void execute(itemsRef.current.map((item) => item.id));
  }, [execute, initialResults, onResults]);

  return { items, execute };
}

/** The counts so far (a sentence, then a chip per outcome) and the bar of the items answered. */
function BulkSummaryBar({ summary }: { summary: BulkSummary }) {
  const progress = summary.total === 0 ? 100 : ((summary.total - summary.running) / summary.total) * 100;
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} data-testid="bulk-summary">
          {summary.done
            ? `Finalizado: ${countPhrase(summary.success, '{n} correcto', '{n} correctos')}, ${formatCount(summary.error)} con error${summary.unknown ? `, ${formatCount(summary.unknown)} sin confirmar` : ''}${summary.held ? `, ${formatCount(summary.held)} pendiente${summary.held === 1 ? '' : 's'} de aprobación` : ''}.`
            : `Procesando ${summary.running} de ${summary.total}…`}
        </Typography>
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={countPhrase(summary.success, '{n} correcto', '{n} correctos')}
        />
        <Chip size="small" color="error" variant="outlined" label={`${summary.error} con error`} />
        {summary.held > 0 && (
          <Chip
            size="small"
            color="info"
            variant="outlined"
            label={`${summary.held} pendiente${summary.held === 1 ? '' : 's'} de aprobación`}
          />
        )}
        {summary.unknown > 0 && (
          <Chip size="small" color="warning" variant="outlined" label={`${summary.unknown} sin confirmar`} />
        )}
      </Box>
      <LinearProgress
        variant={summary.done ? 'determinate' : 'indeterminate'}
        value={progress}
        aria-label="Progreso"
      />
    </Box>
  );
}

/** One item: its state's icon, its title and label, and its outcome's message in the outcome's colour. */
function BulkItemRow({ item, noun, divider }: { item: BulkItem; noun: ItemNoun; divider: boolean }) {
  return (
    <ListItem divider={divider} data-testid="bulk-item" data-id={item.id} data-state={item.state}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        <StateIcon item={item} />
      </ListItemIcon>
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {itemTitle(noun, item.id)}
            </Box>
            {item.label && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {item.label}
              </Box>
            )}
          </Box>
        }
        secondary={item.message ? <MessageText message={item.message} /> : item.message}
        slotProps={{
          secondary: {
            sx: { color: MESSAGE_COLOR[item.state] },
            'data-testid': 'bulk-item-message',
          } as object,
        }}
      />
    </ListItem>
  );
}

/**
 * Progress of a multi-selection action (850 px): each item's outcome and message (successes marked, failures
 * with the catalogue message - extended code), and "Reintentar fallidos" sending only the failed ids again.
 */
export function BulkProgressDialog<R extends BulkResultLike>({
  title,
  noun,
  onClose,
  returnFocusTo,
  ...runOptions
}: BulkProgressDialogProps<R>) {
  const { items, execute } = useBulkRun(runOptions);
  const summary = summarizeBulk(items);
  const retry = failedIds(items);

  return (
    <ActionDialog
      title={title}
      width={MULTI_DIALOG_WIDTH}
      onClose={() => summary.done && onClose(summary)}
      submitting={!summary.done}
      cancelLabel="Cerrar"
      returnFocusTo={returnFocusTo}
      testId="bulk-progress-dialog"
      extraActions={
        summary.done && retry.length > 0 ? (
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => void execute(retry)}>
            Reintentar fallidos ({retry.length})
          </Button>
        ) : undefined
      }
    >
      <BulkSummaryBar summary={summary} />
      {/* A long list scrolls: it takes the focus so the keyboard can scroll it too. */}
      <List
        dense
        disablePadding
        tabIndex={0}
        aria-label="Resultado de cada elemento"
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: '55vh', overflow: 'auto' }}
      >
        {items.map((item, index) => (
          <BulkItemRow key={item.id} item={item} noun={noun} divider={index < items.length - 1} />
        ))}
      </List>
    </ActionDialog>
  );
}
