import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikErrors } from 'formik';
import * as yup from 'yup';
import { describe, expect, it, vi } from 'vitest';
import { FormCard, FormFooter, FormTextField, ValidatedFormik, type SyncValidation } from '..';

function renderFooter({
  failure = null,
  onCancel = vi.fn(),
  onSubmit = vi.fn(),
}: {
  failure?: { severity: 'error' | 'warning'; message: string } | null;
  onCancel?: () => void;
  onSubmit?: () => void;
} = {}) {
  render(
    <Formik
      initialValues={{ name: '' }}
      validationSchema={yup.object({ name: yup.string().required('Obligatorio') })}
      validateOnMount
      onSubmit={onSubmit}
    >
      <Form>
        <FormTextField name="name" label="Nombre" />
        <FormFooter failure={failure} failureTestId="thing-failure" onCancel={onCancel} submitLabel="Crear" />
      </Form>
    </Formik>,
  );
  return { onCancel, onSubmit };
}

describe('FormFooter', () => {
  it('keeps the submit disabled while the form is invalid and sends it once valid', async () => {
    const { onSubmit } = renderFooter();
    const submit = screen.getByRole('button', { name: 'Crear' });
    await waitFor(() => expect(submit).toBeDisabled());
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('shows what the last submit answered and cancels without submitting', async () => {
    const { onCancel, onSubmit } = renderFooter({
      failure: { severity: 'error', message: 'El pagador ya existe' },
    });
    expect(screen.getByTestId('thing-failure')).toHaveTextContent('El pagador ya existe');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows no failure when there is none', () => {
    renderFooter();
    expect(screen.queryByTestId('thing-failure')).toBeNull();
  });
});

describe('FormCard', () => {
  it('is the form, named, and submits what its fields hold', async () => {
    const onSubmit = vi.fn();
    render(
      <Formik initialValues={{ name: '' }} onSubmit={onSubmit}>
        <FormCard ariaLabel="Datos del pagador">
          <FormTextField name="name" label="Nombre" />
          <button type="submit">Crear</button>
        </FormCard>
      </Formik>,
    );
    const form = screen.getByRole('form', { name: 'Datos del pagador' });
    expect(form.tagName).toBe('FORM');
    expect(form).toHaveAttribute('novalidate');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana' }, expect.anything()));
  });
});

const nameSchema = yup.object({ name: yup.string().trim().required('Obligatorio') });

type NameForm = { name: string };

/** A form page as the screens make it: ValidatedFormik, FormCard, the fields and FormFooter. */
function renderPage(validation: SyncValidation<NameForm>, name = '') {
  const onSubmit = vi.fn();
  render(
    <ValidatedFormik<NameForm> initialValues={{ name }} {...validation} onSubmit={onSubmit}>
      <FormCard ariaLabel="Datos">
        <FormTextField name="name" label="Nombre" />
        <FormFooter failure={null} failureTestId="thing-failure" onCancel={vi.fn()} submitLabel="Crear" />
      </FormCard>
    </ValidatedFormik>,
  );
  return { onSubmit, submit: screen.getByRole('button', { name: 'Crear' }) };
}

/** A synchronous `validate` (the import screen's kind): the name is required. */
const validateName = ({ name }: NameForm): FormikErrors<NameForm> =>
  name.trim() ? {} : { name: 'Obligatorio' };

describe('ValidatedFormik', () => {
  // Each first check reads the button synchronously after render: formik's mount validation resolves in a later
  // microtask, and until then its submit used to show enabled.
  it('opens with the submit disabled in its first render, by its validationSchema, no error shown yet', async () => {
    const { submit, onSubmit } = renderPage({ validationSchema: nameSchema });
    expect(submit).toBeDisabled();
    expect(screen.queryByText('Obligatorio')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana' }, expect.anything()));
  });

  it("opens disabled by formik's function returning the schema too", () => {
    const { submit } = renderPage({ validationSchema: () => nameSchema });
    expect(submit).toBeDisabled();
  });

  it('opens disabled by a synchronous validate', async () => {
    const { submit } = renderPage({ validate: validateName });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('opens enabled when its initial values are valid, and formik still validates them on mount', async () => {
    const validate = vi.fn(validateName);
    const { submit } = renderPage({ validate }, 'Ana');
    expect(submit).toBeEnabled();
    // Once for the errors it opens with, once by formik's validateOnMount.
    await waitFor(() => expect(validate).toHaveBeenCalledTimes(2));
    expect(validate).toHaveBeenNthCalledWith(2, { name: 'Ana' }, undefined);
    expect(submit).toBeEnabled();
  });
});
