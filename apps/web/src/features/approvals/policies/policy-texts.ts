/**
 * 'Políticas' in words: the money mutations a rule may name (with their Spanish labels, the activity's), a rule as a
 * sentence, and a proposed change of the rules as the queue's detail says it. No React: the screen, the request's
 * detail and their tests read it.
 */
import { OPERATION_TEXTS } from '@backoffice/validators';
import { formatAmount, formatDateTime } from '@/lib/format';

/** The mutations that change the rules: their requests are policy changes, not money moves. */
export const POLICY_CHANGE_ACTIONS = ['proposeApprovalPolicy', 'proposeApprovalPolicyRemoval'] as const;

/** What the activity names but no rule may hold: uploads, reads, preferences and the changes of the rules. */
const NOT_HELD = new Set<string>(['downloadReceipts', 'setPreference', ...POLICY_CHANGE_ACTIONS]);

/** The money mutations a rule may name (the gateway checks the same list: a test holds them to the schema). */
export const POLICY_ACTIONS: readonly string[] = Object.keys(OPERATION_TEXTS).filter(
  (action) => !action.startsWith('POST ') && !NOT_HELD.has(action),
);

/** The form's choices: each action by its Spanish label, in alphabetical order. */
export const POLICY_ACTION_OPTIONS = POLICY_ACTIONS.map((value) => ({
  value,
  label: OPERATION_TEXTS[value]!,
})).sort((a, b) => a.label.localeCompare(b.label, 'es'));

/** An action by its Spanish name ('Devolver pago'). */
export const actionText = (action: string): string => OPERATION_TEXTS[action] ?? action;

export const isPolicyChange = (action: string): boolean =>
  (POLICY_CHANGE_ACTIONS as readonly string[]).includes(action);

export interface RuleLike {
  action: string;
  minAmount?: string | null;
  dailyAmount?: string | null;
  approvals?: number | null;
}

/** 'Devolver pago desde $ 1.000.000,00 o pasado $ 5.000.000,00 por día, 2 aprobaciones'. */
export function ruleText(rule: RuleLike): string {
  const bounds = [
    rule.minAmount ? `desde ${formatAmount(rule.minAmount)}` : null,
    rule.dailyAmount ? `pasado ${formatAmount(rule.dailyAmount)} por día` : null,
  ].filter(Boolean);
  const approvals = rule.approvals ?? 1;
  return `${actionText(rule.action)} ${bounds.length ? bounds.join(' o ') : 'siempre'}, ${approvals} ${approvals === 1 ? 'aprobación' : 'aprobaciones'}`;
}

/** Where a rule comes from, as the list says it. */
export function sourceText(policy: {
  source: 'DEPLOYMENT' | 'APP';
  proposedBy?: string | null;
  approvedBy?: string | null;
  addedAt?: string | null;
}): string {
  if (policy.source === 'DEPLOYMENT') return 'Definida por la instalación';
  const when = policy.addedAt ? ` el ${formatDateTime(policy.addedAt)}` : '';
  return `Agregada por ${policy.proposedBy ?? '—'}, aprobada por ${policy.approvedBy ?? '—'}${when}`;
}

/** A request's change of the rules in words: 'Agregar la regla: …' or 'Quitar la regla N.º 3'. */
export function policyChangeText(action: string, args: unknown): string {
  const given = (args && typeof args === 'object' ? args : {}) as { rule?: RuleLike; id?: string };
  if (action === 'proposeApprovalPolicyRemoval')
    return `Quitar la regla de aprobación N.º ${given.id ?? '—'}`;
  return given.rule?.action
    ? `Agregar la regla de aprobación: ${ruleText(given.rule)}`
    : 'Agregar una regla de aprobación';
}

/** What a proposal's dialog ends with: the request another admin must approve. */
export const pendingPolicyText = (requestId: string | null | undefined): string =>
  `Pendiente de aprobación de otro administrador.${requestId ? ` Solicitud N.º ${requestId}.` : ''}`;
