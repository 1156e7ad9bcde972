import { existsSync, readFileSync, readdirSync } from "node:fs"
import { join, relative, sep } from "node:path"
import ts from "typescript"

/** Files under `dir` (tests left out) whose name passes `keep`, as sorted paths relative to `root`. */
export function filesUnder(root: string, dir: string, keep: (name: string) => boolean): string[] {
  const walk = (current: string): string[] =>
    readdirSync(current, { withFileTypes: true }).flatMap((entry) => {
      const full = join(current, entry.name)
      if (entry.isDirectory()) return entry.name === "__tests__" ? [] : walk(full)
      return keep(entry.name) ? [relative(root, full).split(sep).join("/")] : []
    })
  return existsSync(join(root, dir)) ? walk(join(root, dir)).sort() : []
}

/**
 * Orders by UTF-16 code units, as Array.prototype.sort does: unlike localeCompare it does not depend on the
 * machine's locale, so every developer generates the same file.
 */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function parseSource(root: string, file: string): ts.SourceFile {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true, kind)
}

const isDefaultExport = (node: ts.FunctionDeclaration | ts.ClassDeclaration) =>
  node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword) ?? false

/** The top-level declaration of `name` in the file; "default" follows `export default X` to X. */
function declarationOf(source: ts.SourceFile, name: string): ts.Node | undefined {
  for (const statement of source.statements) {
    if (name === "default" && ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const target = statement.expression
      return (ts.isIdentifier(target) && declarationOf(source, target.text)) || statement
    }
    if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
      if (name === "default" ? isDefaultExport(statement) : statement.name?.text === name) return statement
    }
    if (ts.isVariableStatement(statement)) {
      const declaration = statement.declarationList.declarations.find(
        (candidate) => ts.isIdentifier(candidate.name) && candidate.name.text === name
      )
      if (declaration) return declaration
    }
  }
  return undefined
}

export function declares(source: ts.SourceFile, name: string): boolean {
  return declarationOf(source, name) !== undefined
}

/**
 * The doc comment above a declaration, on one line. It is the manifest's description of a route, subscriber,
 * job or workflow, so the text lives beside the code it describes and moves with it.
 */
export function docOf(source: ts.SourceFile, name: string): string | undefined {
  const declaration = declarationOf(source, name)
  return declaration && docText(declaration)
}

/** The doc comment of any node (a class member, say), on one line; its tags left out. */
export function docText(node: ts.Node): string | undefined {
  const text = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
    .join(" ")
    .replace(/\s+/g, " ")
    .trim()
  return text || undefined
}

/** The text of a `@tag value` line in a node's doc comment, for a fact a sentence would blur. */
export function docTag(node: ts.Node, tag: string): string | undefined {
  const found = ts.getJSDocTags(node).find((candidate) => candidate.tagName.text === tag)
  const text = found && ts.getTextOfJSDocComment(found.comment)?.replace(/\s+/g, " ").trim()
  return text || undefined
}

/** A string, or list of strings, written literally as `property` of the object passed to `callee(...)`. */
export function literalArgument(
  source: ts.SourceFile,
  callee: string,
  property: string
): string | string[] | undefined {
  let found: string | string[] | undefined
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === callee) {
      const [argument] = node.arguments
      const assignment =
        argument &&
        ts.isObjectLiteralExpression(argument) &&
        argument.properties.find(
          (candidate): candidate is ts.PropertyAssignment =>
            ts.isPropertyAssignment(candidate) && candidate.name.getText(source) === property
        )
      if (assignment) found = literalValue(assignment.initializer)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function literalValue(node: ts.Expression): string | string[] | undefined {
  if (ts.isStringLiteralLike(node)) return node.text
  if (ts.isArrayLiteralExpression(node) && node.elements.every(ts.isStringLiteralLike)) {
    return node.elements.map((element) => (element as ts.StringLiteralLike).text)
  }
  return undefined
}

/** Loads a source file as the server would, so the manifest states what the code really exports. */
export function loadModule(root: string, file: string): Record<string, unknown> {
  // require, not import(): ts-node and jest compile TypeScript in their require hooks, and Node's own
  // import() of a .ts file bypasses both.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(root, file)) as Record<string, unknown>
}
