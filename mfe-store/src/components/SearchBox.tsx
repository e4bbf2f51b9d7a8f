import type { Product, ProductPage } from '@medstore/contracts/catalogue'
import { HeroSearchBox, Price, theme } from '@medstore/ui'
import { apiImage, links } from '@medstore/web-client'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import { storeApi } from '../data/api.ts'
import { useDebounced } from '../data/useDebounced.ts'
import { ingredientsLine } from '../domain/catalogue.ts'
import { moveActive, SUGGEST_DEBOUNCE_MS, SUGGEST_LIMIT, SUGGEST_MIN_CHARS } from '../domain/suggestions.ts'
import { useT } from '../i18n.ts'

const List = styled.div`
  position: absolute;
  z-index: 20;
  top: calc(100% + 6px);
  right: 0;
  left: 0;
  max-height: min(60vh, 420px);
  margin: 0;
  padding: 6px 0;
  overflow-y: auto;
  border: 1px solid ${theme.color.border};
  border-radius: 12px;
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};
  list-style: none;

  [role='option'],
  .note {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 8px 14px;
    cursor: pointer;
  }

  [aria-selected='true'],
  [role='option']:hover {
    background: ${theme.color.brandLight};
  }

  img {
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: 6px;
    object-fit: contain;
    background: ${theme.color.brandLighter};
  }

  .name {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  .category,
  .ingredients {
    display: block;
    font-size: 0.75rem;
    color: ${theme.color.subtle};
  }

  .ingredients {
    color: ${theme.color.text};
  }

  .note {
    color: ${theme.color.muted};
    cursor: default;
  }
`

type Suggestions =
  | { status: 'idle' | 'loading' }
  | { status: 'done'; products: Product[]; ingredientMatches: readonly string[] }
  | { status: 'error' }

/**
 * The hero's medicine search: a combobox whose listbox suggests products as you type (the catalogue's
 * `?q=` search of names, salts and key ingredients, which forgives a typing slip; a product found by an
 * ingredient shows what it contains), debounced, with stale answers aborted. Arrows move,
 * Enter or a click opens the product, Escape closes the list (and clears the box when already closed).
 */
export function SearchBox() {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [suggestions, setSuggestions] = useState<Suggestions>({ status: 'idle' })
  const term = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS)

  useEffect(() => {
    if (term.length < SUGGEST_MIN_CHARS) {
      setSuggestions({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setSuggestions((prev) => (prev.status === 'done' ? prev : { status: 'loading' }))
    storeApi.products({ q: term, page: 1, limit: SUGGEST_LIMIT }, controller.signal).then(
      (page: ProductPage) => {
        if (controller.signal.aborted) return
        setSuggestions({
          status: 'done',
          products: page.products,
          ingredientMatches: page.ingredientMatches ?? [],
        })
        setActive(-1)
      },
      () => {
        if (!controller.signal.aborted) setSuggestions({ status: 'error' })
      },
    )
    return () => controller.abort()
  }, [term])

  const products =
    suggestions.status === 'done' && text.trim().length >= SUGGEST_MIN_CHARS ? suggestions.products : []
  const byIngredient = (product: Product) =>
    suggestions.status === 'done' && suggestions.ingredientMatches.includes(product._id)
  const showList = open && text.trim().length >= SUGGEST_MIN_CHARS && suggestions.status !== 'idle'
  const optionId = (index: number) => `${id}-option-${index}`
  const openProduct = (product: Product) => {
    setOpen(false)
    navigate(links.product(product._id))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      setActive((current) => moveActive(current, event.key, products.length))
    } else if (event.key === 'Enter') {
      const chosen = products[active] ?? (products.length === 1 ? products[0] : undefined)
      if (chosen) {
        event.preventDefault()
        openProduct(chosen)
      } else if (text.trim()) {
        event.preventDefault()
        setOpen(false)
        navigate(links.search(text.trim()))
      }
    } else if (event.key === 'Escape') {
      if (showList) setOpen(false)
      else setText('')
      setActive(-1)
    }
  }

  return (
    <HeroSearchBox>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('search.label')}
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <List id={`${id}-list`} role="listbox" aria-label={t('search.suggestions')} hidden={!showList}>
        {products.map((product, index) => (
          <div
            key={product._id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault()
              openProduct(product)
            }}
          >
            <img src={apiImage(product.thumbnail)} alt="" width={40} height={40} loading="lazy" />
            <span className="name">
              {product.name}
              {/* Found by a salt or key ingredient: what it contains says why it is suggested. */}
              {byIngredient(product) ? (
                <span className="ingredients">
                  {t('card.contains', { ingredients: ingredientsLine(product) })}
                </span>
              ) : null}
              <span className="category">{product.category}</span>
            </span>
            <Price amount={product.price} />
          </div>
        ))}
      </List>
      <p className="visually-hidden" aria-live="polite">
        {showList
          ? suggestions.status === 'loading'
            ? t('search.searching')
            : suggestions.status === 'error'
              ? t('search.unavailable')
              : t('search.count', { count: products.length })
          : ''}
      </p>
      {showList && suggestions.status !== 'done' ? (
        <List role="presentation">
          <div className="note">
            {suggestions.status === 'error' ? t('search.unavailable') : t('search.searching')}
          </div>
        </List>
      ) : null}
      {showList && suggestions.status === 'done' && products.length === 0 ? (
        <List role="presentation">
          <div className="note">{t('search.noMatch', { text: text.trim() })}</div>
        </List>
      ) : null}
    </HeroSearchBox>
  )
}
