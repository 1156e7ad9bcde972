/** WinAnsi bytes 0x80–0x9F that are not Latin-1; every other byte is its Latin-1 character. */
const WIN_ANSI_HIGH: Record<number, string> = Object.fromEntries(
  [..."€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ"].map((char, index) => [0x80 + index, char])
)

const decodeBytes = (bytes: number[]) =>
  bytes.map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join("")

function decodeHex(hex: string): string {
  const digits = hex.replace(/\s+/g, "")
  const bytes: number[] = []
  for (let index = 0; index < digits.length; index += 2)
    bytes.push(parseInt(digits.slice(index, index + 2), 16))
  return decodeBytes(bytes)
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    if (/^[0-7]/.test(escape)) return decodeBytes([parseInt(escape, 8)])
    return ({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[escape] ?? escape
  })
}

const STRING = /<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g
const SET_FONT = /\/([A-Za-z0-9]+)\s+([\d.]+)\s+Tf/.source
const SHOW_TEXT =
  /\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/
    .source
const OPERATOR = new RegExp(`${SET_FONT}|${SHOW_TEXT}`, "g")

export interface PdfTextRun {
  text: string
  /** The font's BaseFont name, such as Helvetica-Bold. */
  font: string
  size: number
}

/** Font resource names (F1, …) to their BaseFont, read from the font objects they refer to. */
function baseFonts(source: string): Map<string, string> {
  const byObject = new Map<string, string>()
  for (const [, id, name] of source.matchAll(/(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/BaseFont \/([\w-]+)/g)) {
    byObject.set(id, name)
  }
  const byResource = new Map<string, string>()
  for (const [, resource, id] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    byResource.set(resource, byObject.get(id) ?? resource)
  }
  return byResource
}

/**
 * The text an uncompressed PDF shows, one run per text-showing operator (one laid-out line each) in the
 * order drawn, with the font it is shown in. pdfkit splits a line into strings between kerning numbers;
 * those are joined back.
 */
export function pdfTextRuns(pdf: Buffer): PdfTextRun[] {
  const source = pdf.toString("latin1")
  if (/\/Filter\s*\/FlateDecode/.test(source)) throw new Error("render with compress: false to read its text")
  const fonts = baseFonts(source)
  const runs: PdfTextRun[] = []
  let font = ""
  let size = 0
  for (const [, resource, fontSize, shown, single] of source.matchAll(OPERATOR)) {
    if (resource !== undefined) {
      font = fonts.get(resource) ?? resource
      size = Number(fontSize)
      continue
    }
    const text = [...(shown ?? single).matchAll(STRING)]
      .map(([, hex, literal]) => (hex !== undefined ? decodeHex(hex) : decodeLiteral(literal)))
      .join("")
    runs.push({ text, font, size })
  }
  return runs
}

export const pdfTextLines = (pdf: Buffer): string[] => pdfTextRuns(pdf).map((run) => run.text)

/** Page objects, not the page tree's `/Type /Pages`. */
export const pdfPageCount = (pdf: Buffer) =>
  [...pdf.toString("latin1").matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length
