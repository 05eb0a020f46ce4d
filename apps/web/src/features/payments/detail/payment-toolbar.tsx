import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import CallSplitOutlined from '@mui/icons-material/CallSplitOutlined';
import SettingsBackupRestoreOutlined from '@mui/icons-material/SettingsBackupRestoreOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import type { PaymentActionKind } from '../gql/graphql';
import { ACTION_META, actionsFor, disabledReason, type PaymentActionData } from './payment-actions';

const ICONS: Record<PaymentActionKind, ReactElement> = {
  CANCEL: <BlockOutlined />,
  CHANGE_PAYMENT_METHOD: <CreditCardOutlined />,
  RETRY: <ReplayOutlined />,
  REFUND: <UndoOutlined />,
  PARTIAL_REFUND: <CallSplitOutlined />,
  REVERSE: <SettingsBackupRestoreOutlined />,
  CANCEL_OBJECTION: <GavelOutlined />,
  UPDATE_FROM_GATEWAY: <SyncOutlined />,
  FORWARD_NOTIFICATION: <SendOutlined />,
  NOTIFY_PAYER: <MailOutlineOutlined />,
  FORM_LINK: <OpenInNewOutlined />,
  HISTORY: <HistoryOutlined />,
  RELOAD: <RefreshOutlined />,
  SHOW_HOLDER: <PersonSearchOutlined />,
};

export interface ActionButtonProps {
  action: PaymentActionData;
  busy: boolean;
  onRun(kind: PaymentActionKind): void;
  variant?: 'outlined' | 'text' | 'contained';
  /** FORM_LINK is a link to the checkout form, opened in a new tab. */
  href?: string;
  /** A disabled action shrinks to its icon (the tooltip names it and says why). */
  compactWhenDisabled?: boolean;
}

/** One action: a button; a disabled one shows its reason as the tooltip. */
export function ActionButton({
  action,
  busy,
  onRun,
  variant = 'outlined',
  href,
  compactWhenDisabled,
}: ActionButtonProps) {
  const meta = ACTION_META[action.kind];
  const icon = busy ? <CircularProgress size={16} color="inherit" /> : ICONS[action.kind];
  if (!action.enabled) {
    const reason = disabledReason(action);
    const common = {
      disabled: true,
      'data-action': action.kind,
      'aria-label': meta.label,
      'aria-disabled': true,
    } as const;
    return (
      <Tooltip
        arrow
        title={
          <>
            <strong>{meta.label}</strong>
            <br />
            {reason}
          </>
        }
      >
        <span data-testid={`action-reason-${action.kind}`} data-reason={reason}>
          {compactWhenDisabled ? (
            <IconButton
              size="small"
              {...common}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: '5px' }}
            >
              {ICONS[action.kind]}
            </IconButton>
          ) : (
            <Button
              size="small"
              variant={variant}
              color={variant === 'text' ? 'inherit' : 'primary'}
              startIcon={icon}
              {...common}
            >
              {meta.label}
            </Button>
          )}
        </span>
      </Tooltip>
    );
  }
  const linkProps = href
    ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' }
    : {};
  return (
    <Button
      size="small"
      variant={variant}
      color={variant === 'text' ? 'inherit' : 'primary'}
      startIcon={icon}
      disabled={busy}
      onClick={href ? undefined : () => onRun(action.kind)}
      data-action={action.kind}
      aria-label={meta.label}
      {...linkProps}
    >
      {meta.label}
    </Button>
  );
}

/** The toolbar of the detail, built from `actions`: operations, then notifications. */
export function PaymentToolbar({
  actions,
  busyKind,
  onRun,
}: {
  actions: readonly PaymentActionData[];
  busyKind: PaymentActionKind | null;
  onRun(kind: PaymentActionKind): void;
}) {
  const operations = actionsFor(actions, 'operation');
  const notifications = actionsFor(actions, 'notification');
  if (operations.length === 0 && notifications.length === 0) return null;
  const group = (title: string, items: PaymentActionData[], testId: string) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={testId}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 700, letterSpacing: '0.06em', mr: 0.5 }}
      >
        {title}
      </Typography>
      {items.map((action) => (
        <ActionButton
          key={action.kind}
          action={action}
          busy={busyKind === action.kind}
          onRun={onRun}
          compactWhenDisabled
        />
      ))}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Acciones del pago"
      data-testid="payment-toolbar"
      sx={{
        px: 2,
        py: 1.25,
        mb: 2,
        borderRadius: 3,
        display: 'flex',
        columnGap: 3,
        rowGap: 1.25,
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      {operations.length > 0 && group('OPERACIONES', operations, 'toolbar-operations')}
      {notifications.length > 0 && group('NOTIFICACIONES', notifications, 'toolbar-notifications')}
    </Paper>
  );
}

/** Form link, history and reload, at the right of the page header. */
export function PaymentHeaderTools({
  actions,
  busyKind,
  onRun,
  checkoutUrl,
}: {
  actions: readonly PaymentActionData[];
  busyKind: PaymentActionKind | null;
  onRun(kind: PaymentActionKind): void;
  checkoutUrl: string;
}) {
  return (
    <>
      {actionsFor(actions, 'header').map((action) => (
        <ActionButton
          key={action.kind}
          action={action}
          busy={busyKind === action.kind}
          onRun={onRun}
          variant={action.kind === 'FORM_LINK' ? 'outlined' : 'text'}
          href={action.kind === 'FORM_LINK' ? checkoutUrl : undefined}
        />
      ))}
    </>
  );
}

/** The holder lookup button (SHOW_HOLDER) for the payment-methods section. */
export function HolderLookupButton({
  actions,
  onRun,
}: {
  actions: readonly PaymentActionData[];
  onRun(kind: PaymentActionKind): void;
}) {
  const [action] = actionsFor(actions, 'methods');
  if (!action) return null;
  return <ActionButton action={action} busy={false} onRun={onRun} variant="text" />;
}
