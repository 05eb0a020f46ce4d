import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../page-header';

describe('PageHeader', () => {
  it('shows the title as the heading, the subtitle and the actions', () => {
    render(<PageHeader title="Buscar Pagos" subtitle="Pagos del mes" actions={<button>Exportar</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Buscar Pagos' })).toBeInTheDocument();
    expect(screen.getByText('Pagos del mes')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();
  });

  it('leaves out the subtitle when none is given', () => {
    const { container } = render(<PageHeader title="Inicio" />);
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
