import { existsSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import ts from "typescript"

import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, filesUnder, loadModule, parseSource } from "./source-files"

export type ManifestRoute = { method: string; path: string; file: string; description?: string }
export type ManifestMiddleware = {
  method: string
  path: string
  middlewares?: string[]
  description?: string
}

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]

/** Medusa's file-based routing: src/api/a/[id]/route.ts serves /a/:id. */
export function routePathOf(file: string): string {
  return `/${file
    .replace(/^src\/api\//, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, ":$1")}`
}

/** One entry per method a route file exports, as Medusa registers them. */
export function manifestRoutes(root: string): ManifestRoute[] {
  const routes: ManifestRoute[] = []
  for (const file of filesUnder(root, "src/api", (name) => name === "route.ts")) {
    const exported = loadModule(root, file)
    const source = parseSource(root, file)
    for (const method of HTTP_METHODS.filter((name) => typeof exported[name] === "function")) {
      routes.push(
        withoutUndefined({
          method,
          path: routePathOf(file),
          file,
          description: docOf(source, method),
        }) as ManifestRoute
      )
    }
  }
  return routes.sort((a, b) => byText(a.path, b.path) || byText(a.method, b.method))
}

type MiddlewareRoute = { matcher: string | RegExp; method?: string | string[]; methods?: string[] }

const MIDDLEWARES_FILE = "src/api/middlewares.ts"

/**
 * The middlewares src/api/middlewares.ts registers, in its order (Medusa applies them in that order). Each
 * names its handlers as written there; the description is the doc comment of a handler the plugin defines.
 */
export function manifestMiddlewares(root: string): ManifestMiddleware[] {
  const { default: config } = loadModule(root, MIDDLEWARES_FILE) as {
    default?: { routes?: MiddlewareRoute[] }
  }
  const routes = config?.routes ?? []
  const written = handlersAsWritten(root)
  // Handler names are read from the array as written; if it is built some other way, they are left out
  // rather than given to the wrong route.
  const aligned = written.length === routes.length
  return routes.flatMap((route, index) => {
    const methods = [route.methods ?? route.method ?? "ALL"].flat()
    const handlers = aligned ? written[index] : undefined
    return methods.map(
      (method) =>
        withoutUndefined({
          method,
          path: String(route.matcher),
          middlewares: handlers?.map((handler) => handler.name),
          description:
            handlers
              ?.map((handler) => handler.description)
              .filter(Boolean)
              .join(" ") || undefined,
        }) as ManifestMiddleware
    )
  })
}

type Handler = { name: string; description?: string }

/** For each entry of the `routes` array literal, its `middlewares` as written, with their doc comments. */
function handlersAsWritten(root: string): Handler[][] {
  const source = parseSource(root, MIDDLEWARES_FILE)
  const imports = relativeImports(root, source)
  const entries: Handler[][] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === "routes" &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      for (const entry of node.initializer.elements) {
        const list = ts.isObjectLiteralExpression(entry)
          ? entry.properties.find(
              (property): property is ts.PropertyAssignment =>
                ts.isPropertyAssignment(property) && property.name.getText(source) === "middlewares"
            )?.initializer
          : undefined
        entries.push(
          list && ts.isArrayLiteralExpression(list)
            ? list.elements.map((element) => {
                const name = element.getText(source)
                const from = ts.isIdentifier(element) ? imports.get(name) : undefined
                return withoutUndefined({
                  name,
                  description: from && docOf(parseSource(root, from), name),
                }) as Handler
              })
            : []
        )
      }
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return entries
}

/** Imported name → the project file it comes from, for imports by relative path. */
function relativeImports(root: string, source: ts.SourceFile): Map<string, string> {
  const files = new Map<string, string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const specifier = statement.moduleSpecifier.text
    if (!specifier.startsWith(".")) continue
    const base = join(dirname(join(root, source.fileName)), specifier)
    const file = [`${base}.ts`, join(base, "index.ts")].find((candidate) => existsSync(candidate))
    const bindings = statement.importClause?.namedBindings
    if (!file || !bindings || !ts.isNamedImports(bindings)) continue
    for (const element of bindings.elements) files.set(element.name.text, relative(root, file))
  }
  return files
}
