/**
 * The core stays pure: files under src/ may import only `effect` and other src/ modules
 * (their tests also vitest and fast-check).
 * Fails (exit 1) naming each import of I/O (node:*, express, kysely, pg, socket.io, react, …)
 * or of anything under adapters/, cli/ or web/.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve, dirname, sep } from "node:path"
import ts from "typescript"

const root = resolve(import.meta.dirname, "..")
const core = join(root, "src")
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

if (problems.length) {
  console.error("The core (src/) must import only `effect` and src/ modules:\n" + problems.map((p) => `  - ${p}`).join("\n"))
  process.exit(1)
}
console.log(`core import rule: ${files(core).length} files in src/ import only effect and src/`)
