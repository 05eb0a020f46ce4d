import { DAY_RANGE_PARAM, monthPeriodParam } from '@/components/pickers/period';
import { type CollectorParam, COLLECTOR_PARAMS } from './collector-param';
import type { EnumParam } from './enum-param';
import type { FilterCodec, SearchTextFilters } from './list-definition';

/**
 * A list's filter codec put together from parts, each owning some of the filters and their URL parameters (the
 * free text, a status...), so the lists that filter alike share one reading of their URL. The parts read, write
 * and tidy their own fields, in the order given (the order of the URL's parameters); a field no part reads keeps
 * its default (the history's period on the authorization list, which has none). A list definition under
 * features/ builds its codec here, never by hand (lib/list/__tests__/filter-codecs-on-parts.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a part's filters are only read to merge them
type AnyPart = FilterCodec<any>;
type FiltersOfPart<Part> = Part extends FilterCodec<infer Filters> ? Filters : never;
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Both,
) => void
  ? Both
  : never;

export function combineFilters<const Parts extends readonly AnyPart[]>(
  ...parts: Parts
): FilterCodec<Intersection<FiltersOfPart<Parts[number]>> & object> {
  return {
    params: parts.flatMap((part) => part.params),
    parse: (params, defaults) =>
      Object.assign({}, defaults, ...parts.map((part) => part.parse(params, defaults) as object)) as never,
    write(filters, params) {
      for (const part of parts) part.write(filters, params);
    },
    normalize: (filters) =>
      parts.reduce(
        (tidied, part) => (part.normalize ? { ...tidied, ...part.normalize(tidied) } : tidied),
        filters,
      ),
  };
}

/** How a part writes its field: `always` names it even empty or 'todos' (an address must still name the list). */
interface WriteOptions {
  always?: boolean;
}

/** A text filter's options: other names it is read from (a link's alias), and its tidying (trimmed by default). */
export interface TextPartOptions extends WriteOptions {
  aliases?: readonly string[];
  tidy?: (text: string) => string;
}

const trim = (text: string) => text.trim();
const firstOf = (params: URLSearchParams, names: readonly string[]): string | null =>
  names.map((name) => params.get(name)).find((value) => value !== null) ?? null;

/**
 * A text at `param` (or one of its aliases, listed with it): trimmed when read and tidied when the operator
 * changes it, left out of the URL when empty. Free text, a user name, an id, an amount as typed (read by
 * `amountFilterValue`).
 */
export function textPart<const Field extends string>(
  field: Field,
  param: string,
  { aliases = [], tidy = trim, always = false }: TextPartOptions = {},
): FilterCodec<Record<Field, string>> {
  const names = [param, ...aliases];
  return {
    params: names,
    parse: (params, defaults) =>
      ({ [field]: (firstOf(params, names) ?? defaults[field]).trim() }) as Record<Field, string>,
    write(filters, params) {
      if (always || filters[field]) params.set(param, filters[field]);
    },
    normalize: (filters) => ({ ...filters, [field]: tidy(filters[field]) }),
  };
}

/** The free text at `q` (`SEARCH_TEXT_FILTERS`), also trimmed when the operator changes it. */
export const SEARCH_TEXT_PART: FilterCodec<SearchTextFilters> = textPart('search', 'q');

/** The parameters of a collector filter: its id and its name as shown. */
export interface CollectorNames {
  id: string;
  name: string;
}

const ENTIDAD: CollectorNames = { id: COLLECTOR_PARAMS[0], name: COLLECTOR_PARAMS[1] };

export interface CollectorFilters {
  collector: CollectorParam | null;
}

/**
 * The collector filter (`collector`): `entidad` and `entidad_nombre` by default (`parseCollectorParam`), or the
 * names given, the first read first (a link's names after the list's own). The name falls back to the id and is
 * written only when it says more; a collector with a blank id is none.
 */
export function collectorPart(
  own: CollectorNames = ENTIDAD,
  ...aliases: readonly CollectorNames[]
): FilterCodec<CollectorFilters> {
  const all = [own, ...aliases];
  return {
    params: [own.id, own.name],
    parse(params) {
      const id = firstOf(
        params,
        all.map((n) => n.id),
      )?.trim();
      const name = firstOf(
        params,
        all.map((n) => n.name),
      )?.trim();
      return { collector: id ? { id, name: name || id } : null };
    },
    write({ collector }, params) {
      if (!collector) return;
      params.set(own.id, collector.id);
      if (collector.name && collector.name !== collector.id) params.set(own.name, collector.name);
    },
    normalize: (filters) => ({
      ...filters,
      collector: filters.collector?.id.trim() ? filters.collector : null,
    }),
  };
}

/** The collector at `entidad` and `entidad_nombre`, as most lists name it. */
export const COLLECTOR_PART = collectorPart();

/** The options of a choice: other names it is read from, written always, or left out when it is `unwritten`. */
export interface ChoicePartOptions<Choice extends string> extends WriteOptions {
  aliases?: readonly string[];
  unwritten?: Choice;
}

/**
 * One of fixed choices at `param` (or an alias; null: every one): a missing or unknown text is the default. Written
 * when one is chosen (and is not `unwritten`); with `always`, written even for none as 'todos', which reads back
 * as none. A choice with an `unwritten` one always has a value (that one by default: Buscar Pagos' date field).
 */
export function choicePart<const Field extends string, Choice extends string>(
  field: Field,
  param: string,
  choices: EnumParam<Choice>,
  options: ChoicePartOptions<Choice> & { unwritten: Choice },
): FilterCodec<Record<Field, Choice>>;
export function choicePart<const Field extends string, Choice extends string>(
  field: Field,
  param: string,
  choices: EnumParam<Choice>,
  options?: ChoicePartOptions<Choice>,
): FilterCodec<Record<Field, Choice | null>>;
export function choicePart<const Field extends string, Choice extends string>(
  field: Field,
  param: string,
  choices: EnumParam<Choice>,
  { aliases = [], always = false, unwritten }: ChoicePartOptions<Choice> = {},
): FilterCodec<Record<Field, Choice | null>> {
  const names = [param, ...aliases];
  return {
    params: names,
    parse(params, defaults) {
      const raw = firstOf(params, names);
      const none = always && raw?.trim().toLowerCase() === 'todos';
      return { [field]: none ? null : (choices.parse(raw) ?? defaults[field]) } as Record<
        Field,
        Choice | null
      >;
    },
    write(filters, params) {
      const value = filters[field];
      if (always || (value !== null && value !== unwritten)) params.set(param, choices.write(value));
    },
  };
}

/** A list filtered by one status among fixed ones (null: every status). */
export interface StatusFilters<Status extends string> {
  status: Status | null;
}

/**
 * The status at `estado`, in the URL texts of `choices`: 'todos' is every status, a missing or unknown text the
 * default. Always written ('todos' for every status): an address without list parameters restores the saved list,
 * so a reset to the defaults must still name them.
 */
export function statusFilter<Status extends string>(
  choices: EnumParam<Status>,
): FilterCodec<StatusFilters<Status>> {
  return choicePart('status', 'estado', choices, { always: true });
}

/** The options of a list of choices: how an item reads and orders, and whether an empty list is written. */
export interface ChoiceListOptions<Item> extends WriteOptions {
  read: (text: string) => Item | null;
  write?: (item: Item) => string;
  order?: (a: Item, b: Item) => number;
}

/**
 * Several choices at `param`, comma separated (the withdraws' status toggles, the payment methods): each read by
 * `read` (unknown ones dropped, repeats once), in `order` when given; missing is the default. Written when not
 * empty, or always with `always` (an empty text: none chosen).
 */
export function choiceListPart<const Field extends string, Item>(
  field: Field,
  param: string,
  { read, write = String, order, always = false }: ChoiceListOptions<Item>,
): FilterCodec<Record<Field, Item[]>> {
  return {
    params: [param],
    parse(params, defaults) {
      const raw = params.get(param);
      if (raw === null) return { [field]: defaults[field] } as Record<Field, Item[]>;
      const items = [
        ...new Set(
          raw
            .split(',')
            .map((text) => read(text.trim()))
            .filter((item): item is Item => item !== null),
        ),
      ];
      return { [field]: order ? items.sort(order) : items } as Record<Field, Item[]>;
    },
    write(filters, params) {
      const items = filters[field];
      if (always || items.length > 0) params.set(param, items.map(write).join(','));
    },
  };
}

export interface PeriodFilters {
  /** YYYY-MM, 'Mes actual' (`CURRENT_PERIOD`) or one of the part's `extra` choices. */
  period: string;
}

/**
 * A month filter (`period`) at `param` (`monthPeriodParam`): a month, 'Mes actual' (the default, never written) or
 * one of `extra` (Buscar Pagos' 'todos'); anything else is the default. Every list's is `periodo`; an old
 * link's name among `aliases` (Buscar Pagos' `period`) is still read, and the address is written with `param`.
 */
export function periodPart(
  param: string,
  extra: readonly string[] = [],
  { aliases = [] }: { aliases?: readonly string[] } = {},
): FilterCodec<PeriodFilters> {
  const month = monthPeriodParam(param);
  const names = [param, ...aliases];
  return {
    params: names,
    parse(params, defaults) {
      const value = firstOf(params, names)?.trim();
      if (value !== undefined && extra.includes(value)) return { period: value };
      return {
        period: month.parse(
          new URLSearchParams(value === undefined ? [] : [[param, value]]),
          defaults.period,
        ),
      };
    },
    write: (filters, params) => month.write(filters.period, params),
  };
}

/** The days of a days filter (YYYY-MM-DD or relative; null or '' for none, as the list holds them). */
export interface DayRangeFilters<Day extends string | null> {
  from: Day;
  to: Day;
}

/**
 * A days filter at `desde` and `hasta`. By default `DAY_RANGE_PARAM`'s reading (none when absent, an invalid day
 * kept for its field to say so); `readDay` reads a day otherwise (a picker's limits, '' for none), with the
 * default day as its fallback. Written when set, or always with `always`.
 */
export function dayRangePart(): FilterCodec<DayRangeFilters<string | null>>;
export function dayRangePart<Day extends string | null>(
  readDay: (raw: string | null, fallback: Day) => Day,
  options?: WriteOptions,
): FilterCodec<DayRangeFilters<Day>>;
export function dayRangePart<Day extends string | null>(
  readDay?: (raw: string | null, fallback: Day) => Day,
  { always = false }: WriteOptions = {},
): FilterCodec<DayRangeFilters<Day>> {
  const [fromParam, toParam] = DAY_RANGE_PARAM.names;
  return {
    params: DAY_RANGE_PARAM.names,
    parse: (params, defaults) =>
      readDay
        ? {
            from: readDay(params.get(fromParam), defaults.from),
            to: readDay(params.get(toParam), defaults.to),
          }
        : (DAY_RANGE_PARAM.parse(params) as DayRangeFilters<Day>),
    write(filters, params) {
      if (always || filters.from) params.set(fromParam, filters.from ?? '');
      if (always || filters.to) params.set(toParam, filters.to ?? '');
    },
  };
}

/**
 * The rule that ties a list's filters together (Buscar Pagos: the refund date ignores the status...), as a part
 * of no parameters that only tidies; put last, it sees the fields the other parts tidied.
 */
export function filterRule<Filters extends object>(
  normalize: (filters: Filters) => Filters,
): FilterCodec<Filters> {
  return { params: [], parse: () => ({}) as Filters, write: () => undefined, normalize };
}
