// Generated pictures for the demo drivers (SVG photos, no real people): an avatar
// with the driver's initials and a vehicle silhouette per vehicle type. Plain SVG text, no fonts or
// images to load; every colour keeps white text above WCAG AA contrast.

/** Background colours of the avatars; all pass 4.5:1 against white text. */
const AVATAR_COLORS = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#7c3aed',
  '#be185d',
  '#0e7490',
  '#a16207',
  '#4338ca',
  '#15803d',
  '#c2410c',
  '#374151',
  '#9d174d',
] as const;

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

let segmenter: Intl.Segmenter | undefined;

/** Initials of a full name: first letter of the first and the second word ('José Rivera' -> 'JR'). */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  // One segmenter for every name: the demo seed draws an avatar for each driver at every start.
  const graphemes = (segmenter ??= new Intl.Segmenter('es', { granularity: 'grapheme' }));
  const firstLetter = (word: string | undefined) =>
    word ? (graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '') : '';
  const letters = firstLetter(words[0]) + firstLetter(words[1]);
  return letters.toLocaleUpperCase('es');
}

/** A round avatar with initials; `colorIndex` picks the background (any integer). */
export function avatarSvg(fullName: string, colorIndex: number): string {
  const count = AVATAR_COLORS.length;
  const background = AVATAR_COLORS[((colorIndex % count) + count) % count] ?? AVATAR_COLORS[0];
  const label = escapeXml(fullName);
  const initials = escapeXml(initialsOf(fullName));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    `<circle cx="128" cy="128" r="128" fill="${background}"/>`,
    `<circle cx="128" cy="128" r="116" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="4"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="100" font-weight="600" fill="#ffffff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/** Vehicle types of the demo fleet. */
export const VEHICLE_TYPES = ['tow_truck', 'flatbed', 'service_car', 'motorcycle', 'van'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

const WHEEL = (cx: number) =>
  `<circle cx="${cx}" cy="96" r="14" fill="#1f2937"/><circle cx="${cx}" cy="96" r="6" fill="#d1d5db"/>`;

/** Body shapes drawn on a 240 x 120 canvas, wheels on the line y = 96. */
const SILHOUETTES: Readonly<Record<VehicleType, { label: string; color: string; body: string }>> = {
  tow_truck: {
    label: 'Grúa',
    color: '#c2410c',
    body:
      '<path d="M20 90 V60 a6 6 0 0 1 6-6 H150 V90 Z" fill="COLOR"/>' +
      '<path d="M150 90 V38 a6 6 0 0 1 6-6 H190 l22 26 V90 Z" fill="COLOR"/>' +
      '<path d="M160 40 H186 l14 18 H160 Z" fill="#e0f2fe"/>' +
      '<path d="M40 54 L110 18 L116 24 L52 56 Z" fill="#374151"/>' +
      '<path d="M112 22 V46 a8 8 0 0 1-8 8" fill="none" stroke="#374151" stroke-width="4"/>' +
      '<rect x="168" y="26" width="14" height="6" rx="2" fill="#facc15"/>' +
      WHEEL(48) +
      WHEEL(120) +
      WHEEL(190),
  },
  flatbed: {
    label: 'Plataforma',
    color: '#1d4ed8',
    body:
      '<path d="M10 84 L20 70 H150 V90 H10 Z" fill="#6b7280"/>' +
      '<path d="M150 90 V38 a6 6 0 0 1 6-6 H192 l24 26 V90 Z" fill="COLOR"/>' +
      '<path d="M160 40 H188 l15 18 H160 Z" fill="#e0f2fe"/>' +
      '<rect x="170" y="26" width="14" height="6" rx="2" fill="#facc15"/>' +
      WHEEL(44) +
      WHEEL(110) +
      WHEEL(192),
  },
  service_car: {
    label: 'Auto de servicio',
    color: '#047857',
    body:
      '<path d="M18 90 V68 a8 8 0 0 1 6-8 L60 52 L88 30 H160 L196 56 L214 62 a8 8 0 0 1 6 8 V90 Z" fill="COLOR"/>' +
      '<path d="M96 38 H124 V56 H74 Z" fill="#e0f2fe"/><path d="M132 38 H156 L180 56 H132 Z" fill="#e0f2fe"/>' +
      '<rect x="110" y="22" width="22" height="8" rx="3" fill="#facc15"/>' +
      WHEEL(62) +
      WHEEL(178),
  },
  motorcycle: {
    label: 'Motocicleta',
    color: '#7c3aed',
    body:
      '<path d="M70 90 L104 58 H150 L176 86" fill="none" stroke="COLOR" stroke-width="12" stroke-linejoin="round"/>' +
      '<path d="M150 58 L162 34 H178" fill="none" stroke="#374151" stroke-width="6"/>' +
      '<path d="M100 56 a20 12 0 0 1 40 0 Z" fill="COLOR"/>' +
      WHEEL(64) +
      WHEEL(180),
  },
  van: {
    label: 'Furgoneta de hogar',
    color: '#0e7490',
    body:
      '<path d="M16 90 V32 a8 8 0 0 1 8-8 H168 L208 54 a8 8 0 0 1 4 7 V90 Z" fill="COLOR"/>' +
      '<path d="M170 34 L200 56 H170 Z" fill="#e0f2fe"/><rect x="120" y="34" width="40" height="22" rx="3" fill="#e0f2fe"/>' +
      '<path d="M40 48 l10 10 l18 -20" fill="none" stroke="#ffffff" stroke-width="6"/>' +
      WHEEL(56) +
      WHEEL(176),
  },
};

/** A side-view silhouette of a vehicle type with a ground shadow. */
export function vehicleSvg(type: VehicleType): string {
  const { label, color, body } = SILHOUETTES[type];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    '<ellipse cx="120" cy="110" rx="110" ry="6" fill="#000000" fill-opacity="0.12"/>',
    body.replaceAll('COLOR', color),
    '</svg>',
  ].join('');
}
