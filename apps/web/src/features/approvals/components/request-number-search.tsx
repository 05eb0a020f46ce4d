import { useState, type FormEvent } from 'react';
import { useApolloClient } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { IdentifierTextField } from '@/components/form';
import { describeError } from '@/lib/errors';
import { ApprovalRequestDocument, type ApprovalRequestRowFragment } from '../gql/graphql';

/**
 * 'N.º de solicitud': the number the maker's dialog said ('Solicitud N.º 42'), read as the gateway has it now and
 * opened whatever its status; the list's search field ('/' focuses it). Not found: said under the field.
 */
export function RequestNumberSearch({ onFound }: { onFound(request: ApprovalRequestRowFragment): void }) {
  const client = useApolloClient();
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** What is typed: digits only (the kit's field), a former 'not found' forgotten. */
  const typed = (value: string) => {
    setNumber(value);
    setProblem(null);
  };
  const open = async (event: FormEvent) => {
    event.preventDefault();
    if (!number || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { data } = await client.query({
        query: ApprovalRequestDocument,
        variables: { id: number },
        fetchPolicy: 'network-only',
      });
      if (data?.approvalRequest) {
        setNumber('');
        onFound(data.approvalRequest);
      } else setProblem(`No se encontró la solicitud N.º ${number}, o no puede verla.`);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => void open(event)}
      sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
    >
      <IdentifierTextField
        kind="digits"
        label="N.º de solicitud"
        value={number}
        error={Boolean(problem)}
        onValueChange={typed}
        helperText={problem ?? undefined}
        sx={{ width: 170 }}
        slotProps={{ htmlInput: { 'data-list-search': '', 'data-testid': 'approval-number-input' } }}
      />
      <Button type="submit" variant="outlined" disabled={!number || busy}>
        Abrir
      </Button>
    </Box>
  );
}
