/**
 * Debian's Chromium driven by playwright-core, with the flags this closed network needs, plus what every
 * browser test wants: pages with an optional signed-in profile and a viewport width, page errors
 * collected, and screenshots saved under test-results/screenshots/ for people to look at.
 */
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot } from '@medstore/mf-config/apps'
import { type Browser, chromium, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots')

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** What sign-in stores under the local-storage key `profile`. */
export interface StoredProfile {
  token: string
  userInfo: { id: string; name: string; email: string; userName: string; isAdmin: boolean }
  /** What renews the access token (the web client keeps it in the stored profile). */
  refreshToken?: string
}

export interface PageOptions {
  /** Signed in already, as if from an earlier visit (written once, before the first script runs). */
  profile?: StoredProfile
  /** Viewport width in CSS pixels (default 1280); height 800, or 740 below 500 px. */
  width?: number
  /** The browser's language (`navigator.languages`, Accept-Language), e.g. `hi-IN`; Chromium's default otherwise. */
  locale?: string
}

export interface TestPage extends Page {
  /** Uncaught errors and console errors seen so far. */
  problems: string[]
}

export async function openPage(browser: Browser, url: string, options: PageOptions = {}): Promise<TestPage> {
  const width = options.width ?? 1280
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 740 : 800 },
    ...(options.locale ? { locale: options.locale } : {}),
  })
  if (options.profile) {
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('profile', value)
        sessionStorage.setItem('seeded', '1')
      }
    }, JSON.stringify(options.profile))
  }
  const page = (await context.newPage()) as TestPage
  page.problems = []
  page.on('pageerror', (error) => page.problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') page.problems.push(`console: ${message.text()}`)
  })
  // The browser may be closing already (afterAll): then the context is gone too, which is fine.
  page.on('close', () => context.close().catch(() => {}))
  // Every load of the shop first shows index.html's painted frame (shell/src/firstPaint), whose buttons do
  // nothing yet: tests act on the app, once React has replaced that paint.
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await appTookOver(page)
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await appTookOver(page)
    return response
  }
  await page.goto(url)
  return page
}

/** Resolves once no first paint waits to be replaced by the app (at once on any other page). */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root[data-first-paint]'), undefined, {
    timeout: 30_000,
  })
}

/** Saves a full-page screenshot as test-results/screenshots/<name>-<width>.png; returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const width = page.viewportSize()?.width ?? 0
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

/** Pixels the page is wider than its viewport (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/** Elements inside <main> that scroll sideways (content wider than their box), by tag and class. */
export function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX),
      )
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  )
}
