import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The generated sources in ../gen/ts/src import "fast-check", which is installed here, not
// next to them: resolve it (and every other import of it) to this package's copy.
const here = fileURLToPath(new URL(".", import.meta.url));

// Colour: vitest's colours follow NO_COLOR and TERM only, not whether the output is a terminal,
// so "npm test" sets NO_COLOR when it is not (logs, make test | tee) to keep ANSI codes out.
export default defineConfig({
  resolve: {
    alias: {
      "fast-check": `${here}node_modules/fast-check`,
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
