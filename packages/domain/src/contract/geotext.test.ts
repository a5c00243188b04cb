import { describe, expect, it } from 'vitest';
import {
  buildGeotextLink,
  buildGeotextMessage,
  CreateGeotextRoomRequestSchema,
  geotextRoomStatus,
  GeotextPhoneSchema,
  readGeotextLanding,
} from './geotext.ts';

// Decision 600: the operator's geotext rooms, their link and text, and when a room still answers.

describe('GeotextPhoneSchema', () => {
  it.each([
    ['+1 (787) 555-0100', '+17875550100'],
    ['+507 6000.0000', '+50760000000'],
    [' +52 55 1234 5678 ', '+525512345678'],
  ])('keeps %s as E.164 %s', (input, e164) => {
    expect(GeotextPhoneSchema.parse(input)).toBe(e164);
  });

  it.each(['7875550100', '+1787abc0100', '+1234567', '+1234567890123456', '+0787555010', ''])(
    'refuses %j',
    (input) => {
      expect(GeotextPhoneSchema.safeParse(input).success).toBe(false);
    },
  );

  it('takes an optional service id, refusing a malformed one', () => {
    expect(CreateGeotextRoomRequestSchema.parse({ phoneNumber: '+17875550100' })).toEqual({
      phoneNumber: '+17875550100',
    });
    expect(
      CreateGeotextRoomRequestSchema.safeParse({ phoneNumber: '+17875550100', serviceId: 'x' })
        .success,
    ).toBe(false);
  });
});

describe('geotextRoomStatus', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const open = { expiresAt: new Date('2026-11-25T13:00:00Z') };
  const past = { expiresAt: now };

  it('is open until expiry while no answer succeeded; a failed answer keeps it open', () => {
    expect(geotextRoomStatus(open, [], now)).toBe('open');
    expect(geotextRoomStatus(open, [{ success: false }], now)).toBe('open');
    expect(geotextRoomStatus(past, [{ success: false }], now)).toBe('expired');
  });

  it('is answered once a position was confirmed, even after expiry', () => {
    expect(geotextRoomStatus(open, [{ success: false }, { success: true }], now)).toBe('answered');
    expect(geotextRoomStatus(past, [{ success: true }], now)).toBe('answered');
  });
});

describe('the link and its landing', () => {
  it('builds the landing link on the origin with the phone as digits, and reads it back', () => {
    const link = buildGeotextLink('https://asistencia.example/', 'AbC_-9', '+1 787 555 0100');
    expect(link).toBe(
      'https://asistencia.example/geotext/landing?roomId=AbC_-9&phoneNumber=17875550100',
    );
    expect(readGeotextLanding(new URL(link).search)).toEqual({
      roomId: 'AbC_-9',
      phoneNumber: '17875550100',
    });
    expect(buildGeotextMessage(link)).toContain(link);
  });

  it.each([
    '',
    '?roomId=abc',
    '?phoneNumber=7875550100',
    '?roomId=a%2Fb&phoneNumber=7875550100',
    '?roomId=abc&phoneNumber=12',
  ])('reads no room from %j', (search) => {
    expect(readGeotextLanding(search)).toBeUndefined();
  });
});
