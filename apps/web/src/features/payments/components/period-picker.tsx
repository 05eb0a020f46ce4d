import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { esES } from '@mui/x-date-pickers/locales';
import { isValidPeriod } from '../payments-list-state';

const pickerLocaleText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

export interface PeriodPickerProps {
  /** YYYY-MM */
  value: string;
  onChange: (period: string) => void;
  label?: string;
}

function toDayjs(period: string): Dayjs {
  return dayjs(`${period}-01`);
}

function shift(period: string, months: number): string {
  return toDayjs(period).add(months, 'month').format('YYYY-MM');
}

/** Período: a month picker (MM/YYYY) with previous and next month buttons. */
export function PeriodPicker({ value, onChange, label = 'Período' }: PeriodPickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={pickerLocaleText}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title="Mes anterior">
          <IconButton size="small" aria-label="Mes anterior" onClick={() => onChange(shift(value, -1))}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <DatePicker
          label={label}
          views={['year', 'month']}
          openTo="month"
          format="MM/YYYY"
          value={toDayjs(value)}
          onChange={(next) => {
            if (next && next.isValid()) {
              const period = next.format('YYYY-MM');
              if (isValidPeriod(period)) onChange(period);
            }
          }}
          slotProps={{ textField: { sx: { width: 150 } } }}
        />
        <Tooltip title="Mes siguiente">
          <IconButton size="small" aria-label="Mes siguiente" onClick={() => onChange(shift(value, 1))}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </LocalizationProvider>
  );
}
