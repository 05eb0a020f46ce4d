import { describe, expect, it } from 'vitest';
import { defaultListState, parseListParams, serializeListState } from '@/lib/list';
import { enumListArguments } from '@/test/document-arguments';
import { SubscriptionsSearchDocument } from '../gql/graphql';
import { subscriptionsList, subscriptionsListRule, toSubscriptionFilter } from '../list/subscriptions-list';
import { ROW_KINDS } from '../subscription-actions';

const parse = (query: string) => parseListParams(subscriptionsList, new URLSearchParams(query));

describe('Buscar Suscripciones list state', () => {
  it('defaults to the debit payment type, newest request first, 25 a page, saved as subscriptions.list', () => {
    const state = defaultListState(subscriptionsList);
    expect(state).toMatchObject({ paymentType: 'DEBIT', status: null, search: '', page: 1, pageSize: 25 });
    expect(state.sort).toEqual({ field: 'REQUEST_DATE', direction: 'DESC' });
    expect(subscriptionsList.area).toBe('subscriptions');
    expect(serializeListState(subscriptionsList, state).toString()).toBe('medio=debito');
  });

  it('reads the entry parameters and rewrites them to its own names (they leave the address)', () => {
    const state = parse(
      'pagador=sofia.benitez%40gmail.com&collector_id=10001&collector_name=Club&status=active',
    );
    expect(state).toMatchObject({
      search: 'sofia.benitez@gmail.com',
      collector: { id: '10001', name: 'Club' },
      status: 'ACTIVE',
      paymentType: 'DEBIT',
    });
    const rewritten = serializeListState(subscriptionsList, state);
    for (const name of subscriptionsList.entryParams ?? []) expect(rewritten.has(name)).toBe(false);
    expect(rewritten.get('q')).toBe('sofia.benitez@gmail.com');
  });

  it('round-trips every filter, page and sortable field of spec 000 §2', () => {
    const query =
      'q=ana&entidad=10002&entidad_nombre=X&estado=cancelled&medio=todos&page=3&sort=payment_method.last_four_digits%3Aasc';
    const state = parse(query);
    expect(state).toMatchObject({ paymentType: null, status: 'CANCELLED', page: 3 });
    expect(state.sort).toEqual({ field: 'PAYMENT_METHOD_LAST_FOUR_DIGITS', direction: 'ASC' });
    expect(parse(serializeListState(subscriptionsList, state).toString())).toEqual(state);
    expect(Object.values(subscriptionsList.sortFields).map((s) => s.param)).toEqual([
      'request_date',
      'detail.concept_id',
      'detail.concept_description',
      'payer.name',
      'amount',
      'payment_method.last_four_digits',
      'status',
    ]);
  });

  it('sends "Todos" as no payment type, and the rest as the gateway filter', () => {
    expect(toSubscriptionFilter(parse('medio=todos&q=x'))).toEqual({
      search: 'x',
      collectorId: null,
      status: null,
      paymentType: null,
    });
  });

  it('a changed row leaves a list whose status or payment type it no longer matches', () => {
    const { stillMatches } = subscriptionsListRule;
    expect(stillMatches({ id: '1', status: 'CANCELLED' }, { status: 'ACTIVE' })).toBe(false);
    expect(stillMatches({ id: '1', status: 'CANCELLED' }, { status: null })).toBe(true);
    expect(stillMatches({ id: '1', status: 'ACTIVE', hasMethod: false }, { paymentType: 'DEBIT' })).toBe(
      false,
    );
    expect(stillMatches({ id: '1', status: 'ACTIVE', hasMethod: false }, { paymentType: null })).toBe(true);
  });
});

describe("the rows' actions in the list document", () => {
  it('asks the gateway only for the kinds of the row menu (ACCIONES), not the whole toolbar', () => {
    expect(enumListArguments(SubscriptionsSearchDocument, 'actions', 'kinds')).toEqual([[...ROW_KINDS]]);
  });
});
