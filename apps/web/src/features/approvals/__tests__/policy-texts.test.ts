import { describe, expect, it } from 'vitest';
import { buildSchema } from 'graphql';
import { approvalPolicyErrors } from '@backoffice/validators';
import { typeDefs } from '@backoffice/schema';
import { ruleOf } from '../policies/policy-form-dialog';
import {
  isPolicyChange,
  pendingPolicyText,
  POLICY_ACTION_OPTIONS,
  POLICY_ACTIONS,
  policyChangeText,
  ruleText,
  sourceText,
} from '../policies/policy-texts';

const mutations = Object.keys(buildSchema(typeDefs).getMutationType()!.getFields());

describe("'Políticas' in words", () => {
  it('offers every money mutation a rule may name, each a mutation of the schema, by its Spanish name', () => {
    for (const action of POLICY_ACTIONS) expect(mutations, action).toContain(action);
    // What the gateway refuses as a rule's action is never offered.
    for (const never of [
      'approveRequest',
      'rejectRequest',
      'setPreference',
      'mergePreference',
      'downloadReceipts',
    ])
      expect(POLICY_ACTIONS).not.toContain(never);
    expect(POLICY_ACTIONS.filter(isPolicyChange)).toEqual([]);
    expect(POLICY_ACTIONS).toEqual(
      expect.arrayContaining(['cancelPayment', 'refundPayment', 'authorizeWithdrawal']),
    );
    expect(POLICY_ACTION_OPTIONS.find((option) => option.value === 'refundPayment')?.label).toBe(
      'Devolver pago',
    );
  });

  it('the form proposes the amounts as the Decimal read from what was typed, blank as no bound', () => {
    const values = { action: 'refundPayment', minAmount: '1.000.000,50', dailyAmount: '', approvals: '2' };
    expect(approvalPolicyErrors(values, POLICY_ACTIONS)).toBeUndefined();
    expect(ruleOf(values)).toEqual({
      action: 'refundPayment',
      minAmount: '1000000.50',
      dailyAmount: null,
      approvals: 2,
    });
  });

  it('says a rule, where it comes from, and a proposed change', () => {
    expect(ruleText({ action: 'refundPayment', minAmount: '1000000.00', approvals: 2 })).toBe(
      'Devolver pago desde $ 1.000.000,00, 2 aprobaciones',
    );
    expect(ruleText({ action: 'cancelPayment', approvals: 1 })).toBe('Cancelar pago siempre, 1 aprobación');
    expect(sourceText({ source: 'DEPLOYMENT' })).toBe('Definida por la instalación');
    expect(sourceText({ source: 'APP', proposedBy: 'admin', approvedBy: 'admin2', addedAt: null })).toBe(
      'Agregada por admin, aprobada por admin2',
    );
    expect(
      policyChangeText('proposeApprovalPolicy', { rule: { action: 'cancelPayment', approvals: 1 } }),
    ).toBe('Agregar la regla de aprobación: Cancelar pago siempre, 1 aprobación');
    expect(policyChangeText('proposeApprovalPolicyRemoval', { id: '3' })).toBe(
      'Quitar la regla de aprobación N.º 3',
    );
    expect(pendingPolicyText('12')).toBe('Pendiente de aprobación de otro administrador. Solicitud N.º 12.');
  });
});
