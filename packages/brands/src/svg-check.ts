import { SaxesParser } from 'saxes';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

export interface SvgCheck {
  /** Empty when the text is a well-formed, self-contained SVG document. */
  problems: string[];
  /** The root's viewBox as [minX, minY, width, height], when present and valid. */
  viewBox?: [number, number, number, number];
}

/**
 * Checks that `text` is a well-formed XML document whose root is an `<svg>` in the SVG namespace
 * with a valid viewBox, and that it runs no script and loads nothing external (brand assets are
 * served from our own origin, where an SVG with script would be an XSS vector).
 */
export function checkSvg(text: string): SvgCheck {
  const problems: string[] = [];
  let viewBox: SvgCheck['viewBox'];
  let depth = 0;
  if (!text.trimStart().startsWith('<svg')) problems.push('does not start with <svg');

  const parser = new SaxesParser({ xmlns: true, position: true });
  parser.on('error', (error) => {
    problems.push(`not well-formed XML: ${error.message}`);
  });
  parser.on('opentag', (tag) => {
    if (depth === 0) {
      if (tag.local !== 'svg' || tag.uri !== SVG_NAMESPACE) {
        problems.push(
          `root element is <${tag.name}> in '${tag.uri}', not <svg> in ${SVG_NAMESPACE}`,
        );
      }
      const value = tag.attributes.viewBox?.value;
      const numbers =
        value
          ?.trim()
          .split(/[\s,]+/)
          .map(Number) ?? [];
      const [minX, minY, width, height] = numbers;
      if (
        numbers.length === 4 &&
        numbers.every(Number.isFinite) &&
        minX !== undefined &&
        minY !== undefined &&
        width !== undefined &&
        height !== undefined &&
        width > 0 &&
        height > 0
      ) {
        viewBox = [minX, minY, width, height];
      } else {
        problems.push(`root has no valid viewBox (got ${JSON.stringify(value ?? null)})`);
      }
    }
    depth += 1;
    if (tag.local === 'script' || tag.local === 'foreignObject') {
      problems.push(`contains <${tag.local}>`);
    }
    for (const attribute of Object.values(tag.attributes)) {
      if (/^on/i.test(attribute.local))
        problems.push(`has event handler attribute ${attribute.name}`);
      if (attribute.local === 'href' && !attribute.value.startsWith('#')) {
        problems.push(`loads an external resource: ${attribute.name}="${attribute.value}"`);
      }
    }
  });
  parser.on('closetag', () => {
    depth -= 1;
  });

  try {
    parser.write(text).close();
  } catch (error) {
    // saxes may still throw after an error event on some inputs; report it once.
    problems.push(`not well-formed XML: ${String(error)}`);
  }
  return viewBox ? { problems, viewBox } : { problems };
}
