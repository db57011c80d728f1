import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    pool: "forks",
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      {
        // the pure core's unit tests share one module graph: re-importing effect for each of a hundred files cost
        // more than the tests themselves (decided in docs/decisions.md, "Test run time")
        extends: true,
        test: { name: "core", include: ["src/**/*.test.ts", "scripts/**/*.test.ts"], isolate: false }
      },
      {
        extends: true,
        test: { name: "app", include: ["specs/**/*.test.ts", "adapters/**/*.test.ts", "cli/**/*.test.ts", "test/**/*.test.ts"] }
      }
    ]
  }
})
