import { describe, expect, it } from 'vitest';
import type { CustomerContract } from './contract/customer-contracts.ts';
import {
  maskedContract,
  maskName,
  maskPhone,
  maskPlate,
  plateForCaller,
  publicSuggestedDrivers,
  publicSuggestionPoint,
} from './personal-data.ts';

// Decision 417: what the public app key sees of a contract holder.

describe('masks', () => {
  it.each([
    ['Ana Rivera Soto', 'A*** R*** S***'],
    ['  josé   pérez ', 'j*** p***'],
    ['Ñandú', 'Ñ***'],
    ['', ''],
  ])('maskName(%j) is %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it.each([
    ['787-555-0134', '***-**34'],
    ['+1 (787) 555 0199', '***-**99'],
    ['', ''],
  ])('maskPhone(%j) is %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it.each([
    ['BCX-541', '***541'],
    ['ab1', '***'],
  ])('maskPlate(%j) is %j', (plate, masked) => {
    expect(maskPlate(plate)).toBe(masked);
  });

  it('shows a plate only to the caller who gave it', () => {
    expect(plateForCaller('BCX541', 'bcx-541')).toBe('BCX541');
    expect(plateForCaller('BCX541', 'BCX542')).toBe('***541');
    expect(plateForCaller('BCX541', undefined)).toBe('***541');
  });
});

describe('maskedContract', () => {
  const contract: CustomerContract = {
    _id: 'contract-1',
    detail: 'full',
    account: '0123456789abcdef01234567',
    branch: 'PR',
    fullName: 'Ana Rivera Soto',
    memberId: '400000001',
    policyNumber: 'PR-AU-1234567',
    phone: '787-555-0123',
    email: 'ana@example.test',
    active: true,
    startDate: '2025-01-01T04:00:00.000Z',
    endDate: null,
    vehicles: [
      { plate: 'ABC123', make: 'Toyota', model: 'Corolla', year: 2020, color: 'Rojo', vin: 'V1' },
      { plate: 'XYZ789', make: 'Honda', model: 'Civic', year: 2018, color: 'Azul', vin: 'V2' },
    ],
    coverageLimits: [],
  };

  it('keeps the reference, vehicles and coverage; masks or drops everything personal', () => {
    const masked = maskedContract(contract, 'abc-123');
    expect(masked).toEqual({
      ...contract,
      detail: 'masked',
      fullName: 'A*** R*** S***',
      phone: '***-**23',
      email: '',
      memberId: null,
      policyNumber: null,
      vehicles: [
        { plate: 'ABC123', make: 'Toyota', model: 'Corolla', year: 2020, color: 'Rojo', vin: '' },
        { plate: '***789', make: 'Honda', model: 'Civic', year: 2018, color: 'Azul', vin: '' },
      ],
    });
    const text = JSON.stringify(masked);
    for (const secret of ['Rivera', '555-0123', 'ana@', '400000001', 'PR-AU', 'V1', 'XYZ']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('publicSuggestedDrivers (decision 418)', () => {
  const ranked = Array.from({ length: 8 }, (_, i) => ({
    _id: `driver-${i}`,
    eta: 61 + i * 37,
    distance: 249 + i * 611,
  }));

  it('answers the nearest five, ETA in whole minutes, distance in 500 m steps, fresh ids', () => {
    let n = 0;
    const shown = publicSuggestedDrivers(ranked, () => `s${(n += 1)}`);
    expect(shown).toEqual([
      { _id: 's1', eta: 120, distance: 500 },
      { _id: 's2', eta: 120, distance: 1000 },
      { _id: 's3', eta: 180, distance: 1500 },
      { _id: 's4', eta: 180, distance: 2000 },
      { _id: 's5', eta: 240, distance: 2500 },
    ]);
    expect(JSON.stringify(shown)).not.toContain('driver-');
  });
});

describe('publicSuggestionPoint (decision 418)', () => {
  it("answers the centre of the point's cell: points of one cell are one point", () => {
    const a = publicSuggestionPoint({ lat: 18.42139, lng: -66.073795 });
    const b = publicSuggestionPoint({ lat: 18.4236, lng: -66.0735 });
    expect(a).toEqual(b);
    expect(a.lat).toBeCloseTo(18.4225, 9);
    expect(a.lng).toBeCloseTo(-66.0725, 9);
    expect(publicSuggestionPoint({ lat: 18.4251, lng: -66.0738 })).not.toEqual(a);
  });
});
