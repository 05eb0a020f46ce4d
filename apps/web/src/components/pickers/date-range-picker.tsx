import { useRef } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { isInvalidDayText, isValidDay, RELATIVE_DAY_RANGES, resolveDay } from './period';
import { PickersLocalization } from './pickers-localization';

/** Days as YYYY-MM-DD (Argentine calendar days; `dayRange` turns them into instants). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

export const DATE_RANGE_MESSAGES = {
  inverted: 'La fecha desde no puede ser posterior a la fecha hasta.',
  incomplete: 'Fecha incompleta: complétela (DD/MM/AAAA) o bórrela.',
  invalid: 'Fecha inválida',
} as const;

/**
 * A day half typed ("15/MM/AAAA") or not a real day: the range holds this instead of a day, so that the form
 * refuses to search (`dateRangeError`) rather than search without it.
 */
export const INCOMPLETE_DAY = 'incompleta';

/** A side's own error: a day half typed, or a text of the address that is not a day (`DAY_RANGE_PARAM`). */
const dayError = (day: string | null): string | undefined => {
  if (day === INCOMPLETE_DAY) return DATE_RANGE_MESSAGES.incomplete;
  return isInvalidDayText(day) ? DATE_RANGE_MESSAGES.invalid : undefined;
};

/** The range's error, if any (a day half typed or invalid, or from after to; relative days compared as today's). */
export function dateRangeError(range: DayRange): string | undefined {
  const own = dayError(range.from) ?? dayError(range.to);
  if (own) return own;
  const from = resolveDay(range.from);
  const to = resolveDay(range.to);
  return from && to && from > to ? DATE_RANGE_MESSAGES.inverted : undefined;
}

export interface DateRangePickerProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  fromLabel?: string;
  toLabel?: string;
  /** Offers 'Hoy' and 'Últimos 7 días': relative ranges, kept as such so a saved view follows the calendar. */
  relative?: boolean;
}

/** A section still showing its placeholder (DD, MM, AAAA). */
const EMPTY_SECTION = /[^\d/]/;

const toDay = (value: Dayjs | null): string | null => {
  if (value === null) return null;
  const text = value.isValid() ? value.format('YYYY-MM-DD') : null;
  return isValidDay(text) ? text : INCOMPLETE_DAY;
};

/**
 * Desde / Hasta: two day pickers (DD/MM/YYYY); an inverted range shows its error under 'Hasta', a half-typed day
 * its own under its field (and the range holds `INCOMPLETE_DAY` for it, never a day).
 */
export function DateRangePicker({
  value,
  onChange,
  fromLabel = 'Desde',
  toLabel = 'Hasta',
  relative = false,
}: DateRangePickerProps) {
  const validDay = (day: string | null) => {
    const resolved = resolveDay(day);
    return isValidDay(resolved) ? resolved : null;
  };
  const inverted = dateRangeError({ from: validDay(value.from), to: validDay(value.to) });
  // While a day is half typed the field is given back the very value it reported, so it keeps what was typed.
  const typed = useRef<{ from: Dayjs | null; to: Dayjs | null }>({ from: null, to: null });
  const shownDay = (side: 'from' | 'to') => {
    const day = value[side];
    if (day === INCOMPLETE_DAY) return typed.current[side];
    // A relative day shows the day it names today; a text of the address that is not a day shows an empty field,
    // its message below (`dayError`).
    const resolved = validDay(day);
    return resolved ? dayjs(resolved) : null;
  };
  const change = (side: 'from' | 'to', next: Dayjs | null) => {
    typed.current[side] = next;
    const day = toDay(next);
    // The field reports the day it shows when its range is relative: that is no choice of a pinned day.
    if (day !== null && day === validDay(value[side])) return;
    onChange({ ...value, [side]: day });
  };
  // A field that was empty reports nothing until every section is typed: what it shows ("15/MM/AAAA", in its
  // hidden input) tells a half-typed day, after each key and when it loses the focus.
  const watch = (side: 'from' | 'to') => (event: { currentTarget: HTMLElement }) => {
    const text = event.currentTarget.querySelector('input')?.value ?? '';
    const partial = EMPTY_SECTION.test(text);
    // An empty field (no day, or an address text that is not one) typed in part holds the range as incomplete.
    const empty = value[side] !== INCOMPLETE_DAY && validDay(value[side]) === null;
    if (partial && empty) onChange({ ...value, [side]: INCOMPLETE_DAY });
    else if (text === '' && value[side] === INCOMPLETE_DAY) onChange({ ...value, [side]: null });
  };
  const errors = { from: dayError(value.from), to: dayError(value.to) ?? inverted };
  const labels = { from: fromLabel, to: toLabel };
  return (
    <PickersLocalization>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {(['from', 'to'] as const).map((side) => (
          <DatePicker
            key={side}
            label={labels[side]}
            format="DD/MM/YYYY"
            value={shownDay(side)}
            onChange={(next) => change(side, next)}
            slotProps={{
              textField: {
                sx: { width: 170 },
                error: Boolean(errors[side]),
                helperText: errors[side],
                onKeyUp: watch(side),
                onBlur: watch(side),
              },
              field: { clearable: true },
            }}
          />
        ))}
        {relative &&
          RELATIVE_DAY_RANGES.map((range) => {
            const chosen = value.from === range.from && value.to === range.to;
            return (
              <Button
                key={range.label}
                size="small"
                variant={chosen ? 'contained' : 'outlined'}
                aria-pressed={chosen}
                disableElevation
                onClick={() => onChange({ from: range.from, to: range.to })}
                sx={{ mt: 1.25, whiteSpace: 'nowrap' }}
              >
                {range.label}
              </Button>
            );
          })}
      </Box>
    </PickersLocalization>
  );
}
