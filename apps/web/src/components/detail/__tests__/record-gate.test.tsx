import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { describe, expect, it, vi } from 'vitest';
import { recordGate } from '../record-gate';

const OPTIONS = {
  noun: { one: 'entidad', gender: 'feminine' },
  id: '12',
  icon: <StorefrontOutlined />,
  notFoundTestId: 'collector-not-found',
} as const;

const query = (state: { data?: unknown; loading?: boolean; error?: unknown }) => ({
  loading: false,
  refetch: vi.fn(async () => undefined),
  ...state,
});

describe('recordGate', () => {
  it('is a loader until the first answer, and nothing once the record is there', () => {
    const { container } = render(<>{recordGate(query({ loading: true }), undefined, OPTIONS)}</>);
    expect(container.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(recordGate(query({ data: { collector: {} } }), {}, OPTIONS)).toBeNull();
  });

  it("says the record's load failed, with 'Reintentar' reading it again", async () => {
    const failed = query({ error: new Error('sin conexión') });
    render(<>{recordGate(failed, undefined, OPTIONS)}</>);
    expect(screen.getByText('No se pudo cargar la entidad')).toBeVisible();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('says the record does not exist, under its test id', () => {
    render(<>{recordGate(query({ data: { collector: null } }), null, OPTIONS)}</>);
    const page = screen.getByTestId('collector-not-found');
    expect(page).toHaveTextContent('La entidad no existe');
    expect(page).toHaveTextContent('No existe la entidad 12.');
  });
});
