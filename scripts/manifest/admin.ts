import { withoutUndefined } from "../../src/domain/without-undefined"
import { byText, docOf, filesUnder, literalArgument, parseSource } from "./source-files"

export type ManifestAdminExtension =
  | { kind: "widget"; zone: string | string[]; file: string; description?: string }
  | { kind: "route"; path: string; label?: string; file: string; description?: string }

/**
 * Widgets and pages of the admin bundle, read without running them (they are browser code): a widget's
 * zone from its defineWidgetConfig, a page's path from its folder as Medusa's admin routing does.
 */
export function manifestAdmin(root: string): ManifestAdminExtension[] {
  const widgets = filesUnder(root, "src/admin/widgets", (name) => /\.tsx?$/.test(name)).map((file) => {
    const source = parseSource(root, file)
    const zone = literalArgument(source, "defineWidgetConfig", "zone")
    if (zone === undefined) throw new Error(`${file}: no zone written literally in defineWidgetConfig`)
    const description = docOf(source, "default")
    return withoutUndefined({ kind: "widget", zone, file, description }) as ManifestAdminExtension
  })
  const pages = filesUnder(root, "src/admin/routes", (name) => /^page\.tsx?$/.test(name)).map((file) => {
    const source = parseSource(root, file)
    const label = literalArgument(source, "defineRouteConfig", "label")
    return withoutUndefined({
      kind: "route",
      path: `/${file
        .replace(/^src\/admin\/routes\//, "")
        .replace(/\/page\.tsx?$/, "")
        .replace(/\[(\w+)\]/g, ":$1")}`,
      label: typeof label === "string" ? label : undefined,
      file,
      description: docOf(source, "default"),
    }) as ManifestAdminExtension
  })
  return [...widgets, ...pages].sort((a, b) => byText(a.file, b.file))
}
