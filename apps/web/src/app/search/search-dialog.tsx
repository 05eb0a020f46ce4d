import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { classifySearchText } from '@backoffice/validators';
import { codeLabel } from '../../lib/code-label';
import { formatAmount } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { preferenceKeys } from '../../lib/preferences';
import { usePreference } from '../../lib/use-preference';
import { GlobalSearchDocument, type GlobalSearchQuery, type SearchGroupKind } from '../gql/graphql';
import { addRecentSearch, readRecentSearches } from './recent-searches';
import { hitPath } from './search-paths';

export const SEARCH_DIALOG_TITLE = 'Buscar en el back-office';

/** Statuses the groups answer, in Spanish (the raw code otherwise, as everywhere: lib/code-label). */
const STATUS = codeLabel({
  pending: 'Pendiente',
  approved: 'Aprobado',
  in_process: 'En proceso',
  rejected: 'Rechazado',
  cancelled: 'Cancelado',
  canceled: 'Cancelado',
  refunded: 'Devuelto',
  charged_back: 'Contracargo',
  authorized: 'Autorizado',
  active: 'Activa',
  paused: 'Pausada',
  finished: 'Finalizada',
  conciliated: 'Conciliada',
  for_withdrawing: 'Para retirar',
  withdrawn: 'Retirado',
  error: 'Con error',
  created: 'Creada',
  presented: 'Presentada',
});

type Group = GlobalSearchQuery['search']['groups'][number];

/** One choice of the list: a hit to open, or a recent search to run again. */
type Choice =
  | { type: 'hit'; key: string; kind: SearchGroupKind; hit: Group['hits'][number] }
  | { type: 'recent'; key: string; text: string };

const DEBOUNCE_MS = 250;

/**
 * 'Buscar en el back-office' (Ctrl+K / ⌘K): one field; the text, by its shape, is looked up by the gateway in the
 * groups the user may open (Query.search). A combobox: ↑/↓ move through the results (aria-activedescendant), Enter
 * or a click opens one, Esc closes and the focus goes back where it was (MUI's focus trap). Empty: the last 10
 * searches of this user, wherever they searched (`usePreference`: the gateway's store).
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [enterPending, setEnterPending] = useState(false);
  const [storedRecent, setRecent] = usePreference<unknown>(preferenceKeys.recentSearches, []);
  const recent = readRecentSearches(storedRecent);
  const shape = classifySearchText(text);
  const debounced = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const lookup = shape.kind !== 'empty' && shape.kind !== 'invalid';
  const settled = debounced === text.trim();
  const { data, loading, error } = useQuery(GlobalSearchDocument, {
    variables: { text: debounced },
    skip: !lookup || !debounced,
    fetchPolicy: 'network-only',
  });
  const result = lookup && settled && !loading ? data?.search : undefined;

  const choices = useMemo<Choice[]>(() => {
    if (shape.kind === 'empty')
      return recent.map((item) => ({ type: 'recent', key: `r-${item}`, text: item }));
    return (result?.groups ?? []).flatMap((group) =>
      group.hits.map((hit): Choice => ({
        type: 'hit',
        key: `${group.kind}-${hit.id}`,
        kind: group.kind,
        hit,
      })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recent is read from storedRecent
  }, [shape.kind, result, storedRecent]);

  useEffect(() => setActive(0), [choices]);
  useEffect(() => {
    if (!open) {
      setText('');
      setEnterPending(false);
    }
  }, [open]);

  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    if (choice.type === 'recent') {
      setText(choice.text);
      return;
    }
    setRecent(addRecentSearch(recent, text));
    onClose();
    void navigate(hitPath(choice.kind, choice.hit, result?.value ?? text.trim()));
  };

  // Enter pressed before the answer came: the first result opens when it does.
  useEffect(() => {
    if (enterPending && result) {
      setEnterPending(false);
      choose(choices[0]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the answer arrives
  }, [enterPending, result, choices]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!choices.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + choices.length) % choices.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (choices[active]) choose(choices[active]);
      else if (lookup && !result) setEnterPending(true);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const activeChoice = choices[active];
  let index = -1;
  const option = (choice: Choice, primary: string, secondary: string | null) => {
    index += 1;
    const mine = index;
    return (
      <Box
        component="li"
        key={choice.key}
        id={optionId(mine)}
        role="option"
        aria-selected={mine === active}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(choice)}
        onMouseMove={() => setActive(mine)}
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 1,
          cursor: 'pointer',
          bgcolor: mine === active ? 'action.selected' : undefined,
        }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {primary}
        </Typography>
        {secondary ? (
          <Typography variant="caption" color="text.secondary">
            {secondary}
          </Typography>
        ) : null}
      </Box>
    );
  };

  const hitSecondary = (hit: Group['hits'][number]) =>
    [hit.status ? STATUS(hit.status) : null, hit.amount ? formatAmount(hit.amount) : null, hit.detail]
      .filter(Boolean)
      .join(' · ') || null;

  const status = (() => {
    if (shape.kind === 'invalid') return shape.message;
    if (shape.kind === 'empty')
      return recent.length ? null : 'Escribí un id, un e-mail, un CUIT/CUIL, un CBU o un nombre.';
    if (error) return 'No se pudo buscar. Probá de nuevo en unos segundos.';
    if (result && !result.groups.length)
      return result.message ?? 'No tiene permisos para abrir lo que se busca así.';
    if (result && !choices.length && result.groups.every((g) => g.available))
      return `Sin resultados para «${text.trim()}».`;
    return null;
  })();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${listId}-title`}>
      <DialogTitle id={`${listId}-title`}>{SEARCH_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setEnterPending(false);
          }}
          onKeyDown={onKeyDown}
          placeholder="Id, e-mail, CUIT/CUIL, CBU o nombre"
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': 'Texto a buscar',
              'aria-expanded': choices.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': activeChoice ? optionId(active) : undefined,
              maxLength: 100,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ mt: 1 }}
        />
        <Box sx={{ height: 4, mt: 0.5 }}>{lookup && (loading || !settled) ? <LinearProgress /> : null}</Box>
        <Box role="status" aria-live="polite" sx={{ minHeight: 24 }}>
          {status ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
              {status}
            </Typography>
          ) : null}
        </Box>
        <Box
          component="ul"
          id={listId}
          role="listbox"
          aria-label="Resultados"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {shape.kind === 'empty' && recent.length ? (
            <OptionGroup id={`${listId}-recent`} label="Búsquedas recientes">
              {choices.map((choice) => option(choice, choice.type === 'recent' ? choice.text : '', null))}
            </OptionGroup>
          ) : null}
          {shape.kind !== 'empty'
            ? (result?.groups ?? []).map((group) => (
                <OptionGroup
                  key={group.kind}
                  id={`${listId}-${group.kind}`}
                  label={group.label}
                  testId={`search-group-${group.kind}`}
                  available={group.available}
                  note={
                    !group.available
                      ? 'No disponible: el servicio no respondió. Probá de nuevo en unos minutos.'
                      : group.hits.length
                        ? null
                        : 'Sin resultados'
                  }
                >
                  {group.hits.map((hit) =>
                    option(
                      { type: 'hit', key: `${group.kind}-${hit.id}`, kind: group.kind, hit },
                      hit.title,
                      hitSecondary(hit),
                    ),
                  )}
                </OptionGroup>
              ))
            : null}
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          ↑ ↓ para moverse · Enter para abrir · Esc para cerrar
        </Typography>
      </DialogContent>
    </Dialog>
  );
}

/** A labelled group of the listbox (a search group, or the recent searches), with a note in place of options. */
function OptionGroup({
  id,
  label,
  note,
  testId,
  available,
  children,
}: {
  available?: boolean;
  id: string;
  label: string;
  note?: string | null;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      role="group"
      aria-labelledby={id}
      data-testid={testId}
      data-available={available === false ? 'false' : undefined}
    >
      <Typography variant="overline" color="text.secondary" component="div" id={id}>
        {label}
      </Typography>
      {note ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1 }}>
          {note}
        </Typography>
      ) : (
        <Box component="ul" role="none" sx={{ listStyle: 'none', p: 0, mt: 0 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}
