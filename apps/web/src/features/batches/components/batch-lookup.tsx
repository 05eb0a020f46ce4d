import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { CollectorPicker, type CollectorRef } from '@/components/pickers/collector-picker';
import { BATCHES_MESSAGES } from '../batch-labels';
import { recordHref } from '@/lib/record-href';

/**
 * /lotes/lotes without a collector: a batch is found by its collector and id, so the screen asks
 * for the collector (and the id, when the address has none) and opens /lotes/lotes/{collectorId}/{id}.
 */
export function BatchLookup({ id }: { id: string }) {
  const navigate = useNavigate();
  const [collector, setCollector] = useState<CollectorRef | null>(null);
  const [batchId, setBatchId] = useState(id);
  const wanted = batchId.trim();
  const idProblem = wanted && !/^\d+$/.test(wanted) ? 'El ID del lote admite solo dígitos.' : null;
  const ready = collector !== null && wanted !== '' && !idProblem;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    void navigate(recordHref('batch', { collectorId: collector.id, id: wanted }));
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      <Alert severity="info" data-testid="batch-choose-collector">
        <AlertTitle>{BATCHES_MESSAGES.lookupTitle}</AlertTitle>
        {BATCHES_MESSAGES.lookupHelp}
      </Alert>
      <Paper
        component="form"
        variant="outlined"
        aria-label="Buscar lote"
        onSubmit={submit}
        sx={{ p: 2, display: 'grid', gap: 2 }}
      >
        <CollectorPicker value={collector} onChange={setCollector} required />
        <TextField
          size="small"
          label="ID del lote"
          required
          value={batchId}
          onChange={(event) => setBatchId(event.target.value)}
          error={Boolean(idProblem)}
          helperText={idProblem ?? undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={!ready}>
            Ver lote
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
