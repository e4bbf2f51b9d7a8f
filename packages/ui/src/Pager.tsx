import styled from 'styled-components'
import { useT } from './messages.ts'
import { pagerItems } from './pager-items.ts'
import { theme } from './theme.ts'

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin: 16px 0;
    padding: 0;
    list-style: none;
  }

  button {
    min-width: 40px;
    padding: 8px 12px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius};
    background: ${theme.color.surface};
    color: ${theme.color.text};
    font: inherit;
    cursor: pointer;
  }

  button[aria-current='page'] {
    background: ${theme.color.brand};
    border-color: ${theme.color.brand};
    color: #fff;
    font-weight: 700;
  }

  button:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`

export interface PagerProps {
  /** Current page, 1-based. */
  page: number
  pageCount: number
  onPageChange: (page: number) => void
  /** Accessible name of the navigation landmark. */
  label?: string
  margin?: number
  range?: number
}

/** Numbered pages with Previous and Next (nothing at all when there is a single page or none). */
export function Pager({ page, pageCount, onPageChange, label, margin, range }: PagerProps) {
  const t = useT()
  if (pageCount <= 1) return null
  const items = pagerItems(page, pageCount, margin, range)
  return (
    <Nav aria-label={label ?? t('pager.label')}>
      <ul>
        <li>
          <button type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            {t('pager.previous')}
          </button>
        </li>
        {items.map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={t('pager.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
            {t('pager.next')}
          </button>
        </li>
      </ul>
    </Nav>
  )
}
