/** Characters beyond Latin-1 that the WinAnsi encoding of PDF's standard fonts still has (0x80–0x9F). */
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ")

/**
 * Text the built-in Helvetica can show. pdfkit writes any other character as its low bytes, which prints
 * as unrelated glyphs (漢 would come out as `o"`); a visible "?" is honest. Line breaks and tabs become
 * spaces because the table lays text out itself.
 */
export function winAnsiText(text: string): string {
  let shown = ""
  for (const char of text.normalize("NFC").replace(/\s+/g, " ")) {
    const code = char.codePointAt(0)!
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
    shown += printable || WIN_ANSI_EXTRAS.has(char) ? char : "?"
  }
  return shown
}
