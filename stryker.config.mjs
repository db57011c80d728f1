/** Mutation testing of the core (`npm run mutate`); reports land in reports/mutation/. */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: ["src/**/*.ts", "!src/**/*.test.ts", "!src/**/*.testkit.ts"],
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  disableBail: false,
  concurrency: 2,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  incrementalFile: "reports/mutation/incremental.json",
  tempDirName: "reports/.stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 20_000
}
