/** What a lookup says while its text was typed and no option of it chosen. */
export const UNCHOSEN_OPTION_MESSAGE = 'Elija una opción de la lista';

/**
 * The error of a lookup (an Autocomplete over options searched as typed) whose text is not the option chosen: the
 * operator typed 'galicia' and pressed Enter, or went on, before choosing 'Banco de Galicia…'. A form that sent it
 * would send no value for a field that shows one; with this error it is not sent until the option is chosen or the
 * text cleared. Undefined for an empty text or the chosen option's own label.
 */
export function unchosenOptionError(
  typed: string | null | undefined,
  chosenLabel: string | null | undefined,
): string | undefined {
  const text = (typed ?? '').trim();
  if (text === '') return undefined;
  return chosenLabel != null && text === chosenLabel.trim() ? undefined : UNCHOSEN_OPTION_MESSAGE;
}
