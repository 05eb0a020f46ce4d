import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickersLocalization } from '@/components/pickers';
import { dayOf as argentineDay } from '@/components/pickers/period';
import { dayOf, type DistributionFilters } from '../distributions-list';

/**
 * The date range (shown 'dd MMMM YYYY', maximum today) and the toggleable search box 'Buscar por ID o Signature'
 * (spec 001 §2, §5).
 */
export function DistributionFiltersBar({
  value,
  onChange,
}: {
  value: DistributionFilters;
  onChange(next: Partial<DistributionFilters>): void;
}) {
  const [searching, setSearching] = useState(value.search !== '');
  const [text, setText] = useState(value.search);
  useEffect(() => setText(value.search), [value.search]);
  // Today in Argentine time: the same maximum the list's address is clamped to (distributions-list.ts).
  const today = dayjs(argentineDay());
  const pick = (field: 'from' | 'to') => (next: dayjs.Dayjs | null) => {
    if (!next || !next.isValid() || next.isAfter(today, 'day')) return;
    const day = dayOf(next.toDate());
    if (field === 'from' && day > value.to) onChange({ from: day, to: day });
    else if (field === 'to' && day < value.from) onChange({ from: day, to: day });
    else onChange({ [field]: day });
  };
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <PickersLocalization>
        {(
          [
            ['from', 'Desde'],
            ['to', 'Hasta'],
          ] as const
        ).map(([field, label]) => (
          <DatePicker
            key={field}
            label={label}
            format="DD MMMM YYYY"
            maxDate={today}
            value={dayjs(value[field])}
            onChange={pick(field)}
            slotProps={{ textField: { size: 'small', sx: { width: 245 } } }}
          />
        ))}
      </PickersLocalization>
      <Tooltip title={searching ? 'Cerrar búsqueda' : 'Buscar'}>
        <IconButton
          aria-label={searching ? 'Cerrar búsqueda' : 'Buscar'}
          aria-pressed={searching}
          // '/' presses it while the search is hidden (components/list-page/list-search-key.ts).
          data-list-search-toggle={searching ? undefined : ''}
          onClick={() => {
            if (searching && value.search) onChange({ search: '' });
            setSearching(!searching);
          }}
        >
          {searching ? <SearchOffIcon /> : <SearchIcon />}
        </IconButton>
      </Tooltip>
      {searching && (
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ search: text.trim() });
          }}
        >
          <TextField
            size="small"
            autoFocus
            label="Buscar por ID o Signature"
            value={text}
            onChange={(event) => setText(event.target.value)}
            helperText="Más de 4 caracteres: ID de pago; de 1 a 4: signature."
            sx={{ width: 300 }}
            slotProps={{ htmlInput: { maxLength: 64, 'data-list-search': true, 'aria-keyshortcuts': '/' } }}
          />
        </Box>
      )}
    </Box>
  );
}
