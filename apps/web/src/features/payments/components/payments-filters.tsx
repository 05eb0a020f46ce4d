import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import type { PaymentDateField } from '../gql/graphql';
import { CollectorPicker } from '@/components/pickers/collector-picker';
import { PeriodPicker } from '@/components/pickers/period-picker';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { ALL_PERIODS, type PaymentsFilters } from '../payments-list-state';
import { PaymentMethodSelect } from './payment-method-select';

export type PaymentsFilterValues = Omit<PaymentsFilters, 'status'>;

export interface PaymentsFiltersProps {
  /** The filters of the list on screen (the form starts from them). */
  applied: PaymentsFilterValues;
  /** Whether a status filter is active (the refund date clears it). */
  statusActive: boolean;
  onSubmit: (values: PaymentsFilterValues) => void;
  /** A period chosen: applied at once, on top of the filters applied. */
  onPeriodChange: (period: string) => void;
  onClear: () => void;
}

const DATE_FIELD_OPTIONS: { value: PaymentDateField; label: string }[] = [
  { value: 'REQUEST_DATE', label: 'Fecha de solicitud' },
  { value: 'REFUNDED_DATE', label: 'Fecha de devolución' },
];

function sameFilters(a: PaymentsFilterValues, b: PaymentsFilterValues): boolean {
  return (
    a.search.trim() === b.search.trim() &&
    (a.collector?.id ?? '') === (b.collector?.id ?? '') &&
    a.period === b.period &&
    a.dateField === b.dateField &&
    a.methods.join(',') === b.methods.join(',')
  );
}

/**
 * The filter form of Buscar Pagos. One rule for when a filter applies, the rule of every list's period:
 * the period applies at once — its arrows, 'Mes actual', a month typed whole, 'Elegir un mes' — on top of the filters
 * applied, as the status menu does; what is typed or picked in the form (the search, the entity, the payment methods,
 * 'Aplicar período a') waits for Buscar (or Enter in the search box), and stays in the form meanwhile. The screen
 * remounts the form (key) when the applied filters other than the period change, e.g. on back/forward navigation.
 */
export function PaymentsFiltersForm({
  applied,
  statusActive,
  onSubmit,
  onPeriodChange,
  onClear,
}: PaymentsFiltersProps) {
  const [draft, setDraft] = useState<PaymentsFilterValues>(applied);
  const update = (patch: Partial<PaymentsFilterValues>) => setDraft((current) => ({ ...current, ...patch }));
  // The period shown is the one applied (it applies at once; back/forward may change it alone).
  useEffect(() => setDraft((current) => ({ ...current, period: applied.period })), [applied.period]);
  const applyPeriod = (period: string) => {
    update({ period });
    onPeriodChange(period);
  };
  const methodsAvailable = draft.search.trim() !== '' || draft.collector !== null;
  const dirty = !sameFilters(draft, applied);
  const [periodError, setPeriodError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (periodError) return; // an invalid period is marked on its field; nothing is searched
    if (draft.period === ALL_PERIODS && !draft.search.trim()) {
      onSubmit({ ...draft, period: CURRENT_PERIOD, search: '', methods: [] });
      return;
    }
    onSubmit({ ...draft, search: draft.search.trim(), methods: methodsAvailable ? draft.methods : [] });
  };

  return (
    <Paper
      component="form"
      role="search"
      aria-label="Filtros de pagos"
      variant="outlined"
      onSubmit={submit}
      sx={{ p: 2, mb: 2 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 2fr) minmax(220px, 1.4fr) auto' },
        }}
      >
        <TextField
          label="Buscar"
          placeholder="E-mail del pagador, ID de pago o nombre"
          value={draft.search}
          onChange={(event) => update({ search: event.target.value })}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': 'Buscar por e-mail del pagador, ID de pago o nombre', maxLength: 200 },
          }}
        />
        <CollectorPicker value={draft.collector} onChange={(collector) => update({ collector })} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: 56 }}>
          <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} sx={{ px: 3 }}>
            Buscar
          </Button>
          <Button
            type="button"
            variant="text"
            color="inherit"
            onClick={onClear}
            sx={{ color: 'text.secondary' }}
          >
            Limpiar
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 2 }}>
        {draft.period === ALL_PERIODS ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: 56 }}>
            <Typography variant="body2">Período: todos</Typography>
            <Button size="small" onClick={() => applyPeriod(CURRENT_PERIOD)}>
              Elegir un mes
            </Button>
          </Box>
        ) : (
          <PeriodPicker relative value={draft.period} onChange={applyPeriod} onErrorChange={setPeriodError} />
        )}
        <TextField
          select
          label="Aplicar período a"
          value={draft.dateField}
          onChange={(event) => update({ dateField: event.target.value as PaymentDateField })}
          helperText={
            draft.dateField === 'REFUNDED_DATE' && statusActive ? 'Se quitará el filtro de estado' : undefined
          }
          sx={{ width: 210 }}
        >
          {DATE_FIELD_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {methodsAvailable && (
          <Box sx={{ flex: '1 1 280px', maxWidth: 480 }}>
            <PaymentMethodSelect value={draft.methods} onChange={(methods) => update({ methods })} />
          </Box>
        )}
        {dirty && (
          <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }} role="status">
            Presione Buscar para aplicar los cambios.
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
