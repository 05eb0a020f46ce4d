import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountText, TokenText, tokensOf } from '../cell-text';
import { dataTableClasses } from '../data-table';

describe('TokenText', () => {
  it('splits a name after its separators, never inside a token', () => {
    expect(tokensOf('F8126Cobranz_2026-10_3001.txt')).toEqual(['F8126Cobranz_', '2026-10_', '3001.txt']);
    expect(tokensOf('a/b c')).toEqual(['a/', 'b ', 'c']);
    expect(tokensOf('')).toEqual([]);
  });

  it('renders each token unbreakable with a break opportunity after it, the whole name as title', () => {
    const { container } = render(<TokenText text="F8126Cobranz_2026-10_3001.txt" />);
    const outer = container.firstElementChild!;
    expect(outer).toHaveClass(dataTableClasses.twoLines);
    expect(outer).toHaveAttribute('title', 'F8126Cobranz_2026-10_3001.txt');
    const tokens = [...container.querySelectorAll(`.${dataTableClasses.token}`)].map((t) => t.textContent);
    expect(tokens).toEqual(['F8126Cobranz_', '2026-10_', '3001.txt']);
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(outer.textContent).toBe('F8126Cobranz_2026-10_3001.txt');
  });
});

describe('AccountText', () => {
  it('shows a CBU whole on one line, in figures of one width, the account in its title', () => {
    const { container } = render(<AccountText account="0834461010669763554563" />);
    const outer = container.firstElementChild!;
    expect(outer).toHaveClass(dataTableClasses.account);
    expect(outer).toHaveAttribute('title', '0834461010669763554563');
    expect(outer.textContent).toBe('0834461010669763554563');
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });

  it('shows an alias as a token text', () => {
    const { container } = render(<AccountText account="mi.alias.cuenta" />);
    expect(container.firstElementChild).toHaveClass(dataTableClasses.twoLines);
  });
});
