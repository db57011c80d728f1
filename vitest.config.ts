import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    // two files at once, not vitest's default of one per CPU less one (1 on the 2-CPU machines here): the app suites
    // wait on Postgres, chromium and child processes more than they compute (docs/decisions.md, "Test run time")
    maxWorkers: 2,
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
        test: {
          name: "app", include: ["specs/**/*.test.ts", "adapters/**/*.test.ts", "cli/**/*.test.ts", "test/**/*.test.ts"],
          globalSetup: ["test/support/cli-bundle.setup.ts", "test/support/blank-database.setup.ts"]
        }
      }
    ]
  }
})
