import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

// The tests of the bounded StrykerJS run of make test (strykerSample in mutation/tools.go): the
// suites that reach its sample of the protocol, SuperAuditor and pointer code.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        "test/protocol-rules.test.ts",
        "test/superauditor-rules.test.ts",
        "test/behaviour.test.ts",
        "test/properties.test.ts",
        "test/runtime.test.ts",
      ],
    },
  }),
);
