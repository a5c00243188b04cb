import { BrandSchema, RuntimeConfigSchema, type Brand, type BrandInput } from '@auxilio/domain';
import type { RuntimeConfig } from '../config/runtime-config.ts';

/** A valid brand for tests; fields can be overridden. */
export function testBrand(overrides: Partial<BrandInput> = {}): Brand {
  return BrandSchema.parse({
    slug: 'demo',
    name: 'Demo Asistencia',
    country: 'PR',
    branches: ['PR', 'PA'],
    theme: {},
    assets: { logo: 'logo.svg', icon: 'icon.svg', favicon: 'favicon.svg' },
    manifest: { name: 'Demo Asistencia', shortName: 'Demo', description: 'Asistencia de prueba' },
    help: {
      phones: { PR: '+17875550100', PA: '+5075550100' },
      chats: { PR: 'https://chat.example.test/demo-pr' },
    },
    survey: { questions: [{ key: 'provider', type: 'startRating', label: 'survey.provider' }] },
    social: [
      { network: 'facebook', url: 'https://facebook.example.test/demo' },
      { network: 'instagram', url: 'https://instagram.example.test/demo' },
    ],
    ...overrides,
  });
}

/** A valid runtime config body (what GET /app-config.json answers). */
export function testConfigBody(brand: Brand = testBrand()): unknown {
  return {
    api: { common: '/common', storage: '/storage', autodispatch: '/autodispatch' },
    appKey: 'public-app-key',
    brand,
    brandAssetsBase: `/brands/${brand.slug}/`,
    accountId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    brandAccounts: [
      { branch: 'PR', kind: 'member', id: 'a1b2c3d4e5f6a1b2c3d4e5f6' },
      { branch: 'PR', kind: 'visitor', id: 'f6e5d4c3b2a1f6e5d4c3b2a1' },
    ],
    defaultLanguage: 'es',
    addressCountries: ['PR', 'CR', 'CO', 'PA'],
    map: {
      provider: 'embedded',
      basemapUrl: '/map/basemap.json',
      attribution: 'Demo map · Natural Earth (public domain)',
      maxZoom: 15,
    },
    payments: { provider: 'sandbox', publishableKey: null },
    signIn: { authorizeUrl: '/oidc/authorize', clientId: 'auxilio-pwa', scope: 'openid profile' },
  };
}

export function testConfig(brand?: Brand): RuntimeConfig {
  return RuntimeConfigSchema.parse(testConfigBody(brand));
}
