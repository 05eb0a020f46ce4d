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

/** A version as a column's title: 'Versión 3 · 12/05/2025 10:30'. */
const versionTitle = (row: HistoryRow) => `Versión ${row.version} · ${formatDateTime(row.lastUpdateDate)}`;

/**
 * The versions ticked for a comparison (the last two), and the comparison: both versions loaded, then compared
 * field by field (`diff`). 'Solo campos modificados' holds across comparisons.
 */
function useVersionComparison<S extends string>({
  rows,
  loadVersion,
  diff,
}: Pick<VersionHistoryDialogProps<S>, 'rows' | 'loadVersion' | 'diff'>) {
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

  return {
    selected,
    toggle,
    comparison,
    compare,
    back: () => setComparison(null),
    onlyChanges,
    setOnlyChanges,
  };
}

/** Both views' table: small, framed by `sx`, its header kept in view while its body scrolls. */
function FramedTable({
  label,
  sx,
  head,
  children,
}: {
  label: string;
  sx: SxProps<Theme>;
  /** The header row's cells. */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableContainer sx={sx}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A version's column header: its title and its status chip. */
function VersionHeaderCell<S extends string>({
  row,
  renderStatus,
}: {
  row: HistoryRow<S>;
  renderStatus(status: S): ReactNode;
}) {
  return (
    <TableCell sx={{ width: '35%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {versionTitle(row)} {renderStatus(row.status)}
      </Box>
    </TableCell>
  );
}

/** The two versions side by side, field by field: the changed fields tinted, their older and newer values colored. */
function ComparisonTable<S extends string>({
  comparison,
  rows,
  renderStatus,
}: {
  comparison: Comparison<S>;
  rows: readonly DiffRow[];
  renderStatus(status: S): ReactNode;
}) {
  return (
    <FramedTable
      label="Comparación de versiones"
      sx={{ maxHeight: '60vh', border: 1, borderColor: 'divider', borderRadius: 2 }}
      head={
        <>
          <TableCell sx={{ width: '30%' }}>CAMPO</TableCell>
          <VersionHeaderCell row={comparison.left} renderStatus={renderStatus} />
          <VersionHeaderCell row={comparison.right} renderStatus={renderStatus} />
        </>
      }
    >
      {rows.map((row) => (
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
    </FramedTable>
  );
}

/** What 'Comparar versiones' shows: loading, the refusal, or how many fields changed over the comparison. */
function ComparisonContent<S extends string>({
  comparison,
  onlyChanges,
  setOnlyChanges,
  renderStatus,
}: {
  comparison: Comparison<S>;
  onlyChanges: boolean;
  setOnlyChanges(onlyChanges: boolean): void;
  renderStatus(status: S): ReactNode;
}) {
  const visibleDiff = useMemo(() => {
    if (comparison.state !== 'ready') return [];
    return onlyChanges ? comparison.rows.filter((r) => r.changed) : comparison.rows;
  }, [comparison, onlyChanges]);
  const changedCount = comparison.state === 'ready' ? comparison.rows.filter((r) => r.changed).length : 0;
  return (
    <>
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
          <ComparisonTable comparison={comparison} rows={visibleDiff} renderStatus={renderStatus} />
        </>
      )}
    </>
  );
}

/** 'Comparar (n/2)', enabled with two versions ticked; its tooltip says so until then. */
function CompareButton({ ticked, onCompare }: { ticked: number; onCompare(): void }) {
  return (
    <Tooltip title={ticked === 2 ? '' : 'Marque dos versiones para compararlas'}>
      <span>
        <Button
          variant="outlined"
          startIcon={<CompareArrowsIcon />}
          disabled={ticked !== 2}
          onClick={onCompare}
        >
          Comparar{ticked > 0 ? ` (${ticked}/2)` : ''}
        </Button>
      </span>
    </Tooltip>
  );
}

/** One version: a click shows it; its box ticks it for the comparison; the current and the shown one say so. */
function VersionRow<S extends string>({
  row,
  shownVersion,
  currentVersion,
  ticked,
  onToggle,
  onPick,
  renderStatus,
}: Pick<VersionHistoryDialogProps<S>, 'shownVersion' | 'currentVersion' | 'onPick' | 'renderStatus'> & {
  row: HistoryRow<S>;
  ticked: boolean;
  onToggle(version: number): void;
}) {
  const shown = row.version === shownVersion;
  return (
    <TableRow
      hover
      selected={shown}
      onClick={() => onPick(row)}
      data-version={row.version}
      sx={{ cursor: 'pointer' }}
    >
      <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
        <Checkbox
          size="small"
          checked={ticked}
          onChange={() => onToggle(row.version)}
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
}

/** The history's table (FECHA, ESTADO, ID), with what to do with it above. */
function VersionsTable<S extends string>({
  rows,
  tableLabel,
  selected,
  onToggle,
  ...rowProps
}: Pick<
  VersionHistoryDialogProps<S>,
  'tableLabel' | 'shownVersion' | 'currentVersion' | 'onPick' | 'renderStatus'
> & {
  rows: readonly HistoryRow<S>[];
  selected: readonly number[];
  onToggle(version: number): void;
}) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Elija una versión para verla. Marque dos para compararlas.
      </Typography>
      <FramedTable
        label={tableLabel}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: '55vh' }}
        head={
          <>
            <TableCell padding="checkbox" />
            <TableCell>FECHA</TableCell>
            <TableCell>ESTADO</TableCell>
            <TableCell>ID</TableCell>
          </>
        }
      >
        {rows.map((row) => (
          <VersionRow
            key={row.version}
            row={row}
            ticked={selected.includes(row.version)}
            onToggle={onToggle}
            {...rowProps}
          />
        ))}
      </FramedTable>
    </>
  );
}

/**
 * Version history (FECHA, ESTADO, ID): picking a row shows that version. Beyond the spec, two versions can be
 * ticked and compared side by side, with the fields that changed highlighted.
 */
export function VersionHistoryDialog<S extends string>({
  rows,
  loading,
  error,
  loadVersion,
  onClose,
  diff,
  emptyText,
  ...tableProps
}: VersionHistoryDialogProps<S>) {
  const versions = useVersionComparison({ rows, loadVersion, diff });
  const { comparison } = versions;

  // Both views are the same dialog (one ActionDialog, its content and actions swapped): going from one to the
  // other neither closes nor reopens it.
  if (comparison) {
    return (
      <ActionDialog
        title="Comparar versiones"
        onClose={onClose}
        width="lg"
        testId="version-compare-dialog"
        extraActions={
          <Button startIcon={<ArrowBackIcon />} onClick={versions.back}>
            Volver al historial
          </Button>
        }
      >
        <ComparisonContent
          comparison={comparison}
          onlyChanges={versions.onlyChanges}
          setOnlyChanges={versions.setOnlyChanges}
          renderStatus={tableProps.renderStatus}
        />
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
        <CompareButton ticked={versions.selected.length} onCompare={() => void versions.compare()} />
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
        <VersionsTable rows={rows} selected={versions.selected} onToggle={versions.toggle} {...tableProps} />
      )}
    </ActionDialog>
  );
}
