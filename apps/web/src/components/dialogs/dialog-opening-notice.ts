import { createContext } from 'react';
import type { DialogFeedback } from '../../lib/mutation-outcome';

/**
 * What the kit knows of the record while an action's dialog is open (it changed since it was shown, found
 * as the dialog opened or heard later): every ActionDialog inside shows it as its feedback, 'Recargar' in place of
 * its action, until the record is read again. A module of its own, so that a screen's action table does not
 * download the dialogs with it.
 */
export const DialogOpeningNotice = createContext<DialogFeedback | null>(null);

/**
 * The state of the record an action's dialog acts on, in the area's words ('Aprobado · Acreditado'), as the screen
 * reads it now: the dialog says it under an unknown outcome, once the kit has read the record again.
 */
export const DialogRecordState = createContext<string | null>(null);
