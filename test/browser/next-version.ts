import type { RemoteApp } from '@medstore/mf-config/apps'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { type StaticServer, serveStatic } from '../../scripts/serve-static.ts'
import { buildRemoteCopy, type RemoteCopy, type RemoteCopyChanges } from './build-remote-copy.ts'
import { launchChromium } from './chromium.ts'
import { type Shop, startShop } from './shop.ts'

/** What a redeploy test starts from: the shop, a Chromium, and a remote's next version served on its own. */
export interface NextVersion {
  shop: Shop
  browser: Browser
  /** The changed copy of the remote and its build. */
  copy: RemoteCopy
  /** The new build's own address: not in `/remotes.json` until the test moves the remote there. */
  next: StaticServer
}

/**
 * For one test file (call it inside the describe, before the file's own hooks): the shop (no demo catalogue)
 * and a Chromium, while the remote's next version is built from a changed copy (`buildRemoteCopy`) and
 * served; handed to `started`, all closed after the tests.
 */
export function useNextVersionOf(
  app: RemoteApp,
  changes: RemoteCopyChanges,
  started: (running: NextVersion) => void,
): void {
  let running: Partial<NextVersion> = {}
  beforeAll(async () => {
    const [shop, browser, copy] = await Promise.all([
      startShop({ demoCatalogue: false }),
      launchChromium(),
      buildRemoteCopy(app, changes),
    ])
    running = { shop, browser, copy }
    running.next = await serveStatic({
      root: copy.dist,
      port: 0,
      spa: true,
      name: `${app.id}-next`,
      log: () => {},
    })
    started(running as NextVersion)
  }, 300_000)
  afterAll(async () => {
    await running.browser?.close()
    await running.next?.close()
    await running.shop?.close()
    running = {}
  })
}
