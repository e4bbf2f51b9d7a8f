import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, seriousAxeProblems } from './axe.ts'
import { hasChromium, launchChromium } from './chromium.ts'

/** A page with one known problem in each part: a picture without a text, grey text on white, in a frame too. */
const PAGE = `<!doctype html><html lang="en"><head><title>axe harness</title></head><body><main>
  <h1>Harness</h1>
  <div id="pictures"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"></div>
  <div id="faint"><p style="color:#ddd;background:#fff">Hardly readable</p></div>
  <iframe title="inner" srcdoc="<!doctype html><html lang='en'><body><main><img id='framed' src='data:image/gif;base64,R0lGODlhAQABAAAAACw='></main></body></html>"></iframe>
</main></body></html>`

describe.skipIf(!hasChromium)('the harness axe check', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => browser?.close())

  const open = async () => {
    const page = await browser.newPage()
    await page.setContent(PAGE)
    await page.frameLocator('iframe').locator('#framed').waitFor({ state: 'attached' })
    return page
  }

  it('finds serious problems on the page and inside its frames, each with its element', async () => {
    const page = await open()
    const problems = await seriousAxeProblems(page, 'harness')
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^harness: image-alt \(critical\): img, iframe #framed$/),
        expect.stringMatching(/^harness: color-contrast \(serious\): p$/),
      ]),
    )
    await page.close()
  })

  it('checks only the part asked for, and leaves out the part excluded', async () => {
    const page = await open()
    const ids = async (check: Parameters<typeof axeViolations>[1]) =>
      (await axeViolations(page, check)).map((violation) => violation.id)
    expect(await ids({ include: '#faint' })).toEqual(['color-contrast'])
    expect(await ids({ exclude: '#faint' })).not.toContain('color-contrast')
    expect(await ids({ exclude: '#faint' })).toContain('image-alt')
    expect(await ids({ include: '#pictures', tags: ['wcag2aa'] })).toEqual([])
    await page.close()
  })
})
