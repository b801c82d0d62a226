// A Vitest sequencer that starts the named files first. Vitest orders files by the durations it
// cached on an earlier run and, on a fresh clone (CI), by file size, so a long file that happens to
// be small started last and ran alone while the other worker sat idle: the server suite's demo
// start (90 s) began at 143 s of a run whose other files were done at 176 s. Naming the few long
// files here keeps a run as long as its share of the work, not its longest file plus the rest.
import { BaseSequencer } from 'vitest/node';

/** @param {string[]} slowFiles paths relative to the workspace, longest first */
export function slowFirst(slowFiles) {
  return class SlowFirstSequencer extends BaseSequencer {
    async sort(files) {
      const sorted = await super.sort(files);
      const rank = (spec) => {
        const i = slowFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
        return i < 0 ? slowFiles.length : i;
      };
      // Array.prototype.sort is stable: the rest keep Vitest's order.
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
