import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { usePhoneDisplay } from './phone-display.ts';

function Phone({ phone, country }: { phone: string | null; country: string | null }) {
  const text = usePhoneDisplay(phone, country);
  return <p data-testid="phone">{text === null ? 'none' : text.replace(/\u00a0/g, ' ')}</p>;
}

describe('usePhoneDisplay', () => {
  it('shows the E.164 number at once, then the formatted one when the formatter has loaded', async () => {
    render(<Phone phone="+17875550100" country="PR" />);
    // First in this file: the formatter module is not loaded yet.
    expect(screen.getByTestId('phone')).toHaveTextContent('+17875550100');
    expect(await screen.findByText('(787) 555\u20110100')).toBeInTheDocument();
  });

  it('shows nothing without a number', () => {
    render(<Phone phone={null} country="PR" />);
    expect(screen.getByTestId('phone')).toHaveTextContent('none');
  });
});
