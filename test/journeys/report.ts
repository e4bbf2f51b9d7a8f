/**
 * Makes a red run easy to read: a step that fails says which step it was, where each page was, the
 * screenshot saved of it, and the errors its console showed.
 */
import { saveScreenshot, type TestPage } from '../browser/index.ts'

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)

async function describePage(page: TestPage, step: string, index: number): Promise<string> {
  if (page.isClosed()) return `  page ${index + 1}: closed`
  const shot = await saveScreenshot(page, `failed-${slug(step)}-${index + 1}`).catch(
    (error: Error) => `(no screenshot: ${error.message})`,
  )
  const problems = page.problems.length ? page.problems.map((p) => `\n      ${p}`).join('') : ' none'
  return `  page ${index + 1}: ${page.url()}\n    screenshot: ${shot}\n    console and page errors:${problems}`
}

/** Runs one step; on failure rethrows with the step's name and what each of `pages` showed. */
export async function step<T>(name: string, pages: TestPage[], run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const shown = await Promise.all(pages.map((page, index) => describePage(page, name, index)))
    const reason = error instanceof Error ? error.message : String(error)
    const report = new Error(`step "${name}" failed: ${reason}\n${shown.join('\n')}`, { cause: error })
    // Printed too: vitest shortens long messages in its summary.
    console.error(report.message)
    throw report
  }
}
