/**
 * The scheduled withdrawal ('Retiro programado', spec 001 §2, §4 "Scheduled withdrawal", §5): read from the
 * collector's active configuration entries, saved by disabling the entry of each value that changes and adding
 * the new one (cron last: the withdrawal is scheduled once a cron exists), deleted by disabling every active entry
 * except the destination account. The collector's strategy decides: none of batch_accreditation,
 * batch_approbation, balance refuses ('La entidad no tiene estrategia de retiro compatible.'); batch strategies
 * skip the amount.
 */
import {
  checkCron,
  checkScheduledDestination,
  decimalFromUpstream,
  isBatchStrategy,
  isPositiveMoney,
  isWithdrawalStrategy,
  MESSAGES,
} from '@backoffice/validators';
import type { GatewayContext } from '../../gateway-context.js';
import { badUserInput } from '../../errors.js';
import type {
  MutationDeleteScheduledWithdrawalArgs,
  MutationSaveScheduledWithdrawalArgs,
  ScheduledWithdrawal,
  ResolversTypes,
} from '../../generated/resolvers-types.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { arr } from '../../shared/values.js';
import {
  notAllowed,
  notFoundFailure,
  readFailure,
  writeFailure,
  type Failure,
} from '../../upstream/outcome.js';
import { mapConfigurationEntry, mapConfigurationVariable } from './withdrawals.mappers.js';
import { WITHDRAWAL_SUCCESS } from './withdrawals.messages.js';

type Ctx = GatewayContext;

export const SCHEDULE_VARIABLES = {
  cron: 'scheduled_cron',
  destination: 'scheduled_destination_account',
  amount: 'scheduled_amount',
  minimum: 'scheduled_min_amount',
} as const;

export const SCHEDULE_REASONS = {
  notScheduled: 'La entidad no tiene un retiro programado.',
  missingVariable: 'El servicio de entidades no ofrece la variable de configuración necesaria.',
} as const;

/** Five cron fields of digits, `*`, `/`, `,` and `-` (the web builds them with cron-parser). */
const CRON_PATTERN = /^(\S+\s+){4}\S+$/;
const CRON_FIELD = /^[\d*/,-]+$/;

function checkCronInput(value: string): string {
  const text = value.trim().replace(/\s+/g, ' ');
  const required = checkCron(text);
  if (required) throw badUserInput(required, 'input.cron');
  if (!CRON_PATTERN.test(text) || !text.split(' ').every((f) => CRON_FIELD.test(f))) {
    throw badUserInput('El criterio de periodicidad (cron) no es válido.', 'input.cron');
  }
  return text;
}

/** The collector's entries (every one, newest first), mapped. */
async function readEntries(ctx: Ctx, collectorId: string) {
  return arr((await ctx.dataSources.collectorConfiguration.entries(collectorId)).rows).map(
    mapConfigurationEntry,
  );
}

/** The scheduled withdrawal of a collector from its entries. */
export function scheduleOf(
  collectorId: string,
  entries: ReturnType<typeof mapConfigurationEntry>[],
): ScheduledWithdrawal {
  const active = (name: string) => entries.find((e) => e.active && e.variable === name);
  const cron = active(SCHEDULE_VARIABLES.cron);
  const specific = active(SCHEDULE_VARIABLES.amount);
  const minimum = active(SCHEDULE_VARIABLES.minimum);
  const amountEntry = specific ?? minimum;
  return {
    collectorId,
    scheduled: cron !== undefined,
    cron: cron?.value ?? null,
    destinationAccount: active(SCHEDULE_VARIABLES.destination)?.value ?? null,
    amountType: specific ? 'SPECIFIC' : minimum ? 'MINIMUM' : null,
    amount: amountEntry ? decimalFromUpstream(amountEntry.value) : null,
    entries,
  };
}

export async function scheduledWithdrawal(ctx: Ctx, rawCollectorId: string): Promise<ScheduledWithdrawal> {
  const collectorId = checkId(rawCollectorId, 'collectorId');
  return scheduleOf(collectorId, await readEntries(ctx, collectorId));
}

export async function configurationVariables(ctx: Ctx) {
  return arr((await ctx.dataSources.collectorConfiguration.variables()).rows).map(mapConfigurationVariable);
}

const failed = (
  failure: Failure,
  schedule: ScheduledWithdrawal | null = null,
): ResolversTypes['ScheduledWithdrawalPayload'] => ({
  scheduledWithdrawal: schedule,
  ...failure,
  message: null,
});

/** The strategy rule: null when the collector may schedule, else the failure (nothing written). */
async function strategyFailure(
  ctx: Ctx,
  collectorId: string,
): Promise<{ failure: Failure | null; strategy: string | null }> {
  let settings;
  try {
    settings = await ctx.loaders.collectorSettings.load(collectorId);
  } catch (error) {
    return { failure: readFailure(error), strategy: null };
  }
  if (!settings) return { failure: notFoundFailure('collector', 'collector_not_found'), strategy: null };
  const strategy = settings.withdrawalStrategy;
  return {
    failure: isWithdrawalStrategy(strategy) ? null : notAllowed(MESSAGES.withdrawalStrategyUnsupported),
    strategy,
  };
}

/** Re-reads the schedule after writes (null when that read fails: the payload's outcome already says what happened). */
async function reread(ctx: Ctx, collectorId: string): Promise<ScheduledWithdrawal | null> {
  ctx.forgetUpstreamReads();
  return readEntries(ctx, collectorId).then(
    (entries) => scheduleOf(collectorId, entries),
    () => null,
  );
}

/** Runs the configuration writes (never retried); the payload carries the schedule read again afterwards. */
async function applyWrites(
  ctx: Ctx,
  collectorId: string,
  message: string,
  writes: () => Promise<void>,
): Promise<ResolversTypes['ScheduledWithdrawalPayload']> {
  try {
    await writes();
  } catch (error) {
    return failed(writeFailure(error), await reread(ctx, collectorId));
  }
  return { scheduledWithdrawal: await reread(ctx, collectorId), error: null, outcome: 'SUCCESS', message };
}

export async function saveScheduledWithdrawal(
  ctx: Ctx,
  { input, idempotencyKey }: MutationSaveScheduledWithdrawalArgs,
): Promise<ResolversTypes['ScheduledWithdrawalPayload']> {
  const collectorId = checkId(input.collectorId, 'input.collectorId');
  const key = checkIdempotencyKey(idempotencyKey);
  const destinationError = checkScheduledDestination(input.destinationAccount);
  if (destinationError) throw badUserInput(destinationError, 'input.destinationAccount');
  const destination = input.destinationAccount.trim();
  const cron = checkCronInput(input.cron);

  const { failure, strategy } = await strategyFailure(ctx, collectorId);
  if (failure) return failed(failure);
  const batch = isBatchStrategy(strategy);
  if (!batch) {
    if (!input.amountType) throw badUserInput(MESSAGES.amountTypeRequired, 'input.amountType');
    if (!input.amount || !isPositiveMoney(input.amount))
      throw badUserInput('El monto (amount) debe ser mayor a cero.', 'input.amount');
  }

  let entries;
  let variables;
  try {
    [entries, variables] = await Promise.all([readEntries(ctx, collectorId), configurationVariables(ctx)]);
  } catch (error) {
    return failed(readFailure(error));
  }
  const variableId = new Map(variables.map((v) => [v.name, v.id]));
  // What each variable should hold now (null: no active entry).
  const amountVariable =
    input.amountType === 'SPECIFIC' ? SCHEDULE_VARIABLES.amount : SCHEDULE_VARIABLES.minimum;
  const wanted: [string, string | null][] = [
    [SCHEDULE_VARIABLES.destination, destination],
    [
      SCHEDULE_VARIABLES.amount,
      !batch && amountVariable === SCHEDULE_VARIABLES.amount ? input.amount! : null,
    ],
    [
      SCHEDULE_VARIABLES.minimum,
      !batch && amountVariable === SCHEDULE_VARIABLES.minimum ? input.amount! : null,
    ],
    [SCHEDULE_VARIABLES.cron, cron],
  ];
  for (const [name, value] of wanted) {
    if (value !== null && !variableId.has(name)) return failed(notAllowed(SCHEDULE_REASONS.missingVariable));
  }
  const source = ctx.dataSources.collectorConfiguration;
  return applyWrites(ctx, collectorId, WITHDRAWAL_SUCCESS.scheduled, async () => {
    // The entries that change: every old one disabled first, then the new ones added (cron last).
    const changes = wanted
      .map(([name, value]) => ({
        name,
        value,
        current: entries.find((e) => e.active && e.variable === name),
      }))
      .filter(({ value, current }) => (current?.value ?? null) !== value);
    // One intent, several writes: each its own key under the operator's (a retry sends each again as it was).
    for (const { current } of changes) {
      if (current) await source.disable(current.id, { idempotencyKey: `${key}/off/${current.id}` });
    }
    for (const { name, value } of changes) {
      const variable = variableId.get(name)!;
      if (value !== null)
        await source.add(collectorId, variable, value, { idempotencyKey: `${key}/on/${variable}` });
    }
  });
}

export async function deleteScheduledWithdrawal(
  ctx: Ctx,
  args: MutationDeleteScheduledWithdrawalArgs,
): Promise<ResolversTypes['ScheduledWithdrawalPayload']> {
  const collectorId = checkId(args.collectorId, 'collectorId');
  const key = checkIdempotencyKey(args.idempotencyKey);
  let entries;
  try {
    entries = await readEntries(ctx, collectorId);
  } catch (error) {
    return failed(readFailure(error));
  }
  const before = scheduleOf(collectorId, entries);
  if (!before.scheduled) return failed(notAllowed(SCHEDULE_REASONS.notScheduled), before);
  return applyWrites(ctx, collectorId, WITHDRAWAL_SUCCESS.scheduleDeleted, async () => {
    for (const entry of entries) {
      if (entry.active && entry.variable !== SCHEDULE_VARIABLES.destination) {
        await ctx.dataSources.collectorConfiguration.disable(entry.id, {
          idempotencyKey: `${key}/off/${entry.id}`,
        });
      }
    }
  });
}
