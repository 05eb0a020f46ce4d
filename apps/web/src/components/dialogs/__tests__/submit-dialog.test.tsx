import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as yup from 'yup';
import { describe, expect, it, vi } from 'vitest';
import { FormTextField } from '@/components/form';
import { FormDialog, SubmitDialog } from '../submit-dialog';

const emailSchema = yup.object({ email: yup.string().trim().required('Campo requerido') });

function EmailDialog({
  onSubmit,
  submitWhileInvalid,
  email = '',
  validationSchema = emailSchema,
}: {
  onSubmit(email: string): Promise<null | { severity: 'error'; message: string }>;
  submitWhileInvalid?: boolean;
  email?: string;
  validationSchema?: typeof emailSchema | (() => typeof emailSchema);
}) {
  return (
    <FormDialog
      title="Enviar comprobante"
      onClose={() => undefined}
      submitLabel="Enviar"
      initialValues={{ email }}
      validationSchema={validationSchema}
      submitWhileInvalid={submitWhileInvalid}
      sentOf={(values) => values.email.trim()}
      onSubmit={onSubmit}
      testId="email-dialog"
    >
      <FormTextField name="email" label="Email" fullWidth />
    </FormDialog>
  );
}

const sendButton = () => screen.getByRole('button', { name: 'Enviar' });

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('SubmitDialog', { timeout: 60_000 }, () => {
  it('runs onSubmit once per press and shows its refusal inside, the dialog still open', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => ({
      severity: 'error' as const,
      message: 'El pago ya fue notificado.',
    }));
    render(
      <SubmitDialog
        title="Reenviar notificación"
        submitLabel="Reenviar"
        onClose={() => undefined}
        onSubmit={onSubmit}
      >
        Se enviará nuevamente la notificación.
      </SubmitDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByTestId('dialog-feedback')).toHaveTextContent('El pago ya fue notificado.');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("after a refusal only reading the record again resolves, offers 'Recargar' instead of the action", async () => {
    const user = userEvent.setup({ delay: null });
    const reload = vi.fn();
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => ({
      severity: 'error' as const,
      title: 'Otro operador modificó este registro',
      message: 'Recargá para ver su estado actual antes de hacer otra acción.',
      reload,
    }));
    render(
      <SubmitDialog title="Cancelar pago" submitLabel="Cancelar pago" onClose={onClose} onSubmit={onSubmit}>
        Se cancelará el pago.
      </SubmitDialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    expect(await screen.findByTestId('dialog-feedback')).toHaveTextContent(
      'Otro operador modificó este registro',
    );
    expect(screen.queryByRole('button', { name: 'Cancelar pago' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recargar' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a thrown error becomes its description inside the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <SubmitDialog
        title="Reenviar notificación"
        submitLabel="Reenviar"
        onClose={() => undefined}
        onSubmit={() => Promise.reject(new Error('sin conexión'))}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByTestId('dialog-feedback')).toBeVisible();
  });
});

describe('FormDialog', { timeout: 60_000 }, () => {
  it('keeps the primary button disabled until the form is valid, then sends what sentOf makes of it', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => null);
    render(<EmailDialog onSubmit={onSubmit} />);
    await waitFor(() => expect(sendButton()).toBeDisabled());
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  ana@example.com ');
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await user.click(sendButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('ana@example.com'));
  });

  // Read synchronously after render: the mount's validation resolves in a later microtask, after these lines.
  it('opens with the primary button disabled in its first render, before the mount validation has run', () => {
    render(<EmailDialog onSubmit={vi.fn(async () => null)} />);
    expect(sendButton()).toBeDisabled();
    // The errors it opens with are the form's, not yet shown: nothing was touched.
    expect(screen.queryByText('Campo requerido')).toBeNull();
  });

  it("reads a validationSchema given as formik's function returning it, disabled from the first render too", () => {
    render(<EmailDialog onSubmit={vi.fn(async () => null)} validationSchema={() => emailSchema} />);
    expect(sendButton()).toBeDisabled();
  });

  it('opens enabled when what it starts with is valid', () => {
    render(<EmailDialog onSubmit={vi.fn(async () => null)} email="ana@example.com" />);
    expect(sendButton()).toBeEnabled();
  });

  it('with submitWhileInvalid the button stays enabled and pressing it shows the errors, nothing sent', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => null);
    render(<EmailDialog onSubmit={onSubmit} submitWhileInvalid />);
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    expect(await screen.findByText('Campo requerido')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a refusal shows inside and what was typed stays', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => ({ severity: 'error' as const, message: 'Email rechazado' }));
    render(<EmailDialog onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com');
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await user.click(sendButton());
    expect(await screen.findByTestId('dialog-feedback')).toHaveTextContent('Email rechazado');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ana@example.com');
  });
});
