/**
 * The page-paint template (src/paint.ts) and its fill (src/paint-fill.ts, the ES5 the shell's index.html
 * runs): slots in text and attributes, lists with a split, hidden elements, the formats the fill knows,
 * and the guards against a paint that would show a stand-in or a computed number.
 */
import { formatRupees } from '@medstore/ui'
import { describe, expect, it } from 'vitest'
import { compilePaint, markFlag, numberSlot, scopeFirstPaintCss, textSlot } from '../src/paint.ts'
import { paintFill, paintTemplate } from '../src/paint-testing.ts'

function fill(html: string, data: unknown): string {
  const fragment = paintTemplate(html)
  expect(paintFill(fragment, data)).toBe(true)
  const box = fragment.ownerDocument.createElement('div')
  box.append(fragment)
  return box.innerHTML
}

describe('compilePaint and the fill', () => {
  it('fills text and attribute slots, encoded ones too, as text', () => {
    const html = `<h1 title="${textSlot('name')}">${textSlot('name')}</h1><a href="/p?id=${encodeURIComponent(textSlot('id'))}">x</a>`
    const template = compilePaint(html)
    expect(fill(template, { name: 'Dabur <Honey> & "Amla"', id: 'a b&c' })).toBe(
      '<h1 title="Dabur <Honey> &amp; &quot;Amla&quot;">Dabur &lt;Honey&gt; &amp; "Amla"</h1><a href="/p?id=a%20b%26c">x</a>',
    )
  })

  it('finds number slots again as the page formatted them', () => {
    const price = numberSlot('price')
    const stock = numberSlot('stock')
    const template = compilePaint(`<p>${formatRupees(price)}</p><input max="${stock}">`, {
      formats: { rupees: formatRupees },
    })
    expect(fill(template, { price: 123456.5, stock: 7 })).toBe('<p>₹1,23,456.50</p><input max="7">')
  })

  it('repeats a list item per answer item, the first ones and the rest from their own templates', () => {
    const item = (index: number, eager: boolean) =>
      `<li><img loading="${eager ? 'eager' : 'lazy'}" src="${textSlot(`items.${index}.src`)}">${textSlot(`items.${index}.name`)}</li>`
    const html = `<h2>Items</h2><ul>${item(0, true)}${item(1, true)}${item(2, false)}</ul><p>after</p>`
    const template = compilePaint(html, { lists: [{ path: 'items', split: 2 }] })
    const items = ['a', 'b', 'c', 'd'].map((name) => ({ name, src: `/${name}.webp` }))
    expect(fill(template, { items })).toBe(
      '<h2>Items</h2><ul><li><img loading="eager" src="/a.webp">a</li><li><img loading="eager" src="/b.webp">b</li>' +
        '<li><img loading="lazy" src="/c.webp">c</li><li><img loading="lazy" src="/d.webp">d</li></ul><p>after</p>',
    )
    expect(fill(template, { items: [] })).toBe('<h2>Items</h2><ul></ul><p>after</p>')
    // An answer without the list: the fill says so and the shell keeps its Loading box.
    expect(paintFill(paintTemplate(template), { message: 'Service unavailable' })).toBe(false)
  })

  it("shows a flag's element only where the answer's flag is true, in lists and on the page", () => {
    const item = (index: number, rx: boolean) =>
      `<li>${rx ? '<span>Rx</span>' : ''}${textSlot(`items.${index}.name`)}</li>`
    const template = compilePaint(`<ul>${item(0, true)}${item(1, false)}</ul>`, {
      lists: [{ path: 'items', flag: 'rx' }],
    })
    const items = [
      { name: 'a', rx: true },
      { name: 'b', rx: false },
      { name: 'c', rx: true },
    ]
    expect(fill(template, { items })).toBe(
      '<ul><li><span>Rx</span>a</li><li>b</li><li><span>Rx</span>c</li></ul>',
    )
    const page = markFlag('<h1>x</h1><p>Needs a prescription</p><p>y</p>', '<h1>x</h1><p>y</p>', 'rx')
    expect(fill(page, { rx: false })).toBe('<h1>x</h1><p>y</p>')
    expect(fill(page, { rx: true })).toBe('<h1>x</h1><p>Needs a prescription</p><p>y</p>')
    // A flag that changes more than one element's presence cannot be painted.
    expect(() => markFlag('<p>a</p><p>b</p>', '<p>c</p>', 'rx')).toThrow(/more than whether one element/)
  })

  it('keeps the room of hidden elements, unseen and loading nothing', () => {
    const template = compilePaint(
      `<button data-paint-hidden="">Add</button><img data-paint-hidden="" style="width:4px" src="${textSlot('image')}">`,
    )
    expect(template).toBe(
      '<button style="visibility:hidden">Add</button><img style="visibility:hidden;width:4px">',
    )
  })

  it('refuses a paint that would show a number computed from its stand-ins, unless hidden', () => {
    const price = numberSlot('line.price')
    expect(() =>
      compilePaint(`<td>${formatRupees(price * 2)}</td>`, { formats: { rupees: formatRupees } }),
    ).toThrow(/computed from its stand-ins/)
    expect(
      compilePaint(`<td data-paint-hidden="">${formatRupees(price * 2)}</td>`, {
        formats: { rupees: formatRupees },
      }),
    ).toBe('<td style="visibility:hidden">₹0</td>')
  })

  it('drops a filled link or source that would be a javascript: URL', () => {
    const template = compilePaint(`<a href="${textSlot('url')}">go</a><img src="${textSlot('url')}">`)
    expect(fill(template, { url: ' javascript:alert(1)' })).toBe('<a>go</a><img>')
  })

  it('writes rupees as the UI kit does, and cuts words as the storefront cards do', () => {
    const amounts = [0, 0.5, 1, 12.5, 99.99, 100, 1234.56, 99999.99, 123456.5, 12345678.9, -5, -0.001, 30.905]
    const template = compilePaint(`<p>${textSlot('n', 'rupees')}</p>`)
    for (const amount of amounts) expect(fill(template, { n: amount })).toBe(`<p>${formatRupees(amount)}</p>`)
    const words = compilePaint(`<p>${textSlot('text', 'words:3')}</p>`)
    expect(fill(words, { text: '  One two,  three four.' })).toBe('<p>One two, three…</p>')
    expect(fill(words, { text: 'Fever, headache; ache' })).toBe('<p>Fever, headache; ache</p>')
    expect(fill(words, { text: 'Relieves fever, headache. More' })).toBe('<p>Relieves fever, headache…</p>')
  })

  it("scopes a paint's class rules to the first paint, inside media queries too, and leaves element rules", () => {
    expect(
      scopeFirstPaintCss(
        'body{margin:0}.a,.b:is(.c, .d){color:red}@media (min-width: 768px){.a{display:none}a{color:blue}}',
      ),
    ).toBe(
      'body{margin:0}#root[data-first-paint] .a,#root[data-first-paint] .b:is(.c, .d){color:red}' +
        '@media (min-width: 768px){#root[data-first-paint] .a{display:none}a{color:blue}}',
    )
  })
})
