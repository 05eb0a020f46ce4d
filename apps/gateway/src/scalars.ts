import { GraphQLScalarType, Kind, valueFromASTUntyped, type ValueNode } from 'graphql';
import { decimalFromUpstream, parseMoneyText, toDecimalString } from '@backoffice/validators';
import { badUserInput } from './errors.js';
import { isCanonicalIso, readIsoInput } from './shared/dates.js';

const DECIMAL_MESSAGE = 'Importe inválido: use solo números con hasta dos decimales.';
const DATE_MESSAGE = 'Fecha inválida: use el formato ISO 8601 (por ejemplo 2025-01-31T23:59:59.999Z).';

/** Decimal input: digits (at most 20), an optional 1-2 digit part after '.' or ','; money.ts parses it. */
const MAX_INTEGER_DIGITS = 20;

const parseDecimal = (value: unknown): string => {
  const parsed = typeof value === 'string' ? parseMoneyText(value, MAX_INTEGER_DIGITS) : null;
  if (parsed === null) throw badUserInput(DECIMAL_MESSAGE);
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
    if (ast.kind !== Kind.STRING) throw badUserInput(DECIMAL_MESSAGE);
    return parseDecimal(ast.value);
  },
});

const IMPOSSIBLE_DATE_MESSAGE =
  'Fecha inexistente: revise el día, el mes y el año (por ejemplo, febrero tiene 28 o 29 días y no hay año 0000).';

const parseDate = (value: unknown): string => {
  const read = typeof value === 'string' ? readIsoInput(value.trim()) : 'format';
  if (read instanceof Date) return read.toISOString();
  throw badUserInput(read === 'calendar' ? IMPOSSIBLE_DATE_MESSAGE : DATE_MESSAGE);
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
    if (ast.kind !== Kind.STRING) throw badUserInput(DATE_MESSAGE);
    return parseDate(ast.value);
  },
});

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});
