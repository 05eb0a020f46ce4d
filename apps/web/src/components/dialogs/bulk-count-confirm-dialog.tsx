import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { confirmCountText } from '../actions/all-matching';
import { ActionDialog, useBulkConfirmStep, type BulkConfirmStepProps } from './action-dialog';
import type { ItemNoun } from './item-noun';

/** title: 'Cancelar pagos'... */
export interface BulkCountConfirmDialogProps extends BulkConfirmStepProps {
  /** How many items match the search (the count the operator confirms). */
  count: number;
  noun: ItemNoun;
}

/** 'Se aplicará a los 23 pagos que coinciden con la búsqueda, no solo a los de esta página.' */
export function countScopeText(noun: ItemNoun, count: number): string {
  const article = noun.gender === 'feminine' ? 'las' : 'los';
  return `Se aplicará a ${article} ${count} ${noun.many} que coinciden con la búsqueda, no solo a ${article} de esta página.`;
}

/**
 * The confirmation of a bulk action over every item matching the search (850 px): the count, and a box the
 * operator ticks ('Confirmo que se aplicará a 23 pagos') before Continuar is enabled. The gateway refuses the
 * action if the search no longer returns that count.
 */
export function BulkCountConfirmDialog({ count, noun, ...frame }: BulkCountConfirmDialogProps) {
  const [confirmed, setConfirmed] = useState(false);
  const step = useBulkConfirmStep(frame);
  return (
    <ActionDialog {...step} submitDisabled={!confirmed} testId="bulk-count-confirm-dialog">
      <Typography sx={{ mb: 1.5 }} data-testid="bulk-count-scope">
        {countScopeText(noun, count)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Cada uno se verifica y procesa por separado; verá el resultado de cada uno. Si la búsqueda cambió
        antes de confirmar, no se aplicará a ninguno.
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
            data-testid="bulk-count-confirm"
          />
        }
        label={confirmCountText(noun, count)}
      />
    </ActionDialog>
  );
}
