// The areas' scenarios beyond payments: each is one of the web's own operations (apps/web/src/features/<feature>/
// api/*.graphql, with the fragments it spreads and `__typename` as Apollo sends it), measured like the payment
// list and detail (gateway vs the same upstream calls made directly, alternated). Each area lists its own in
// apps/web/src/features/<feature>/bench.mjs (`BENCH`), read here from the folders, so a new area adds no line
// here. Checked by apps/gateway/src/__tests__/bench-scenarios.test.ts (every feature folder but payments and
// notifications has them; valid against the schema, no errors, `rowsOf` as expected).
import { existsSync, readdirSync } from 'node:fs';
import { Kind, parse } from 'graphql';
import { namedWebOperation } from './documents.mjs';

const FEATURES = new URL('../../apps/web/src/features/', import.meta.url);

/**
 * One entry of a feature's `BENCH`, as the bench runs it. The entry says `kind` ('list' or 'detail'), `route` (the
 * screen; a detail shown in a dialog is listed at its list's route) and `operation` (the web document, one root
 * field), and optionally:
 * - `key`: prefix of its keys in latest.json, by default `<feature>_<kind>` (`service-payments` ->
 *   `service_payments_list`);
 * - `variables`: what it sends. Lists: page 1 of 50 rows with no filter (so every list has a full page whatever
 *   the day; the screens open on the same document with their default filters), plus these. Details: the fixture;
 * - `rows` (lists): the page the service answers, 50 or its own cap; a list that holds fewer (the lists of seed
 *   001 hold 10–90 rows) must answer all of them (`total`);
 * - `rowsOf(data)`: the rows the answer must hold (default: the root field's rows, or the detail's one object);
 * - `sampled: false`: measured under load like the payment list; by default an area's scenario is measured in the
 *   sampled form (bench/README.md, "Time budget": 1 user, alternated requests), so the run stays under 3 minutes;
 * - `storeOnly` (lists): reads the gateway's own store (the activity, the approval requests), no upstream; its rows
 *   may be none.
 * The scenario adds `feature` (its folder) and `inputIds` (ids the request carries: the direct path's dependency
 * levels start from them).
 */
function scenarioOf(feature, entry) {
  const { kind, route, operation, sampled = true } = entry;
  const key = entry.key ?? `${feature.replaceAll('-', '_')}_${kind}`;
  const root = rootFieldOf(feature, operation);
  if (kind === 'list') {
    const { rows = 50, variables = {}, storeOnly = false } = entry;
    return {
      key,
      route,
      feature,
      operation,
      variables: { page: 1, pageSize: 50, ...variables },
      inputIds: [],
      rowsOf: entry.rowsOf ?? ((data) => data[root]?.rows ?? []),
      totalOf: (data) => data[root]?.total,
      expectRows: rows,
      sampled,
      ...(storeOnly ? { storeOnly } : {}),
    };
  }
  if (kind === 'detail') {
    const { variables } = entry;
    return {
      key,
      route,
      feature,
      operation,
      variables,
      inputIds: Object.values(variables).filter((value) => typeof value === 'string'),
      rowsOf: entry.rowsOf ?? ((data) => (data[root] ? [data[root]] : [])),
      expectRows: 1,
      sampled,
    };
  }
  throw new Error(`features/${feature}/bench.mjs: ${key} has kind ${kind}, not 'list' or 'detail'`);
}

/** The one root field the web's operation asks for (a scenario reads its rows there). */
function rootFieldOf(feature, operation) {
  const document = namedWebOperation(feature, operation);
  if (!document) throw new Error(`features/${feature}/bench.mjs: the web defines no operation ${operation}`);
  const fields = parse(document.query).definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION ? definition.selectionSet.selections : [],
  );
  if (fields.length !== 1 || fields[0].kind !== Kind.FIELD) {
    throw new Error(`features/${feature}/bench.mjs: ${operation} must ask for one root field`);
  }
  return fields[0].alias?.value ?? fields[0].name.value;
}

/** The feature folders that have a bench.mjs, in name order. */
export const BENCH_FEATURES = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/bench.mjs`, FEATURES)))
  .map((entry) => entry.name)
  .sort();

/** Every area scenario: the `BENCH` of each feature folder, in folder order. */
export const AREA_SCENARIOS = (
  await Promise.all(
    BENCH_FEATURES.map(async (feature) => {
      const { BENCH } = await import(new URL(`${feature}/bench.mjs`, FEATURES).href);
      return BENCH.map((entry) => scenarioOf(feature, entry));
    }),
  )
).flat();

/** The rows the scenario's answer `data` must hold: a full page, or every row when the list holds fewer. */
export const expectedRows = (scenario, data) =>
  scenario.totalOf ? Math.min(scenario.expectRows, scenario.totalOf(data) ?? 0) : scenario.expectRows;

/** The scenario's document (the web's operation with its fragments) and variables; throws when it is gone. */
export function areaDocument(scenario) {
  const doc = namedWebOperation(scenario.feature, scenario.operation, scenario.variables);
  if (!doc) {
    throw new Error(
      `${scenario.key}: the web defines no operation ${scenario.operation} in features/${scenario.feature}/api`,
    );
  }
  return doc;
}
