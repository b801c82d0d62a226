import type { BaseSequencer } from 'vitest/node';

export function slowFirst(slowFiles: string[]): typeof BaseSequencer;
