import { buildSchema, GraphQLError, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { badUserInput, forbidden } from '../errors.js';
import { formatError } from '../format-error.js';
import { problemMessage } from '../limits/input-guard.js';
import { UpstreamContractError, UpstreamError } from '../upstream/errors.js';

/** What graphql-js hands to formatError for an error thrown by a resolver. */
const located = (original: Error) =>
  new GraphQLError(original.message, { path: ['payments'], originalError: original });

describe('formatError', () => {
  it('masks unexpected errors, keeping only location and path', () => {
    const error = located(
      new TypeError("Cannot read properties of undefined (reading 'rows') at /srv/app/x.js:1"),
    );
    expect(
      formatError(
        {
          message: error.message,
          path: ['payments'],
          extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] },
        },
        error,
      ),
    ).toEqual({
      message: 'Ups! Ocurrió un error inesperado',
      path: ['payments'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    const contract = located(new UpstreamContractError('unknown payment status: "lost"'));
    expect(formatError({ message: contract.message }, contract).message).toBe(
      'Ups! Ocurrió un error inesperado',
    );
  });

  it("keeps the gateway's own errors, without extra extensions", () => {
    const error = forbidden();
    error.extensions.secret = 'internal';
    expect(formatError({ message: error.message, extensions: { ...error.extensions } }, error)).toEqual({
      message: 'No tiene permisos para realizar esta acción.',
      extensions: { code: 'FORBIDDEN' },
    });
    const input = badUserInput('La página (page) debe ser un número entero mayor o igual a 1.', 'page');
    expect(formatError({ message: input.message }, input).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'page',
    });
  });

  it('names the refused argument when the message does not (the web leaves the name out)', () => {
    const unnamed = badUserInput('El período debe tener el formato AAAA-MM.', 'period');
    expect(formatError({ message: unnamed.message }, unnamed).message).toBe(
      'El período debe tener el formato AAAA-MM (period).',
    );
    const starred = badUserInput('Número BIN debe ser de 6 dígitos *', 'input.bin');
    expect(formatError({ message: starred.message }, starred).message).toBe(
      'Número BIN debe ser de 6 dígitos * (input.bin)',
    );
    const named = badUserInput('La entidad (filter.collectorId) no es válida.', 'filter.collectorId');
    expect(formatError({ message: named.message }, named).message).toBe(named.message);
  });

  it('translates upstream errors through the catalogue and never shows their message', () => {
    const error = located(
      new UpstreamError('payment', 404, 'not_found', 'payment_not_found', 'SELECT * FROM pagos failed'),
    );
    const formatted = formatError({ message: error.message, path: ['payments'] }, error);
    expect(formatted).toEqual({
      message: 'No se encontró el pago - payment_not_found',
      path: ['payments'],
      extensions: { code: 'NOT_FOUND', extendedCode: 'payment_not_found' },
    });
  });

  it("keeps Apollo's request errors and names the parser's token limit", () => {
    const parse = new GraphQLError('Syntax Error: Document contains more that 2000 tokens. Parsing aborted.');
    expect(
      formatError({ message: parse.message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, parse),
    ).toEqual({
      message: 'El documento tiene más de 2000 tokens; el máximo es 2000 (maxTokens).',
      extensions: { code: 'GRAPHQL_PARSE_FAILED', limit: { name: 'maxTokens', max: 2000, found: 2001 } },
    });
    const validation = new GraphQLError('Cannot query field "x" on type "Query".');
    expect(
      formatError(
        { message: validation.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
        validation,
      ).message,
    ).toBe('Cannot query field "x" on type "Query".');
  });

  it('turns variable coercion errors into Spanish naming the field, without suggestions or the value', () => {
    const inner = new GraphQLError(
      'Value "APROVED" does not exist in "PaymentStatus" enum. Did you mean the enum value "APPROVED"?',
    );
    const message = `Variable "$filter" got invalid value "APROVED" at "filter.status"; ${inner.message}`;
    const outer = new GraphQLError(message, { originalError: inner });
    expect(formatError({ message, extensions: { code: 'BAD_USER_INPUT' } }, outer)).toEqual({
      message: 'El valor no es una de las opciones válidas (filter.status).',
      extensions: { code: 'BAD_USER_INPUT', field: 'filter.status' },
    });
    const scalar = new GraphQLError('Importe inválido: use solo números con hasta dos decimales.', {
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const amount = `Variable "$input" got invalid value "1,5" at "input.amount"; ${scalar.message}`;
    expect(
      formatError({ message: amount }, new GraphQLError(amount, { originalError: scalar })).message,
    ).toBe('Importe inválido: use solo números con hasta dos decimales (input.amount).');
    const missing = 'Variable "$id" of required type "ID!" was not provided.';
    expect(formatError({ message: missing }, new GraphQLError(missing))).toEqual({
      message: 'Falta un valor obligatorio (id).',
      extensions: { code: 'BAD_USER_INPUT', field: 'id' },
    });
    const field = new GraphQLError('Field "name" of required type "String!" was not provided.');
    const nested = `Variable "$input" got invalid value {} at "input.holder"; ${field.message}`;
    expect(formatError({ message: nested }, new GraphQLError(nested, { originalError: field }))).toEqual({
      message: 'Falta un valor obligatorio (input.holder.name).',
      extensions: { code: 'BAD_USER_INPUT', field: 'input.holder.name' },
    });
  });

  it('names the type a variable needs when the document declares another (a 1.0.0 document on 2.0.0)', () => {
    const schema = buildSchema(
      'type Query { a: Int } type Mutation { cancel(idempotencyKey: String!): Int }',
    );
    const [error] = validate(schema, parse('mutation($key: String) { cancel(idempotencyKey: $key) }'));
    expect(
      formatError({ message: error!.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }, error),
    ).toEqual({
      message: 'La variable $key se declara String, pero aquí se necesita String! (key).',
      extensions: { code: 'BAD_USER_INPUT', field: 'key' },
    });
  });

  it('answers a refused literal argument (wrapped as a validation error by Apollo) as BAD_USER_INPUT', () => {
    /** The shape of Apollo's ValidationError: its code over the reported error's extensions, that error inside. */
    const validationError = (reported: GraphQLError) =>
      new GraphQLError(reported.message, {
        extensions: { ...reported.extensions, code: 'GRAPHQL_VALIDATION_FAILED' },
        originalError: reported,
      });
    const wrapped = validationError(badUserInput(problemMessage('nul', 'filter.search'), 'filter.search'));
    expect(formatError({ message: wrapped.message, extensions: { ...wrapped.extensions } }, wrapped)).toEqual(
      {
        message: problemMessage('nul', 'filter.search'),
        extensions: { code: 'BAD_USER_INPUT', field: 'filter.search' },
      },
    );
    // Only the gateway's own are unwrapped: graphql-armor's limits (BAD_USER_INPUT too) stay validation errors.
    for (const reported of [
      new GraphQLError('Cannot query field "x" on type "Query".'),
      new GraphQLError('Syntax Error: Query depth limit exceeded.', {
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ]) {
      const other = validationError(reported);
      expect(
        formatError({ message: other.message, extensions: { ...other.extensions } }, other).extensions,
      ).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
    }
  });

  it('answers a NUL or a lone surrogate in a string of the document as BAD_USER_INPUT in Spanish', () => {
    const parseFailed = (message: string) =>
      formatError({ message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }, new GraphQLError(message));
    for (const [message, problem] of [
      ['Syntax Error: Invalid Unicode escape sequence: "\\ud800".', 'surrogate'],
      ['Syntax Error: Invalid Unicode escape sequence: "\\u{DC00}".', 'surrogate'],
      ['Syntax Error: Invalid character within String: U+D800.', 'surrogate'],
      ['Syntax Error: Invalid character: U+0000.', 'nul'],
    ] as const) {
      expect(parseFailed(message), message).toEqual({
        message: problemMessage(problem),
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    expect(parseFailed('Syntax Error: Invalid Unicode escape sequence: "\\u00zz".').extensions).toEqual({
      code: 'GRAPHQL_PARSE_FAILED',
    });
  });
});
