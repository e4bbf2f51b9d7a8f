import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * axe-core's serious and critical findings on the whole page (colour contrast is one of them), as
 * `rule (impact): targets` lines; `label` (e.g. the route) is put in front of each.
 */
export async function seriousAxeProblems(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}
