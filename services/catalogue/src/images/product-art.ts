/**
 * Artwork for products and shops that have no photo: an SVG drawn from the product's form (tablet,
 * capsule, syrup, ...) in its category's colours, with its name. Made locally, never downloaded; the
 * images module renders it to PNG/WebP.
 */
export type ProductForm = 'tablet' | 'capsule' | 'syrup' | 'powder' | 'cream' | 'oil' | 'drops' | 'leaf'
export type Palette = { background: string; accent: string; ink: string }

const PALETTES: Palette[] = [
  { background: '#e8f5e9', accent: '#2e7d32', ink: '#1b5e20' },
  { background: '#e3f2fd', accent: '#1565c0', ink: '#0d47a1' },
  { background: '#fff3e0', accent: '#ef6c00', ink: '#bf360c' },
  { background: '#fce4ec', accent: '#c2185b', ink: '#880e4f' },
  { background: '#ede7f6', accent: '#5e35b1', ink: '#311b92' },
  { background: '#e0f7fa', accent: '#00838f', ink: '#004d40' },
  { background: '#fffde7', accent: '#f9a825', ink: '#6d4c00' },
  { background: '#efebe9', accent: '#6d4c41', ink: '#3e2723' },
  { background: '#f1f8e9', accent: '#558b2f', ink: '#33691e' },
  { background: '#e8eaf6', accent: '#3949ab', ink: '#1a237e' },
]

/** The same name always gets the same palette, so a category keeps one colour. */
export function paletteFor(name: string): Palette {
  let hash = 0
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return PALETTES[hash % PALETTES.length]!
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Splits a name into at most two lines of at most `width` characters; what does not fit ends in "…". */
export function labelLines(text: string, width = 16): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (!line || candidate.length <= width) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  const cut = (l: string) => (l.length > width ? `${l.slice(0, width - 1)}…` : l)
  if (lines.length > 2) return [cut(lines[0]!), `${lines[1]!.slice(0, width - 1)}…`]
  return lines.map(cut)
}

function shape(form: ProductForm, p: Palette): string {
  switch (form) {
    case 'tablet':
      return `<circle cx="300" cy="230" r="120" fill="#fff" stroke="${p.accent}" stroke-width="14"/>
<line x1="200" y1="230" x2="400" y2="230" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`
    case 'capsule':
      return `<g transform="rotate(-30 300 230)"><rect x="150" y="170" width="300" height="120" rx="60" fill="#fff"/>
<path d="M210 170 h90 v120 h-90 a60 60 0 0 1 0 -120z" fill="${p.accent}"/></g>`
    case 'syrup':
      return `<rect x="250" y="90" width="100" height="40" rx="8" fill="${p.ink}"/>
<path d="M240 130 h120 v40 q60 20 60 80 v110 q0 20 -20 20 h-200 q-20 0 -20 -20 v-110 q0 -60 60 -80z" fill="${p.accent}"/>
<rect x="215" y="220" width="170" height="90" rx="10" fill="#fff"/>`
    case 'powder':
      return `<rect x="200" y="110" width="200" height="50" rx="10" fill="${p.ink}"/>
<rect x="185" y="160" width="230" height="210" rx="24" fill="${p.accent}"/>
<rect x="210" y="210" width="180" height="100" rx="10" fill="#fff"/>`
    case 'cream':
      return `<g transform="rotate(-20 300 240)"><path d="M170 180 h240 l30 120 h-300z" fill="${p.accent}"/>
<rect x="150" y="300" width="300" height="30" rx="6" fill="${p.ink}"/><rect x="200" y="200" width="180" height="70" rx="8" fill="#fff"/></g>`
    case 'oil':
      return `<rect x="270" y="80" width="60" height="50" rx="6" fill="${p.ink}"/>
<path d="M260 130 h80 v30 q70 30 70 110 v80 q0 20 -20 20 h-180 q-20 0 -20 -20 v-80 q0 -80 70 -110z" fill="${p.accent}"/>
<ellipse cx="300" cy="280" rx="70" ry="45" fill="#fff"/>`
    case 'drops':
      return `<rect x="275" y="70" width="50" height="70" rx="20" fill="${p.ink}"/>
<rect x="245" y="140" width="110" height="220" rx="22" fill="${p.accent}"/>
<rect x="260" y="210" width="80" height="90" rx="8" fill="#fff"/>`
    case 'leaf':
      return `<path d="M300 90 C430 150 430 310 300 380 C170 310 170 150 300 90z" fill="${p.accent}"/>
<path d="M300 110 L300 370" stroke="#fff" stroke-width="8"/>
<path d="M300 180 L360 150 M300 240 L370 205 M300 300 L355 275 M300 180 L240 150 M300 240 L230 205 M300 300 L245 275" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`
  }
}

/** A square product picture: the form drawn large, the name below. */
export function productSvg(name: string, form: ProductForm, palette: Palette, size = 600): string {
  const lines = labelLines(name)
  const text = lines
    .map(
      (line, i) =>
        `<text x="300" y="${lines.length === 1 ? 490 : 465 + i * 62}" font-family="DejaVu Sans, sans-serif" font-size="50" font-weight="700" text-anchor="middle" fill="${palette.ink}">${escapeXml(line)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
<rect width="600" height="600" fill="${palette.background}"/>
<circle cx="300" cy="230" r="175" fill="${palette.accent}" opacity="0.12"/>
${shape(form, palette)}${text}</svg>`
}

/** A shop logo: its initials in a roundel. */
export function logoSvg(name: string, palette: Palette): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<circle cx="120" cy="120" r="116" fill="${palette.accent}"/><circle cx="120" cy="120" r="100" fill="none" stroke="#fff" stroke-width="4"/>
<text x="120" y="145" font-family="DejaVu Sans, sans-serif" font-size="72" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(initials)}</text></svg>`
}

/** A shop banner: its name and city over a band of pills. */
export function bannerSvg(name: string, city: string, palette: Palette): string {
  const pills = Array.from({ length: 9 }, (_, i) => {
    const x = 60 + i * 130
    return `<g transform="rotate(${(i % 3) * 25 - 25} ${x} 330)"><rect x="${x - 40}" y="310" width="80" height="36" rx="18" fill="#fff" opacity="0.5"/></g>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
<rect width="1200" height="400" fill="${palette.accent}"/>${pills}
<text x="60" y="170" font-family="DejaVu Sans, sans-serif" font-size="72" font-weight="700" fill="#fff">${escapeXml(name)}</text>
<text x="60" y="240" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#fff">${escapeXml(city)}</text></svg>`
}

/** Guesses what to draw from a product's name. */
export function formFromName(name: string): ProductForm {
  const n = name.toLowerCase()
  if (/capsule|softgel/.test(n)) return 'capsule'
  if (/syrup|juice|tonic|arishta|asava|liquid|lotion|shampoo|gel\b.*ml|suspension/.test(n)) return 'syrup'
  if (/churna|powder|granule|sachet|ors\b|husk|prash/.test(n)) return 'powder'
  if (/cream|ointment|gel|balm|paste/.test(n)) return 'cream'
  if (/oil|taila|tailam/.test(n)) return 'oil'
  if (/drops|spray|solution/.test(n)) return 'drops'
  if (/tea|leaf|leaves|herb/.test(n)) return 'leaf'
  return 'tablet'
}
