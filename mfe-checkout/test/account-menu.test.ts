/**
 * What this remote publishes for the shell's account menu (`account` in its routes.json, from
 * src/pages.ts and its catalogues, as its build writes it): My Orders then My Prescriptions, in English
 * and Hindi. The shell lists these before its own Account and Log Out.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pageOptions } from '@medstore/mf-config'
import { accountMenuEntries, readCatalogues } from '@medstore/mf-config/account-menu'
import { describe, expect, it } from 'vitest'
import { checkoutPages } from '../src/pages.ts'

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

describe("checkout's account menu entries", () => {
  it('are My Orders and My Prescriptions, in every language of its catalogues', () => {
    const { catalogues } = readCatalogues(appDir)
    expect(accountMenuEntries(pageOptions(checkoutPages).accountMenu, catalogues)).toEqual([
      { path: '/my-orders', label: { en: 'My Orders', hi: 'मेरे ऑर्डर' }, order: 10 },
      { path: '/my-prescriptions', label: { en: 'My Prescriptions', hi: 'मेरे पर्चे' }, order: 20 },
    ])
  })
})
