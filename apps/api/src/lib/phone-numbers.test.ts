import { describe, expect, it } from 'vitest';
import { customerPhoneE164 } from './phone-numbers.ts';

describe('customerPhoneE164', () => {
  it.each([
    ['787-555-0100', 'PR', '+17875550100'],
    ['(939) 555 0100', 'PR', '+19395550100'],
    ['+1 787 555 0100', 'PR', '+17875550100'],
    ['6123-4567', 'PA', '+50761234567'],
    ['8888-1234', 'CR', '+50688881234'],
    ['300 123 4567', 'CO', '+573001234567'],
    ['55 1234 5678', 'MX', '+525512345678'],
  ] as const)('reads %s in %s as %s', (phone, branch, e164) => {
    expect(customerPhoneE164(phone, branch)).toBe(e164);
  });

  it.each([
    ['+44 20 7946 0958', 'PR'],
    ['+506 8888 1234', 'PA'],
    ['12', 'PR'],
    ['no es un número', 'CO'],
  ] as const)('refuses %s for a service in %s', (phone, branch) => {
    expect(customerPhoneE164(phone, branch)).toBeNull();
  });
});
