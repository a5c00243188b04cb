import { useTranslation } from 'react-i18next';
import {
  isKnownCountry,
  NO_BRAND,
  type BoardFilters,
  type FilterOptions,
} from '../utils/board-filters.ts';

export interface BoardFiltersBarProps {
  options: FilterOptions;
  filters: BoardFilters;
  onChange: (filters: BoardFilters) => void;
}

/** Brand, country (the branch) and stage, each offering only what the board holds now. */
export function BoardFiltersBar({ options, filters, onChange }: BoardFiltersBarProps) {
  const { t } = useTranslation('dispatcher');
  const countryName = (branch: string) =>
    isKnownCountry(branch) ? t(`country.${branch}`) : branch;
  return (
    <fieldset className="dispatcher-filters">
      <legend className="dispatcher-visually-hidden">{t('filters.label')}</legend>
      <label className="dispatcher-field">
        <span>{t('filters.brand')}</span>
        <select
          value={filters.brand}
          onChange={(event) => {
            onChange({ ...filters, brand: event.target.value });
          }}
        >
          <option value="">{t('filters.all')}</option>
          {options.brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand === NO_BRAND ? t('filters.noBrand') : brand}
            </option>
          ))}
        </select>
      </label>
      <label className="dispatcher-field">
        <span>{t('filters.country')}</span>
        <select
          value={filters.branch}
          onChange={(event) => {
            onChange({ ...filters, branch: event.target.value });
          }}
        >
          <option value="">{t('filters.allCountries')}</option>
          {options.branches.map((branch) => (
            <option key={branch} value={branch}>
              {countryName(branch)}
            </option>
          ))}
        </select>
      </label>
      <label className="dispatcher-field">
        <span>{t('filters.stage')}</span>
        <select
          value={filters.stage}
          onChange={(event) => {
            const stage = options.stages.find((value) => value === event.target.value) ?? '';
            onChange({ ...filters, stage });
          }}
        >
          <option value="">{t('filters.all')}</option>
          {options.stages.map((stage) => (
            <option key={stage} value={stage}>
              {t(`stage.${stage}`)}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
