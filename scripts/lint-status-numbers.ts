/**
 * Status numbers by name: fails (exit 1) with each place in src/ or web/src (tests and testkits aside) that
 * compares a status with a bare number instead of the core's named status (`ErrandStatus.completed`,
 * `ParcelStatus.signed`, `AuthStatus.passed`, …) or a predicate of the core. A status is anything whose name
 * ends in "status" (`status`, `o.status`, `authStatus`, `user.paotuiStatus`); caught are
 * - a comparison with a number: `o.status === 4`, `status !== -1`, `status >= 100`, `1 === authStatus`;
 * - a list of numbers asked about a status, or a status list asked about a number: `[0, 1].includes(p.status)`,
 *   `statuses.includes(4)`;
 * - a `case 4:` of a `switch (status)`;
 * - a status written as a number: `{ status: 100 }`, `const ACTIVE_STATUSES = [0, 1, 300]`.
 * An HTTP answer's code (`response.status === 401`, `res.status`) is not a status of the product and passes.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import ts from "typescript"

/** The project checked: this one, or the folder given (the script's own test lints planted trees). */
const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, ".."))
const checked = [join(root, "src"), join(root, "web", "src")]

const isTestFile = (name: string) => /\.(test|testkit)\.tsx?$/.test(name)
const files = (dir: string): string[] => {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) && !isTestFile(name) ? [path] : []
  })
}

const STATUS_NAME = /status(es)?$/i
/** The objects whose `status` is an HTTP answer's code. */
const HTTP_ANSWERS = new Set(["response", "res"])

/** A number as written: `4`, `-1`, `(100)`. */
const isNumber = (node: ts.Node): boolean => {
  if (ts.isParenthesizedExpression(node)) return isNumber(node.expression)
  if (ts.isNumericLiteral(node)) return true
  return ts.isPrefixUnaryExpression(node) && (node.operator === ts.SyntaxKind.MinusToken || node.operator === ts.SyntaxKind.PlusToken) && ts.isNumericLiteral(node.operand)
}

/** The name an expression ends in: `status` of `o.status`, `authStatus` of `user.authStatus` or of `authStatus`. */
const lastName = (node: ts.Node): string | undefined => {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node)) return lastName(node.expression)
  if (ts.isIdentifier(node)) return node.text
  if (ts.isPropertyAccessExpression(node)) return node.name.text
  if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) return node.argumentExpression.text
  return undefined
}

const isHttpAnswer = (node: ts.Node): boolean =>
  ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && HTTP_ANSWERS.has(node.expression.text)

/** An expression that holds a status (or a list of them). */
const isStatus = (node: ts.Node): boolean => {
  const name = lastName(node)
  return name !== undefined && STATUS_NAME.test(name) && !isHttpAnswer(node)
}

const isNumberList = (node: ts.Node): boolean => {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return isNumberList(node.expression)
  return ts.isArrayLiteralExpression(node) && node.elements.some(isNumber)
}

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken, ts.SyntaxKind.LessThanToken, ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.GreaterThanEqualsToken
])

const bareStatusNumbers = (file: string): string[] => {
  const text = readFileSync(file, "utf8")
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    found.push(`${relative(root, file)}:${line + 1}: ${node.getText(source).replace(/\s+/g, " ").slice(0, 100)}`)
  }
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      if ((isStatus(node.left) && isNumber(node.right)) || (isNumber(node.left) && isStatus(node.right))) report(node)
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "includes") {
      const list = node.expression.expression
      const [arg] = node.arguments
      if (arg && ((isNumberList(list) && isStatus(arg)) || (isStatus(list) && isNumber(arg)))) report(node)
    } else if (ts.isSwitchStatement(node) && isStatus(node.expression)) {
      for (const clause of node.caseBlock.clauses) if (ts.isCaseClause(clause) && isNumber(clause.expression)) report(clause.expression)
    } else if (ts.isPropertyAssignment(node) && STATUS_NAME.test(node.name.getText(source)) && (isNumber(node.initializer) || isNumberList(node.initializer))) {
      report(node)
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && STATUS_NAME.test(node.name.text) && node.initializer &&
      (isNumber(node.initializer) || isNumberList(node.initializer))) {
      report(node)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const all = checked.flatMap(files)
const found = all.flatMap(bareStatusNumbers)
if (found.length) {
  console.error("A status is compared by its name, not a bare number (use the core's named statuses or one of its predicates):\n" +
    found.map((p) => `  - ${p}`).join("\n"))
  process.exit(1)
}
console.log(`status name rule: ${all.length} files in src/ and web/src compare no status with a bare number`)
