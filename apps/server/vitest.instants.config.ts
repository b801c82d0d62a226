import { defineConfig } from 'vitest/config';
import { dateSensitiveFiles, instantsConfig } from '../../scripts/instants.mjs';
import base from './vitest.config.js';

// The date matrix (scripts/test-at-instants.mjs): the date-sensitive files once per instant, all in
// one run sharing one PostgreSQL and template (test/global-setup.ts).
export default defineConfig(instantsConfig(base, dateSensitiveFiles(import.meta.dirname, 'test/clock.ts', ['test'])));
