import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { MESSAGES, parsePeriodInput } from '@backoffice/validators';
import { isValidPeriod, shiftPeriod } from './period';

export interface PeriodPickerProps {
  /** YYYY-MM */
  value: string;
  onChange: (period: string) => void;
  label?: string;
  /**
   * Told whether what the operator typed is a period: the error message while it is not (13/2026, 05/1320),
   * null once it is. A form keeps its search from running meanwhile.
   */
  onErrorChange?: (message: string | null) => void;
}

/** MM/YYYY for YYYY-MM. */
const shown = (period: string) =>
  isValidPeriod(period) ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : '';

/**
 * Período: a month typed as people type it (3/2026, 03/2026, 0326...; normalised to MM/AAAA) with previous and
 * next month buttons. Anything that is not a real month of a plausible year is marked invalid and not passed
 * on (issue 10 item 7; a sectioned date field silently turned 13/2026 into 03/2026).
 */
export function PeriodPicker({ value, onChange, label = 'Período', onErrorChange }: PeriodPickerProps) {
  const [text, setText] = useState(() => shown(value));
  const [error, setError] = useState<string | null>(null);
  const reported = useRef<string | null>(null);
  // A new value from outside (the month buttons, a link) replaces what was typed.
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (parsePeriodInput(text) !== value) {
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

  const type = (next: string) => {
    setText(next);
    const period = parsePeriodInput(next);
    if (period) {
      setError(null);
      if (period !== value) onChange(period);
    } else {
      setError(MESSAGES.periodInvalid);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Tooltip title="Mes anterior">
        <IconButton
          size="small"
          aria-label="Mes anterior"
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
          const period = parsePeriodInput(text);
          if (period) setText(shown(period));
        }}
        error={error !== null}
        helperText={error ?? undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9, autoComplete: 'off' } }}
        sx={{ width: error ? 260 : 150 }}
      />
      <Tooltip title="Mes siguiente">
        <IconButton
          size="small"
          aria-label="Mes siguiente"
          onClick={() => onChange(shiftPeriod(value, 1))}
          sx={{ mt: 1.5 }}
        >
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
