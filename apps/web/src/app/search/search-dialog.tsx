import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { classifyScopedSearchText, countPhrase } from '@backoffice/validators';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { preferenceKeys } from '../../lib/preferences';
import { usePreference } from '../../lib/use-preference';
import type { SearchGroupKind } from '../gql/graphql';
import {
  addRecentRecord,
  readRecentRecords,
  recentRecordEntries,
  removeRecentRecord,
  type RecentRecord,
} from './recent-searches';
import { groupListPath, hitPath, type SearchHitOf } from './search-paths';
import { useApprovalOffer, type ApprovalOffer } from './approval-offer';
import { actsOnRecords, useRecordActions, type RecordAction } from './record-actions';
import { hitSecondary, OptionGroup, SearchOption } from './search-options';
import { useGroupedSearch, type GroupView } from './use-grouped-search';

export const SEARCH_DIALOG_TITLE = 'Buscar en el back-office';

/** One choice of the list: a hit to open, a group's whole list, or a record opened before. */
type Choice =
  | { type: 'hit'; key: string; kind: SearchGroupKind; hit: SearchHitOf; path: string }
  | { type: 'all'; key: string; path: string }
  | { type: 'recent'; key: string; record: RecentRecord }
  | { type: 'action'; key: string; path: string };

const DEBOUNCE_MS = 150;
const UNAVAILABLE = 'No disponible: el servicio no respondió. Probá de nuevo en unos minutos.';

/** What a group of the answer shows: its list, or a name in the 'Sin resultados en: …' line. */
const folded = (group: GroupView) => group.state === 'answered' && group.hits.length === 0;

/** The choices of an offer of actions (a record's, a request's): the enabled ones; a disabled one shows its reason. */
const actionChoices = (prefix: string, actions: readonly RecordAction[]): Choice[] =>
  actions
    .filter((action) => !action.reason)
    .map((action): Choice => ({ type: 'action', key: `${prefix}-${action.kind}`, path: action.path }));

/**
 * The text typed, as the palette reads it: its shape, the groups asked for it (each as its request stands), the
 * record an id names and its actions, the approval request a number names and its decisions, and the choices the
 * keyboard moves through, in the order they are shown.
 */
function useSearchAnswer(text: string, recent: readonly RecentRecord[]) {
  const { shape } = classifyScopedSearchText(text);
  const lookup = shape.kind !== 'empty' && shape.kind !== 'invalid';
  const debounced = useDebouncedValue(lookup ? text.trim() : '', DEBOUNCE_MS);
  const search = useGroupedSearch(debounced);
  // While the text typed is not yet the one asked (the pause, then until the hook takes it), every group shown is an
  // earlier text's (dimmed, not chosen).
  const refining = lookup && (debounced !== text.trim() || search.text !== debounced);
  const settled = lookup && !refining && search.plan !== null;
  const value = search.plan?.value ?? text.trim();
  const groups = useMemo(
    () => (lookup ? search.groups.map((group) => (refining ? { ...group, stale: true } : group)) : []),
    [lookup, refining, search.groups],
  );

  // A payment's or a subscription's id: that record's actions under its hit, as its toolbar has them.
  const target = useMemo(() => {
    if (!settled) return null;
    for (const group of groups) {
      const hit =
        !group.stale && actsOnRecords(group.kind) ? group.hits.find((h) => h.id === value) : undefined;
      if (hit) return { kind: group.kind, id: hit.id, path: hitPath(group.kind, hit, value) };
    }
    return null;
  }, [settled, groups, value]);
  const recordActions = useRecordActions(target);
  // A number: the approval request it names, for an operator who may decide requests (after the groups).
  const asked = useApprovalOffer(debounced);
  const approval = lookup && !refining ? asked : null;

  const choices = useMemo<Choice[]>(() => {
    if (shape.kind === 'empty')
      return recent.map((record) => ({ type: 'recent', key: `r-${record.kind}-${record.id}`, record }));
    if (!settled) return [];
    const answered = groups.flatMap((group): Choice[] => {
      if (group.stale) return [];
      const hits = group.hits.map((hit): Choice => ({
        type: 'hit',
        key: `${group.kind}-${hit.id}`,
        kind: group.kind,
        hit,
        path: hitPath(group.kind, hit, value),
      }));
      const all = group.state === 'answered' && group.total > 0 ? groupListPath(group.kind, value) : null;
      // The record's actions in a group of their own after its group; a disabled one is shown with its reason.
      const actions = actionChoices('a', target?.kind === group.kind ? recordActions : []);
      return [
        ...hits,
        ...(all ? [{ type: 'all', key: `${group.kind}-all`, path: all } as const] : []),
        ...actions,
      ];
    });
    return [...answered, ...actionChoices('ap', approval?.actions ?? [])];
  }, [shape.kind, recent, settled, groups, value, target, recordActions, approval]);

  return { shape, lookup, search, settled, value, groups, target, recordActions, approval, choices };
}

type SearchAnswer = ReturnType<typeof useSearchAnswer>;

/** The line under the field: why nothing is asked, or what the answer lacks; null while there is nothing to say. */
function searchStatus(text: string, answer: SearchAnswer, recentCount: number): string | null {
  const { shape, search, settled, groups, approval } = answer;
  if (shape.kind === 'invalid') return shape.message;
  if (shape.kind === 'empty')
    return recentCount
      ? null
      : "Escribí un id, un e-mail, un CUIT/CUIL, un CBU o un nombre; 'pago', 'lote', 'retiro'… o # antes de un id buscan solo ahí.";
  if (search.failed) return 'No se pudo buscar. Probá de nuevo en unos segundos.';
  if (!settled || approval) return null;
  if (!groups.length) return search.plan?.message ?? 'No tiene permisos para abrir lo que se busca así.';
  if (groups.filter(folded).length === groups.length) return `Sin resultados para «${text.trim()}».`;
  return null;
}

/** Renders one option by its key ('Texto', second line, a recent record it removes). */
type OptionOf = (
  key: string,
  primary: string,
  secondary: string | null,
  removable?: RecentRecord,
) => ReactNode;

/** An offer of actions as a group of its own: a record's (under its hit) or an approval request's. */
function ActionsGroup({
  id,
  label,
  testId,
  prefix,
  actions,
  hint,
  option,
}: {
  id: string;
  label: string;
  testId: string;
  prefix: string;
  actions: readonly RecordAction[];
  hint: string;
  option: OptionOf;
}) {
  return (
    <OptionGroup id={id} label={label} testId={testId}>
      {actions.map((action) => option(`${prefix}-${action.kind}`, action.text, action.reason || hint))}
    </OptionGroup>
  );
}

/** One group of the answer: its hits, 'Ver todos', its count, or why it could not answer. */
function AnswerGroup({
  group,
  listId,
  option,
  hasAll,
}: {
  group: GroupView;
  listId: string;
  option: OptionOf;
  hasAll: boolean;
}) {
  return (
    <OptionGroup
      id={`${listId}-${group.kind}`}
      label={group.label}
      testId={`search-group-${group.kind}`}
      available={group.state !== 'unavailable'}
      busy={group.state === 'loading' || group.stale}
      aside={
        group.state === 'answered' && !group.stale ? (
          <Typography variant="caption" color="text.secondary" data-testid={`search-count-${group.kind}`}>
            {countPhrase(group.total, '{n} resultado', '{n} resultados')}
          </Typography>
        ) : null
      }
      note={
        group.state === 'unavailable' ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1 }}>
            {UNAVAILABLE}
          </Typography>
        ) : group.state === 'loading' ? (
          <LinearProgress aria-label={`Buscando en ${group.label}`} sx={{ mx: 1.5, mb: 1 }} />
        ) : null
      }
    >
      {group.hits.map((hit) => option(`${group.kind}-${hit.id}`, hit.title, hitSecondary(group.kind, hit)))}
      {hasAll
        ? option(`${group.kind}-all`, 'Ver todos', `La lista de ${group.label.toLowerCase()} filtrada`)
        : null}
    </OptionGroup>
  );
}

/** The listbox: the recent records (nothing typed), or each group with its record's actions, then a request's. */
function SearchResults({
  listId,
  answer,
  recent,
  option,
  hasKey,
}: {
  listId: string;
  answer: SearchAnswer;
  recent: readonly RecentRecord[];
  option: OptionOf;
  hasKey: (key: string) => boolean;
}) {
  const { shape, groups, target, recordActions, approval } = answer;
  return (
    <Box
      component="ul"
      id={listId}
      role="listbox"
      aria-label="Resultados"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {shape.kind === 'empty' && recent.length ? (
        <OptionGroup id={`${listId}-recent`} label="Recientes">
          {recent.map((record) =>
            option(`r-${record.kind}-${record.id}`, record.title, record.detail, record),
          )}
        </OptionGroup>
      ) : null}
      {groups
        .filter((group) => !folded(group))
        .flatMap((group) => [
          <AnswerGroup
            key={group.kind}
            group={group}
            listId={listId}
            option={option}
            hasAll={hasKey(`${group.kind}-all`)}
          />,
          target?.kind === group.kind && recordActions.length > 0 ? (
            <ActionsGroup
              key={`${group.kind}-actions`}
              id={`${listId}-${group.kind}-actions`}
              label={`Acciones de ${target.id}`}
              testId="search-record-actions"
              prefix="a"
              actions={recordActions}
              hint="Abre el detalle con la acción"
              option={option}
            />
          ) : null,
        ])}
      {approval ? <ApprovalGroup listId={listId} approval={approval} option={option} /> : null}
    </Box>
  );
}

/** An approval request's decisions, a group of their own after the answer's groups. */
function ApprovalGroup({
  listId,
  approval,
  option,
}: {
  listId: string;
  approval: ApprovalOffer;
  option: OptionOf;
}) {
  return (
    <ActionsGroup
      id={`${listId}-approval`}
      label={approval.label}
      testId="search-approval-actions"
      prefix="ap"
      actions={approval.actions}
      hint="Abre la solicitud con esa decisión"
      option={option}
    />
  );
}

/**
 * The records opened from the palette (the gateway's store: `usePreference`), and what choosing does: the palette
 * closes and the choice's address opens, a hit or a recent record remembered first among the recent ones. `remove`
 * forgets a recent record (Supr).
 */
function useChooser(onClose: () => void) {
  const navigate = useNavigate();
  // Each record is its own entry: another tab's records stay when this one opens or removes one.
  const [storedRecent, , recentPreference] = usePreference<unknown>(preferenceKeys.recentSearches, []);
  const setRecent = (next: readonly RecentRecord[]) => recentPreference.merge(recentRecordEntries(next));
  const recent = useMemo(() => readRecentRecords(storedRecent), [storedRecent]);
  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  const choose = (choice: Choice | undefined) => {
    if (!choice) return;
    if (choice.type === 'recent') {
      setRecent(addRecentRecord(recent, choice.record));
      go(choice.record.path);
    } else if (choice.type === 'all' || choice.type === 'action') {
      go(choice.path);
    } else {
      const { path } = choice;
      const { id, title } = choice.hit;
      setRecent(
        addRecentRecord(recent, {
          kind: choice.kind,
          id,
          title,
          detail: hitSecondary(choice.kind, choice.hit),
          path,
        }),
      );
      go(path);
    }
  };
  const remove = (record: RecentRecord) => setRecent(removeRecentRecord(recent, record));
  return { recent, choose, remove };
}

/** The field: a combobox over the listbox `listId`, its active option `activeId`. */
function SearchField({
  text,
  onText,
  onKeyDown,
  listId,
  expanded,
  activeId,
}: {
  text: string;
  onText: (text: string) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  listId: string;
  expanded: boolean;
  activeId: string | undefined;
}) {
  return (
    <TextField
      autoFocus
      fullWidth
      value={text}
      onChange={(event) => onText(event.target.value)}
      onKeyDown={onKeyDown}
      placeholder="Id, e-mail, CUIT/CUIL, CBU, nombre, 'pago 1000001'…"
      slotProps={{
        htmlInput: {
          role: 'combobox',
          'aria-label': 'Texto a buscar',
          'aria-expanded': expanded,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': activeId,
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
  );
}

/**
 * 'Buscar en el back-office' (Ctrl+K / ⌘K): one field; the text, by its shape (after a group's word or '#': 'pago
 * 1000001'), is looked up by the gateway in the groups the user may open, each group shown as soon as its service
 * answers (`useGroupedSearch`), with its count and 'Ver todos' (its list filtered). Empty groups are one line. A
 * combobox: ↑/↓ move through the results (aria-activedescendant), Enter or a click opens one, Supr removes a recent
 * record, Esc closes and the focus goes back where it was (MUI's focus trap). Empty: the last 10 records opened
 * from here by this user (`usePreference`: the gateway's store), each opened again as it was. A number an approver
 * types also offers the decisions on the approval request of that number.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [enterPending, setEnterPending] = useState(false);
  const { recent, choose, remove } = useChooser(onClose);
  const answer = useSearchAnswer(text, recent);
  const { shape, lookup, search, settled, groups, choices } = answer;

  useEffect(() => setActive(0), [choices.length, shape.kind]);
  useEffect(() => {
    if (!open) {
      setText('');
      setEnterPending(false);
    }
  }, [open]);

  // Enter pressed before the answer came: the first result opens once every group before it has answered.
  useEffect(() => {
    if (!enterPending || !settled) return;
    for (const group of groups) {
      if (group.state === 'loading') return;
      if (group.hits.length) {
        setEnterPending(false);
        choose(choices.find((choice) => choice.type === 'hit' && choice.kind === group.kind));
        return;
      }
    }
    setEnterPending(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when an answer arrives
  }, [enterPending, settled, groups]);

  const onKeyDown = (event: KeyboardEvent) => {
    const current = choices[active];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!choices.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + choices.length) % choices.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (current) choose(current);
      else if (lookup) setEnterPending(true);
    } else if (event.key === 'Delete' && current?.type === 'recent') {
      event.preventDefault();
      remove(current.record);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  const indexOf = (key: string) => choices.findIndex((choice) => choice.key === key);
  const activeKey = choices[active]?.key;
  /** An option of `choice` (navigable), or a dimmed one of an earlier text (`key` not among the choices). */
  const option: OptionOf = (key, primary, secondary, removable) => {
    const index = indexOf(key);
    return (
      <SearchOption
        key={key}
        id={index >= 0 ? optionId(index) : undefined}
        active={key === activeKey}
        disabled={index < 0}
        primary={primary}
        secondary={secondary}
        onChoose={() => choose(choices[index])}
        onHover={() => setActive(index)}
        onRemove={
          removable
            ? {
                label: 'Quitar de los recientes (Supr)',
                describedBy: `${listId}-keys`,
                run: () => remove(removable),
              }
            : undefined
        }
      />
    );
  };
  const emptyGroups = groups.filter(folded);
  const status = searchStatus(text, answer, recent.length);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${listId}-title`}
      // Anchored near the top: the field stays where it is while groups arrive and the dialog grows.
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{
        paper: { sx: { mt: '8vh', maxHeight: '84vh' }, 'data-testid': 'search-dialog-paper' } as object,
      }}
    >
      <DialogTitle id={`${listId}-title`}>{SEARCH_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <SearchField
          text={text}
          onText={(typed) => {
            setText(typed);
            setEnterPending(false);
          }}
          onKeyDown={onKeyDown}
          listId={listId}
          expanded={choices.length > 0}
          activeId={activeKey ? optionId(active) : undefined}
        />
        <Box sx={{ height: 4, mt: 0.5 }}>
          {lookup && !settled && !search.failed ? <LinearProgress aria-label="Buscando" /> : null}
        </Box>
        <Box role="status" aria-live="polite" sx={{ minHeight: 24 }}>
          {status ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
              {status}
            </Typography>
          ) : null}
        </Box>
        <SearchResults
          listId={listId}
          answer={answer}
          recent={recent}
          option={option}
          hasKey={(key) => indexOf(key) >= 0}
        />
        {emptyGroups.length ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 1.5 }}
            data-testid="search-empty-groups"
          >
            Sin resultados en: {emptyGroups.map((group) => group.label).join(', ')}
          </Typography>
        ) : null}
        <Typography
          id={`${listId}-keys`}
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 2 }}
        >
          ↑ ↓ para moverse · Enter para abrir · Supr para quitar un reciente · Esc para cerrar
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
