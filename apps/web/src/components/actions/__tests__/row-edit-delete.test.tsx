import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RowEditDelete } from '../row-edit-delete';

describe('RowEditDelete', () => {
  it("links 'Editar' to the row's page and runs 'Eliminar'", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <RowEditDelete
          editTo="/bin/450799"
          editLabel="Editar BIN 450799"
          onDelete={onDelete}
          deleteLabel="Eliminar BIN 450799"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Editar BIN 450799' })).toHaveAttribute('href', '/bin/450799');
    await user.click(screen.getByRole('button', { name: 'Eliminar BIN 450799' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it("hints 'Editar' and 'Eliminar' on hover and hides the hint when the pointer leaves", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <RowEditDelete
          editTo="/bin/1"
          editLabel="Editar BIN 1"
          onDelete={() => undefined}
          deleteLabel="Eliminar BIN 1"
        />
      </MemoryRouter>,
    );
    expect(document.querySelector('.MuiTooltip-popper')).toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Eliminar BIN 1' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Eliminar');
    await user.unhover(screen.getByRole('button', { name: 'Eliminar BIN 1' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows only what is allowed', () => {
    render(
      <MemoryRouter>
        <RowEditDelete editLabel="Editar BIN 1" deleteLabel="Eliminar BIN 1" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
