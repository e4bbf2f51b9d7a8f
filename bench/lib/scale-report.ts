/**
 * The scale bench's results: each row's figure at each data size, kept in bench/results/scale.json (a run
 * at one size adds to the others), printed as one markdown table and drawn as one SVG chart of how each
 * row's cost grows with the data, relative to the smallest size.
 */

/** A row of the issue's table: what is measured, its unit and target, and whether more is better. */
export type ScaleRowSpec = {
  id: string
  figure: string
  unit: string
  /** Absent for a figure that only informs (the CPU per request the chart draws). */
  target?: string
  /** Whether a figure meets the target. */
  met?: (value: number) => boolean
  /** Throughput: higher is better, so its cost is the inverse. */
  higherIsBetter?: boolean
  /** Drawn in the chart: a cost that does not depend on how busy the machine is. */
  chart?: boolean
}

/** size (products = orders) → row id → figure; a row absent at a size was not measured there. */
export type ScaleResults = {
  machine: string
  sizes: Record<string, { when: string; load: string; figures: Record<string, number>; notes?: string[] }>
}

const fmt = (value: number) =>
  Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2)
const sizeLabel = (size: number) =>
  size >= 1_000_000 ? `${size / 1_000_000}M` : size >= 1_000 ? `${size / 1_000}k` : String(size)

/** figure | target | one column per size | met at the largest measured size. */
export function scaleTable(rows: readonly ScaleRowSpec[], results: ScaleResults): string {
  const sizes = Object.keys(results.sizes)
    .map(Number)
    .sort((a, b) => a - b)
  const lines = [
    `| figure | target | ${sizes.map((s) => `${sizeLabel(s)}`).join(' | ')} | met at largest? |`,
    `|---|---|${sizes.map(() => '---|').join('')}---|`,
  ]
  for (const row of rows) {
    const values = sizes.map((s) => results.sizes[String(s)]!.figures[row.id])
    const cells = values.map((v) =>
      v === undefined || !Number.isFinite(v) ? 'not measured' : `${fmt(v)} ${row.unit}`,
    )
    const last = [...values].reverse().find((v) => v !== undefined && Number.isFinite(v))
    const met = last === undefined || !row.met ? '' : row.met(last) ? 'yes' : '**no**'
    const target = row.target ? `${row.target} ${row.unit}` : ''
    lines.push(`| ${row.figure} | ${target} | ${cells.join(' | ')} | ${met} |`)
  }
  return lines.join('\n')
}

const COLOURS = [
  '#1b6ca8',
  '#c0392b',
  '#27ae60',
  '#8e44ad',
  '#d35400',
  '#16a085',
  '#2c3e50',
  '#b7950b',
  '#7f8c8d',
  '#e84393',
  '#0984e3',
]

/**
 * Each charted row's cost at each size divided by its cost at the smallest size (cost = the figure, or its
 * inverse for throughput), on log–log axes: a flat line costs the same at any size, the dashed line
 * grows as log(n), the dotted one as n.
 */
export function scaleChart(allRows: readonly ScaleRowSpec[], results: ScaleResults): string {
  const rows = allRows.filter((row) => row.chart)
  const sizes = Object.keys(results.sizes)
    .map(Number)
    .sort((a, b) => a - b)
  const W = 860
  const H = 480
  const left = 70
  const right = 300
  const top = 30
  const bottom = 50
  const plotW = W - left - right
  const plotH = H - top - bottom
  const minX = Math.log10(sizes[0] ?? 1)
  const maxX = Math.log10(sizes.at(-1) ?? 10)
  const spanX = Math.max(1, maxX - minX)
  const maxRatio = 100
  const x = (size: number) => left + ((Math.log10(size) - minX) / spanX) * plotW
  const y = (ratio: number) =>
    top +
    plotH -
    ((Math.log10(Math.min(maxRatio, Math.max(0.1, ratio))) + 1) / (Math.log10(maxRatio) + 1)) * plotH
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12" role="img" aria-labelledby="title">`,
    '<title id="title">How the cost of each figure of the scale bench grows with the data</title>',
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="14">CPU per request (service + its PostgreSQL) at each size ÷ at ${sizeLabel(sizes[0] ?? 0)} (log–log)</text>`,
  ]
  for (const ratio of [0.1, 0.3, 1, 3, 10, 30, 100]) {
    out.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${y(ratio)}" y2="${y(ratio)}" stroke="#ddd"/>`,
      `<text x="${left - 8}" y="${y(ratio) + 4}" text-anchor="end">${ratio}×</text>`,
    )
  }
  for (const size of sizes)
    out.push(
      `<line x1="${x(size)}" x2="${x(size)}" y1="${top}" y2="${top + plotH}" stroke="#ddd"/>`,
      `<text x="${x(size)}" y="${top + plotH + 18}" text-anchor="middle">${sizeLabel(size)}</text>`,
    )
  out.push(`<text x="${left + plotW / 2}" y="${H - 10}" text-anchor="middle">products = orders</text>`)
  if (sizes.length > 1) {
    const first = sizes[0]!
    const guide = (f: (size: number) => number, dash: string, label: string) => {
      const points = sizes.map((s) => `${x(s)},${y(f(s))}`).join(' ')
      out.push(`<polyline points="${points}" fill="none" stroke="#999" stroke-dasharray="${dash}"/>`)
      out.push(`<text x="${x(sizes.at(-1)!) + 4}" y="${y(f(sizes.at(-1)!)) + 4}" fill="#999">${label}</text>`)
    }
    guide((s) => Math.log(s) / Math.log(first), '6 4', 'log n')
    guide((s) => s / first, '2 3', 'n')
  }
  rows.forEach((row, i) => {
    const colour = COLOURS[i % COLOURS.length]!
    const measured = sizes.filter((s) =>
      Number.isFinite(results.sizes[String(s)]!.figures[row.id] ?? Number.NaN),
    )
    const base = measured[0] && results.sizes[String(measured[0])]!.figures[row.id]!
    if (base) {
      const cost = (s: number) => {
        const v = results.sizes[String(s)]!.figures[row.id]!
        return row.higherIsBetter ? base / v : v / base
      }
      const points = measured.map((s) => `${x(s)},${y(cost(s))}`).join(' ')
      out.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>`)
      for (const s of measured) out.push(`<circle cx="${x(s)}" cy="${y(cost(s))}" r="3" fill="${colour}"/>`)
    }
    const ly = top + 10 + i * 18
    out.push(
      `<rect x="${W - right + 40}" y="${ly - 9}" width="12" height="12" fill="${colour}"/>`,
      `<text x="${W - right + 58}" y="${ly + 1}">${escapeXml(row.figure.split(':')[0]!)}${base ? '' : ' (not measured)'}</text>`,
    )
  })
  out.push('</svg>')
  return `${out.join('\n')}\n`
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
