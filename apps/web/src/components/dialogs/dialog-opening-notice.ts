import { createContext } from 'react';
import type { DialogFeedback } from '../../lib/mutation-outcome';

/**
 * What the kit found as an action's dialog opened (issue 45: the record changed since it was shown): every
 * ActionDialog inside shows it as its feedback until a submit's own answer replaces it. A module of its own, so that
 * a screen's action table does not download the dialogs with it.
 */
export const DialogOpeningNotice = createContext<DialogFeedback | null>(null);
