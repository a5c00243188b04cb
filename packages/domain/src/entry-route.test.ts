import { describe, expect, it } from 'vitest';
import { applyEntryRoute, ENTRY_ROUTE_BRAND } from './entry-params.ts';
import { INITIAL_SESSION } from './session.ts';

const ACCOUNT = '0123456789abcdef01234567';

describe('applyEntryRoute (SPEC 2 entry route)', () => {
  const before = {
    ...INITIAL_SESSION,
    brand: 'connect',
    serviceId: 'svc-old-000001',
    token: 'old-token-0123456789',
    notes: 'an older request',
    language: 'en' as const,
  };

  it('"Clears all state, sets a fixed brand, stores name and memberId from the query"', () => {
    const after = applyEntryRoute(
      before,
      new URLSearchParams('name=Ana%20Rivera&memberId=M123456&brand=connect'),
    );
    expect(after.brand).toBe(ENTRY_ROUTE_BRAND);
    expect(after).toMatchObject({ serviceId: null, token: null, notes: '' });
    expect(after.userExternalParams).toMatchObject({
      fullName: 'Ana Rivera',
      memberId: 'M123456',
      identifier: 'M123456',
    });
    expect(after.clientForm).toMatchObject({ fullName: 'Ana Rivera', memberId: 'M123456' });
  });

  it('honours account, lang and isFromWebview; fullName is the same as name', () => {
    const after = applyEntryRoute(
      INITIAL_SESSION,
      new URLSearchParams(`fullName=Ana&account=${ACCOUNT}&lang=en&isFromWebview=true`),
    );
    expect(after).toMatchObject({ accountId: ACCOUNT, language: 'en' });
    expect(after.userExternalParams).toMatchObject({ fullName: 'Ana', isFromWebview: true });
  });

  it('keeps the language already chosen and drops malformed values', () => {
    const after = applyEntryRoute(before, new URLSearchParams('memberId=<script>&account=x'));
    expect(after).toMatchObject({ language: 'en', accountId: null });
    expect(after.userExternalParams.memberId).toBeNull();
  });
});
