import type { Category } from '@medstore/contracts/catalogue'
import { catalogueApi } from '@medstore/contracts/endpoints'
import { api, links } from '@medstore/web-client'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { useT } from '../i18n.ts'

type Categories = { state: 'idle' | 'loading' | 'error' } | { state: 'ready'; items: Category[] }

/**
 * The mobile menu's 'Medicine' entry: it opens the category list (loaded on first opening), each
 * category leading to its medicines, after an 'All medicines' entry.
 */
export function MedicineMenuItem() {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [categories, setCategories] = useState<Categories>({ state: 'idle' })
  const listId = useId()

  const load = () => {
    setCategories({ state: 'loading' })
    api.call(catalogueApi.categories, { quiet: true }).then(
      (items) => setCategories({ state: 'ready', items }),
      () => setCategories({ state: 'error' }),
    )
  }
  const toggle = () => {
    if (!open && (categories.state === 'idle' || categories.state === 'error')) load()
    setOpen(!open)
  }

  return (
    <li>
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={toggle}>
        {t('menu.medicine')} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <ul id={listId} hidden={!open} aria-busy={categories.state === 'loading'}>
        <li>
          <Link to="/products">{t('menu.allMedicines')}</Link>
        </li>
        {categories.state === 'loading' ? <li role="status">{t('menu.loading')}</li> : null}
        {categories.state === 'error' ? (
          <li>
            <span role="alert">{t('menu.failed')} </span>
            <button type="button" onClick={load}>
              {t('menu.retry')}
            </button>
          </li>
        ) : null}
        {categories.state === 'ready' && categories.items.length === 0 ? <li>{t('menu.none')}</li> : null}
        {categories.state === 'ready'
          ? categories.items.map((category) => (
              <li key={category._id}>
                <Link to={links.category(category.name)}>{category.name}</Link>
              </li>
            ))
          : null}
      </ul>
    </li>
  )
}
