import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText, emailPieces, Field } from '../detail-card';

describe("an e-mail in a detail card (never 'maria.gonzalez@gmail.co' / 'm')", () => {
  it("may break after '@' and after a separator of its name, never inside its domain", () => {
    expect(emailPieces('maria.gonzalez@gmail.com')).toEqual(['maria.', 'gonzalez@', 'gmail.com']);
    expect(emailPieces('julietadiaz93@hotmail.com')).toEqual(['julietadiaz93@', 'hotmail.com']);
  });

  it('renders those breaks as <wbr>, the text unchanged; a field shows a string value through it', () => {
    const { container } = render(
      <dl>
        <Field label="E-mail" value="maria.gonzalez@gmail.com" />
      </dl>,
    );
    const value = container.querySelector('dd')!;
    expect(value.textContent).toBe('maria.gonzalez@gmail.com');
    expect(value.querySelectorAll('wbr')).toHaveLength(2);
    const { container: plain } = render(<EmailText email="no es un e-mail" />);
    expect(plain.querySelectorAll('wbr')).toHaveLength(0);
  });
});
