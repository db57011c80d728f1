import { defineConfig } from "vitest/config"

/** The suites mutation testing runs: the core's unit tests and the property specs that need no database. */
export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "specs/address-paste.spec.test.ts",
      "specs/check-in-order.spec.test.ts",
      "specs/id-card.spec.test.ts",
      "specs/phone.spec.test.ts",
      "specs/pickup.spec.test.ts",
      "specs/points.spec.test.ts",
      "specs/storage-codes.spec.test.ts",
      "specs/withdrawal-rules.spec.test.ts"
    ],
    testTimeout: 60_000,
    pool: "threads",
    isolate: false
  }
})
