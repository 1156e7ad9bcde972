import ts from "typescript"

import { docTag, docText, parseSource } from "./source-files"

export const CLIENT_FILE = "src/lib/financing/client.ts"

export type ClientMethod = {
  name: string
  parameters: string[]
  /** The key of its row in ENDPOINTS. */
  endpoint: string
  description?: string
}

/** `ENDPOINTS.<key>` as written in a method's body. */
function endpointsUsed(node: ts.Node): string[] {
  const keys = new Set<string>()
  const visit = (child: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(child) &&
      ts.isIdentifier(child.expression) &&
      child.expression.text === "ENDPOINTS"
    ) {
      keys.add(child.name.text)
    }
    ts.forEachChild(child, visit)
  }
  visit(node)
  return [...keys]
}

const isPublic = (member: ts.ClassElement) =>
  !ts
    .getModifiers(member as ts.MethodDeclaration)
    ?.some((modifier) =>
      [ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.StaticKeyword].includes(
        modifier.kind
      )
    )

/**
 * FinancingClient's public methods in their order in the class, each with the endpoint it calls: the one
 * `ENDPOINTS.<key>` its body names, or, for a method that reaches it another way (the token, through the
 * cache), the key its `@endpoint` doc tag names.
 */
export function clientMethods(root: string): ClientMethod[] {
  const source = parseSource(root, CLIENT_FILE)
  const client = source.statements.find(
    (statement): statement is ts.ClassDeclaration =>
      ts.isClassDeclaration(statement) && statement.name?.text === "FinancingClient"
  )
  if (!client) throw new Error(`${CLIENT_FILE}: no class FinancingClient`)
  return client.members
    .filter((member): member is ts.MethodDeclaration => ts.isMethodDeclaration(member) && isPublic(member))
    .map((method) => {
      const name = method.name.getText(source)
      const used = endpointsUsed(method)
      const endpoint = docTag(method, "endpoint") ?? (used.length === 1 ? used[0] : undefined)
      if (!endpoint) {
        throw new Error(
          `${CLIENT_FILE}: ${name} names ${used.length ? used.join(", ") : "no ENDPOINTS row"}; ` +
            "say which endpoint it calls with an @endpoint <key> tag in its doc comment"
        )
      }
      return {
        name,
        parameters: method.parameters.map((parameter) => parameter.name.getText(source)),
        endpoint,
        description: docText(method),
      }
    })
}
