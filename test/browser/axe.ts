import axe, { type ElementContext } from 'axe-core'
import type { Page } from 'playwright-core'

/** The rule sets the sweeps check: WCAG 2.0 and 2.1 A and AA, and axe's best practices. */
export const WCAG_AND_BEST_PRACTICE = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

export interface AxeCheck {
  /** Only rules with one of these tags (default: every rule axe runs by default). */
  tags?: readonly string[]
  /** Only this part of the page (a CSS selector). */
  include?: string
  /** Not this part of the page (a CSS selector). */
  exclude?: string
}

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  /** Each offending element's selector (frames joined by spaces). */
  targets: string[]
}

/** axe itself, told to answer its parent frame whatever their origins (as @axe-core/playwright does). */
const INJECT = `${axe.source};axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] })`

/**
 * axe-core's violations on the page as it is now. axe is put into every frame of the page and run in the
 * top one, as axe's own "legacy" mode does; only violations are collected (`resultTypes`), not the passes.
 * Not @axe-core/playwright's `analyze()`: it opens a second page for every analysis and injects axe's
 * 560 KB twice, 2–7 s a page on the 2-core CI machine against 0.1–1 s for the same rules here, and the
 * sweeps analyse some 90 pages.
 */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<AxeViolation[]> {
  for (const frame of page.frames()) {
    // A frame that goes away meanwhile (a closing dialog) has nothing left to check.
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true)
    if (!present) await frame.evaluate(INJECT).catch(() => {})
  }
  return page.evaluate(async ({ tags, include, exclude }) => {
    const engine = (window as unknown as { axe: typeof axe }).axe
    const context: ElementContext = include
      ? { include: [include], ...(exclude ? { exclude: [exclude] } : {}) }
      : exclude
        ? { exclude: [exclude] }
        : document
    const results = await engine.run(context, {
      ...(tags ? { runOnly: { type: 'tag', values: [...tags] } } : {}),
      resultTypes: ['violations'],
    })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.flat().join(' ')),
    }))
  }, check)
}

/**
 * axe-core's serious and critical findings on the whole page (colour contrast is one of them), as
 * `rule (impact): targets` lines; `label` (e.g. the route) is put in front of each.
 */
export async function seriousAxeProblems(page: Page, label: string): Promise<string[]> {
  const violations = await axeViolations(page, { tags: WCAG_AND_BEST_PRACTICE })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} (${violation.impact}): ${violation.targets.join(', ')}`)
}
