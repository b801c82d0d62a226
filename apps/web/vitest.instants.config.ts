import { defineConfig } from 'vitest/config';
import { dateSensitiveFiles, instantsConfig } from '../../scripts/instants.mjs';
import base from './vitest.config';

// The date matrix (scripts/test-at-instants.mjs): the date-sensitive files once per instant, all in one run.
export default defineConfig(instantsConfig(base, dateSensitiveFiles(import.meta.dirname, 'src/test/clock.ts', ['src'])));
