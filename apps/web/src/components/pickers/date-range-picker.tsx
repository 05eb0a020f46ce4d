import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { isValidDay } from './period';
import { PickersLocalization } from './pickers-localization';

/** Days as YYYY-MM-DD (Argentine calendar days; `dayRange` turns them into instants). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export const DATE_RANGE_MESSAGES = {
  inverted: 'La fecha desde no puede ser posterior a la fecha hasta.',
} as const;

/** The range's error, if any (from after to). */
export function dateRangeError(range: DayRange): string | undefined {
  return range.from && range.to && range.from > range.to ? DATE_RANGE_MESSAGES.inverted : undefined;
}

export interface DateRangePickerProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  fromLabel?: string;
  toLabel?: string;
}

const toDay = (value: Dayjs | null): string | null => {
  const text = value && value.isValid() ? value.format('YYYY-MM-DD') : null;
  return isValidDay(text) ? text : null;
};

/** Desde / Hasta: two day pickers (DD/MM/YYYY); an inverted range shows its error under 'Hasta'. */
export function DateRangePicker({
  value,
  onChange,
  fromLabel = 'Desde',
  toLabel = 'Hasta',
}: DateRangePickerProps) {
  const error = dateRangeError(value);
  return (
    <PickersLocalization>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <DatePicker
          label={fromLabel}
          format="DD/MM/YYYY"
          value={value.from ? dayjs(value.from) : null}
          onChange={(next) => onChange({ ...value, from: toDay(next) })}
          slotProps={{ textField: { sx: { width: 170 } }, field: { clearable: true } }}
        />
        <DatePicker
          label={toLabel}
          format="DD/MM/YYYY"
          value={value.to ? dayjs(value.to) : null}
          onChange={(next) => onChange({ ...value, to: toDay(next) })}
          slotProps={{
            textField: { sx: { width: 170 }, error: Boolean(error), helperText: error },
            field: { clearable: true },
          }}
        />
      </Box>
    </PickersLocalization>
  );
}
