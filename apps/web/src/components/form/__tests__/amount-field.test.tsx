import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { amountSchema, MESSAGES } from '@backoffice/validators';
import { describe, expect, it, vi } from 'vitest';
import { AmountField, FormAmountField } from '..';

/** The helper text without MUI's non-breaking spaces. */
const helper = () => screen.getByTestId('amount-helper').textContent?.replace(/\s/g, ' ');

function Controlled({ hint }: { hint?: string }) {
  const [value, setValue] = useState('');
  return <AmountField label="Importe" value={value} onChange={setValue} hint={hint} testId="amount" />;
}

describe('AmountField (one amount field)', () => {
  it.each(['26.717,23', '26717,23', '26717.23'])(
    'says what it understood of %j as the operator types: $ 26.717,23',
    async (typed) => {
      const user = userEvent.setup({ delay: null });
      render(<Controlled hint="Hasta $ 30.000,00" />);
      expect(helper()).toBe('Hasta $ 30.000,00');
      await user.type(screen.getByTestId('amount'), typed);
      expect(helper()).toBe('$ 26.717,23 · Hasta $ 30.000,00');
    },
  );

  it('understands nothing of a text that is not an amount', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled />);
    await user.type(screen.getByTestId('amount'), '26,717.23');
    expect(screen.queryByTestId('amount-helper')).toBeNull();
  });

  it('in a formik form: the reading while typing, the one Spanish message once left, the text as the value', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn();
    render(
      <Formik
        initialValues={{ amount: '' }}
        validationSchema={yup.object({ amount: amountSchema })}
        onSubmit={onSubmit}
      >
        <Form>
          <FormAmountField name="amount" label="Importe" testId="amount" />
          <button type="submit">Aceptar</button>
        </Form>
      </Formik>,
    );
    const field = screen.getByTestId('amount');
    await user.type(field, '1.500,5');
    expect(helper()).toBe('$ 1.500,50');
    await user.clear(field);
    await user.type(field, '1.500.5');
    await user.tab();
    expect(await screen.findByText(MESSAGES.amountFormat)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '26.717,23');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ amount: '26.717,23' });
  });
});
