import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { PaymentCardHoldersDocument } from '../gql/graphql';
import { describeError } from '@/lib/errors';
import { ActionDialog } from '@/components/dialogs/action-dialog';

/** The spec's default for an unknown card holder (spelled as the spec spells it). */
export const UNKNOWN_HOLDER = 'deconocido';

/** Card holder lookup (PAYMENT_HOLDER): the holders the payment service knows for the payment's card. */
export function CardHoldersDialog({ paymentId, onClose }: { paymentId: string; onClose(): void }) {
  const { data, loading, error } = useQuery(PaymentCardHoldersDocument, {
    variables: { id: paymentId },
    fetchPolicy: 'network-only',
  });
  const holders = data?.paymentCardHolders ?? [];
  return (
    <ActionDialog title="Titular de la tarjeta" onClose={onClose} width="xs" testId="card-holders-dialog">
      {loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={24} aria-label="Consultando titular" />
        </Box>
      )}
      {error && <Alert severity="error">{describeError(error)}</Alert>}
      {data && (
        <List dense disablePadding>
          {(holders.length > 0 ? holders : [{ holderName: UNKNOWN_HOLDER, holderId: null }]).map(
            (holder, i) => (
              <ListItem key={i} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <BadgeOutlined color="primary" />
                </ListItemIcon>
                <ListItemText
                  primary={holder.holderName || UNKNOWN_HOLDER}
                  secondary={holder.holderId ? `Documento ${holder.holderId}` : 'Sin documento'}
                />
              </ListItem>
            ),
          )}
        </List>
      )}
    </ActionDialog>
  );
}
