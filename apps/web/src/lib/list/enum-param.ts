/** A filter's fixed choices in the URL: each value's text ('reprocess' for REPROCESS), 'todos' for none. */
export interface EnumParam<T extends string> {
  /** The value a URL text names (trimmed, in any case); null for anything else. */
  parse(raw: string | null | undefined): T | null;
  /** The URL text of a value; 'todos' for none. */
  write(value: T | null): string;
}

export function enumParam<T extends string>(texts: Readonly<Record<T, string>>): EnumParam<T> {
  const values = Object.keys(texts) as T[];
  return {
    parse(raw) {
      const text = raw?.trim().toLowerCase();
      return values.find((value) => texts[value] === text) ?? null;
    },
    write: (value) => (value ? texts[value] : 'todos'),
  };
}

/** The choices of a catalogue of codes written in the URL as the code in lower case ('reprocess' for REPROCESS). */
export function codeParam<T extends string>(catalogue: Readonly<Record<T, unknown>>): EnumParam<T> {
  const codes = Object.keys(catalogue) as T[];
  return enumParam(Object.fromEntries(codes.map((code) => [code, code.toLowerCase()])) as Record<T, string>);
}

/** The choices of a table written in the URL as its keys, exactly (an activity's area `payments`, `cancelPayment`). */
export function keyParam(table: Readonly<Record<string, unknown>>): EnumParam<string> {
  return {
    parse(raw) {
      const key = raw?.trim() ?? '';
      return Object.hasOwn(table, key) ? key : null;
    },
    write: (value) => value ?? 'todos',
  };
}
