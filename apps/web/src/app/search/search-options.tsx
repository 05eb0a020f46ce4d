import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import {
  DISTRIBUTION_HEADER_STATUS_TEXTS,
  IMPORT_STATUS_TEXTS,
  PAYMENT_STATUS_TEXTS,
  SUBSCRIPTION_STATUS_TEXTS,
  WITHDRAWAL_STATUS_TEXTS,
} from '@backoffice/validators';
import { PRESENTATION_STATUS_LABELS } from '@/features/afip/presentations-list.definition';
import { codeLabel } from '../../lib/code-label';
import { formatAmount } from '../../lib/format';
import type { SearchGroupKind } from '../gql/graphql';
import type { SearchHitOf } from './search-paths';

/** A catalogue keyed by GraphQL enum values ('DELIVERED'), read as `codeLabel` reads codes: in any case. */
const enumLabel = (table: Readonly<Record<string, string>>) =>
  codeLabel(Object.fromEntries(Object.entries(table).map(([code, text]) => [code.toLowerCase(), text])));

/**
 * A hit's status in its area's words, the ones its list and detail use ('Emitido' for a payment, 'Aprobada' for an
 * import): the validators' catalogue of each area, a presentation's from its list's definition; a transfer's and a
 * batch's (their labels live in their areas' screens, which the palette does not download) here.
 */
const STATUS_OF: Partial<Record<SearchGroupKind, (code: string) => string>> = {
  PAYMENT: codeLabel(PAYMENT_STATUS_TEXTS),
  SUBSCRIPTION: codeLabel(SUBSCRIPTION_STATUS_TEXTS),
  IMPORT: codeLabel(IMPORT_STATUS_TEXTS),
  WITHDRAWAL: codeLabel(WITHDRAWAL_STATUS_TEXTS),
  DISTRIBUTION: codeLabel(DISTRIBUTION_HEADER_STATUS_TEXTS),
  PRESENTATION: enumLabel(PRESENTATION_STATUS_LABELS),
  TRANSFER: codeLabel({ pending: 'Pendiente', conciliated: 'Conciliada', rejected: 'Rechazada' }),
  BATCH: codeLabel({
    for_withdrawing: 'Por retirar',
    in_withdrawn: 'En retiro',
    withdrawn: 'Retirado',
    error: 'Error',
  }),
};

/** A code of a group without its catalogue: as the service wrote it (an operator still sees something true). */
const asWritten = codeLabel({});

/** A hit's second line: its status, amount and identifying detail. */
export const hitSecondary = (kind: SearchGroupKind, hit: SearchHitOf): string | null =>
  [
    hit.status ? (STATUS_OF[kind] ?? asWritten)(hit.status) : null,
    hit.amount ? formatAmount(hit.amount) : null,
    hit.detail,
  ]
    .filter(Boolean)
    .join(' · ') || null;

/**
 * One option of the listbox. `disabled`: an earlier text's result, shown dimmed while the new text is asked, not
 * chosen (aria-disabled; Enter waits for the new answer). `onRemove`: a recent record's '×', for the mouse (hidden
 * from the accessibility tree: nothing interactive may sit in an option; the keyboard's way is Supr, which the
 * option's description says).
 */
export function SearchOption({
  id,
  active,
  disabled,
  primary,
  secondary,
  onChoose,
  onHover,
  onRemove,
}: {
  id?: string;
  active: boolean;
  disabled?: boolean;
  primary: string;
  secondary: string | null;
  onChoose?: () => void;
  onHover?: () => void;
  /** `describedBy`: the dialog's line of keys, which says Supr. */
  onRemove?: { label: string; describedBy: string; run: () => void };
}) {
  return (
    <Box
      component="li"
      id={id}
      role="option"
      aria-selected={active}
      aria-disabled={disabled || undefined}
      aria-describedby={onRemove?.describedBy}
      onMouseDown={(event) => event.preventDefault()}
      onClick={disabled ? undefined : onChoose}
      onMouseMove={disabled ? undefined : onHover}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderRadius: 1,
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.5 : 1,
        bgcolor: active ? 'action.selected' : undefined,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {primary}
        </Typography>
        {secondary ? (
          <Typography variant="caption" color="text.secondary">
            {secondary}
          </Typography>
        ) : null}
      </Box>
      {onRemove ? (
        <Box
          component="span"
          aria-hidden="true"
          title={onRemove.label}
          data-testid="search-recent-remove"
          onClick={(event) => {
            event.stopPropagation();
            onRemove.run();
          }}
          sx={{ display: 'flex', p: 0.5, borderRadius: '50%', '&:hover': { bgcolor: 'action.hover' } }}
        >
          <CloseIcon fontSize="small" />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A labelled group of the listbox (a search group, or the recent records): its name, what it says beside it (its
 * count), and a note or a progress bar before its options.
 */
export function OptionGroup({
  id,
  label,
  aside,
  note,
  testId,
  available,
  busy,
  children,
}: {
  id: string;
  label: string;
  aside?: ReactNode;
  note?: ReactNode;
  testId?: string;
  available?: boolean;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      component="li"
      role="group"
      aria-labelledby={id}
      aria-busy={busy || undefined}
      data-testid={testId}
      data-available={available === false ? 'false' : undefined}
      sx={{ mb: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="overline" color="text.secondary" component="div" id={id}>
          {label}
        </Typography>
        {aside}
      </Box>
      {note}
      <Box component="ul" role="none" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
