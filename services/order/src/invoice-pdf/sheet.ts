import type PDFDocument from 'pdfkit'
import { hasDevanagari } from './format'

type Doc = InstanceType<typeof PDFDocument>

export type Align = 'left' | 'right' | 'center'
export type TextStyle = { size: number; bold?: boolean; color?: string; align?: Align }

export type Column<Row> = {
  header: string
  width: number
  align?: Align
  cell: (row: Row) => string
}

export const INK = '#1a1a1a'
export const MUTED = '#5b6470'
export const RULE = '#9aa3ad'
export const HEAD_FILL = '#e8eef3'

const CELL_PAD_X = 3
const CELL_PAD_Y = 2.5

/**
 * The drawing the invoice needs on top of pdfkit: text that keeps its characters for copy and search,
 * measured blocks that move to a new page when they do not fit, and tables whose header row is drawn
 * again on every page they continue on. Positions are the caller's; nothing flows on its own, so pdfkit
 * never starts a page in the middle of a cell.
 */
export class Sheet {
  /** Where the next block goes. */
  y: number
  readonly left: number
  readonly width: number
  private readonly bottom: number

  constructor(
    readonly doc: Doc,
    /** Room kept free at the foot of every page for its footer. */
    footerHeight: number,
  ) {
    const { margins, width, height } = doc.page
    this.left = margins.left
    this.width = width - margins.left - margins.right
    this.bottom = height - margins.bottom - footerHeight
    this.y = margins.top
  }

  private font: 'regular' | 'bold' | undefined

  private style(style: TextStyle) {
    const font = style.bold ? 'bold' : 'regular'
    // pdfkit compares a font's tables each time one is chosen by name: only when it changes.
    if (font !== this.font) this.doc.font(font)
    this.font = font
    this.doc.fontSize(style.size).fillColor(style.color ?? INK)
  }

  /** How tall `text` is when wrapped to `width` in this style. */
  measure(text: string, width: number, style: TextStyle): number {
    this.style(style)
    return this.doc.heightOfString(text || ' ', { width, lineGap: 0 })
  }

  /**
   * Draws `text` wrapped to `width` at (x, y) and answers its height. Devanagari is drawn shaped (conjuncts,
   * vowel signs moved before their consonant), so the glyphs' order is not the text's: the text itself goes
   * with them as ActualText, which is what a reader copies, searches and extracts.
   */
  text(text: string, x: number, y: number, width: number, style: TextStyle): number {
    this.style(style)
    const options = { width, align: style.align ?? 'left', lineGap: 0 } as const
    const marked = hasDevanagari(text)
    if (marked) this.doc.markContent('Span', { actual: text })
    this.doc.text(text, x, y, options)
    if (marked) this.doc.endMarkedContent()
    return this.doc.heightOfString(text || ' ', options)
  }

  /** Starts a new page when `height` does not fit below `y`; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false
    this.doc.addPage()
    this.y = this.doc.page.margins.top
    return true
  }

  rule(y: number, x = this.left, width = this.width, color = RULE, lineWidth = 0.6) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke()
  }

  box(x: number, y: number, width: number, height: number, fill?: string) {
    if (fill) this.doc.rect(x, y, width, height).fill(fill)
    this.doc.rect(x, y, width, height).lineWidth(0.6).strokeColor(RULE).stroke()
  }

  /**
   * A table from `y` on: the header row, then each row as tall as its tallest cell (long names wrap in
   * their column), a row that does not fit starting a new page with the header drawn again. `emphasised`
   * rows (totals) are bold on a tinted band. Answers nothing: `y` is left below the last row.
   */
  table<Row>(columns: Column<Row>[], rows: Row[], size: number, emphasised: Row[] = []) {
    const headerStyle: TextStyle = { size, bold: true }
    const headerHeight =
      Math.max(...columns.map((c) => this.measure(c.header, c.width - 2 * CELL_PAD_X, headerStyle))) +
      2 * CELL_PAD_Y
    const drawHeader = () => {
      this.box(this.left, this.y, this.width, headerHeight, HEAD_FILL)
      this.columnLines(columns as Column<unknown>[], this.y, headerHeight)
      let x = this.left
      for (const c of columns) {
        this.text(c.header, x + CELL_PAD_X, this.y + CELL_PAD_Y, c.width - 2 * CELL_PAD_X, {
          ...headerStyle,
          align: c.align,
        })
        x += c.width
      }
      this.y += headerHeight
    }
    const rowHeight = (cells: string[], style: TextStyle) =>
      Math.max(...cells.map((text, i) => this.measure(text, columns[i]!.width - 2 * CELL_PAD_X, style))) +
      2 * CELL_PAD_Y

    this.ensure(
      headerHeight +
        rowHeight(
          columns.map((c) => c.header),
          headerStyle,
        ),
    )
    drawHeader()
    for (const row of [...rows, ...emphasised]) {
      const style: TextStyle = { size, bold: emphasised.includes(row) }
      const cells = columns.map((c) => c.cell(row))
      const height = rowHeight(cells, style)
      if (this.ensure(height)) drawHeader()
      if (style.bold) this.doc.rect(this.left, this.y, this.width, height).fill(HEAD_FILL)
      let x = this.left
      cells.forEach((text, i) => {
        const column = columns[i]!
        this.text(text, x + CELL_PAD_X, this.y + CELL_PAD_Y, column.width - 2 * CELL_PAD_X, {
          ...style,
          align: column.align,
        })
        x += column.width
      })
      this.columnLines(columns as Column<unknown>[], this.y, height)
      this.y += height
      this.rule(this.y)
    }
  }

  /** The table's vertical rules beside and between its cells, for one row. */
  private columnLines(columns: Column<unknown>[], top: number, height: number) {
    let x = this.left
    for (const column of [{ width: 0 }, ...columns]) {
      x += column.width
      this.doc.moveTo(x, top).lineTo(x, top + height)
    }
    this.doc.lineWidth(0.6).strokeColor(RULE).stroke()
  }
}
