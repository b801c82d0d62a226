import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@agent-bo/shared';
import { loadResources, NAMESPACES } from '../../lib/i18n';

/**
 * Every translation key the code names literally exists in every locale (ARCHITECTURE.md
 * convention 10). The locale files are compared with each other in `locales.test.ts`; this test
 * compares them with the code: `t('key')`, `t('ns:key')`, `i18n.t(…)`, both branches of
 * `t(cond ? 'a' : 'b')` and `i18nKey="…"`. A key without a namespace belongs to the namespace of
 * the `useTranslation(ns)` that made its `t` (i18next's default `common` for `useTranslation()`
 * and `i18n.t`), or to the `ns` option of the call. Keys built at run time (template literals,
 * variables) cannot be read here and are left to the pages' own tests.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_NS = 'common';
const RESOURCES = await loadResources();
const KNOWN_NS = new Set<string>(NAMESPACES);

interface KeyUse {
  file: string;
  line: number;
  ns: string;
  key: string;
}

/** What a name bound to a translate function translates into: a namespace, or unknown (a `t` parameter). */
type Binding = { ns: string | null };

function literalStrings(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return literalStrings(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literalStrings(node.whenTrue);
    const b = literalStrings(node.whenFalse);
    return a && b ? [...a, ...b] : (a ?? b);
  }
  return null;
}

/** The `ns` of an options object literal, if it names one. */
function nsOption(node: ts.Expression | undefined): string | undefined {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  for (const prop of node.properties) {
    if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'ns') return literalStrings(prop.initializer)?.[0];
  }
  return undefined;
}

/** `useTranslation()`, `useTranslation('ns')`, `useTranslation(['ns', …])`: the namespace its `t` uses. */
function namespaceOfHook(call: ts.CallExpression): string | null {
  const arg = call.arguments[0];
  if (!arg) return DEFAULT_NS;
  if (ts.isArrayLiteralExpression(arg)) return arg.elements[0] ? (literalStrings(arg.elements[0])?.[0] ?? null) : DEFAULT_NS;
  return literalStrings(arg)?.[0] ?? null;
}

const isI18nInstance = (node: ts.Expression) => ts.isIdentifier(node) && (node.text === 'i18n' || node.text === 'i18next');

/** `i18n.t(…)` / `i18next.t(…)`: the global instance, default namespace `common`. */
function isInstanceT(callee: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't' && isI18nInstance(callee.expression);
}

/** A translate function defined as a wrapper, e.g. `const t = (key) => i18n.t(key, { ns: 'errorLog' })`. */
function wrapperNs(init: ts.Expression): string | undefined {
  if (!ts.isArrowFunction(init) && !ts.isFunctionExpression(init)) return undefined;
  const body = ts.isBlock(init.body) ? undefined : init.body;
  if (!body || !ts.isCallExpression(body) || !isInstanceT(body.expression)) return undefined;
  return nsOption(body.arguments[1]) ?? DEFAULT_NS;
}

/** Splits `ns:key`; a key without a known namespace prefix stays whole. */
function splitKey(raw: string): { ns?: string; key: string } {
  const colon = raw.indexOf(':');
  if (colon > 0 && KNOWN_NS.has(raw.slice(0, colon))) return { ns: raw.slice(0, colon), key: raw.slice(colon + 1) };
  return { key: raw };
}

/**
 * The literal translation keys of one source file, each with its namespace. A literal key whose
 * namespace cannot be told (a `t` received as a parameter, without `ns:`) is returned with ns `?`.
 */
function keysUsedIn(file: string, text: string): KeyUse[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const scopes: Map<string, Binding>[] = [new Map()];
  const found: KeyUse[] = [];
  const lookup = (name: string): Binding | undefined => {
    for (let i = scopes.length - 1; i >= 0; i -= 1) {
      const hit = scopes[i]!.get(name);
      if (hit) return hit;
    }
    return undefined;
  };
  const record = (node: ts.Node, raw: string, ns: string | null) => {
    const split = splitKey(raw);
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file, line, ns: split.ns ?? ns ?? '?', key: split.key });
  };

  const visit = (node: ts.Node): void => {
    const opensScope = ts.isBlock(node) || ts.isFunctionLike(node) || ts.isSourceFile(node);
    if (opensScope) scopes.push(new Map());
    // A parameter named like a translate function shadows it, with an unknown namespace.
    if (ts.isFunctionLike(node)) {
      for (const param of node.parameters) {
        if (ts.isIdentifier(param.name)) scopes[scopes.length - 1]!.set(param.name.text, { ns: null });
      }
    }
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const init = node.initializer;
      const scope = scopes[scopes.length - 1]!;
      if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'useTranslation') {
        const ns = namespaceOfHook(init);
        if (ts.isObjectBindingPattern(node.name)) {
          for (const element of node.name.elements) {
            const property = element.propertyName?.getText() ?? element.name.getText();
            if (property === 't' && ts.isIdentifier(element.name)) scope.set(element.name.text, { ns });
          }
        }
      } else if (ts.isIdentifier(node.name)) {
        const ns = wrapperNs(init);
        if (ns !== undefined) scope.set(node.name.text, { ns });
        else if (scope.has(node.name.text)) scope.delete(node.name.text);
      }
    }
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const callee = node.expression;
      const binding = ts.isIdentifier(callee) ? lookup(callee.text) : isInstanceT(callee) ? { ns: DEFAULT_NS } : undefined;
      const keys = binding ? literalStrings(node.arguments[0]) : null;
      if (binding && keys) {
        const ns = nsOption(node.arguments[1]) ?? binding.ns;
        for (const raw of keys) record(node, raw, ns);
      }
    }
    if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey' && node.initializer) {
      const init = node.initializer;
      const expr = ts.isStringLiteral(init) ? init : ts.isJsxExpression(init) ? init.expression : undefined;
      const keys = expr ? literalStrings(expr) : null;
      const owner = node.parent;
      let ns: string | null = DEFAULT_NS;
      for (const attr of owner.properties) {
        if (ts.isJsxAttribute(attr) && attr.name.getText() === 'ns' && attr.initializer && ts.isStringLiteral(attr.initializer))
          ns = attr.initializer.text;
      }
      for (const raw of keys ?? []) record(node, raw, ns);
    }
    ts.forEachChild(node, visit);
    if (opensScope) scopes.pop();
  };
  visit(source);
  return found;
}

type Tree = { [key: string]: string | Tree };
const PLURALS = ['zero', 'one', 'two', 'few', 'many', 'other'];

function hasKey(tree: Tree | undefined, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: string | Tree | undefined = tree;
  for (const part of parts) node = node && typeof node === 'object' ? node[part] : undefined;
  if (!node || typeof node !== 'object') return false;
  return typeof node[last] === 'string' || PLURALS.some((p) => typeof node[`${last}_${p}`] === 'string');
}

/** The uses whose key is missing from some locale, with the locales that lack it. */
function missingKeys(uses: readonly KeyUse[], resources = RESOURCES): string[] {
  const problems: string[] = [];
  for (const use of uses) {
    const where = `${use.file}:${use.line}`;
    if (use.ns === '?') {
      problems.push(`${where} ${use.key}: no namespace (the t function is a parameter; write ns:key)`);
      continue;
    }
    if (!KNOWN_NS.has(use.ns)) {
      problems.push(`${where} ${use.ns}:${use.key}: unknown namespace`);
      continue;
    }
    const lacking = LOCALES.filter((locale) => !hasKey(resources[locale][use.ns], use.key));
    if (lacking.length) problems.push(`${where} ${use.ns}:${use.key} missing in ${lacking.join(', ')}`);
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('translation keys used in the code', () => {
  const uses = sourceFiles(SRC).flatMap((path) => keysUsedIn(relative(SRC, path), readFileSync(path, 'utf8')));

  it('finds the literal keys of the whole app', () => {
    expect(uses.length).toBeGreaterThan(500);
    expect(uses).toContainEqual(expect.objectContaining({ ns: 'login', key: 'submit' }));
    expect(uses).toContainEqual(expect.objectContaining({ ns: 'http', key: 'errorTitle' }));
  });

  it('exist in every locale', () => {
    expect(missingKeys(uses)).toEqual([]);
  });

  it('a key missing from a locale is reported, in the namespace of its useTranslation, ns: option or prefix', () => {
    const code = [
      "const { t } = useTranslation('login');",
      "t('submit'); t('nope.never'); t(cond ? 'title' : 'absent'); t('member:title.none');",
      "const { t: tc } = useTranslation(); tc('productTitle', { ns: 'login' });",
      'function f(t) { t("dangling"); }',
      'const view = <Trans i18nKey="login:missing" />;',
    ].join('\n');
    const problems = missingKeys(keysUsedIn('sample.tsx', code));
    expect(problems).toEqual([
      'sample.tsx:2 login:nope.never missing in zh_TW, en, th, vi',
      'sample.tsx:2 login:absent missing in zh_TW, en, th, vi',
      'sample.tsx:2 member:title.none missing in zh_TW, en, th, vi',
      'sample.tsx:3 login:productTitle missing in zh_TW, en, th, vi',
      'sample.tsx:4 dangling: no namespace (the t function is a parameter; write ns:key)',
      'sample.tsx:5 login:missing missing in zh_TW, en, th, vi',
    ]);
  });

  it('a key missing from one locale only is reported for that locale', () => {
    const resources = structuredClone(RESOURCES);
    delete (resources.th.login as Record<string, unknown>).submit;
    const uses = keysUsedIn('one.ts', "const { t } = useTranslation('login');\nt('submit');");
    expect(missingKeys(uses, resources)).toEqual(['one.ts:2 login:submit missing in th']);
  });
});
