import type { Branch } from '@auxilio/domain';
import type { SeededRandom } from './random.ts';

// Local flavour of the demo data per branch: names, phone numbers, plate styles and the city the
// drivers work in. Invented people; plates and phone numbers follow each country's usual shape.

export const COUNTRY_NAMES: Readonly<Record<Branch, string>> = {
  PR: 'Puerto Rico',
  PA: 'Panamá',
  CR: 'Costa Rica',
  CO: 'Colombia',
  MX: 'México',
};

/** Receipt tax label per branch (the rate comes from the domain's RECEIPT_TAX_RATES). */
export const TAX_LABELS: Readonly<Record<Branch, string>> = {
  PR: 'IVU',
  PA: 'ITBMS',
  CR: 'IVA',
  CO: 'IVA',
  MX: 'IVA',
};

const FIRST_NAMES: Readonly<Record<Branch, readonly string[]>> = {
  PR: [
    'José',
    'Luis',
    'Carlos',
    'Ángel',
    'Juan',
    'Miguel',
    'Héctor',
    'Edwin',
    'Xavier',
    'Yadiel',
    'María',
    'Carmen',
    'Ana',
    'Yolanda',
    'Glorimar',
    'Keila',
    'Nilda',
    'Zuleika',
    'Coral',
    'Ivelisse',
  ],
  PA: [
    'Ricardo',
    'Eduardo',
    'Abdiel',
    'Rolando',
    'Aristides',
    'Eric',
    'Omar',
    'Alexis',
    'Juan Carlos',
    'Iván',
    'Yaritza',
    'Itzel',
    'Marisol',
    'Anel',
    'Katherine',
    'Dayana',
    'Yamileth',
    'Lourdes',
    'Gisela',
    'Milagros',
  ],
  CR: [
    'Esteban',
    'Mauricio',
    'Andrés',
    'Randall',
    'Minor',
    'Greivin',
    'Jorge',
    'Pablo',
    'Diego',
    'Alonso',
    'Hazel',
    'Yorleny',
    'Sofía',
    'Marianela',
    'Karla',
    'Daniela',
    'Lucía',
    'Adriana',
    'Silvia',
    'Rebeca',
  ],
  CO: [
    'Andrés Felipe',
    'Juan David',
    'Santiago',
    'Camilo',
    'Sebastián',
    'Jhon',
    'Óscar',
    'Julián',
    'Fabio',
    'Hernán',
    'Luz Marina',
    'Paola',
    'Valentina',
    'Natalia',
    'Diana',
    'Catalina',
    'Yesenia',
    'Ángela',
    'Manuela',
    'Lina',
  ],
  MX: [
    'Alejandro',
    'Jesús',
    'Francisco',
    'Arturo',
    'Rodrigo',
    'Emiliano',
    'Ulises',
    'Gerardo',
    'Iker',
    'Rafael',
    'Guadalupe',
    'Ximena',
    'Fernanda',
    'Itzel',
    'Mariana',
    'Alejandra',
    'Regina',
    'Verónica',
    'Daniela',
    'Brenda',
  ],
};

const LAST_NAMES: Readonly<Record<Branch, readonly string[]>> = {
  PR: [
    'Rivera',
    'Santiago',
    'Colón',
    'Ortiz',
    'Rodríguez',
    'Vázquez',
    'Torres',
    'Cruz',
    'Rosado',
    'Figueroa',
    'Meléndez',
    'Negrón',
    'Quiñones',
    'Maldonado',
    'Irizarry',
    'Acevedo',
    'Pagán',
    'Cintrón',
  ],
  PA: [
    'González',
    'Castillo',
    'Batista',
    'Samaniego',
    'Pinzón',
    'De Gracia',
    'Quintero',
    'Saldaña',
    'Moreno',
    'Vergara',
    'Ábrego',
    'Barría',
    'Jaén',
    'Herrera',
    'Córdoba',
    'Villarreal',
    'Pitti',
    'Caballero',
  ],
  CR: [
    'Jiménez',
    'Mora',
    'Vargas',
    'Rojas',
    'Solano',
    'Chaves',
    'Araya',
    'Quesada',
    'Alvarado',
    'Calderón',
    'Madrigal',
    'Brenes',
    'Ulate',
    'Campos',
    'Monge',
    'Zúñiga',
    'Villalobos',
    'Arias',
  ],
  CO: [
    'Gómez',
    'Restrepo',
    'Cárdenas',
    'Ospina',
    'Mejía',
    'Londoño',
    'Ramírez',
    'Zapata',
    'Rincón',
    'Guerrero',
    'Castaño',
    'Arango',
    'Salazar',
    'Bermúdez',
    'Quintana',
    'Muñoz',
    'Pardo',
    'Velásquez',
  ],
  MX: [
    'Hernández',
    'García',
    'Martínez',
    'López',
    'Sánchez',
    'Ramírez',
    'Flores',
    'Domínguez',
    'Aguilar',
    'Cervantes',
    'Téllez',
    'Ibarra',
    'Zavala',
    'Navarro',
    'Orozco',
    'Villaseñor',
    'Bautista',
    'Esquivel',
  ],
};

/** A full name with two surnames (the usual form in every seeded country). */
export function randomFullName(branch: Branch, random: SeededRandom): string {
  const first = random.pick(FIRST_NAMES[branch]);
  const last1 = random.pick(LAST_NAMES[branch]);
  let last2 = random.pick(LAST_NAMES[branch]);
  while (last2 === last1) last2 = random.pick(LAST_NAMES[branch]);
  return `${first} ${last1} ${last2}`;
}

/** A mobile number in E.164 form, shaped like the country's numbers. */
export function randomPhone(branch: Branch, random: SeededRandom): string {
  switch (branch) {
    case 'PR':
      return `+1${random.pick(['787', '939'])}${random.int(2, 9)}${random.digits(6)}`;
    case 'PA':
      return `+5076${random.digits(7)}`;
    case 'CR':
      return `+506${random.pick(['6', '7', '8'])}${random.digits(7)}`;
    case 'CO':
      return `+573${random.pick(['00', '01', '10', '12', '15', '20', '16'])}${random.digits(7)}`;
    case 'MX':
      return `+5255${random.int(1, 9)}${random.digits(7)}`;
  }
}

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/**
 * A plate as written on the vehicle (with the usual separators); stored normalised (SPEC 5: hyphens
 * removed, upper case). PR 'ABC-123', PA 'AB1234', CR 'BCD-123', CO 'ABC-123', MX 'ABC-123-D'.
 */
export function randomPlate(branch: Branch, random: SeededRandom): string {
  const letters = (n: number) => random.chars(PLATE_LETTERS, n);
  switch (branch) {
    case 'PR':
      return `${letters(3)}-${random.digits(3)}`;
    case 'PA':
      return `${letters(2)}${random.digits(4)}`;
    case 'CR':
      return `${random.chars('BCDFGHJKLMNPRSTVWXYZ', 3)}-${random.digits(3)}`;
    case 'CO':
      return `${letters(3)}-${random.digits(3)}`;
    case 'MX':
      return `${letters(3)}-${random.digits(3)}-${letters(1)}`;
  }
}

/** A place drivers gather around: a neighbourhood or nearby town of the branch's main city. */
export interface Anchor {
  name: string;
  lat: number;
  lng: number;
  /** Radius in metres of the random scatter around the anchor (kept small near the coast). */
  scatterM: number;
}

export interface DriverCity {
  name: string;
  lat: number;
  lng: number;
  /** Neighbourhoods on land within ~15 km of the centre; drivers are scattered around them. */
  anchors: readonly Anchor[];
}

// San Juan and Panama City lie on the coast: scattering around inland neighbourhoods keeps every
// driver on land, which a plain random disc around the centre would not.
export const DRIVER_CITIES: Readonly<Record<Branch, DriverCity>> = {
  PR: {
    name: 'San Juan',
    lat: 18.42139,
    lng: -66.073795,
    anchors: [
      { name: 'Hato Rey', lat: 18.4175, lng: -66.0563, scatterM: 1500 },
      { name: 'Río Piedras', lat: 18.3994, lng: -66.0503, scatterM: 1500 },
      { name: 'Bayamón', lat: 18.3894, lng: -66.1553, scatterM: 2000 },
      { name: 'Guaynabo', lat: 18.3781, lng: -66.1122, scatterM: 1500 },
      { name: 'Carolina', lat: 18.3808, lng: -65.9574, scatterM: 1500 },
      { name: 'Cupey', lat: 18.3669, lng: -66.0669, scatterM: 1500 },
      { name: 'Trujillo Alto', lat: 18.3547, lng: -66.0074, scatterM: 1500 },
      { name: 'Puerto Nuevo', lat: 18.4091, lng: -66.0947, scatterM: 1000 },
    ],
  },
  PA: {
    name: 'Ciudad de Panamá',
    lat: 8.983333,
    lng: -79.516667,
    anchors: [
      { name: 'Obarrio', lat: 8.9887, lng: -79.5193, scatterM: 700 },
      { name: 'Pueblo Nuevo', lat: 9.0089, lng: -79.5052, scatterM: 1200 },
      { name: 'San Miguelito', lat: 9.0333, lng: -79.5006, scatterM: 1500 },
      { name: 'Betania', lat: 9.0104, lng: -79.5297, scatterM: 1200 },
      { name: 'El Dorado', lat: 9.0073, lng: -79.5456, scatterM: 1000 },
      { name: 'Juan Díaz', lat: 9.0396, lng: -79.4475, scatterM: 1200 },
      { name: 'Las Cumbres', lat: 9.0795, lng: -79.5302, scatterM: 1500 },
      { name: 'Parque Lefevre', lat: 9.0052, lng: -79.4905, scatterM: 1000 },
    ],
  },
  CR: {
    name: 'San José',
    lat: 9.932543,
    lng: -84.079578,
    anchors: [
      { name: 'Barrio Amón', lat: 9.9381, lng: -84.0744, scatterM: 1500 },
      { name: 'Escazú', lat: 9.9189, lng: -84.1396, scatterM: 1500 },
      { name: 'Curridabat', lat: 9.9114, lng: -84.0343, scatterM: 1500 },
      { name: 'Moravia', lat: 9.9612, lng: -84.0484, scatterM: 1500 },
      { name: 'Desamparados', lat: 9.8975, lng: -84.0628, scatterM: 1500 },
      { name: 'Heredia', lat: 9.9981, lng: -84.1167, scatterM: 1500 },
      { name: 'Pavas', lat: 9.9481, lng: -84.1336, scatterM: 1500 },
      { name: 'Santa Ana', lat: 9.9325, lng: -84.1828, scatterM: 1500 },
    ],
  },
  CO: {
    name: 'Bogotá',
    lat: 4.710989,
    lng: -74.07209,
    anchors: [
      { name: 'Chapinero', lat: 4.6486, lng: -74.0628, scatterM: 1200 },
      { name: 'Usaquén', lat: 4.6951, lng: -74.0309, scatterM: 1200 },
      { name: 'Suba', lat: 4.7411, lng: -74.0838, scatterM: 1500 },
      { name: 'Kennedy', lat: 4.6282, lng: -74.1465, scatterM: 1500 },
      { name: 'Engativá', lat: 4.7071, lng: -74.1109, scatterM: 1500 },
      { name: 'Teusaquillo', lat: 4.6363, lng: -74.0848, scatterM: 1200 },
      { name: 'Fontibón', lat: 4.6782, lng: -74.1411, scatterM: 1500 },
      { name: 'Puente Aranda', lat: 4.6153, lng: -74.1096, scatterM: 1200 },
    ],
  },
  MX: {
    name: 'Ciudad de México',
    lat: 19.432608,
    lng: -99.133209,
    anchors: [
      { name: 'Roma', lat: 19.4191, lng: -99.1624, scatterM: 1200 },
      { name: 'Polanco', lat: 19.4333, lng: -99.1953, scatterM: 1200 },
      { name: 'Coyoacán', lat: 19.3502, lng: -99.1617, scatterM: 1500 },
      { name: 'Iztapalapa', lat: 19.3574, lng: -99.0926, scatterM: 1500 },
      { name: 'Azcapotzalco', lat: 19.4869, lng: -99.1841, scatterM: 1500 },
      { name: 'Gustavo A. Madero', lat: 19.4824, lng: -99.1133, scatterM: 1500 },
      { name: 'Del Valle', lat: 19.3853, lng: -99.1651, scatterM: 1200 },
      { name: 'Narvarte', lat: 19.3951, lng: -99.1551, scatterM: 1000 },
    ],
  },
};

const METRES_PER_DEGREE = 111_320;

/** A point uniformly spread within `radiusM` metres of `centre`. */
export function scatterAround(
  centre: { lat: number; lng: number },
  radiusM: number,
  random: SeededRandom,
): { lat: number; lng: number } {
  const distance = radiusM * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const dLat = (distance * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng =
    (distance * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180));
  // Six decimals is ~0.1 m: enough, and keeps the stored numbers short.
  return { lat: round6(centre.lat + dLat), lng: round6(centre.lng + dLng) };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Lower-case ASCII of a name, for e-mail addresses ('José Ángel' -> 'jose.angel'). */
export function asciiSlug(text: string, separator = '.'): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}
