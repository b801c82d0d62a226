import type { Plugin } from 'vite';

/** The parts of an ESTree node this plugin reads. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** True when evaluating `node` runs code: a call, a `new`, a spread or a tagged template outside any function body. */
function runsCode(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(runsCode);
  if (!node || typeof node !== 'object') return false;
  const { type } = node as Node;
  if (type === 'ArrowFunctionExpression' || type === 'FunctionExpression' || type === 'ClassExpression') return false;
  if (type === 'CallExpression' || type === 'NewExpression' || type === 'SpreadElement' || type === 'TaggedTemplateExpression') return true;
  return Object.entries(node).some(([key, value]) => key !== 'type' && typeof value === 'object' && runsCode(value));
}

/**
 * Makes the top-level `const` declarations of the modules matched by `include` droppable when
 * nothing uses them: an initializer that runs code (`z.object(…)`, `{ ...pageShape, … }`) is
 * wrapped in an arrow function called at once and marked pure, `/*#__PURE__*\/ (() => (…))()`.
 * It still runs where and when it did; the bundler may now leave it out when its value is unused.
 *
 * For @agent-bo/shared: its modules declare zod schemas next to the constants and helpers the web
 * app imports (`LOCALES` beside `localeSchema`, `MENU` beside the menu schemas). The package says
 * it has no side effects, yet a bundler must keep a `z.object(…)` call it cannot prove pure, and
 * with it zod, wherever anything else of that module is imported. The package's top level only
 * declares values (schemas, constants, lookup tables), which is what makes this safe; a module
 * that needs a call kept (a registration) must not be matched.
 */
export function pureDeclarations(include: RegExp): Plugin {
  return {
    name: 'pure-declarations',
    // After the TypeScript transform: the code is plain JavaScript with its own offsets.
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!include.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init && runsCode(init)) inits.push(init);
        }
      }
      if (inits.length === 0) return null;
      let out = '';
      let at = 0;
      for (const init of inits) {
        out += `${code.slice(at, init.start)}/*#__PURE__*/ (() => (${code.slice(init.start, init.end)}))()`;
        at = init.end;
      }
      const result = out + code.slice(at);
      // Offsets that missed (a parser counting bytes, not UTF-16 units) would leave broken code.
      this.parse(result);
      return { code: result, map: null };
    },
  };
}
