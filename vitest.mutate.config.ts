import { defineConfig } from "vitest/config"

/** The suites mutation testing runs: the core's unit tests and the property specs that need no database. */
export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "specs/address-paste.spec.test.ts",
      "specs/check-in-order.spec.test.ts",
      "specs/errand-lifecycle.spec.test.ts",
      "specs/id-card.spec.test.ts",
      "specs/phone.spec.test.ts",
      "specs/pickup.spec.test.ts",
      "specs/points.spec.test.ts",
      "specs/send-lifecycle.spec.test.ts",
      "specs/storage-codes.spec.test.ts",
      "specs/withdrawal-rules.spec.test.ts"
    ],
    testTimeout: 60_000,
    // the storage-code spec boots PGlite in its setup, which takes longer than the default 10 s on a loaded machine
    hookTimeout: 120_000,
    // a fixed fast-check seed, so Stryker's per-test coverage finds the property tests again by name
    setupFiles: ["test/fixed-seed.setup.ts"],
    pool: "threads",
    isolate: false
  }
})
