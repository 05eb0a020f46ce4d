import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { describeError } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { ActionDialog } from '../dialogs/action-dialog';
import type { DiffRow } from './version-diff';
import { countPhrase } from '@backoffice/validators';

export interface HistoryRow<S extends string = string> {
  version: number;
  lastUpdateDate?: string | null;
  /** The ID column: the id of the versioned entity. */
  id: string;
  status: S;
}

export interface VersionHistoryDialogProps<S extends string = string> {
  rows: readonly HistoryRow<S>[] | undefined;
  loading: boolean;
  error?: unknown;
  /** The version on screen and the current one. */
  shownVersion: number | null | undefined;
  currentVersion: number | null | undefined;
  /** Picking a row shows that version (spec 000 §2). */
  onPick(row: HistoryRow<S>): void;
  /** Loads one version for the comparison (beyond the spec). */
  loadVersion(version: number): Promise<unknown>;
  onClose(): void;
  /** The area's status chip. */
  renderStatus(status: S): ReactNode;
  /** The area's field-by-field comparison (diffVersions with its DiffConfig). */
  diff(left: unknown, right: unknown): DiffRow[];
  /** 'El pago no tiene versiones.' */
  emptyText: string;
  /** The accessible name of the versions table: 'Versiones del pago'. */
  tableLabel: string;
}

type Comparison<S extends string> =
  | { state: 'loading'; left: HistoryRow<S>; right: HistoryRow<S> }
  | { state: 'ready'; left: HistoryRow<S>; right: HistoryRow<S>; rows: DiffRow[] }
  | { state: 'error'; left: HistoryRow<S>; right: HistoryRow<S>; message: string };

/** A compared value: colored (the older red, the newer green) when the field changed. */
const valueCellSx = (changed: boolean, color: string): SxProps<Theme> =>
  changed ? { color, wordBreak: 'break-word' } : { wordBreak: 'break-word' };

/**
 * Version history (FECHA, ESTADO, ID): picking a row shows that version. Beyond the spec, two versions can be
 * ticked and compared side by side, with the fields that changed highlighted.
 */
export function VersionHistoryDialog<S extends string>({
  rows,
  loading,
  error,
  shownVersion,
  currentVersion,
  onPick,
  loadVersion,
  onClose,
  renderStatus,
  diff,
  emptyText,
  tableLabel,
}: VersionHistoryDialogProps<S>) {
  const [selected, setSelected] = useState<number[]>([]);
  const [comparison, setComparison] = useState<Comparison<S> | null>(null);
  const [onlyChanges, setOnlyChanges] = useState(true);

  const toggle = (version: number) =>
    setSelected((current) =>
      current.includes(version) ? current.filter((v) => v !== version) : [...current, version].slice(-2),
    );

  const compare = async () => {
    if (!rows || selected.length !== 2) return;
    const [left, right] = selected
      .map((v) => rows.find((r) => r.version === v)!)
      .sort((a, b) => a.version - b.version) as [HistoryRow<S>, HistoryRow<S>];
    setComparison({ state: 'loading', left, right });
    try {
      const [a, b] = await Promise.all([loadVersion(left.version), loadVersion(right.version)]);
      setComparison({ state: 'ready', left, right, rows: diff(a, b) });
    } catch (e) {
      setComparison({ state: 'error', left, right, message: describeError(e) });
    }
  };

  const visibleDiff = useMemo(() => {
    if (comparison?.state !== 'ready') return [];
    return onlyChanges ? comparison.rows.filter((r) => r.changed) : comparison.rows;
  }, [comparison, onlyChanges]);

  const versionTitle = (row: HistoryRow<S>) =>
    `Versión ${row.version} · ${formatDateTime(row.lastUpdateDate)}`;

  if (comparison) {
    const changedCount = comparison.state === 'ready' ? comparison.rows.filter((r) => r.changed).length : 0;
    return (
      <ActionDialog
        title="Comparar versiones"
        onClose={onClose}
        width="lg"
        testId="version-compare-dialog"
        extraActions={
          <Button startIcon={<ArrowBackIcon />} onClick={() => setComparison(null)}>
            Volver al historial
          </Button>
        }
      >
        {comparison.state === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress size={28} aria-label="Cargando versiones" />
          </Box>
        )}
        {comparison.state === 'error' && <Alert severity="error">{comparison.message}</Alert>}
        {comparison.state === 'ready' && (
          <>
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 2 }}
            >
              <Typography variant="body2" color="text.secondary" data-testid="compare-summary">
                {changedCount === 0
                  ? 'Las versiones no tienen diferencias.'
                  : countPhrase(changedCount, '{n} campo modificado', '{n} campos modificados')}
              </Typography>
              <FormControlLabel
                control={<Switch checked={onlyChanges} onChange={(e) => setOnlyChanges(e.target.checked)} />}
                label="Solo campos modificados"
              />
            </Box>
            <TableContainer sx={{ maxHeight: '60vh', border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <Table size="small" stickyHeader aria-label="Comparación de versiones">
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ width: '30%' }}>CAMPO</TableCell>
                    <TableCell sx={{ width: '35%' }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {versionTitle(comparison.left)} {renderStatus(comparison.left.status)}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ width: '35%' }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        {versionTitle(comparison.right)} {renderStatus(comparison.right.status)}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {visibleDiff.map((row) => (
                    <TableRow
                      key={row.path}
                      data-changed={row.changed}
                      sx={
                        row.changed
                          ? {
                              bgcolor: (t) => alpha(t.palette.warning.main, 0.1),
                              '& td': { fontWeight: 500 },
                            }
                          : undefined
                      }
                    >
                      <TableCell sx={{ color: 'text.secondary' }}>{row.label}</TableCell>
                      <TableCell sx={valueCellSx(row.changed, 'error.dark')}>{row.left}</TableCell>
                      <TableCell sx={valueCellSx(row.changed, 'success.dark')}>{row.right}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </ActionDialog>
    );
  }

  return (
    <ActionDialog
      title="Historial de versiones"
      onClose={onClose}
      width="md"
      testId="version-history-dialog"
      extraActions={
        <Tooltip title={selected.length === 2 ? '' : 'Marque dos versiones para compararlas'}>
          <span>
            <Button
              variant="outlined"
              startIcon={<CompareArrowsIcon />}
              disabled={selected.length !== 2}
              onClick={() => void compare()}
            >
              Comparar{selected.length > 0 ? ` (${selected.length}/2)` : ''}
            </Button>
          </span>
        </Tooltip>
      }
    >
      {loading && !rows && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress size={28} aria-label="Cargando historial" />
        </Box>
      )}
      {Boolean(error) && <Alert severity="error">{describeError(error)}</Alert>}
      {rows && rows.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
      {rows && rows.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Elija una versión para verla. Marque dos para compararlas.
          </Typography>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: '55vh' }}>
            <Table size="small" stickyHeader aria-label={tableLabel}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>FECHA</TableCell>
                  <TableCell>ESTADO</TableCell>
                  <TableCell>ID</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const shown = row.version === shownVersion;
                  return (
                    <TableRow
                      key={row.version}
                      hover
                      selected={shown}
                      onClick={() => onPick(row)}
                      data-version={row.version}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                        <Checkbox
                          size="small"
                          checked={selected.includes(row.version)}
                          onChange={() => toggle(row.version)}
                          slotProps={{ input: { 'aria-label': `Comparar versión ${row.version}` } }}
                        />
                      </TableCell>
                      <TableCell>
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                          {formatDateTime(row.lastUpdateDate)}
                          {row.version === currentVersion && (
                            <Chip size="small" label="Actual" color="primary" variant="outlined" />
                          )}
                          {shown && row.version !== currentVersion && (
                            <Chip size="small" label="En pantalla" variant="outlined" />
                          )}
                        </Box>
                      </TableCell>
                      <TableCell>{renderStatus(row.status)}</TableCell>
                      <TableCell>
                        {row.id}
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          v{row.version}
                        </Typography>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </ActionDialog>
  );
}
