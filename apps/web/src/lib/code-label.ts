/**
 * A Spanish label for an upstream code (statuses, types, actions…): the table's text for the code in any case,
 * the raw code when the table does not know it (an operator still sees something true), '—' when there is none.
 */
export const codeLabel =
  (table: Readonly<Record<string, string>>) =>
  (code: string | null | undefined): string =>
    code ? (table[code.toLowerCase()] ?? code) : '—';
