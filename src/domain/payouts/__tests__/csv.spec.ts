import { csvCell, toCsv } from "../csv"

describe("csvCell", () => {
  it("writes plain text and numbers as they are, and null as an empty cell", () => {
    expect(csvCell("TRF-1")).toBe("TRF-1")
    expect(csvCell("1219.56")).toBe("1219.56")
    expect(csvCell(null)).toBe("")
    expect(csvCell(undefined)).toBe("")
  })

  it("quotes a value with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvCell("Pillow, king")).toBe('"Pillow, king"')
    expect(csvCell('12" pillow, "soft"')).toBe('"12"" pillow, ""soft"""')
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"')
  })

  it.each(['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])(
    "keeps a spreadsheet from running %j as a formula",
    (value) => {
      const cell = csvCell(value)
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell
      expect(unquoted).toBe(`'${value}`)
    }
  )

  it("leaves a negative amount a number", () => {
    expect(csvCell("-100.00")).toBe("-100.00")
    expect(csvCell(-100)).toBe("-100")
  })
})

describe("toCsv", () => {
  it("writes the header, then each row, every line ended by CRLF", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", null],
          ["x,y", "=1"],
        ]
      )
    ).toBe('a,b\r\n1,\r\n"x,y",\'=1\r\n')
  })
})
