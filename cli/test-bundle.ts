/** Where the app suites' global set-up builds the `station` bundle (`test/support/cli-bundle.setup.ts`), apart from the testkit so the set-up loads no app. */
import { join, resolve } from "node:path"

export const root = resolve(import.meta.dirname, "..")

export const CLI_TEST_BUNDLE_DIR = join(root, "dist/cli-test")
