/**
 * Vitest's global set-up for the app suites: builds the `station` bundle once into `dist/cli-test/`, which the CLI
 * suites run (`cli/station.testkit.ts`). The bundle is what `station` runs once built, and it starts in two thirds of
 * the time tsx takes to compile the source for each of the suites' hundreds of child processes. Its own directory,
 * so `cli/start-time.test.ts` may rebuild `dist/cli/` meanwhile.
 */
import { buildCli } from "../../cli/build"
import { CLI_TEST_BUNDLE_DIR } from "../../cli/test-bundle"

export default async function setup() {
  await buildCli(CLI_TEST_BUNDLE_DIR)
}
