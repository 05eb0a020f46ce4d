import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { MESSAGES, parsePeriodInput } from '@backoffice/validators';
import { CURRENT_PERIOD, isValidPeriod, resolvePeriod, shiftPeriod } from './period';

export interface PeriodPickerProps {
  /** YYYY-MM, or 'Mes actual' (`CURRENT_PERIOD`) where `relative`. */
  value: string;
  /**
   * Offers 'Mes actual', a toggle that chooses the month the list is read in rather than a pinned one;
   * pressed while the value is `CURRENT_PERIOD`. A month typed or reached with the arrows is pinned.
   */
  relative?: boolean;
  onChange: (period: string) => void;
  label?: string;
  /**
   * Told whether what the operator typed is a period: the error message while it is not (13/2026, 05/1320),
   * null once it is. A form keeps its search from running meanwhile.
   */
  onErrorChange?: (message: string | null) => void;
  /** The first and last period that can be chosen (YYYY-MM): the month buttons stop there, a typed month outside
   * is refused with the real range, which the field states under it. */
  min?: string;
  max?: string;
}

/**
 * A month with a two-digit year ("11/20", "0119") is the start of a four-digit one ("11/2026"): it is never passed
 * on, not while typing nor on leaving the field or Enter, where it became 11/2020 and was
 * searched; the field says it is incomplete until the year has four digits.
 */
const SHORT_YEAR = /^(\d{4}|\d{1,2}\s*[/\-.\s]\s*\d{2})$/;

/** Under a period whose year is still two digits. */
export const PERIOD_INCOMPLETE = 'Período incompleto: escriba el año con cuatro cifras (MM/AAAA).';

/** 'De 01/2020 a 11/2026': the limits under a limited field. */
const rangeHint = (min: string | undefined, max: string | undefined) =>
  [min && `De ${shown(min)}`, max && `${min ? 'a' : 'Hasta'} ${shown(max)}`].filter(Boolean).join(' ');

/** MM/YYYY for YYYY-MM ('Mes actual': the current month's). */
const shown = (choice: string) => {
  const period = resolvePeriod(choice);
  return isValidPeriod(period) ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : '';
};

/**
 * Período: a month typed as people type it (3/2026, 03/2026, 0326...; normalised to MM/AAAA) with previous and
 * next month buttons. Anything that is not a real month of a plausible year is marked invalid and not passed
 * on (a sectioned date field silently turned 13/2026 into 03/2026).
 */
/** 'El período debe estar entre 01/2020 y 11/2026.' for a picker's limits (either may be missing). */
export function periodRangeMessage(min: string | undefined, max: string | undefined): string {
  if (min && max) return `El período debe estar entre ${shown(min)} y ${shown(max)}.`;
  if (min) return `El período debe ser ${shown(min)} o posterior.`;
  return `El período debe ser ${shown(max ?? '')} o anterior.`;
}

export function PeriodPicker({
  value,
  onChange,
  label = 'Período',
  onErrorChange,
  min,
  max,
  relative = false,
}: PeriodPickerProps) {
  const month = resolvePeriod(value);
  const limited = min !== undefined || max !== undefined;
  const outside = (period: string) =>
    (min !== undefined && period < min) || (max !== undefined && period > max);
  const [text, setText] = useState(() => shown(value));
  const [error, setError] = useState<string | null>(null);
  const reported = useRef<string | null>(null);
  // A new value from outside (the month buttons, a link) replaces what was typed.
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (parsePeriodInput(text) !== month) {
      setText(shown(value));
      setError(null);
    }
  }
  useEffect(() => {
    if (reported.current !== error) {
      reported.current = error;
      onErrorChange?.(error);
    }
  }, [error, onErrorChange]);

  const apply = (typed: string) => {
    const period = parsePeriodInput(typed);
    if (SHORT_YEAR.test(typed.trim())) {
      setError(PERIOD_INCOMPLETE);
    } else if (period && !outside(period)) {
      setError(null);
      // The month shown typed again (or the field left) changes nothing: 'Mes actual' stays relative.
      if (period !== month) onChange(period);
    } else {
      setError(limited ? periodRangeMessage(min, max) : MESSAGES.periodInvalid);
    }
  };
  const type = (next: string) => {
    setText(next);
    apply(next);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Tooltip title="Mes anterior">
        <IconButton
          size="small"
          aria-label="Mes anterior"
          disabled={min !== undefined && month <= min}
          onClick={() => onChange(shiftPeriod(value, -1))}
          sx={{ mt: 1.5 }}
        >
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <TextField
        label={label}
        placeholder="MM/AAAA"
        value={text}
        onChange={(event) => type(event.target.value)}
        onBlur={() => {
          apply(text);
          const period = parsePeriodInput(text);
          if (period && !SHORT_YEAR.test(text.trim())) setText(shown(period));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(text);
        }}
        error={error !== null}
        helperText={error ?? (limited ? rangeHint(min, max) : undefined)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9, autoComplete: 'off' } }}
        sx={{ width: error || limited ? 260 : 150 }}
      />
      <Tooltip title="Mes siguiente">
        <IconButton
          size="small"
          aria-label="Mes siguiente"
          disabled={max !== undefined && month >= max}
          onClick={() => onChange(shiftPeriod(value, 1))}
          sx={{ mt: 1.5 }}
        >
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      {relative && (
        <Button
          size="small"
          variant={value === CURRENT_PERIOD ? 'contained' : 'outlined'}
          aria-pressed={value === CURRENT_PERIOD}
          disableElevation
          onClick={() => onChange(CURRENT_PERIOD)}
          sx={{ mt: 1.25, whiteSpace: 'nowrap' }}
        >
          Mes actual
        </Button>
      )}
    </Box>
  );
}
