/**
 * A remote's entries in the storefront's account menu, published in its `routes.json` (`account`): each
 * page record that declares one names the message holding its text, and the build puts that text in every
 * language of the remote's own catalogues into the entry, so the shell shows it without the remote's code.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { AccountMenuEntry } from '@medstore/remote-contracts'

/** A page's entry in the account menu, as its page record (`PageRecord.account`) declares it. */
export interface AccountMenuDeclaration {
  /** The key of the link's text in the remote's message catalogues (`src/locales/<language>.json`). */
  message: string
  /** Its place in the menu: lower first, among the entries of every remote. */
  order: number
}

/** A remote's catalogues by language code, as its `src/locales/<language>.json` hold them. */
export type Catalogues = Readonly<Record<string, Readonly<Record<string, unknown>>>>

/** Same rule as the catalogue loader: a message with ICU syntax needs formatting, which a menu link has none of. */
const ICU_SYNTAX = /[{}'<#]/

/** The entries of the pages that declare one, their labels in every language of `catalogues`. */
export function accountMenuEntries(
  declared: Readonly<Partial<Record<string, AccountMenuDeclaration>>>,
  catalogues: Catalogues,
): AccountMenuEntry[] {
  if (!catalogues.en)
    throw new Error('account menu: the remote has no English catalogue (src/locales/en.json)')
  return Object.entries(declared).flatMap(([route, entry]) => {
    if (!entry) return []
    if (/[:*]/.test(route)) throw new Error(`account menu: ${route} has parameters; an entry opens one page`)
    const label: Record<string, string> = {}
    for (const [language, messages] of Object.entries(catalogues)) {
      const text = messages[entry.message]
      if (typeof text !== 'string' || !text.trim() || ICU_SYNTAX.test(text)) {
        throw new Error(`account menu: ${route}'s "${entry.message}" is not plain text in ${language}.json`)
      }
      label[language] = text
    }
    return [{ path: route, label, order: entry.order }]
  })
}

/** The catalogues of the remote in `appDir`, and the files they came from (the build's dependencies). */
export function readCatalogues(appDir: string): { catalogues: Catalogues; files: string[] } {
  const dir = path.join(appDir, 'src', 'locales')
  const files = readdirSync(dir)
    .filter((name) => /^[a-z]{2}\.json$/.test(name))
    .map((name) => path.join(dir, name))
  const catalogues = Object.fromEntries(
    files.map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(file, 'utf8'))]),
  )
  return { catalogues, files }
}
