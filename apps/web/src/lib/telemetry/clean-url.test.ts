import { describe, expect, it } from 'vitest';
import { isUrlClean, untilUrlIsClean } from './clean-url.ts';

describe('isUrlClean', () => {
  it.each([
    ['', true],
    ['?brand=honda&lang=en&account=6462b959a06609f18148f5f7', true],
    ['?account=x&redirect=tracking/loading&t=c.abc.def', false],
    ['?roomId=r1&phoneNumber=7875550100', false],
    ['?name=Ana%20Rivera&memberId=M1234567', false],
    ['?code=abc&state=xyz', false],
    ['?plate=ABC123', false],
  ])('%s -> %s', (search, clean) => {
    expect(isUrlClean(search)).toBe(clean);
  });
});

describe('untilUrlIsClean', () => {
  it('waits while the address carries a credential and resolves once a screen replaced it', async () => {
    window.history.replaceState(null, '', '/get-service/s1?t=t.abc.def');
    let resolved = false;
    const waiting = untilUrlIsClean(window, 10).then(() => {
      resolved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resolved).toBe(false);
    window.history.replaceState(null, '', '/tracking');
    await waiting;
    expect(resolved).toBe(true);
  });
});
