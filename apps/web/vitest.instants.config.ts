import { defineConfig } from 'vitest/config';
import { chosenInstants, dateSensitiveFiles } from '../../scripts/instants.mjs';
import base from './vitest.config';

// The date matrix (scripts/test-at-instants.mjs): the date-sensitive files once per instant, each
// instant a project with its own TEST_NOW, all in one run. The projects take the suite's settings
// but not its `include`, which Vitest's `extends` would add to theirs.
const files = dateSensitiveFiles(import.meta.dirname, 'src/test/clock.ts', ['src']);
const { include: _everyFile, ...settings } = base.test ?? {};

export default defineConfig({
  test: {
    projects: chosenInstants().map(([at]) => ({
      resolve: base.resolve,
      test: { ...settings, name: `at ${at}`, include: files, env: { TEST_NOW: at } },
    })),
  },
});
