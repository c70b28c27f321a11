import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

// The tests StrykerJS runs against each mutant of the protocol and SuperAuditor behaviour and of
// the runtime's pointer and number code (stryker.config.json): the suites that exercise them,
// without the type-system and cross-language suites that compile or spawn other tools.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        "test/behaviour.test.ts",
        "test/http.test.ts",
        "test/protocol-rules.test.ts",
        "test/properties.test.ts",
        "test/superauditor.test.ts",
        "test/superauditor-behaviour.test.ts",
        "test/superauditor-rules.test.ts",
        "test/runtime.test.ts",
      ],
      // Instrumented code on a shared, loaded machine runs many times slower than npm test; a
      // test that times out in the initial run stops StrykerJS.
      testTimeout: 600_000,
      hookTimeout: 600_000,
    },
  }),
);
