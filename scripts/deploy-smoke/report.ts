// The table `npm run deploy:smoke` ends with: each image's size and build time, each step's result and time.
// Pure (scripts/test/deploy-smoke-report.test.ts).

export interface ImageRow {
  slice: string
  /** Bytes, as `docker image inspect` gives them; undefined when the image was not built. */
  bytes?: number
  /** This slice's `build` alone; the first one also built the stages every slice shares. */
  buildMs?: number
}

export interface StepRow {
  name: string
  ok: boolean
  ms: number
  /** What was seen (an order id, a status); on failure, why. */
  detail: string
}

export const formatSeconds = (ms: number): string =>
  ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${(ms / 1000).toFixed(1)} s`

export const formatMegabytes = (bytes: number): string => `${Math.round(bytes / 1_000_000)} MB`

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`

export function imageTable(images: readonly ImageRow[]): string {
  return [
    row(['image', 'size', 'build']),
    row(['---', '---:', '---:']),
    ...images.map((image) =>
      row([
        image.slice,
        image.bytes === undefined ? '–' : formatMegabytes(image.bytes),
        image.buildMs === undefined ? '–' : formatSeconds(image.buildMs),
      ]),
    ),
  ].join('\n')
}

export function stepTable(steps: readonly StepRow[]): string {
  return [
    row(['step', 'result', 'time', 'seen']),
    row(['---', '---', '---:', '---']),
    ...steps.map((step) =>
      row([step.name, step.ok ? 'passed' : 'FAILED', formatSeconds(step.ms), step.detail]),
    ),
  ].join('\n')
}

/** Steps passed, failed and not reached, as one line. */
export function summary(steps: readonly StepRow[], planned: readonly string[]): string {
  const passed = steps.filter((step) => step.ok).length
  const failed = steps.length - passed
  const notRun = planned.filter((name) => !steps.some((step) => step.name === name))
  return `${passed} passed, ${failed} failed${notRun.length > 0 ? `; not reached: ${notRun.join(', ')}` : ''}`
}
