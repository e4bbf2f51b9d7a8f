/**
 * Page speed: Lighthouse (mobile preset: emulated mid-range phone, simulated slow 4G and 4× CPU
 * slowdown) on `/`, `/products`, a product page and `/checkout`, signed in with one cart line for the
 * last. The front ends are their production builds served as `npm start` serves them; behind them the
 * whole product (bench/lib/product.ts) with the demo catalogue, so pages show real products and images.
 *
 *   npm run bench:pages      (needs Debian's chromium at /usr/bin/chromium: apt-get install -y chromium)
 *
 * Each page's full Lighthouse report goes to bench/results/lighthouse/<page>.json, and the simulated
 * timeline its LCP came from (Lantern's, one line per request and long main-thread task, in simulated
 * ms) to <page>.lcp-timeline.txt: where the LCP's time goes. BENCH_PAGES=product,checkout picks pages
 * (`shops`, /allShop, only when picked). Each page is measured BENCH_PAGE_RUNS times (3; 1 with BENCH_QUICK)
 * and every figure is the median of its runs; the kept report is the median-LCP run's.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { Simulation } from 'lighthouse/core/lib/lantern/lantern.js'
import { chromium } from 'playwright-core'
import { invokedDirectly } from '../scripts/lib/invoked-directly.ts'
import { freePort } from '../scripts/lib/run-built-slice.ts'
import { serveFrontEnds } from './lib/front-ends.ts'
import { call, type RunningProduct, startProduct } from './lib/product.ts'
import { atMost, type BenchRow, info, runAlone } from './lib/report.ts'

const CHROMIUM = '/usr/bin/chromium'
const REPORTS = path.join(import.meta.dirname, 'results', 'lighthouse')
const LCP_MS = 2000
const TBT_MS = 200
const CLS = 0.05

interface PageFigures {
  fcp: number
  lcp: number
  tbt: number
  cls: number
  jsKb: number
  score: number
}

// biome-ignore lint/suspicious/noExplicitAny: the report is read for a few numbers
function figuresOf(lhr: any): PageFigures {
  const requests: { resourceType?: string; transferSize?: number }[] =
    lhr.audits['network-requests']?.details?.items ?? []
  const jsBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0)
  return {
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    jsKb: jsBytes / 1024,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
  }
}

/** Lighthouse runs per page; every figure reported is the median of its runs. */
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? (process.env.BENCH_QUICK === '1' ? 1 : 3))

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

function medianFigures(runs: PageFigures[]): PageFigures {
  const of = (key: keyof PageFigures) => median(runs.map((run) => run[key]))
  return {
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    jsKb: of('jsKb'),
    score: of('score'),
  }
}

const describe = (figures: PageFigures) =>
  `FCP ${figures.fcp.toFixed(0)} ms, LCP ${figures.lcp.toFixed(0)} ms, TBT ${figures.tbt.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)}, JS ${figures.jsKb.toFixed(1)} KB, score ${figures.score}`

/** Lighthouse's LCP is simulated (Lantern); these are the simulations it came from. */
const LCP_SIMULATIONS = ['optimisticLargestContentfulPaint', 'pessimisticLargestContentfulPaint']

/**
 * The last Lighthouse run's LCP simulations as text: each request (start → end, simulated ms) and each
 * main-thread task over 20 ms, in start order.
 */
function lcpTimeline(): string {
  const lines: string[] = []
  for (const label of LCP_SIMULATIONS) {
    const timings = Simulation.Simulator.allNodeTimings.get(label)
    if (!timings) continue
    lines.push(`# ${label}`)
    const rows = [...timings.entries()]
      .map(([node, timing]) => ({ node, start: timing.startTime, end: timing.endTime }))
      .filter(({ node, start, end }) => node.type === 'network' || end - start > 20)
      .sort((a, b) => a.start - b.start)
    for (const { node, start, end } of rows) {
      const what =
        node.type === 'network' ? node.request.url : `main thread (${node.childEvents.length} events)`
      lines.push(`${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)}  ${what}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** A signed-up customer with one cart line: the stored profile the shell reads, as it writes it. */
async function shopperWithCart(product: RunningProduct): Promise<{ profile: string; productId: string }> {
  const listed = await call(product.api, 'GET', '/product?limit=24')
  const productId = listed.body?.products?.[0]?._id
  if (!productId) throw new Error(`no products to show: ${listed.status} ${JSON.stringify(listed.body)}`)
  const suffix = Date.now().toString(36)
  const signedUp = await call(product.api, 'POST', '/auth/sineUp', undefined, {
    firstName: 'Page',
    lastName: 'Speed',
    userName: `pagespeed_${suffix}`,
    email: `pagespeed-${suffix}@medstore.test`,
    phone: '9612345678',
    password: 'page-speed-1',
    cmPassword: 'page-speed-1',
  })
  const { token, userInfo } = signedUp.body ?? {}
  if (!token) throw new Error(`sign-up failed: ${signedUp.status} ${JSON.stringify(signedUp.body)}`)
  const added = await call(product.api, 'POST', '/cart', token, { productId, quantity: 1 })
  if (added.status !== 200) throw new Error(`cart line not added: ${added.status}`)
  return { profile: JSON.stringify({ token, userInfo }), productId }
}

/** Lighthouse on each page of the shop; run alone with `npm run bench:pages`. */
export async function run(): Promise<BenchRow[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (apt-get install -y chromium)`)
  mkdirSync(REPORTS, { recursive: true })
  const shellPort = await freePort()
  const shellOrigins = [`http://localhost:${shellPort}`, `http://127.0.0.1:${shellPort}`]
  const product = await startProduct({
    tag: 'pages',
    envFor: (name, api): Record<string, string> =>
      name === 'gateway'
        ? { CORS_ORIGINS: shellOrigins.join(',') }
        : name === 'catalogue'
          ? { SEED_DEMO_CATALOGUE: 'true', PUBLIC_API_URL: api }
          : {},
  })
  const frontEnds = await serveFrontEnds({ shellPort, apiUrl: product.api }).catch(async (error) => {
    await product.stop()
    throw error
  })
  const profileDir = mkdtempSync(path.join(tmpdir(), 'medstore-lighthouse-'))
  const debuggingPort = await freePort()
  try {
    const { profile, productId } = await shopperWithCart(product)
    // A persistent context is the browser's default one: the pages Lighthouse opens share its storage.
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', `--remote-debugging-port=${debuggingPort}`],
    })
    const rows: BenchRow[] = []
    try {
      const shop = frontEnds.shell.url
      const pages = [
        { name: 'home', url: `${shop}/`, signedIn: false },
        { name: 'products', url: `${shop}/products`, signedIn: false },
        { name: 'product', url: `${shop}/productDetails?productId=${productId}`, signedIn: false },
        { name: 'checkout', url: `${shop}/checkout`, signedIn: true },
        // Only when picked (BENCH_PAGES=shops): a remote page without a paint of its own, for what waiting
        // on its routes.json before the app's code starts costs.
        { name: 'shops', url: `${shop}/allShop`, signedIn: false, onlyPicked: true },
      ]
      const picked = process.env.BENCH_PAGES?.split(',')
      const page = context.pages()[0] ?? (await context.newPage())
      const chosen = pages.filter(({ name, onlyPicked }) => (picked ? picked.includes(name) : !onlyPicked))
      for (const target of chosen) {
        // One Lighthouse run's TBT varies by a factor of 3 on a 2-core machine (each task's time is scaled
        // by 4): each page is measured PAGE_RUNS times and every figure is the median of its runs.
        const runs: { figures: PageFigures; lhr: unknown; timeline: string }[] = []
        for (let run = 0; run < PAGE_RUNS; run += 1) {
          if (target.signedIn) {
            await page.goto(`${shop}/`)
            await page.evaluate((stored) => localStorage.setItem('profile', stored), profile)
            const cdp = await context.newCDPSession(page)
            await cdp.send('Network.clearBrowserCache')
            await page.goto('about:blank')
          }
          const result = await lighthouse(target.url, {
            port: debuggingPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            // Storage (and so the signed-in profile) is kept for the signed-in page; its cache was cleared.
            disableStorageReset: target.signedIn,
          })
          if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`)
          runs.push({ figures: figuresOf(result.lhr), lhr: result.lhr, timeline: lcpTimeline() })
          console.log(
            `${target.name.padEnd(9)} run ${run + 1}: ${describe(runs.at(-1)?.figures as PageFigures)}`,
          )
        }
        const figures = medianFigures(runs.map((run) => run.figures))
        // The report and timeline kept are those of the run whose LCP is the median.
        const kept = runs.find((run) => run.figures.lcp === figures.lcp) ?? (runs[0] as (typeof runs)[number])
        writeFileSync(path.join(REPORTS, `${target.name}.json`), JSON.stringify(kept.lhr))
        writeFileSync(path.join(REPORTS, `${target.name}.lcp-timeline.txt`), kept.timeline)
        console.log(`${target.name.padEnd(9)} median: ${describe(figures)}`)
        const where = `${target.name === 'product' ? 'product page' : new URL(target.url).pathname}`
        rows.push(
          info(`${where} FCP (mobile)`, figures.fcp, 'ms'),
          atMost(`${where} LCP (mobile)`, figures.lcp, 'ms', LCP_MS),
          atMost(`${where} TBT (mobile)`, figures.tbt, 'ms', TBT_MS),
          atMost(`${where} CLS`, figures.cls, '', CLS),
          info(`${where} JavaScript transferred`, figures.jsKb, 'KB'),
          info(`${where} Lighthouse performance score`, figures.score, '/ 100'),
        )
      }
    } finally {
      await context.close()
    }
    return rows
  } finally {
    await frontEnds.close()
    await product.stop()
    rmSync(profileDir, { recursive: true, force: true })
  }
}

if (invokedDirectly(import.meta.url)) await runAlone('page speed', run)
