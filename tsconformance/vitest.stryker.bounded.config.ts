import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

// The tests of the bounded StrykerJS run of make test (strykerSample in mutation/tools.go): the
// suites that reach its sample of the protocol and SuperAuditor code.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        "test/protocol-rules.test.ts",
        "test/superauditor-rules.test.ts",
        "test/behaviour.test.ts",
        "test/properties.test.ts",
      ],
      // Instrumented code on a shared, loaded machine runs many times slower than npm test; a
      // test that times out in the initial run stops StrykerJS.
      testTimeout: 600_000,
      hookTimeout: 600_000,
    },
  }),
);
