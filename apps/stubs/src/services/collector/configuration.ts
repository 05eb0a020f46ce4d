/**
 * Collector configuration (spec 001 §3 "Scheduled withdrawal configuration", §7 "collector configuration"):
 * the active configuration variables, and per collector its entries `{id, collector_id, commerce_config_vars,
 * value, created_date, delete_date}`. An entry is never edited: it is disabled (delete_date) and a new one is
 * added. Routes (docs/upstream-contract.md "Collector configuration"):
 * `GET /configuraciones/variables`, `GET /comercios/{id}/configuraciones`,
 * `POST /comercios/{id}/configuraciones` {commerce_config_vars: {id}, value},
 * `POST /configuraciones/{id}/deshabilitar`.
 * The entries live beside the collector store (one set per seeded store, so a reset starts them again).
 */
import type { Router } from 'express';
import { forcedFailureCheck } from '../../lib/action-route.js';
import { objectBody, param } from '../../lib/body.js';
import { DAY_MS, iso, startOfTodayAr } from '../../lib/dates.js';
import { conflict, invalidStatus, notFound, validationError } from '../../lib/errors.js';
import { send } from '../../lib/json.js';
import type { ServiceContext } from '../../lib/service.js';
import type { CollectorStore } from './store.js';

export interface ConfigVariable {
  id: number;
  name: string;
  description: string;
  active: boolean;
}

export interface ConfigEntry {
  id: string;
  collector_id: string;
  commerce_config_vars: { id: number; name: string };
  value: string;
  created_date: string;
  delete_date: string | null;
}

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { id: 1, name: 'scheduled_cron', description: 'Retiro programado: cron', active: true },
  {
    id: 2,
    name: 'scheduled_destination_account',
    description: 'Retiro programado: cuenta de destino',
    active: true,
  },
  { id: 3, name: 'scheduled_amount', description: 'Retiro programado: monto específico', active: true },
  { id: 4, name: 'scheduled_min_amount', description: 'Retiro programado: monto mínimo', active: true },
  { id: 5, name: 'legacy_weekly_report', description: 'Reporte semanal (en desuso)', active: false },
];

const FIRST_ENTRY_ID = 70001;
const DESTINATION_MAX = 22;

export class ConfigurationStore {
  private readonly entries: ConfigEntry[] = [];

  add(collectorId: string, variable: ConfigVariable, value: string, created: string): ConfigEntry {
    const entry: ConfigEntry = {
      id: String(FIRST_ENTRY_ID + this.entries.length),
      collector_id: collectorId,
      commerce_config_vars: { id: variable.id, name: variable.name },
      value,
      created_date: created,
      delete_date: null,
    };
    this.entries.push(entry);
    return entry;
  }

  of(collectorId: string): ConfigEntry[] {
    return this.entries.filter((e) => e.collector_id === collectorId).reverse();
  }

  get(id: string): ConfigEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  disable(entry: ConfigEntry, when: string): ConfigEntry {
    const index = this.entries.indexOf(entry);
    const disabled = { ...entry, delete_date: when };
    this.entries[index] = disabled;
    return disabled;
  }
}

/** Seed: collector 10006 withdraws every Monday at 09:00 when its balance reaches $ 50.000. */
function seedConfiguration(collectors: CollectorStore): ConfigurationStore {
  const store = new ConfigurationStore();
  const collector = collectors.get('10006');
  if (collector) {
    const created = iso(startOfTodayAr() - 30 * DAY_MS + 12 * 3_600_000);
    const [cron, destination, , minimum] = CONFIG_VARIABLES as [
      ConfigVariable,
      ConfigVariable,
      ConfigVariable,
      ConfigVariable,
    ];
    store.add(collector.id, destination, collector.bank_account.cbu, created);
    store.add(collector.id, minimum, '50000.00', created);
    store.add(collector.id, cron, '0 9 * * 1', created);
  }
  return store;
}

const byStore = new WeakMap<CollectorStore, ConfigurationStore>();

function configurationOf(collectors: CollectorStore): ConfigurationStore {
  let store = byStore.get(collectors);
  if (!store) {
    store = seedConfiguration(collectors);
    byStore.set(collectors, store);
  }
  return store;
}

/** The value of an entry, checked by its variable (422 `invalid_configuration_value`). */
export function checkConfigValue(variable: ConfigVariable, raw: unknown): string {
  const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const invalid = (message: string) => validationError('invalid_configuration_value', message);
  if (value === '') throw invalid('El valor (value) es obligatorio.');
  switch (variable.name) {
    case 'scheduled_cron':
      if (value.split(/\s+/).length !== 5 || !/^[\d*/,\-\sA-Za-z?]+$/.test(value))
        throw invalid('El cron debe tener cinco campos (minuto hora día mes día-de-semana).');
      return value.replace(/\s+/g, ' ');
    case 'scheduled_destination_account':
      if (value.length > DESTINATION_MAX)
        throw invalid(`La cuenta de destino no puede superar los ${DESTINATION_MAX} caracteres.`);
      return value;
    case 'scheduled_amount':
    case 'scheduled_min_amount':
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(value) || Number(value) <= 0)
        throw invalid('El monto debe ser mayor a cero y tener hasta dos decimales.');
      return Number(value).toFixed(2);
    default:
      return value;
  }
}

/** Mounts the configuration routes on the collector service's router. */
export function configurationRoutes(router: Router, context: ServiceContext<CollectorStore>): void {
  const collectorOf = (id: string) => {
    const collector = context.store().get(id);
    if (!collector) throw notFound('collector_not_found', `No existe la entidad ${id}.`);
    return collector;
  };

  router.get('/configuraciones/variables', (_req, res) => {
    send(res, 200, { rows: CONFIG_VARIABLES.filter((v) => v.active) });
  });

  router.get('/comercios/:id/configuraciones', (req, res) => {
    const collector = collectorOf(param(req, 'id'));
    send(res, 200, { rows: configurationOf(context.store()).of(collector.id) });
  });

  router.post(
    '/comercios/:id/configuraciones',
    forcedFailureCheck(context, 'configuraciones'),
    context.idempotent((req) => {
      const collector = collectorOf(param(req, 'id'));
      const body = objectBody(req);
      const vars = body.commerce_config_vars as Record<string, unknown> | undefined;
      const variable = CONFIG_VARIABLES.find(
        (v) => v.active && (v.id === Number(vars?.id) || (vars?.name !== undefined && v.name === vars.name)),
      );
      if (!variable)
        throw validationError('configuration_variable_not_found', 'La variable de configuración no existe.');
      const value = checkConfigValue(variable, body.value);
      const store = configurationOf(context.store());
      if (
        store
          .of(collector.id)
          .some((e) => e.delete_date === null && e.commerce_config_vars.id === variable.id)
      )
        throw conflict(
          'configuration_already_active',
          `La entidad ${collector.id} ya tiene activa la variable ${variable.name}: deshabilítela antes.`,
        );
      return { status: 201, body: store.add(collector.id, variable, value, new Date().toISOString()) };
    }),
  );

  router.post(
    '/configuraciones/:id/deshabilitar',
    forcedFailureCheck(context, 'deshabilitar'),
    context.idempotent((req) => {
      const store = configurationOf(context.store());
      const entry = store.get(param(req, 'id'));
      if (!entry)
        throw notFound('configuration_not_found', `No existe la configuración ${param(req, 'id')}.`);
      if (entry.delete_date !== null)
        throw invalidStatus(
          'configuration_already_disabled',
          `La configuración ${entry.id} ya está deshabilitada.`,
        );
      return { status: 200, body: store.disable(entry, new Date().toISOString()) };
    }),
  );
}
