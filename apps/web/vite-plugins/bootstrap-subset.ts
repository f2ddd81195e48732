// Build step: Bootstrap's stylesheet without the rules of classes no screen can ever carry. The whole file is
// render-blocking CSS before the lead list can paint, and the app uses a small part of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss, { type Root, type Rule } from 'postcss';
import type { Plugin } from 'vite';

/** The words a class name can be, and the prefixes code joins to another word with `-`. */
export interface ClassWords {
  words: Set<string>;
  prefixes: Set<string>;
}

/**
 * Words: runs of letters, digits, `-` and `_` in the given texts. Prefixes: what a template joins to a value
 * (`btn-${variant}`) and react-bootstrap's component prefixes (`useBootstrapPrefix(bsPrefix, 'modal')`, joined as
 * `${bsPrefix}-${placement}`).
 */
export function classWordsOf(texts: Iterable<string>): ClassWords {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.matchAll(/[\w-]+/g)) words.add(word.replace(/^-+|-+$/g, ''));
    for (const [, prefix] of text.matchAll(/([\w-]+)-\$\{/g)) prefixes.add(prefix!);
    for (const [, prefix] of text.matchAll(/useBootstrapPrefix\([^,()]*,\s*['"]([\w-]+)['"]/g))
      prefixes.add(prefix!);
  }
  return { words, prefixes };
}

/**
 * Whether a class can be on an element: it is a word of the sources, or a prefix and a word joined with `-`
 * (btn + outline-primary, offcanvas + end). Loose on purpose: keeping a rule never used costs bytes, dropping one
 * that is used breaks a screen.
 */
export function classCanOccur(name: string, { words, prefixes }: ClassWords): boolean {
  if (words.has(name)) return true;
  for (let i = name.indexOf('-'); i > 0; i = name.indexOf('-', i + 1)) {
    if (prefixes.has(name.slice(0, i)) && words.has(name.slice(i + 1))) return true;
  }
  return false;
}

/**
 * The selector without the insides of :not() :is() :where() :has() (a class there never makes it unusable) and of
 * attribute selectors (`[href$=".pdf"]` names no class).
 */
function outsidePseudoFunctions(selector: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

/** A selector can match if each of its classes can occur. */
export function selectorCanMatch(selector: string, words: ClassWords): boolean {
  const outside = outsidePseudoFunctions(selector);
  for (const [, name] of outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    if (!classCanOccur(name!, words)) return false;
  }
  return true;
}

/** Removes the rules no selector of which can match, then the @media and @supports left empty. */
export function dropUnusedRules(root: Root, words: ClassWords): void {
  root.walkRules((rule: Rule) => {
    if (
      rule.parent?.type === 'atrule' &&
      /keyframes$/i.test((rule.parent as { name: string }).name)
    )
      return;
    const kept = rule.selectors.filter((selector) => selectorCanMatch(selector, words));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file))
    .map((file) => path.join(dir, file));
}

/** `from '…'` and `import '…'` specifiers of a module's code. */
function specifiersOf(code: string): string[] {
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/**
 * The ES module files of `packages` (folder of each, by name) that `code` imports, directly or through each other:
 * `react-bootstrap/Modal` and what Modal.js imports of react-bootstrap and @restart/ui.
 */
export function libraryFilesImported(
  code: Iterable<string>,
  packages: ReadonlyMap<string, string>,
): string[] {
  const found = new Set<string>();
  const fileOf = (specifier: string, from?: string): string | undefined => {
    let file: string | undefined;
    if (specifier.startsWith('.') && from) file = path.resolve(path.dirname(from), specifier);
    else {
      const name = [...packages.keys()].find(
        (n) => specifier === n || specifier.startsWith(`${n}/`),
      );
      if (!name) return undefined;
      file = path.join(packages.get(name)!, 'esm', specifier.slice(name.length + 1) || 'index');
    }
    for (const candidate of [file, `${file}.js`, path.join(file, 'index.js')]) {
      if (existsSync(candidate) && candidate.endsWith('.js')) return candidate;
    }
    return undefined;
  };
  const visit = (file: string | undefined) => {
    if (!file || found.has(file)) return;
    found.add(file);
    for (const specifier of specifiersOf(readFileSync(file, 'utf8')))
      visit(fileOf(specifier, file));
  };
  for (const text of code) {
    for (const specifier of specifiersOf(text)) visit(fileOf(specifier));
    // import { Modal, Offcanvas } from 'react-bootstrap'
    for (const [, names, from] of text.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
    )) {
      if (!packages.has(from!)) continue;
      for (const name of names!.split(',')) visit(fileOf(`${from}/${name.trim().split(/\s/)[0]}`));
    }
  }
  return [...found];
}

/** Where classes come from: the app's own files, and the libraries (name → folder) whose modules they import. */
export interface ClassSources {
  sources: { dir: string; files: RegExp }[];
  libraries: ReadonlyMap<string, string>;
}

/** The class words of the app's files and of the library modules they import (react-bootstrap, @restart/ui). */
export function usedClassWords({ sources, libraries }: ClassSources): ClassWords {
  const code = sources.flatMap(({ dir, files }) =>
    filesUnder(dir, files).map((file) => readFileSync(file, 'utf8')),
  );
  const libraryCode = libraryFilesImported(code, libraries).map((file) =>
    readFileSync(file, 'utf8'),
  );
  return classWordsOf([...code, ...libraryCode]);
}

/**
 * Vite plugin (build only): `stylesheet` (Bootstrap's CSS) loses the rules of classes that nothing in `sources` can
 * set (see usedClassWords).
 */
export function bootstrapSubset(options: ClassSources & { stylesheet: RegExp }): Plugin {
  let words: ClassWords | null = null;
  return {
    name: 'dealerleads:bootstrap-subset',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      words = null;
    },
    transform(code, id) {
      if (!options.stylesheet.test(id)) return null;
      words ??= usedClassWords(options);
      const root = postcss.parse(code, { from: id });
      dropUnusedRules(root, words);
      return { code: root.toString(), map: null };
    },
  };
}
