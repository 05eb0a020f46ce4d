import { describe, expect, it } from 'vitest';
import {
  APPROVAL_POLICY_MESSAGES,
  approvalPolicyErrors,
  approvalPolicySchema,
  checkPolicyAmount,
  checkPolicyApprovals,
} from './approval-policy.js';
import { MESSAGES } from './messages.js';
import { formikErrors } from './__tests__/reference.js';

const ACTIONS = ['refundPayment', 'cancelPayment'];

describe('an approval rule an admin proposes', () => {
  it('names a money mutation of the list, amounts as pesos text above zero, approvals 1 to 5', () => {
    expect(
      approvalPolicyErrors(
        { action: 'refundPayment', minAmount: '1.000.000', dailyAmount: '', approvals: 2 },
        ACTIONS,
      ),
    ).toBeUndefined();
    expect(
      approvalPolicyErrors(
        { action: 'setPreference', minAmount: '1,5', dailyAmount: 'mil', approvals: 6 },
        ACTIONS,
      ),
    ).toEqual({
      action: APPROVAL_POLICY_MESSAGES.unknownAction,
      dailyAmount: MESSAGES.amountFormat,
      approvals: APPROVAL_POLICY_MESSAGES.approvals,
    });
    expect(approvalPolicyErrors({ action: ' ', approvals: '1' }, ACTIONS)).toEqual({
      action: APPROVAL_POLICY_MESSAGES.action,
    });
  });

  it('reads an amount as typed or as the Decimal the gateway gets, never as a float', () => {
    for (const typed of ['1000000', '1.000.000', '1.000.000,50', '2500.50', '2500,5', '1000000.00'])
      expect(checkPolicyAmount(typed), typed).toBeUndefined();
    expect(checkPolicyAmount('')).toBeUndefined();
    expect(checkPolicyAmount(null)).toBeUndefined();
    expect(checkPolicyAmount('0')).toBe(MESSAGES.amountPositive);
    expect(checkPolicyAmount('1e6')).toBe(MESSAGES.amountFormat);
    expect(checkPolicyAmount('1234567890123456')).toBe(APPROVAL_POLICY_MESSAGES.amountDigits);
  });

  it('approvals: whole numbers from 1 to 5, typed or given', () => {
    for (const ok of [1, '3', 5]) expect(checkPolicyApprovals(ok)).toBeUndefined();
    for (const bad of [0, 6, '2.5', '', 'dos', 1.5, null])
      expect(checkPolicyApprovals(bad), String(bad)).toBe(APPROVAL_POLICY_MESSAGES.approvals);
  });

  it("the form's schema says the same as formik would", async () => {
    expect(
      await formikErrors(approvalPolicySchema(ACTIONS), {
        action: '',
        minAmount: '-5',
        dailyAmount: '',
        approvals: '1',
      }),
    ).toEqual({ action: APPROVAL_POLICY_MESSAGES.action, minAmount: MESSAGES.amountFormat });
  });
});
