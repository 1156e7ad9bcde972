/** A table as rows of cells, header first; each cell is Markdown source (see `cell`). */
export type Table = string[][]

/** Text as one table cell: on one line, with `|` escaped, since it ends a cell even inside code. */
export function cell(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/\|/g, "\\|")
}

/** The Markdown source of a table, unpadded: prettier aligns the columns when the page is formatted. */
export function markdownTable([header = [], ...rows]: Table): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n")
}

/**
 * The cells of the table in a piece of Markdown, as written (trimmed, separator row left out), so a table
 * can be compared whatever its padding.
 */
export function tableCells(markdown: string): Table {
  return markdown
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .replace(/^\|/, "")
        .replace(/(?<!\\)\|$/, "")
        .split(/(?<!\\)\|/)
        .map((text) => text.trim())
    )
    .filter((cells) => !cells.every((text) => /^:?-+:?$/.test(text)))
}
