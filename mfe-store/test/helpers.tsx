import type { Product } from '@medstore/contracts/catalogue'
import { signOut, useNotificationStore } from '@medstore/web-client'
import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'

function LocationProbe() {
  const { pathname, search } = useLocation()
  return <div data-testid="location">{`${pathname}${search}`}</div>
}

/** Renders `element` at `url` in a memory router; other paths render a marker. */
export function renderAt(url: string, element: ReactNode, path = new URL(url, 'http://x').pathname) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<h1>Somewhere else</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  )
}

export function resetPage(): void {
  cleanup()
  signOut()
  useNotificationStore.setState({ toasts: [] })
  localStorage.clear()
  sessionStorage.clear()
}

const categories = ['Pain & Fever', 'Ayurvedic', 'Vitamins']

/** `n` products spread over three categories, named so a search can pick some out. */
export function sampleProducts(n: number): Product[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `p${i + 1}`,
    name: i % 2 === 0 ? `Paracetamol ${100 + i} mg Tablet` : `Ashwagandha Churna ${i} g`,
    category: categories[i % 3]!,
    price: 1234.5 + i,
    description: 'one two three four five six seven eight nine ten eleven twelve',
    image: `http://img.test/${i}`,
    thumbnail: `http://img.test/${i}/card`,
    picture: `http://img.test/${i}/large`,
    stock: i === 1 ? 0 : 5,
    requiresPrescription: i === 2,
    schedule: i === 2 ? 'H' : 'OTC',
    composition: i % 2 === 0 ? [{ salt: 'Paracetamol', strength: `${100 + i} mg` }] : [],
    manufacturer: 'Arogya Generics Pvt Ltd',
    pack: i % 2 === 0 ? 'strip of 10 tablets' : `${i} g jar`,
    packUnits: i % 2 === 0 ? 10 : i,
    // Every third at the MRP (no discount shown), the others below it.
    mrp: i % 3 === 0 ? 1234.5 + i : 1400 + i,
    keyIngredients: i % 2 === 0 ? [] : ['Ashwagandha root'],
    hsnCode: '3004',
    gstRate: 5,
  }))
}

/**
 * The catalogue's `GET /product` page answer over `all`, filtered and ranked as the service does: the
 * category's products whose name contains q, then those holding it only as a salt or key ingredient.
 */
export function pageOf(all: Product[], url: string) {
  const params = new URL(url, 'http://x').searchParams
  const q = params.get('q')?.toLowerCase() ?? ''
  const category = params.get('category')
  const page = Number(params.get('page') ?? 1)
  const limit = Number(params.get('limit') ?? 24)
  const inCategory = all.filter((p) => !category || p.category === category)
  const named = inCategory.filter((p) => p.name.toLowerCase().includes(q))
  const byIngredient = inCategory.filter(
    (p) =>
      q &&
      !named.includes(p) &&
      [...p.composition.map((i) => i.salt), ...p.keyIngredients].some((s) => s.toLowerCase().includes(q)),
  )
  const matches = [...named, ...byIngredient]
  const products = matches.slice((page - 1) * limit, page * limit)
  return {
    products,
    total: matches.length,
    totalCapped: false,
    page,
    limit,
    ingredientMatches: products.filter((p) => byIngredient.includes(p)).map((p) => p._id),
  }
}

export const categoryList = categories.map((name, i) => ({ _id: `c${i}`, name }))
