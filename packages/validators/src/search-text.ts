/**
 * The global search's text classifier: what an operator types in 'Buscar en el back-office' is
 * recognised by its shape, so the gateway asks only the services that can answer it.
 *
 * - an e-mail: a payer (lower case);
 * - 11 digits, with or without dashes, whose check digit is right: a CUIT/CUIL (payers, transfers);
 * - 22 digits (spaces or dashes allowed) with both BCRA check digits: a CBU (withdrawal batches);
 * - 1 to 10 digits: an id (payments, subscriptions, payers, collectors, imports, withdrawals, batches,
 *   distributions, presentations);
 * - any other text of 3 or more characters: a name (collectors, payers).
 * Anything else is `invalid` with the Spanish message the dialog shows; nothing is looked up for it.
 */
import { isValidCbu } from './cbu.js';
import { isValidCuit } from './cuit.js';
import { isEmail } from './email.js';

export type SearchTextShape =
  | { kind: 'empty' }
  | { kind: 'id'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'cuit'; value: string }
  | { kind: 'cbu'; value: string }
  | { kind: 'name'; value: string }
  | { kind: 'invalid'; message: string };

export type SearchTextKind = SearchTextShape['kind'];

/** Most characters the search field takes (a longer text is refused before any lookup). */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** Fewest characters of a name search. */
export const SEARCH_NAME_MIN_LENGTH = 3;
/** Most digits of an id. */
const ID_MAX_DIGITS = 10;

export const SEARCH_TEXT_MESSAGES = {
  tooLong: `Escribí como máximo ${SEARCH_TEXT_MAX_LENGTH} caracteres.`,
  email: 'El e-mail no tiene formato correcto.',
  cuit: 'El CUIT/CUIL no es válido: revisá el dígito verificador.',
  cbu: 'El CBU no es válido: revisá sus dígitos verificadores.',
  digits: 'Un número de búsqueda es un id (hasta 10 dígitos), un CUIT/CUIL (11) o un CBU (22).',
  short: `Escribí al menos ${SEARCH_NAME_MIN_LENGTH} caracteres para buscar por nombre.`,
} as const;

const invalid = (message: string): SearchTextShape => ({ kind: 'invalid', message });

/** Classifies a search text (see the module comment). Never throws. */
export function classifySearchText(input: unknown): SearchTextShape {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { kind: 'empty' };
  if (text.length > SEARCH_TEXT_MAX_LENGTH) return invalid(SEARCH_TEXT_MESSAGES.tooLong);
  if (text.includes('@')) {
    return isEmail(text) ? { kind: 'email', value: text.toLowerCase() } : invalid(SEARCH_TEXT_MESSAGES.email);
  }
  if (/^[\d\s.-]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    const separated = digits.length !== text.length;
    if (digits.length === 22) {
      return isValidCbu(digits) ? { kind: 'cbu', value: digits } : invalid(SEARCH_TEXT_MESSAGES.cbu);
    }
    if (digits.length === 11) {
      return isValidCuit(digits) ? { kind: 'cuit', value: digits } : invalid(SEARCH_TEXT_MESSAGES.cuit);
    }
    if (!separated && digits.length <= ID_MAX_DIGITS) return { kind: 'id', value: digits };
    return invalid(SEARCH_TEXT_MESSAGES.digits);
  }
  if (text.length < SEARCH_NAME_MIN_LENGTH) return invalid(SEARCH_TEXT_MESSAGES.short);
  return { kind: 'name', value: text.replace(/\s+/g, ' ') };
}

/**
 * Where a search may be pointed by a word before the text: 'pago 1000001', 'lote: 20190', 'pagador
 * María'. Each scope is one group of the search; `id` ('#1000001') is every group that answers an id.
 */
export type SearchScope =
  | 'id'
  | 'payment'
  | 'subscription'
  | 'payer'
  | 'collector'
  | 'transfer'
  | 'import'
  | 'withdrawal'
  | 'batch'
  | 'distribution'
  | 'presentation';

/** The words an operator writes for each group (without accents, in lower case; singular and plural). */
const SCOPE_WORDS: Readonly<Record<string, Exclude<SearchScope, 'id'>>> = {
  pago: 'payment',
  pagos: 'payment',
  suscripcion: 'subscription',
  suscripciones: 'subscription',
  pagador: 'payer',
  pagadores: 'payer',
  entidad: 'collector',
  entidades: 'collector',
  comercio: 'collector',
  comercios: 'collector',
  transferencia: 'transfer',
  transferencias: 'transfer',
  importacion: 'import',
  importaciones: 'import',
  retiro: 'withdrawal',
  retiros: 'withdrawal',
  lote: 'batch',
  lotes: 'batch',
  distribucion: 'distribution',
  distribuciones: 'distribution',
  presentacion: 'presentation',
  presentaciones: 'presentation',
  afip: 'presentation',
};

export const SEARCH_SCOPE_MESSAGES = {
  idAfterHash: 'Después de # va un id (hasta 10 dígitos).',
} as const;

/** A search text with its scope: the word before it taken apart, the rest classified. */
export interface ScopedSearchText {
  scope: SearchScope | null;
  shape: SearchTextShape;
}

const withoutAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * Classifies a search text that may start with a scope: '#' then an id, or a group's word ('pago', 'Lote:',
 * 'suscripción') then a space or a colon and the text (an optional '#' before an id). A text without one, or whose
 * word has nothing after it, is classified whole (`scope: null`). Whether the scope's group answers the rest's shape
 * is the gateway's to decide (a name such as 'Pago Fácil' is then searched whole).
 */
export function classifyScopedSearchText(input: unknown): ScopedSearchText {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text.startsWith('#')) {
    const shape = classifySearchText(text.slice(1));
    return {
      scope: 'id',
      shape: shape.kind === 'id' ? shape : invalid(SEARCH_SCOPE_MESSAGES.idAfterHash),
    };
  }
  const match = /^(\p{L}+)\s*[:\s]\s*#?(.+)$/u.exec(text);
  const scope = match ? SCOPE_WORDS[withoutAccents(match[1]!).toLowerCase()] : undefined;
  if (!match || !scope) return { scope: null, shape: classifySearchText(text) };
  return { scope, shape: classifySearchText(match[2]) };
}

/** A group of the search (a scope other than '#'). */
export type SearchGroupScope = Exclude<SearchScope, 'id'>;
/** The shapes that lead to a lookup. */
export type SearchLookupShape = Exclude<SearchTextKind, 'empty' | 'invalid'>;

/**
 * The groups that answer each shape, in the dialog's order: the gateway's lookups (search.groups.ts, whose test
 * keeps the two the same), so the web can ask them while the gateway's plan is on its way.
 */
export const SEARCH_GROUPS_BY_SHAPE: Readonly<Record<SearchLookupShape, readonly SearchGroupScope[]>> = {
  id: [
    'payment',
    'subscription',
    'payer',
    'collector',
    'import',
    'withdrawal',
    'batch',
    'distribution',
    'presentation',
  ],
  email: ['payer'],
  cuit: ['payer', 'transfer'],
  cbu: ['batch'],
  name: ['payer', 'collector'],
};

/** A text's shape and the groups that answer it, before anyone's permissions. */
export interface SearchTextPlan {
  shape: SearchTextShape;
  groups: readonly SearchGroupScope[];
}

const answering = (shape: SearchTextShape): readonly SearchGroupScope[] =>
  shape.kind === 'empty' || shape.kind === 'invalid' ? [] : SEARCH_GROUPS_BY_SHAPE[shape.kind];

/**
 * The groups a text asks (`classifyScopedSearchText`): '#' the id groups, a group's word only that group, and when
 * that group does not answer what follows ('Pago Fácil') the whole text as if it had no word.
 */
export function planSearchText(input: unknown): SearchTextPlan {
  const { scope, shape } = classifyScopedSearchText(input);
  if (scope === null || scope === 'id' || shape.kind === 'invalid')
    return { shape, groups: answering(shape) };
  if (answering(shape).includes(scope)) return { shape, groups: [scope] };
  const whole = classifySearchText(input);
  return { shape: whole, groups: answering(whole) };
}
