import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AllMatching } from '../../lib/list/use-all-matching';
import { selectedCountText, type ItemNoun } from '../dialogs/item-noun';
import type { OfferedAction } from './selection-actions';
import { countOf } from '@backoffice/validators';

const countFormat = new Intl.NumberFormat('es-AR');

const feminine = (noun: ItemNoun) => noun.gender === 'feminine';

/** 'Seleccionar los 23 pagos que coinciden con la búsqueda' / 'Seleccionar las 23 suscripciones ...'. */
export function selectAllMatchingText(noun: ItemNoun, count: number): string {
  return `Seleccionar ${feminine(noun) ? 'las' : 'los'} ${countFormat.format(count)} ${noun.many} que coinciden con la búsqueda`;
}

/** '23 pagos seleccionados (todos los que coinciden con la búsqueda)'. */
export function allMatchingSelectedText(noun: ItemNoun, count: number): string {
  const all = feminine(noun) ? 'todas las' : 'todos los';
  return `${selectedCountText(noun, count)} (${all} que coinciden con la búsqueda)`;
}

/** 'Se pueden procesar hasta 500 pagos por vez; refine la búsqueda.' (the gateway's own words). */
export function overMaxText(noun: ItemNoun, maxItems: number): string {
  return `Se pueden procesar hasta ${countFormat.format(maxItems)} ${noun.many} por vez; refine la búsqueda.`;
}

/** 'Confirmo que se aplicará a 23 pagos'. */
export function confirmCountText(noun: ItemNoun, count: number): string {
  return `Confirmo que se aplicará a ${countOf(count, noun)}`;
}

/**
 * The bulk bar's buttons while every matching row is selected: rows beyond the page are not loaded, so a button
 * is enabled when the user holds its permission; the gateway then checks each item on its own (one no longer
 * eligible fails alone, with its reason, in the progress dialog).
 */
export function allMatchingActionStates<K extends string>(
  actions: readonly OfferedAction<K>[],
): OfferedAction<K>[] {
  return actions.map((action) => (action.permitted ? { ...action, enabled: true, reason: null } : action));
}

/**
 * The bulk bar's line about "all N matching": the offer to select them (disabled, with the reason, over the
 * gateway's maximum), or, once taken, 'N pagos seleccionados (todos los que coinciden con la búsqueda)' and
 * 'Solo los de esta página' (back to the page's rows). Nothing while neither applies.
 */
export function AllMatchingNotice({ noun, matching }: { noun: ItemNoun; matching: AllMatching }) {
  const { offer, active } = matching;
  if (!offer) return null;
  if (active) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" color="primary" role="status" data-testid="all-matching-selected">
          {allMatchingSelectedText(noun, offer.count)}
        </Typography>
        <Button size="small" onClick={matching.undo} data-testid="all-matching-undo">
          Solo los de esta página
        </Button>
      </Box>
    );
  }
  const label = selectAllMatchingText(noun, offer.count);
  const reason = offer.overMax ? overMaxText(noun, offer.maxItems) : '';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Tooltip title={reason} arrow>
        {/* A disabled button fires no events: the wrapper carries the reason and is focusable. */}
        <Box
          component="span"
          tabIndex={offer.overMax ? 0 : undefined}
          aria-label={offer.overMax ? `${label}: ${reason}` : undefined}
          data-testid="all-matching-offer"
          sx={{ display: 'inline-flex' }}
        >
          <Button size="small" disabled={offer.overMax} onClick={matching.selectAll}>
            {label}
          </Button>
        </Box>
      </Tooltip>
      {offer.overMax && (
        <Typography variant="caption" color="text.secondary" data-testid="all-matching-reason">
          {reason}
        </Typography>
      )}
    </Box>
  );
}
