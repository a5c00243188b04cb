// SPEC 5 "Colour hex values may have 3 digits": the one rule for the brand themes' colours, used
// by the brand schema and by the contrast checks of the catalog.

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for '#rgb' or '#rrggbb' hex colours. SPEC 5: "Colour hex values may have 3 digits." */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** '#rrggbb' lower case of a 3- or 6-digit hex colour; throws on anything else. */
export function expandHexColor(value: string): string {
  if (!isHexColor(value)) throw new RangeError(`Not a hex colour: '${value}'`);
  const digits = value.slice(1).toLowerCase();
  return digits.length === 3 ? `#${digits.replace(/./g, (c) => c + c)}` : `#${digits}`;
}
