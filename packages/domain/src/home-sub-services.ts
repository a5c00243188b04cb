import type { HomeServiceType } from './service-types.ts';

// SPEC 2 "/services/home: sub-service list for the chosen category". The SPEC names the eight home
// categories but not their sub-services: this catalogue is ours (decision 640). Each entry is a
// stable key, sent as the request's `subService` and translated by the app. Fall Prevention has
// one sub-service, so SPEC 4 "a single allowed sub-service is preselected" applies to it.

export const HOME_SUB_SERVICES: Readonly<Record<HomeServiceType, readonly string[]>> = {
  Plumbing: ['leak', 'cloggedDrain', 'waterHeater', 'toilet'],
  Handyman: ['furnitureAssembly', 'wallMounting', 'doorRepair'],
  Electricity: ['outlet', 'breaker', 'lightFixture'],
  'Home Locksmith': ['lockout', 'lockChange'],
  Glassworks: ['windowGlass', 'glassDoor'],
  'Fall Prevention': ['grabBars'],
  'Tech Assistance': ['wifiSetup', 'deviceSetup'],
  'Pest Control': ['insects', 'rodents'],
};

/** The sub-services offered for a home category, in display order; none without a category. */
export function homeSubServicesOf(category: HomeServiceType | null): readonly string[] {
  return category ? HOME_SUB_SERVICES[category] : [];
}

/** True when the key is a sub-service of the category (a stored choice still fits). */
export function isHomeSubServiceOf(category: HomeServiceType | null, subService: string): boolean {
  return homeSubServicesOf(category).includes(subService);
}
