import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { listParams, periodFilters, searchFilter, toQueryString } from '../filters.js';

const PAYER = { idField: 'id', textField: 'payer.name', emailField: 'payer.email' };

describe('searchFilter', () => {
  it('all digits: the id, exactly', () => {
    expect(searchFilter('12345', PAYER)).toEqual({ field: 'id', operation: 'EQUAL', value: '12345' });
  });

  it('text: part of the text field', () => {
    expect(searchFilter('Pérez 2', PAYER)).toEqual({
      field: 'payer.name',
      operation: 'CONTAINS',
      value: 'Pérez 2',
    });
  });

  it('an e-mail, when the area searches by e-mail: exact and lower-cased', () => {
    expect(searchFilter('Ana@Mail.com', PAYER)).toEqual({
      field: 'payer.email',
      operation: 'EQUAL',
      value: 'ana@mail.com',
    });
    expect(searchFilter('a@b', { idField: 'id', textField: 'name' })).toEqual({
      field: 'name',
      operation: 'CONTAINS',
      value: 'a@b',
    });
  });
});

describe('periodFilters', () => {
  const from = '2026-01-01T03:00:00.000Z';
  const to = '2026-02-01T02:59:59.999Z';

  it('from and to, both inclusive, on the given field', () => {
    expect(periodFilters('request_date', from, to)).toEqual([
      { field: 'request_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: from },
      { field: 'request_date', operation: 'LESS_THAN_OR_EQUAL_TO', value: to },
    ]);
    expect(periodFilters('created_date', null, to)).toHaveLength(1);
    expect(periodFilters('created_date', undefined, undefined)).toEqual([]);
  });

  it('refuses from after to, naming the argument', () => {
    try {
      periodFilters('request_date', to, from, { from: 'filter.from', to: 'filter.to' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GraphQLError);
      expect((error as GraphQLError).message).toBe(
        'La fecha desde (filter.from) debe ser anterior o igual a la fecha hasta (filter.to).',
      );
      expect((error as GraphQLError).extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'filter.from',
      });
    }
  });
});

describe('listParams', () => {
  it('encodes filters and sorts, leaving out what is empty', () => {
    const params = listParams({
      filters: [searchFilter('7', PAYER)],
      page: 2,
      limit: 25,
      sorts: [{ field: 'request_date', direction: 'desc' }],
    });
    expect(params).toEqual({
      filters: '[{"field":"id","value":"7","operation":"EQUAL"}]',
      page: 2,
      limit: 25,
      sorts: 'request_date:desc',
    });
    expect(toQueryString(listParams({ filters: [], sorts: [] }))).toBe('');
  });
});
