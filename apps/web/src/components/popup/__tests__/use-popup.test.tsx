import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { usePopup } from '../use-popup';

function Example() {
  const popup = usePopup('menu');
  return (
    <>
      <Button {...popup.buttonProps}>Exportar</Button>
      <Menu id={popup.id} {...popup.popupProps} slotProps={{ list: { 'aria-label': 'Formatos' } }}>
        <MenuItem onClick={popup.close}>XLSX</MenuItem>
      </Menu>
    </>
  );
}

describe('usePopup', () => {
  it('says what the button opens, points it at the open menu and gives focus back when it closes', async () => {
    const user = userEvent.setup();
    render(<Example />);
    const button = screen.getByRole('button', { name: 'Exportar' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBeNull();

    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Formatos' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.contains(menu)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes from an item', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'XLSX' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
