import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "specs/**/*.test.ts", "adapters/**/*.test.ts", "cli/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    pool: "forks",
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]]
  }
})
