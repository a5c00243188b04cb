/** Credit line the demo map must show (sources and licences: packages/geo/README.md). */
export const ATTRIBUTION =
  'Demo map · Natural Earth (public domain) · U.S. Census Bureau (public domain) · GeoNames (CC BY 4.0)';
