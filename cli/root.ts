/** The project root, whether this runs from the source (`cli/`) or from the bundle (`dist/cli/`). */
import { basename, dirname, resolve } from "node:path"

const here = import.meta.dirname
export const projectRoot = basename(dirname(here)) === "dist" ? resolve(here, "../..") : resolve(here, "..")
