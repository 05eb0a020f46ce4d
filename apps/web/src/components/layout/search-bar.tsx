import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchBarProps {
  /** Accessible name of the search form, e.g. 'Buscar pagadores'. */
  ariaLabel: string;
  /** The applied text (the form starts from it; remount with a `key` to follow a change). */
  search: string;
  placeholder: string;
  /** Under the field: what the search looks in ('Busca por número BIN, marca…'). */
  helperText?: string;
  onSubmit(search: string): void;
  /** 'Limpiar': omitted, no button. */
  onClear?(): void;
  /** Other filters before the buttons (a collector picker...), each in its own grid cell. */
  children?: ReactNode;
  /** data-testid of the text input. */
  inputTestId?: string;
}

/**
 * A list's search row: a 'Buscar' text field, optional extra filters, and 'Buscar' / 'Limpiar' buttons. The text
 * applies on submit (Enter or the button), never while typing.
 */
export function SearchBar({
  ariaLabel,
  search,
  placeholder,
  helperText,
  onSubmit,
  onClear,
  children,
  inputTestId,
}: SearchBarProps) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text.trim());
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={submit}
      role="search"
      aria-label={ariaLabel}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: children ? '2fr 2fr auto' : '3fr auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        size="small"
        label="Buscar"
        placeholder={placeholder}
        helperText={helperText}
        value={text}
        onChange={(event) => setText(event.target.value)}
        // The list's search field: '/' outside a text field focuses it (components/list-page/list-search-key.ts).
        slotProps={{
          htmlInput: {
            'data-list-search': true,
            'aria-keyshortcuts': '/',
            ...(inputTestId ? { 'data-testid': inputTestId } : {}),
          },
        }}
      />
      {children}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Buscar
        </Button>
        {onClear && (
          <Button type="button" onClick={onClear}>
            Limpiar
          </Button>
        )}
      </Box>
    </Paper>
  );
}
