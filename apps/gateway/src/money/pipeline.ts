/**
 * The money pipeline: every root mutation field but the preferences' is one money move, run through these stages in
 * this order, in one place. A module declares nothing more than its resolver (which reads, checks and sends through
 * the kit: shared/run-action.ts, shared/bulk.ts, its data source); the stages around it are the pipeline's:
 *
 * 1. permission  — `@auth` decided first (a field @auth refuses throws before anything: no move);
 * 2. key         — the client's idempotency key, by the one rule (shared/inputs.ts `isIdempotencyKey`);
 * 3. fingerprint — the request's digest (move.ts `requestHash`): a used key answers its own request only;
 * 4. intent      — the move's row stored before the first upstream write (the REST client awaits the request's
 *                  `beforeWrite`, the running move's) under a fenced hold (journal.ts);
 * 5. checks      — the record read again, its version and the action's rule, a retry's too (shared/run-action.ts,
 *                  shared/bulk.ts, given the request's context: they read the running move from `ctx.moveSlot`);
 * 6. send        — one header builder (upstream/rest-client.ts: the key scoped to its operator, `key/id` for a
 *                  bulk's item: shared/inputs.ts `idempotencyOptions`), only while the hold is this gateway's;
 * 7. outcome     — written before the answer leaves, its live events in the same statement (store moves.ts);
 * 8. audit line  — the intent's and the outcome's (move.ts, journal.ts). The audit plugin only observes the field's
 *                  end, and reads how its move ended from `ctx.moveMarks` ('recorded', 'replayed', 'unsent').
 *
 * The running move is held in the request's context (`ctx.moveSlot`), not in an async side channel: a mutation's
 * root fields run one after the other, so the slot holds the one field running.
 */
import type { NewActivity } from '@backoffice/store';
import { defaultFieldResolver, type GraphQLSchema } from 'graphql';
import { moveIntentEvents, moveResultOf, type IntentEvent } from '../audit/audit-plugin.js';
import type { GatewayContext } from '../gateway-context.js';
import type { Logger } from '../logger.js';
import type { MoveJournal } from './journal.js';
import type { MoneyPolicy } from './policy.js';
import { runMoveField } from './move.js';
import type { ApprovalGate } from './approvals.js';

export interface MoneyPolicyOptions {
  schema: GraphQLSchema;
  journal: MoveJournal;
  logger: Logger;
  approvals?: ApprovalGate | null;
  /** The activity row of an intent's audit event, in the request's store namespace. */
  intentRow: (event: IntentEvent, namespace: string) => NewActivity;
}

export type { MoneyPolicy };

export function createMoneyPolicy({
  schema,
  journal,
  logger,
  intentRow,
  approvals = null,
}: MoneyPolicyOptions): MoneyPolicy {
  const eventOf = moveIntentEvents(schema);
  return {
    journal,
    logger,
    approvals,
    intentOf(fieldName, args, ctx) {
      const event = eventOf(fieldName, args, {
        user: ctx.user,
        requestId: ctx.requestId,
        operationName: ctx.meta.operationName,
      });
      if (!event) return null;
      return () => {
        const { result: _pending, ...row } = intentRow(event, ctx.storeNamespace);
        return row;
      };
    },
  };
}

const piped = new WeakSet<GraphQLSchema>();

/**
 * Runs each root mutation field of `schema` through the pipeline, wrapping its resolver in place once (schema.ts:
 * inside `@auth`, outside the refusals answered as payloads). A request whose context has no `money` (no store)
 * runs its fields as they are.
 */
export function withMoneyPipeline(schema: GraphQLSchema): GraphQLSchema {
  if (piped.has(schema)) return schema;
  piped.add(schema);
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, ctx: GatewayContext, info) => {
      const run = () => resolve(source, args, ctx, info);
      const policy = ctx?.money;
      const intent = policy?.intentOf(field.name, args as Record<string, unknown>, ctx);
      if (!policy || !intent) return run();
      const key = String(info.path.key);
      return runMoveField(
        {
          journal: policy.journal,
          logger: policy.logger,
          fieldName: field.name,
          returnType: field.type,
          args: args as Record<string, unknown>,
          username: ctx.user.username,
          intent,
          resultOf: moveResultOf,
          resolve: run,
          slot: ctx.moveSlot,
          approvals: policy.approvals,
          user: ctx.user,
        },
        (mark) => ctx.moveMarks.set(key, mark),
      );
    };
  }
  return schema;
}
