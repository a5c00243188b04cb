// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// es/en parity, checked in CI: every text of every namespace exists in Spanish and in
// English with the same interpolation variables, and no Spanish is left in the English files.
// Spanish is the source language (SPEC 1); a missing English text would show Spanish (SPEC 8).

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'public', 'locales');

type Texts = Map<string, string>;

/** Every text of a translation file, by its dotted key ('help.title'). */
function flatten(value: unknown, prefix: string, into: Texts): Texts {
  if (typeof value === 'string') {
    into.set(prefix, value);
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, `<not a text: ${JSON.stringify(value)}>`);
  }
  return into;
}

function namespaces(language: string): string[] {
  return readdirSync(join(LOCALES_DIR, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function texts(language: string, namespace: string): Texts {
  const file = join(LOCALES_DIR, language, `${namespace}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')), '', new Map());
}

/** i18next interpolation variables of a text: 'Pay {{amount}}' -> ['amount']. */
function variablesOf(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*-?\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

/**
 * Proper names written the same in both languages, each with why it may carry Spanish letters or
 * words. Removed from an English text before it is checked.
 */
const PROPER_NAMES: readonly { name: string; reason: string }[] = [
  { name: 'ATH Móvil', reason: "Puerto Rico's mobile payment service: a brand name" },
];

/** Letters that English text does not use: ¿ ¡ ñ and accented vowels. */
const SPANISH_LETTERS = /[¿¡ñÑáéíóúÁÉÍÓÚüÜ]/u;

/** Common Spanish words that are not English words ('no' and 'a' are both, so they are not here). */
const SPANISH_WORDS =
  /\b(?:el|la|los|las|del|al|de|que|qué|por|para|con|sin|una|uno|unos|usted|ustedes|su|sus|es|está|están|son|y|o|pero|como|cuando|aquí|ahora|este|esta|estos|más|menos|muy|gracias|hola|servicio|servicios|ubicación|llamar|cancelar|enviar|continuar|volver|cerrar|ayuda|pago|tarjeta|solicitud|conductor|proveedor)\b/iu;

/** What in an English text looks Spanish; empty when nothing does. */
function spanishIn(text: string): string[] {
  let rest = text.replace(/\{\{[^}]*\}\}/g, ' ');
  for (const { name } of PROPER_NAMES) rest = rest.replaceAll(name, ' ');
  return [SPANISH_LETTERS.exec(rest)?.[0], SPANISH_WORDS.exec(rest)?.[0]].filter(
    (found): found is string => found !== undefined,
  );
}

describe('translation files: Spanish and English side by side', () => {
  it('have the same namespaces', () => {
    expect(namespaces('en')).toEqual(namespaces('es'));
    expect(namespaces('es').length).toBeGreaterThan(0);
  });

  describe.each(namespaces('es'))('%s', (namespace) => {
    const es = texts('es', namespace);
    const en = texts('en', namespace);

    it('every key in both languages, each a text that is not empty', () => {
      expect([...en.keys()].sort()).toEqual([...es.keys()].sort());
      const empty = [...es, ...en].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('the same interpolation variables in both languages', () => {
      const differing = [...es]
        .filter(([key]) => en.has(key))
        .map(([key, text]) => ({
          key,
          es: variablesOf(text),
          en: variablesOf(en.get(key) ?? ''),
        }))
        .filter((entry) => entry.es.join() !== entry.en.join());
      expect(differing).toEqual([]);
    });

    it('no Spanish left in the English texts', () => {
      const spanish = [...en]
        .map(([key, text]) => ({ key, text, found: spanishIn(text) }))
        .filter((entry) => entry.found.length > 0);
      expect(spanish).toEqual([]);
    });
  });
});

describe('the Spanish detector', () => {
  it.each([
    ['¿Desea cancelar su servicio?', ['¿', 'cancelar']],
    ['Llamar al centro de asistencia', ['Llamar']],
    ['Pagar con tarjeta', ['con']],
    ['Volver', ['Volver']],
    ['Mañana', ['ñ']],
  ])('finds Spanish in %j', (text, found) => {
    expect(spanishIn(text)).toEqual(found);
  });

  it.each([
    'No connection. Try again.',
    'Your service no. {{number}} has been cancelled.',
    'Pay {{amount}} with ATH Móvil',
    'A tire is damaged and there is no spare',
  ])('finds none in %j', (text) => {
    expect(spanishIn(text)).toEqual([]);
  });

  it('reads interpolation variables, with formats and in any order', () => {
    expect(variablesOf('{{b}} and {{ a, currency }} then {{b}}')).toEqual(['a', 'b']);
  });
});
