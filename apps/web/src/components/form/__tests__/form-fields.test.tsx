import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { amountSchema, MESSAGES, reasonSchema } from '@backoffice/validators';
import { describe, expect, it, vi } from 'vitest';
import { FormAmountField, FormSelectField, FormTextField } from '..';

const schema = yup.object({
  reason: reasonSchema,
  amount: amountSchema,
  kind: yup.string().required(MESSAGES.required),
});

function renderForm(onSubmit = vi.fn()) {
  render(
    <Formik
      initialValues={{ reason: '', amount: '', kind: '' }}
      validationSchema={schema}
      onSubmit={onSubmit}
    >
      <Form>
        <FormTextField name="reason" label="Motivo" helperText="Se guarda en el historial" />
        <FormAmountField name="amount" label="Importe" />
        <FormSelectField
          name="kind"
          label="Tipo"
          options={[
            { value: 'a', label: 'Adhesión' },
            { value: 's', label: 'Suscripción' },
          ]}
        />
        <button type="submit">Aceptar</button>
      </Form>
    </Formik>,
  );
  return onSubmit;
}

describe('form fields', () => {
  it('show no error while a first value is typed, and the error once the field is left', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const amount = screen.getByRole('textbox', { name: 'Importe' });
    await user.type(amount, '12,345');
    expect(screen.queryByText(MESSAGES.amountFormat)).toBeNull();
    await user.tab();
    expect(await screen.findByText(MESSAGES.amountFormat)).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Se guarda en el historial')).toBeVisible();
  });

  it('show every error after a submit attempt and do not submit', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(MESSAGES.reasonRequired)).toBeVisible();
    expect(screen.getAllByText(MESSAGES.required)).toHaveLength(2);
    expect(screen.queryByText('Se guarda en el historial')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submit the values as text once valid (amount never parsed to a float)', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Pedido del pagador');
    await user.type(screen.getByRole('textbox', { name: 'Importe' }), '1500,50');
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Suscripción' }));
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), { timeout: 15_000, interval: 50 });
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      reason: 'Pedido del pagador',
      amount: '1500,50',
      kind: 's',
    });
  });
});
