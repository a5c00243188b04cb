// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No user-facing text outside the locale files: every word a customer reads or hears
// comes from public/locales/{es,en} through i18next, so it exists in both languages. The screens'
// sources (src/**/*.tsx, tests aside) are read with the TypeScript compiler: text between JSX tags,
// a string as a JSX child, and the strings of the attributes a screen reader or the browser shows
// (aria-label, title, placeholder, alt).

const SRC_DIR = join(import.meta.dirname, '..');

/** Attributes whose value is read to or shown to the customer. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt']);

/** A letter of any script: punctuation, digits and symbols alone ('·', '–', '×') are not words. */
const LETTER = /\p{L}/u;

interface Literal {
  /** Path from src, with `/`. */
  file: string;
  line: number;
  /** 'text' between tags, or the attribute's name. */
  where: string;
  text: string;
}

/** Literals allowed to stay in the code, each with why; matched by file and text. */
const ALLOWED: readonly (Pick<Literal, 'file' | 'text'> & { reason: string })[] = [
  {
    file: 'lib/map/components/map-credits.tsx',
    text: 'i',
    reason:
      'the (i) information symbol, hidden from screen readers; the button is named by map.credits',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** The text of a string-like expression, or undefined when it is not a literal. */
function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return undefined;
}

/** Every user-facing literal of one .tsx source. */
function literalsIn(path: string, source: string): Literal[] {
  const file = relative(SRC_DIR, path).split(sep).join('/');
  const tree = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const add = (node: ts.Node, where: string, text: string | undefined) => {
    const trimmed = text?.replace(/\s+/g, ' ').trim();
    if (!trimmed || !LETTER.test(trimmed)) return;
    const line = tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1;
    found.push({ file, line, where, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      add(node, 'text', node.text);
    } else if (
      ts.isJsxExpression(node) &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      add(node, 'text', literalText(node.expression));
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(tree))) {
      add(node, node.name.getText(tree), literalText(node.initializer));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function allLiterals(): Literal[] {
  return sourceFiles(SRC_DIR).flatMap((path) => literalsIn(path, readFileSync(path, 'utf8')));
}

describe('user-facing texts come from the locale files', () => {
  it('no text between JSX tags, nor in aria-label, title, placeholder or alt, in src/**/*.tsx', () => {
    const left = allLiterals().filter(
      (literal) =>
        !ALLOWED.some((allowed) => allowed.file === literal.file && allowed.text === literal.text),
    );
    expect(left).toEqual([]);
  });

  it('every allowed literal is still in the code (the list does not rot)', () => {
    const literals = allLiterals();
    const stale = ALLOWED.filter(
      (allowed) =>
        !literals.some((literal) => literal.file === allowed.file && literal.text === allowed.text),
    );
    expect(stale).toEqual([]);
  });

  it('finds what it looks for', () => {
    const source = [
      'export const A = () => (',
      '  <div title="Ayuda" aria-label={"Cerrar"}>',
      '    Hola {name} · {"Adiós"}',
      '    <img alt={`Logo de ${brand}`} placeholder={t("x")} data-testid="no-text" />',
      '    <span aria-label="·">{t("ok")} – 2</span>',
      '  </div>',
      ');',
    ].join('\n');
    expect(literalsIn(join(SRC_DIR, 'probe.tsx'), source)).toEqual([
      { file: 'probe.tsx', line: 2, where: 'title', text: 'Ayuda' },
      { file: 'probe.tsx', line: 2, where: 'aria-label', text: 'Cerrar' },
      { file: 'probe.tsx', line: 3, where: 'text', text: 'Hola' },
      { file: 'probe.tsx', line: 3, where: 'text', text: 'Adiós' },
      { file: 'probe.tsx', line: 4, where: 'alt', text: 'Logo de' },
    ]);
  });
});
