import { BOARD_STAGES, type BoardService, type BoardStage } from '@auxilio/domain';

// The board's filters (docs/decisions/762): brand, branch, country and stage, each offered only with
// the values the open services have. A branch code names its country (PR, PA, CR, CO, MX).

export interface BoardFilters {
  brand: string;
  branch: string;
  stage: BoardStage | '';
}

export const NO_FILTERS: BoardFilters = { brand: '', branch: '', stage: '' };

/** The value of a service without a brand in the brand filter. */
export const NO_BRAND = '-';

export interface FilterOptions {
  brands: string[];
  branches: string[];
  stages: BoardStage[];
}

/** The values present on the board, sorted; stages in the order a request goes through them. */
export function filterOptionsOf(services: readonly BoardService[]): FilterOptions {
  const unique = (values: string[]) => [...new Set(values)].sort();
  const present = new Set(services.map((service) => service.stage));
  return {
    brands: unique(services.map((service) => service.brand ?? NO_BRAND)),
    branches: unique(services.map((service) => service.branch)),
    stages: BOARD_STAGES.filter((stage) => present.has(stage)),
  };
}

export function matchesFilters(service: BoardService, filters: BoardFilters): boolean {
  return (
    (!filters.brand || (service.brand ?? NO_BRAND) === filters.brand) &&
    (!filters.branch || service.branch === filters.branch) &&
    (!filters.stage || service.stage === filters.stage)
  );
}

/** Branch codes whose country the console names in words (its texts' `country.<code>`). */
export const KNOWN_COUNTRIES = ['PR', 'PA', 'CR', 'CO', 'MX'] as const;

export function isKnownCountry(branch: string): branch is (typeof KNOWN_COUNTRIES)[number] {
  return (KNOWN_COUNTRIES as readonly string[]).includes(branch);
}
