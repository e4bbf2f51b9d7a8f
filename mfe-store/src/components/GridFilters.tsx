import type { Category } from '@medstore/contracts/catalogue'
import { Input, Select, theme } from '@medstore/ui'
import { useId } from 'react'
import styled from 'styled-components'
import { storeApi } from '../data/api.ts'
import { useRemote } from '../data/useRemote.ts'
import { ALL_CATEGORIES, type GridFilters as Filters } from '../domain/catalogue.ts'
import { useT } from '../i18n.ts'

const Bar = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: 10px;
  margin: 0 0 16px;

  @media (min-width: ${theme.mobile}) {
    grid-template-columns: 240px minmax(0, 1fr);
  }

  label {
    display: block;
    margin-bottom: 4px;
    font-size: 0.85rem;
    font-weight: 600;
  }
`

/** The grid's category dropdown (the categories plus 'All') and 'Search products...' filter. */
export function GridFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const t = useT()
  const id = useId()
  const categories = useRemote<Category[]>('categories', (signal) => storeApi.categories(signal))
  const names = categories.status === 'done' ? categories.data.map((c) => c.name) : []
  // A category from a link that the list does not (yet) hold still shows as chosen.
  if (value.category && !names.includes(value.category)) names.push(value.category)
  return (
    <Bar>
      <div>
        <label htmlFor={`${id}-category`}>{t('filters.category')}</label>
        <Select
          id={`${id}-category`}
          value={value.category || ALL_CATEGORIES}
          onChange={(event) =>
            onChange({
              ...value,
              category: event.target.value === ALL_CATEGORIES ? '' : event.target.value,
            })
          }
        >
          <option value={ALL_CATEGORIES}>{t('filters.all')}</option>
          {names.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={`${id}-search`}>{t('filters.search')}</label>
        <Input
          id={`${id}-search`}
          type="search"
          placeholder={t('filters.searchPlaceholder')}
          value={value.q}
          maxLength={100}
          onChange={(event) => onChange({ ...value, q: event.target.value })}
        />
      </div>
    </Bar>
  )
}
