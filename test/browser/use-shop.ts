import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './chromium.ts'
import { type Shop, type ShopOptions, startShop } from './shop.ts'

/** Starting the shop builds and serves the front ends and starts every service: minutes on a cold machine. */
const START_TIMEOUT_MS = 300_000

export type ShopInBrowser = { shop: Shop; browser: Browser }

/**
 * The whole shop and a Chromium for one test file: started before its tests (vitest's beforeAll: call it
 * inside the describe, before the file's own hooks) and handed to `started`, closed after the tests.
 */
export function useShopInBrowser(started: (running: ShopInBrowser) => void, options: ShopOptions = {}): void {
  let running: Partial<ShopInBrowser> = {}
  beforeAll(async () => {
    running.shop = await startShop(options)
    running.browser = await launchChromium()
    started(running as ShopInBrowser)
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await running.browser?.close()
    await running.shop?.close()
    running = {}
  })
}
