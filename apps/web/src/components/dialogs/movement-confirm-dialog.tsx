import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { MoneySummary, movementLines, type MovementOf } from './money-summary';

export interface MovementConfirmDialogProps extends Omit<ConfirmDialogProps, 'children'> {
  /** The summary's title: 'Se autorizará', 'Se emitirán'. */
  summaryTitle: string;
  movement: MovementOf;
}

/**
 * A question about an action that moves money: its sentence, then what it moves, whose, how much and to
 * which account (`movementLines`), as a bulk confirmation lists each item.
 */
export function MovementConfirmDialog({ summaryTitle, movement, ...question }: MovementConfirmDialogProps) {
  return (
    <ConfirmDialog {...question}>
      <MoneySummary title={summaryTitle} lines={movementLines(movement)} testId="movement-summary" />
    </ConfirmDialog>
  );
}
