import { describe, expect, it } from 'vitest';
import { GenerateUploadUrlRequestSchema } from './storage.ts';
import { VehicleModelsParamsSchema, ZonesParamsSchema, ZonesQuerySchema } from './utils.ts';

// Decisions 400, 401 and 404: the path and query parameters of the /utils and storage calls.

describe('utils and storage parameters', () => {
  it.each([
    ['pr', 'PR'],
    ['Mx', 'MX'],
    ['CO', 'CO'],
  ])('decision 401: the country code %s is read as %s', (given, branch) => {
    expect(ZonesParamsSchema.parse({ countryCode: given })).toEqual({ countryCode: branch });
  });

  it('decision 401: an unknown country code fails on its field', () => {
    const result = ZonesParamsSchema.safeParse({ countryCode: 'US' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['countryCode']);
  });

  it.each([
    [{}, false],
    [{ populate: 'false' }, false],
    [{ populate: 'true' }, true],
  ])('decision 401: populate %j is %s', (query, populate) => {
    expect(ZonesQuerySchema.parse(query)).toEqual({ populate });
  });

  it('decision 401: populate accepts only true or false', () => {
    expect(ZonesQuerySchema.safeParse({ populate: 'yes' }).success).toBe(false);
  });

  it('decision 400: getModel takes the country and a non-blank make', () => {
    expect(VehicleModelsParamsSchema.parse({ country: 'pa', make: 'Toyota' })).toEqual({
      country: 'PA',
      make: 'Toyota',
    });
    expect(VehicleModelsParamsSchema.safeParse({ country: 'PA', make: ' ' }).success).toBe(false);
  });

  it('decision 404: uploads accept the photo and video types only', () => {
    const upload = {
      serviceId: 'svc-12345678',
      photoId: '0b6f3f0e-8a51-4d2f-9a57-1f0b8f1c2d3e',
      contentType: 'image/jpeg',
      size: 48_213,
    };
    expect(GenerateUploadUrlRequestSchema.parse(upload)).toEqual(upload);
    const html = GenerateUploadUrlRequestSchema.safeParse({ ...upload, contentType: 'text/html' });
    expect(html.error?.issues[0]?.path).toEqual(['contentType']);
  });
});
