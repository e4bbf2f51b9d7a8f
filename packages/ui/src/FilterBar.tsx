import { type HTMLAttributes, type ReactNode, useEffect, useState } from 'react'
import styled from 'styled-components'
import { Button } from './Button.tsx'
import { Input } from './fields.tsx'
import { theme } from './theme.ts'

/** The row of filters and actions above a list (a form: Enter applies); wraps on a phone. */
export const FilterBar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;

  /* 200px: a date field never shrinks below its picker's own width (about 180px in Chromium), so two
     fields only share a row when both fit. */
  > * {
    flex: 1 1 200px;
    min-width: 0;
  }

  > button {
    flex: 0 0 auto;
  }

  /* The kit's fields keep a bottom margin for stacked forms; in a row the gap spaces them. */
  > div {
    margin-bottom: 0;
  }

  label {
    display: grid;
    gap: 4px;
    font-size: 0.85rem;
    font-weight: 600;
    color: ${theme.color.muted};
  }
`

export interface SearchFilterProps {
  /** The form's accessible name, e.g. 'Filter customers'. */
  name: string
  /** The field's accessible name and placeholder, e.g. 'User Name'. */
  label: string
  /** The applied filter (from the URL): the field follows it (Back, a shared link). */
  value: string
  /** Filter pressed (or Enter) with the typed text. */
  onSearch: (text: string) => void
  type?: 'search' | 'text'
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  /** More actions after Filter, e.g. 'Add a new Product'. */
  children?: ReactNode
}

/** One text field and a Filter button: typing changes nothing until Filter (or Enter) applies it. */
export function SearchFilter({
  name,
  label,
  value,
  onSearch,
  type = 'search',
  inputMode,
  children,
}: SearchFilterProps) {
  const [draft, setDraft] = useState(value)
  useEffect(() => setDraft(value), [value])
  return (
    <FilterBar
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(draft)
      }}
    >
      <Input
        type={type}
        inputMode={inputMode}
        aria-label={label}
        placeholder={label}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {children}
    </FilterBar>
  )
}
