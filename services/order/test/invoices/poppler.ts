import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * What a person and a reader see of a PDF, through Debian's poppler-utils (installed by .ci/run): its
 * text as pdftotext extracts it, its fonts as pdffonts lists them, a page as pdftoppm draws it.
 */
function withFile<T>(pdf: Uint8Array, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'))
  try {
    const file = path.join(dir, 'invoice.pdf')
    writeFileSync(file, pdf)
    return use(file, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const run = (tool: string, args: string[]) => {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`${tool} is missing: apt-get install poppler-utils (.ci/run installs it)`)
    throw error
  }
}

/** The text in reading order (-raw: as drawn, one line per line), pages separated by form feeds. */
export const pdfText = (pdf: Uint8Array, pages?: { first: number; last: number }): string =>
  withFile(pdf, (file) =>
    run('pdftotext', [
      '-raw',
      '-enc',
      'UTF-8',
      ...(pages ? ['-f', String(pages.first), '-l', String(pages.last)] : []),
      file,
      '-',
    ]),
  )

export type PdfFont = { name: string; type: string; embedded: boolean }

/** Every font the document uses, as pdffonts lists it. */
export const pdfFonts = (pdf: Uint8Array): PdfFont[] =>
  withFile(pdf, (file) =>
    run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const cells = line.trim().split(/\s+/)
        // name, type (one or more words), encoding, emb, sub, uni, object, id
        return { name: cells[0]!, type: cells.slice(1, -6).join(' '), embedded: cells.at(-5) === 'yes' }
      }),
  )

/** How many pages the document has. */
export const pdfPageCount = (pdf: Uint8Array): number =>
  withFile(pdf, (file) => Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))?.[1]))

/** Page `page` drawn at 100 dpi, saved as `png` for people to look at; answers its bytes. */
export const pdfPagePng = (pdf: Uint8Array, page: number, png: string): Buffer =>
  withFile(pdf, (file, dir) => {
    run('pdftoppm', [
      '-r',
      '100',
      '-png',
      '-singlefile',
      '-f',
      String(page),
      '-l',
      String(page),
      file,
      path.join(dir, 'page'),
    ])
    mkdirSync(path.dirname(png), { recursive: true })
    copyFileSync(path.join(dir, 'page.png'), png)
    return readFileSync(png)
  })
