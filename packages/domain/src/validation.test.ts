import { describe, expect, it } from 'vitest';
import { expandHexColor, isHexColor } from './hex-color.ts';
import type { VehicleLookupMode } from './brand.ts';
import type { SurveyQuestionType } from './enumerations.ts';
import type { ServiceTypeName } from './service-types.ts';
import { MAX_TOW_PASSENGERS } from './constants.ts';
import {
  adjustPassengers,
  appendServiceNumberToLink,
  buildShareLink,
  canConfirmHomeSubService,
  canConfirmLocation,
  digitsOnlyPhone,
  imageExtensionFromMime,
  isAccurateEnough,
  isNoteSendable,
  isOffRoute,
  isRequestButtonDisabled,
  isValidCoordinate,
  isValidSurveyValue,
  keepDigits,
  normalizePlate,
  shouldRequestSuggestions,
  splitFullName,
  takeSuggestedDrivers,
  vehicleSearchPlate,
  vehicleSearchTerm,
} from './validation.ts';

describe('plates and vehicle search', () => {
  const PLATE = 'SPEC 5: "Plate hyphens are removed; vehPlate is sent upper case."';
  it.each<[string, string, string]>([
    [PLATE, 'abc-123', 'ABC123'],
    [PLATE, 'A-B-C-1-2-3', 'ABC123'],
    [PLATE, 'XYZ789', 'XYZ789'],
    [PLATE, ' jkl-456 ', 'JKL456'],
  ])('%s: %j -> %j', (_spec, plate, expected) => {
    expect(normalizePlate(plate)).toBe(expected);
  });

  const input = {
    plate: 'abc-123',
    fullName: '  Ana   María Pérez ',
    memberId: ' M-0042 ',
    policyNumber: 'POL-77-a',
  };
  const BY_NAME = 'SPEC 5: "for brands that look up by name, the name; otherwise the plate"';
  const BY_MEMBER = 'SPEC 5: "For MMM and multiple-home brands, the member id."';
  const BY_POLICY =
    'SPEC 5: "For the otium brand, the policy number, and the plate is not normalized."';
  it.each<[string, VehicleLookupMode, string, string]>([
    // [spec, mode, term, plate sent]
    [BY_NAME, 'name', 'Ana María Pérez', 'ABC123'],
    [BY_NAME, 'plate', 'ABC123', 'ABC123'],
    [BY_MEMBER, 'memberId', 'M-0042', 'ABC123'],
    [BY_POLICY, 'policyNumber', 'POL-77-a', 'abc-123'],
  ])('%s: mode %s', (_spec, mode, term, plate) => {
    expect(vehicleSearchTerm(mode, input)).toBe(term);
    expect(vehicleSearchPlate(mode, input.plate)).toBe(plate);
  });

  it(`${BY_NAME}: a missing field gives an empty term`, () => {
    expect(vehicleSearchTerm('memberId', { plate: 'abc' })).toBe('');
  });
});

describe('splitFullName', () => {
  const RULE = 'SPEC 5: "Full name: first word is the first name, the rest the last name."';
  it.each<[string, string, string, string]>([
    [RULE, 'Ana Pérez', 'Ana', 'Pérez'],
    [RULE, 'Ana María Pérez Soto', 'Ana', 'María Pérez Soto'],
    [RULE, 'Cher', 'Cher', ''],
    [RULE, '  José   de la   Cruz ', 'José', 'de la Cruz'],
    [RULE, '', '', ''],
  ])('%s: %j', (_spec, fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});

describe('coordinates', () => {
  const RULE = 'SPEC 5: "Coordinates are valid only if both lat and lng are non-zero."';
  it.each<[string, number, number, boolean]>([
    [RULE, 18.42139, -66.073795, true],
    [RULE, 0, -66.07, false],
    [RULE, 18.42, 0, false],
    [RULE, 0, 0, false],
    [RULE + ' (and within range)', 91, 10, false],
    [RULE + ' (and within range)', 10, -181, false],
    [RULE + ' (and a number)', Number.NaN, 10, false],
  ])('%s: (%d, %d) -> %s', (_spec, lat, lng, expected) => {
    expect(isValidCoordinate({ lat, lng })).toBe(expected);
  });

  const SUGGEST =
    'SPEC 5: "A suggestion request returns no drivers, without a call, when situation lat and lng are both 0."';
  it.each<[string, number, number, boolean]>([
    [SUGGEST, 0, 0, false],
    [SUGGEST + ' (only both zero skips)', 0, -66.07, true],
    [SUGGEST, 18.42, -66.07, true],
  ])('%s: (%d, %d) -> call %s', (_spec, lat, lng, expected) => {
    expect(shouldRequestSuggestions({ lat, lng })).toBe(expected);
  });

  it('SPEC 5: "At most 500 suggested drivers are used."', () => {
    const drivers = Array.from({ length: 620 }, (_, i) => i);
    expect(takeSuggestedDrivers(drivers)).toHaveLength(500);
    expect(takeSuggestedDrivers(drivers.slice(0, 3))).toEqual([0, 1, 2]);
  });
});

describe('isValidSurveyValue', () => {
  const LIMITS =
    'SPEC 5: "Survey comment max 255 characters; slider 0 to 10; rating buttons 0 to 10; stars 1 to 5."';
  it.each<[string, SurveyQuestionType, unknown, boolean]>([
    [LIMITS, 'textarea', 'x'.repeat(255), true],
    [LIMITS, 'textarea', 'x'.repeat(256), false],
    [LIMITS, 'textarea', '', true],
    [LIMITS, 'startRating', 1, true],
    [LIMITS, 'startRating', 5, true],
    [LIMITS, 'startRating', 0, false],
    [LIMITS, 'startRating', 6, false],
    [LIMITS, 'startRating', 3.5, false],
    [LIMITS, 'slider', 0, true],
    [LIMITS, 'slider', 10, true],
    [LIMITS, 'slider', 11, false],
    [LIMITS, 'slider', -1, false],
    [LIMITS, 'ratingButton', 0, true],
    [LIMITS, 'ratingButton', 10, true],
    [LIMITS, 'ratingButton', 11, false],
    [LIMITS + ' (a number, not text)', 'ratingButton', '7', false],
    [LIMITS + ' (decision 113: yesNo is a boolean)', 'yesNo', true, true],
    [LIMITS + ' (decision 113: yesNo is a boolean)', 'yesNo', 'yes', false],
    [LIMITS + ' (decision 113: numericStepper is a count, 0 or more)', 'numericStepper', 3, true],
    [LIMITS + ' (decision 113: numericStepper is a count, 0 or more)', 'numericStepper', -1, false],
  ])('%s: %s %j -> %s', (_spec, type, value, expected) => {
    expect(isValidSurveyValue(type, value)).toBe(expected);
  });
});

describe('hex colours', () => {
  const RULE = 'SPEC 5: "Colour hex values may have 3 digits."';
  it.each<[string, string, string | null]>([
    [RULE, '#fff', '#ffffff'],
    [RULE, '#F60', '#ff6600'],
    [RULE, '#c2410c', '#c2410c'],
    [RULE, '#C2410C', '#c2410c'],
    [RULE + ' (4 digits are not a colour)', '#ffff', null],
    [RULE + ' (the # is required)', 'fff', null],
    [RULE + ' (hex digits only)', '#ggg', null],
  ])('%s: %j -> %s', (_spec, value, expanded) => {
    expect(isHexColor(value)).toBe(expanded !== null);
    if (expanded) expect(expandHexColor(value)).toBe(expanded);
    else expect(() => expandHexColor(value)).toThrow(RangeError);
  });
});

describe('imageExtensionFromMime', () => {
  const RULE =
    'SPEC 5: "Image extension from type: png, jpg, jpeg, mp4, otherwise the part after the slash. Unknown type logs a warning."';
  it.each<[string, string, string, boolean]>([
    [RULE, 'image/png', 'png', true],
    [RULE, 'image/jpg', 'jpg', true],
    [RULE, 'image/jpeg', 'jpeg', true],
    [RULE, 'video/mp4', 'mp4', true],
    [RULE, 'image/webp', 'webp', false],
    [RULE, 'image/heic', 'heic', false],
    [RULE, 'IMAGE/PNG', 'png', true],
    [RULE + ' (parameters ignored)', 'image/png; charset=binary', 'png', true],
    [RULE + ' (no slash)', 'png', '', false],
  ])('%s: %j -> %s', (_spec, mime, extension, known) => {
    expect(imageExtensionFromMime(mime)).toEqual({ extension, known });
  });
});

describe('links', () => {
  const APPEND =
    'SPEC 5: "A service number may be appended to a success-redirect link." (decision 114)';
  it.each<[string, string, string | number, string]>([
    [
      APPEND,
      'https://partner.example/done',
      'A-1024',
      'https://partner.example/done?serviceNumber=A-1024',
    ],
    [
      APPEND,
      'https://partner.example/done?ok=1',
      1024,
      'https://partner.example/done?ok=1&serviceNumber=1024',
    ],
    [APPEND, 'https://partner.example/done?', 7, 'https://partner.example/done?serviceNumber=7'],
    [APPEND, 'partnerapp://service/done#top', 7, 'partnerapp://service/done?serviceNumber=7#top'],
    [
      APPEND + ' (encoded)',
      'https://partner.example/x',
      'a b&c',
      'https://partner.example/x?serviceNumber=a%20b%26c',
    ],
  ])('%s: %s + %s', (_spec, url, number, expected) => {
    expect(appendServiceNumberToLink(url, number)).toBe(expected);
  });

  const SHARE =
    'SPEC 9: "Share link: {host}/{serviceId}?account={brand}&redirect=tracking/loading."';
  it.each<[string, string, string, string, string]>([
    [
      SHARE,
      'https://auxilio.example',
      'abc123',
      'connect',
      'https://auxilio.example/abc123?account=connect&redirect=tracking/loading',
    ],
    [
      SHARE + ' (no double slash)',
      'https://auxilio.example/',
      'abc123',
      'mmm',
      'https://auxilio.example/abc123?account=mmm&redirect=tracking/loading',
    ],
    [
      SHARE,
      'http://localhost:3000',
      'f00d',
      'otium',
      'http://localhost:3000/f00d?account=otium&redirect=tracking/loading',
    ],
  ])('%s: %s', (_spec, host, serviceId, brand, expected) => {
    expect(buildShareLink({ host, serviceId, brand })).toBe(expected);
  });

  it('adds the minted link token as t (SPEC 2 landing query "t", decision 475)', () => {
    const link = buildShareLink({
      host: 'https://auxilio.example',
      serviceId: 'abc123',
      brand: 'mmm',
      shareToken: 'Zx_9-token',
    });
    expect(link).toBe(
      'https://auxilio.example/abc123?account=mmm&redirect=tracking/loading&t=Zx_9-token',
    );
    expect(new URL(link).searchParams.get('t')).toBe('Zx_9-token');
  });
});

describe('inputs', () => {
  const DIGITS = 'SPEC 5: "Arrival-time numeric input keeps digits only, min 0, optional max."';
  it.each<[string, string, number | undefined, string]>([
    [DIGITS, '12a3', undefined, '123'],
    [DIGITS, 'abc', undefined, ''],
    [DIGITS, '-5', undefined, '5'],
    [DIGITS, '45', 30, '30'],
    [DIGITS, '0', 30, '0'],
    [DIGITS, '007', undefined, '7'],
  ])('%s: %j max %s -> %j', (_spec, text, max, expected) => {
    expect(keepDigits(text, { min: 0, max })).toBe(expected);
  });

  const PHONE =
    'SPEC 2: "/get-service/{id} Second-stop entry; phone numbers stripped of non-digits"';
  it.each<[string, string, string]>([
    [PHONE, '+1 (787) 555-0100', '17875550100'],
    [PHONE, '506 2222-3333', '50622223333'],
    [PHONE, '', ''],
  ])('%s: %j -> %j', (_spec, phone, expected) => {
    expect(digitsOnlyPhone(phone)).toBe(expected);
  });

  const PASSENGERS =
    'SPEC 5: "Passenger count accepted only if 0 or more; adjusted by one per tap; no upper bound shown."';
  const BOUND = 'decision 650: at most MAX_TOW_PASSENGERS (8)';
  it.each<[string, number, number, number]>([
    [PASSENGERS, 0, 1, 1],
    [PASSENGERS, 1, -1, 0],
    [PASSENGERS, 0, -1, 0],
    [`${BOUND}: up to the maximum`, MAX_TOW_PASSENGERS - 1, 1, MAX_TOW_PASSENGERS],
    [`${BOUND}: never above it`, MAX_TOW_PASSENGERS, 1, MAX_TOW_PASSENGERS],
    [`${BOUND}: a count above it (an older session) still goes down`, 12, -1, 11],
    [`${BOUND}: ... and never further up`, 12, 1, 12],
  ])('%s: %i %+i -> %i', (_spec, current, delta, expected) => {
    expect(adjustPassengers(current, delta)).toBe(expected);
  });

  const NOTE = 'SPEC 5: "Send-note button only when note is non-empty."';
  it.each<[string, string | null, boolean]>([
    [NOTE, 'Estoy frente al banco', true],
    [NOTE, '', false],
    [NOTE + ' (spaces only count as empty)', '   ', false],
    [NOTE, null, false],
  ])('%s: %j -> %s', (_spec, text, expected) => {
    expect(isNoteSendable(text)).toBe(expected);
  });
});

describe('position quality', () => {
  const ACCURACY = 'SPEC 5: "Live position accepted only when accuracy is 20 m or better."';
  it.each<[string, number | null, boolean]>([
    [ACCURACY, 5, true],
    [ACCURACY, 20, true],
    [ACCURACY, 20.5, false],
    [ACCURACY, 150, false],
    [ACCURACY + ' (unknown accuracy is refused)', null, false],
  ])('%s: %s m -> %s', (_spec, accuracy, expected) => {
    expect(isAccurateEnough(accuracy)).toBe(expected);
  });

  const ROUTE =
    'SPEC 5: "Driver route recomputed when the driver is more than 200 m from the path."';
  it.each<[string, number, boolean]>([
    [ROUTE, 0, false],
    [ROUTE, 200, false],
    [ROUTE, 200.1, true],
    [ROUTE, 1500, true],
  ])('%s: %d m -> %s', (_spec, meters, expected) => {
    expect(isOffRoute(meters)).toBe(expected);
  });
});

describe('buttons', () => {
  const CONFIRM =
    'SPEC 5: "Confirm-location disabled until the situation address exists, and for towBreakdown also until the destination has coordinates."';
  const dest = { lat: 18.4, lng: -66.1 };
  it.each<[string, string | null, ServiceTypeName, { lat?: number; lng?: number } | null, boolean]>(
    [
      [CONFIRM, null, 'flatTire', null, false],
      [CONFIRM, '   ', 'flatTire', null, false],
      [CONFIRM, 'Calle Luna 5, San Juan', 'flatTire', null, true],
      [CONFIRM, 'Calle Luna 5, San Juan', 'towBreakdown', null, false],
      [CONFIRM, 'Calle Luna 5, San Juan', 'towBreakdown', { lat: 0, lng: 0 }, false],
      [CONFIRM, 'Calle Luna 5, San Juan', 'towBreakdown', dest, true],
      [
        CONFIRM + ' (only towBreakdown waits for a destination)',
        'Calle Luna 5',
        'towTire',
        null,
        true,
      ],
    ],
  )('%s: %j %s', (_spec, situationAddress, serviceType, destination, expected) => {
    expect(canConfirmLocation({ situationAddress, serviceType, destination })).toBe(expected);
  });

  const SUB = 'SPEC 5: "Home sub-service confirm needs a selected service."';
  it.each<[string, string | null, boolean]>([
    [SUB, 'Plumbing', true],
    [SUB, null, false],
    [SUB, '', false],
  ])('%s: %j -> %s', (_spec, selected, expected) => {
    expect(canConfirmHomeSubService(selected)).toBe(expected);
  });

  const REQUEST =
    'SPEC 5: "Request button disabled for home when no availability is chosen; disabled in confirm-data mode when messageConfirmation status is already \'confirm\'."';
  it.each<[string, 'road' | 'home', 'morning' | null, boolean, string | null, boolean]>([
    [REQUEST, 'home', null, false, null, true],
    [REQUEST, 'home', 'morning', false, null, false],
    [REQUEST, 'road', null, false, null, false],
    [REQUEST, 'road', null, true, 'confirm', true],
    [REQUEST, 'road', null, true, 'pending', false],
    [
      REQUEST + ' (outside confirm-data mode the status does not matter)',
      'road',
      null,
      false,
      'confirm',
      false,
    ],
  ])('%s: %s %s %s %s', (_spec, track, availability, confirmDataMode, status, expected) => {
    expect(
      isRequestButtonDisabled({
        track,
        availability,
        confirmDataMode,
        messageConfirmationStatus: status,
      }),
    ).toBe(expected);
  });
});
