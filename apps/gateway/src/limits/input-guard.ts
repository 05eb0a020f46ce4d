/**
 * Bad input is bad input: a NUL character, a lone UTF-16 surrogate or JSON nested deeper than
 * MAX_JSON_DEPTH is refused as a Spanish BAD_USER_INPUT naming the argument, in every argument and variable
 * whatever its type (String, ID, the custom scalars, input objects, lists), before any resolver runs, so nothing
 * goes upstream and nothing is written. Without it a NUL or a lone surrogate went upstream as it came, and a
 * JSON value 10,000 levels deep overflowed a recursive walk in setPreference (a 500).
 *
 * Three places, one rule: the JSON body of /graphql is measured before it is parsed (jsonTooDeep, body-limit.ts);
 * literal arguments are checked once per document (inputGuardRule, a validation rule); the variables of every
 * request are checked before execution (inputGuardPlugin). Impossible dates are the DateTime scalar's (scalars.ts).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';
import { BadUserInputError } from '../errors.js';

/**
 * Deepest nesting accepted in a value (a list or object inside another is one level more): far beyond any input
 * type of the schema or preference the web stores, far below what a recursive walk can take.
 */
export const MAX_JSON_DEPTH = 32;

/** What is wrong with a value. */
export type InputProblem = 'nul' | 'surrogate' | 'depth';

/** The Spanish refusal, naming the argument path when known (`filter.search`). */
export function problemMessage(problem: InputProblem, field?: string): string {
  const named = field ? ` (${field})` : '';
  switch (problem) {
    case 'nul':
      return `El texto${named} contiene un carácter nulo (U+0000), que no se admite.`;
    case 'surrogate':
      return `El texto${named} contiene un carácter Unicode incompleto (un sustituto UTF-16 sin su par), que no se admite.`;
    case 'depth':
      return `El valor${named} tiene más de ${MAX_JSON_DEPTH} niveles de anidamiento, el máximo admitido.`;
  }
}

/** In Unicode mode `\p{Cs}` matches only a surrogate that is not half of a pair. */
const BAD_CHARACTER = /[\0\p{Cs}]/u;

/**
 * Invisible format characters (Unicode category Cf) that can disguise a text: the bidi controls
 * (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C) would show a reason "…Aprobado \u202E odalecnaC" as
 * "…Aprobado Cancelado", and the others (zero-width spaces, U+FEFF, the tag characters, U+00AD…) hide text or
 * split a word nobody sees. The zero-width joiner and non-joiner (U+200D, U+200C) stay: emoji sequences and some
 * scripts need them and they reorder nothing.
 */
const FORMAT_CHARACTER = /(?![\u200c\u200d])\p{Cf}/u;
const FORMAT_CHARACTERS = /(?![\u200c\u200d])\p{Cf}/gu;
/** A NUL, a lone surrogate or a format character: what cleanText changes. */
const UNCLEAN = /[\0\p{Cs}]|(?![\u200c\u200d])\p{Cf}/u;

/**
 * The text as it may be kept and shown: each NUL and lone surrogate replaced by U+FFFD (PostgreSQL would refuse
 * the text whole, text and jsonb take neither, losing the batch it came in) and the invisible format characters
 * removed (FORMAT_CHARACTER). Every operator text an operation takes (inputGuardPlugin), what the activity keeps of
 * a request and the names of uploaded files go through it.
 */
export const cleanText = (text: string): string =>
  UNCLEAN.test(text) ? text.replace(/[\0\p{Cs}]/gu, '\ufffd').replace(FORMAT_CHARACTERS, '') : text;

/** Whether cleanText would change nothing in a text already free of NUL and lone surrogates. */
const hasFormatCharacter = (text: string): boolean => FORMAT_CHARACTER.test(text);

/** Why a text cannot be taken (a NUL, a lone surrogate), or null. */
export function textProblem(text: string): InputProblem | null {
  if (!BAD_CHARACTER.test(text)) return null;
  return text.includes('\0') ? 'nul' : 'surrogate';
}

/** A refused value: the Spanish reason and the argument path (`filter.search`, `ids[2]`). */
export interface BadInput {
  problem: InputProblem;
  message: string;
  field: string;
}

type Found = { problem: InputProblem; path: Path };

type Path = Array<string | number>;

const fieldOf = (path: Path): string =>
  path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );

/** The first problem inside a JSON value (strings, object keys, nesting), with the path to it (built on the way back). */
function problemIn(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { problem, path: [] } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  // Refused where the walk stops: it never goes deeper than the limit.
  if (depth >= MAX_JSON_DEPTH) return { problem: 'depth', path: [] };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = problemIn(value[i], depth + 1);
      if (found) return { ...found, path: [i, ...found.path] };
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) return { problem, path: [] };
    const found = problemIn(item, depth + 1);
    if (found) return { ...found, path: [key, ...found.path] };
  }
  return null;
}

/** A found problem named after its argument: the path inside for a bad text, the argument alone for depth. */
function named(name: string, found: Found): BadInput {
  const field = found.problem === 'depth' ? name : fieldOf([name, ...found.path]);
  return { problem: found.problem, field, message: problemMessage(found.problem, field) };
}

/** The first bad value among a request's variables, named after the variable. */
export function findBadInput(values: Readonly<Record<string, unknown>> | null | undefined): BadInput | null {
  for (const [name, value] of Object.entries(values ?? {})) {
    const nameProblem = textProblem(name);
    if (nameProblem)
      return { problem: nameProblem, field: 'variables', message: problemMessage(nameProblem) };
    const found = problemIn(value, 0);
    if (found) return named(name, found);
  }
  return null;
}

/** The refusal the client reads: BAD_USER_INPUT (HTTP 400) with the argument path in `field`. */
export const badInputError = ({ message, field }: Pick<BadInput, 'message' | 'field'>): GraphQLError =>
  new BadUserInputError(message, { extensions: { code: 'BAD_USER_INPUT', field, http: { status: 400 } } });

/** The first problem inside a literal argument (GraphQL strings, nesting of lists and objects). */
function literalProblem(node: ValueNode, depth: number): Found | null {
  if (node.kind === Kind.STRING) {
    const problem = textProblem(node.value);
    return problem ? { problem, path: [] } : null;
  }
  if (node.kind !== Kind.LIST && node.kind !== Kind.OBJECT) return null;
  if (depth >= MAX_JSON_DEPTH) return { problem: 'depth', path: [] };
  if (node.kind === Kind.LIST) {
    for (const [i, item] of node.values.entries()) {
      const found = literalProblem(item, depth + 1);
      if (found) return { ...found, path: [i, ...found.path] };
    }
    return null;
  }
  for (const field of node.fields) {
    const found = literalProblem(field.value, depth + 1);
    if (found) return { ...found, path: [field.name.value, ...found.path] };
  }
  return null;
}

/**
 * Validation rule (run once per document: Apollo keeps validated documents): literal arguments and variables'
 * default values with a NUL, a lone surrogate (a `\u` escape of a surrogate is already a syntax error) or too
 * deep. Apollo wraps it as a validation error; formatError answers its BAD_USER_INPUT.
 */
export function inputGuardRule(context: ValidationContext): ASTVisitor {
  const check = (value: ValueNode, name: string) => {
    const found = literalProblem(value, 0);
    if (!found) return;
    const { message, field } = named(name, found);
    context.reportError(
      new BadUserInputError(message, { nodes: value, extensions: { code: 'BAD_USER_INPUT', field } }),
    );
  };
  return {
    Argument: (node) => check(node.value, node.name.value),
    VariableDefinition: (node) => {
      if (node.defaultValue) check(node.defaultValue, node.variable.name.value);
    },
  };
}

/** Whether a JSON value holds a format character in a text (a string or a key), found without allocating. */
function holdsFormatCharacter(value: unknown): boolean {
  if (typeof value === 'string') return hasFormatCharacter(value);
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(holdsFormatCharacter);
  for (const key of Object.keys(value)) {
    if (hasFormatCharacter(key) || holdsFormatCharacter((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** A copy of a JSON value with every text cleaned (`cleanText`). */
function cleanedValue(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cleanedValue);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanText(key), cleanedValue(item)]));
}

/**
 * A JSON value with its texts (strings and keys) free of format characters: the very value when it holds none (the
 * usual request: one walk, nothing allocated, as findBadInput's). Called on values findBadInput took (no NUL, no lone
 * surrogate, bounded depth).
 */
export function withoutFormatCharacters<T>(value: T): T {
  return holdsFormatCharacter(value) ? (cleanedValue(value) as T) : value;
}

/** Documents whose literal texts were cleaned, by the parsed document (Apollo keeps one parse per query text). */
const cleanedDocuments = new WeakMap<DocumentNode, DocumentNode>();

/** The document with its literal strings free of format characters (the same document when it holds none). */
function documentWithoutFormatCharacters(document: DocumentNode): DocumentNode {
  let cleaned = cleanedDocuments.get(document);
  if (!cleaned) {
    cleaned = visit(document, {
      StringValue: (node) =>
        hasFormatCharacter(node.value) ? { ...node, value: cleanText(node.value) } : undefined,
    });
    cleanedDocuments.set(document, cleaned);
  }
  return cleaned;
}

/**
 * Refuses a request whose variables hold a bad value, once the operation is known and before it runs (the
 * audit still records the refused mutation, like any refused variable). A request it takes runs with its texts,
 * variables and literal arguments alike, free of invisible format characters: a reason, a search or a
 * preference reaches the services, the activity and the screens as it reads.
 */
export function inputGuardPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(requestContext) {
          const { request } = requestContext;
          const bad = findBadInput(request.variables);
          if (bad) throw badInputError(bad);
          if (request.variables) request.variables = withoutFormatCharacters(request.variables);
          (requestContext as { document: DocumentNode }).document = documentWithoutFormatCharacters(
            requestContext.document,
          );
        },
      };
    },
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
/** Levels whose keys are kept to name what is too deep (the body, its `variables`). */
const NAMED_LEVELS = 2;

/**
 * Where the string opened by the quote at `open` ends (its closing quote; the text's length when it never does):
 * the next quote not escaped, found by `indexOf` (native) instead of a step per character, since most of a body is
 * the text of its query. A quote is escaped when an odd number of backslashes precedes it.
 */
function stringEnd(text: string, open: number): number {
  for (let quote = text.indexOf('"', open + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/**
 * Whether a JSON text nests deeper than `maxDepth`, measured in one pass without parsing (so before anything
 * recursive can walk it): null when not, else the keys of the first levels leading there (`['variables', 'v']`).
 * A text that is not JSON is left to JSON.parse.
 */
export function jsonTooDeep(text: string, maxDepth: number): string[] | null {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      i = stringEnd(text, i);
      if (depth === 0 || depth > NAMED_LEVELS) continue;
      let next = i + 1;
      while (next < text.length && isSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) !== COLON) continue;
      try {
        keys[depth - 1] = JSON.parse(text.slice(start, i + 1)) as string;
        keys.length = depth;
      } catch {
        /* not JSON: JSON.parse refuses it */
      }
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > maxDepth) return keys;
      keys.length = Math.min(keys.length, depth - 1);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return null;
}
