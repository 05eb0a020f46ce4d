import { GraphQLError, GraphQLScalarType, Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import { decimalFromUpstream, parseMoneyText, toDecimalString } from '@backoffice/validators';
import { isCanonicalIso } from './shared/dates.js';

const DECIMAL_MESSAGE = 'Importe inválido: use solo números con hasta dos decimales.';
const DATE_MESSAGE = 'Fecha inválida: use el formato ISO 8601 (por ejemplo 2025-01-31T23:59:59.999Z).';

/** Decimal input: digits (at most 20), an optional 1-2 digit part after '.' or ','; money.ts parses it. */
const MAX_INTEGER_DIGITS = 20;

const parseDecimal = (value: unknown): string => {
  const parsed = typeof value === 'string' ? parseMoneyText(value, MAX_INTEGER_DIGITS) : null;
  if (parsed === null) throw new GraphQLError(DECIMAL_MESSAGE, { extensions: { code: 'BAD_USER_INPUT' } });
  return toDecimalString(parsed);
};

export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  serialize(value) {
    if (typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value)) return value;
    const decimal = decimalFromUpstream(value);
    if (decimal === null) throw new TypeError('Decimal cannot be empty');
    return decimal;
  },
  parseValue: parseDecimal,
  parseLiteral(ast: ValueNode) {
    if (ast.kind !== Kind.STRING)
      throw new GraphQLError(DECIMAL_MESSAGE, { extensions: { code: 'BAD_USER_INPUT' } });
    return parseDecimal(ast.value);
  },
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

const parseDate = (value: unknown): string => {
  if (typeof value === 'string' && ISO_DATE.test(value.trim())) {
    const date = new Date(value.trim());
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  throw new GraphQLError(DATE_MESSAGE, { extensions: { code: 'BAD_USER_INPUT' } });
};

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize(value) {
    // The mappers hand over canonical toISOString() text (shared/dates.ts): passed on without a Date round trip.
    if (typeof value === 'string' && isCanonicalIso(value)) return value;
    const date = value instanceof Date ? value : new Date(value as string);
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue: parseDate,
  parseLiteral(ast: ValueNode) {
    if (ast.kind !== Kind.STRING)
      throw new GraphQLError(DATE_MESSAGE, { extensions: { code: 'BAD_USER_INPUT' } });
    return parseDate(ast.value);
  },
});

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
