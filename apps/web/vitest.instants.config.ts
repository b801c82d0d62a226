import { defineConfig } from 'vitest/config';
import { dateSensitiveFiles, instantsInOneRunConfig } from '../../scripts/instants.mjs';
import base from './vitest.config';

// The date matrix (scripts/test-at-instants.mjs): the date-sensitive tests of the web suite, each
// at every instant in turn (itAtEachInstant, src/test/clock.ts), all in one run.
export default defineConfig(instantsInOneRunConfig(base, dateSensitiveFiles(import.meta.dirname, 'src/test/clock.ts', ['src'])));
