import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { cardNumberSchema, cuitSchema, MESSAGES } from '@backoffice/validators';
import { describe, expect, it, vi } from 'vitest';
import { FormIdentifierField, IdentifierTextField } from '..';

const schema = yup.object({ cuit: cuitSchema, card: cardNumberSchema });

const FIELDS = [
  { kind: 'cuit', name: 'cuit', label: 'CUIT' },
  { kind: 'card', name: 'card', label: 'Número de tarjeta' },
  { kind: 'digits', name: 'bin', label: 'Número BIN', maxDigits: 6 },
] as const;

/** A form with one field of each kind; answers its submit spy and a user. */
function renderForm() {
  const onSubmit = vi.fn();
  const fields = FIELDS.map((field) => <FormIdentifierField key={field.name} {...field} />);
  render(
    <Formik initialValues={{ cuit: '', card: '', bin: '' }} validationSchema={schema} onSubmit={onSubmit}>
      <Form>
        {fields}
        <button type="submit">Guardar</button>
      </Form>
    </Formik>,
  );
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

describe('identifier fields', () => {
  it('a CUIT pasted with dashes is accepted whole, shown with dashes and submitted as digits', async () => {
    const { onSubmit, user } = renderForm();
    const cuit = screen.getByRole('textbox', { name: 'CUIT' });
    await user.click(cuit);
    await user.paste('20-12345678-6');
    expect(cuit).toHaveValue('20-12345678-6');
    await user.click(screen.getByRole('textbox', { name: 'Número de tarjeta' }));
    await user.paste('4509 9535 6623 3704');
    expect(screen.getByRole('textbox', { name: 'Número de tarjeta' })).toHaveValue('4509953566233704');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1), { timeout: 15_000, interval: 50 });
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ cuit: '20123456786', card: '4509953566233704', bin: '' });
  });

  it('a CUIT typed with spaces gets its dashes as it grows; a wrong one is refused in Spanish', async () => {
    const { onSubmit, user } = renderForm();
    const cuit = screen.getByRole('textbox', { name: 'CUIT' });
    await user.type(cuit, '20 1234');
    expect(cuit).toHaveValue('20-1234');
    await user.type(cuit, '5678 7');
    expect(cuit).toHaveValue('20-12345678-7');
    await user.tab();
    expect(await screen.findByText(MESSAGES.cuitInvalid)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a digits-only field does not accept letters or signs, nor more than its digits', async () => {
    const { user } = renderForm();
    const bin = screen.getByRole('textbox', { name: 'Número BIN' });
    await user.type(bin, '12a3-4');
    expect(bin).toHaveValue('1234');
    await user.type(bin, '5678');
    expect(bin).toHaveValue('123456');
  });

  it('works unbound to a form (filters and useFormik dialogs)', async () => {
    const user = userEvent.setup({ delay: null });
    const seen = vi.fn();
    function Unbound() {
      const [value, setValue] = useState('');
      return (
        <IdentifierTextField
          kind="cuit"
          label="CUIT del titular"
          value={value}
          onValueChange={(next) => {
            seen(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Unbound />);
    const field = screen.getByRole('textbox', { name: 'CUIT del titular' });
    await user.click(field);
    await user.paste('20 12345678 6');
    expect(field).toHaveValue('20-12345678-6');
    expect(seen).toHaveBeenLastCalledWith('20123456786');
  });
});
