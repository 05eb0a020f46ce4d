import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { isValidPeriod, shiftPeriod } from './period';
import { PickersLocalization } from './pickers-localization';

export interface PeriodPickerProps {
  /** YYYY-MM */
  value: string;
  onChange: (period: string) => void;
  label?: string;
}

/** Período: a month picker (MM/YYYY) with previous and next month buttons. */
export function PeriodPicker({ value, onChange, label = 'Período' }: PeriodPickerProps) {
  return (
    <PickersLocalization>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Tooltip title="Mes anterior">
          <IconButton size="small" aria-label="Mes anterior" onClick={() => onChange(shiftPeriod(value, -1))}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <DatePicker
          label={label}
          views={['year', 'month']}
          openTo="month"
          format="MM/YYYY"
          value={dayjs(`${value}-01`)}
          onChange={(next) => {
            if (next && next.isValid()) {
              const period = next.format('YYYY-MM');
              if (isValidPeriod(period)) onChange(period);
            }
          }}
          slotProps={{ textField: { sx: { width: 150 } } }}
        />
        <Tooltip title="Mes siguiente">
          <IconButton size="small" aria-label="Mes siguiente" onClick={() => onChange(shiftPeriod(value, 1))}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </PickersLocalization>
  );
}
