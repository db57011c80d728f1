/**
 * Three import rules, failing (exit 1) with each import that breaks one:
 * - The core stays pure: files under src/ may import only `effect` and other src/ modules (their tests
 *   also vitest and fast-check): no I/O (node:*, express, kysely, pg, socket.io, react, …), nothing under
 *   adapters/, cli/ or web/.
 * - The core's folders point one way: a folder of src/ imports only folders of earlier layers (`LAYERS`),
 *   so no two folders import each other and a rule has one home (tests and testkits included).
 * - A web feature stands alone: a file under web/src/features/<name>/ imports no other feature; what
 *   several features use lives in web/src/lib or web/src/components, and the routes in web/src/app
 *   compose features.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve, dirname, sep } from "node:path"
import ts from "typescript"

/** The project checked: this one, or the folder given (the script's own test lints planted trees). */
const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, ".."))
const core = join(root, "src")
const features = join(root, "web", "src", "features")
/**
 * The core's folders, lowest first (docs/decisions.md "Folders point one way"): what everything uses; the
 * station's own things; the people; the parcels; money in; the errands on them; sending, whose door pickup is
 * an errand; the campus circle, whose list home shows; the settlements that reach into all three areas of money;
 * home, whose pages speak of all of them; the statistics, which count all of them; and the catalog of every operation
 * the log keeps, which names them all.
 */
const LAYERS: ReadonlyArray<ReadonlyArray<string>> = [
  ["shared"],
  ["worksite", "wallet", "locker", "upload", "staff", "address", "notice"],
  ["profile", "parcel"],
  ["payment"],
  ["support", "feedback"],
  ["errand"],
  ["sending"],
  ["circle"],
  ["settlement", "home", "statistics"],
  ["operations"]
]
const layerOf = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder))
const ALLOWED_PACKAGES = [/^effect(\/|$)/]
const TEST_PACKAGES = [/^vitest$/, /^fast-check$/, /^@fast-check\/vitest$/]

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })

const importsOf = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) {
      const [arg] = node.arguments
      found.push(arg && ts.isStringLiteral(arg) ? arg.text : "<dynamic>")
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const problems = files(core).flatMap((file) =>
  importsOf(file).flatMap((specifier) => {
    if (specifier.startsWith(".")) {
      const target = resolve(dirname(file), specifier)
      return target === core || target.startsWith(core + sep) ? [] : [`${relative(root, file)} imports ${specifier} (outside src/)`]
    }
    const allowed = file.endsWith(".test.ts") ? [...ALLOWED_PACKAGES, ...TEST_PACKAGES] : ALLOWED_PACKAGES
    return allowed.some((pattern) => pattern.test(specifier)) ? [] : [`${relative(root, file)} imports ${specifier} (I/O or a package the core must not use)`]
  })
)

/** The folder of src/ a path lies in. */
const coreFolderOf = (path: string) => relative(core, path).split(sep)[0]!

const unlayered = readdirSync(core).filter((name) => statSync(join(core, name)).isDirectory() && layerOf(name) === -1)
const against = files(core).flatMap((file) => {
  const from = coreFolderOf(file)
  return importsOf(file).flatMap((specifier) => {
    if (!specifier.startsWith(".")) return []
    const target = resolve(dirname(file), specifier)
    if (!target.startsWith(core + sep)) return []
    const to = coreFolderOf(target)
    if (to === from || layerOf(from) === -1 || layerOf(to) === -1) return []
    return layerOf(to) < layerOf(from) ? [] : [`${relative(root, file)} imports ${specifier} (${from} may not import ${to})`]
  })
})

/** The feature a path lies in (its folder under web/src/features), if any. */
const featureOf = (path: string) => (path.startsWith(features + sep) ? relative(features, path).split(sep)[0] : undefined)

const crossings = files(features).flatMap((file) =>
  importsOf(file).flatMap((specifier) => {
    if (!specifier.startsWith(".")) return []
    const other = featureOf(resolve(dirname(file), specifier))
    return other !== undefined && other !== featureOf(file) ? [`${relative(root, file)} imports ${specifier} (the ${other} feature)`] : []
  })
)

if (problems.length) {
  console.error("The core (src/) must import only `effect` and src/ modules:\n" + problems.map((p) => `  - ${p}`).join("\n"))
}
if (unlayered.length) console.error(`Every folder of src/ needs its place in LAYERS (scripts/lint-imports.ts): ${unlayered.join(", ")}`)
if (against.length) {
  console.error("A folder of src/ imports only folders of earlier layers (scripts/lint-imports.ts LAYERS):\n" + against.map((p) => `  - ${p}`).join("\n"))
}
if (crossings.length) {
  console.error("A web feature must not import another (move what they share to web/src/lib or web/src/components):\n" +
    crossings.map((p) => `  - ${p}`).join("\n"))
}
if (problems.length || unlayered.length || against.length || crossings.length) process.exit(1)
console.log(`core import rule: ${files(core).length} files in src/ import only effect and src/`)
console.log(`core layer rule: ${LAYERS.map((l) => l.join("/")).join(" → ")}`)
console.log(`feature import rule: ${files(features).length} files in web/src/features import no other feature`)
