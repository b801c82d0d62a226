import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@agent-bo/shared';
import { loadResources } from '../../lib/i18n';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const namespacesPerLocale = LOCALES.map((locale) =>
    readdirSync(join(root, locale))
      .filter((f) => f.endsWith('.json'))
      .sort(),
  );

  it('every locale has the same namespaces', () => {
    for (const list of namespacesPerLocale) expect(list).toEqual(namespacesPerLocale[0]);
    expect(namespacesPerLocale[0]).toContain('common.json');
  });

  const namespaces = namespacesPerLocale[0] ?? [];
  for (const file of namespaces) {
    it(`${file}: same keys, non-empty texts and the same placeholders in every locale`, () => {
      const trees = LOCALES.map((locale) => leaves(JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as Tree));
      const reference = trees[0]!;
      LOCALES.forEach((locale, i) => {
        const tree = trees[i]!;
        expect([...tree.keys()].sort(), `${locale}/${file} keys`).toEqual([...reference.keys()].sort());
        for (const [key, text] of tree) {
          expect(text.trim(), `${locale}/${file}: ${key} is empty`).not.toBe('');
          expect(placeholders(text), `${locale}/${file}: ${key} placeholders`).toEqual(placeholders(reference.get(key) ?? ''));
        }
      });
    });
  }

  /**
   * The same thing in the same words on every screen: a status or field several namespaces name
   * (the store's publish status, shown again by the operation log) reads alike in each locale.
   * Each group lists `namespace:key` paths that name one thing.
   */
  const SAME_THING: string[][] = [
    ['announcement:status.Published', 'material:publish.Published', 'store:status.Published', 'log:change.values.Published'],
    ['announcement:status.Draft', 'material:publish.Draft', 'store:status.Draft', 'log:change.values.Draft'],
    ['store:goods.limit', 'log:change.fields.perPlayerLimit'],
  ];

  it('names one thing in one wording across screens', () => {
    for (const locale of LOCALES) {
      const texts = new Map<string, string>();
      for (const file of namespaces) {
        const ns = file.replace(/\.json$/, '');
        for (const [key, text] of leaves(JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as Tree))
          texts.set(`${ns}:${key}`, text);
      }
      for (const group of SAME_THING) {
        const wordings = group.map((path) => {
          expect(texts.has(path), `${locale}: ${path} exists`).toBe(true);
          return texts.get(path);
        });
        expect(new Set(wordings).size, `${locale}: ${group.join(', ')} → ${wordings.join(' / ')}`).toBe(1);
      }
    }
  });

  it('the loaded resources (including the errors catalogue) have equal key sets', async () => {
    const resources = await loadResources();
    const keySets = LOCALES.map((locale) =>
      Object.entries(resources[locale])
        .flatMap(([ns, tree]) => [...leaves(tree).keys()].map((k) => `${ns}:${k}`))
        .sort(),
    );
    for (const keys of keySets) expect(keys).toEqual(keySets[0]);
    expect(keySets[0]).toContain('errors:INVALID_CREDENTIALS');
    expect(keySets[0]).toContain('routes:dashboard');
  });
});
