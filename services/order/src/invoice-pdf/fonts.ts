import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'

const require = createRequire(import.meta.url)

/** The invoice's typeface, regular and bold, parsed. */
export type InvoiceFonts = { regular: Font; bold: Font }

/** The PostScript name the PDF embeds (a subset of it): what a test looks for with pdffonts. */
export const INVOICE_FONT_NAME = 'NotoSansDevanagari'

function parse(path: string): Font {
  const font = create(readFileSync(path))
  if (!('layout' in font)) throw new Error(`${path} is a font collection, not one font`)
  return font
}

let fonts: InvoiceFonts | undefined

/**
 * Noto Sans Devanagari (SIL Open Font License 1.1), from the npm package
 * `@expo-google-fonts/noto-sans-devanagari`: one family that has Latin, Devanagari (customers' names and
 * addresses in Hindi) and the rupee sign, installed with the service and so carried by its image — never a
 * system font, which a slim image does not have and which would make the invoice depend on the machine.
 *
 * Parsed once per process and shared by every document: fontkit decodes a font's tables lazily and keeps
 * them, and decoding the Devanagari shaping tables again for each PDF was most of a render's time. A
 * service whose font package is missing fails at start (service.ts), not at the first download.
 */
export function invoiceFonts(): InvoiceFonts {
  // Literal paths: docker/prune-deps.mjs keeps the packages a bundle names in require.resolve().
  fonts ??= {
    regular: parse(
      require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
    ),
    bold: parse(
      require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
    ),
  }
  return fonts
}
