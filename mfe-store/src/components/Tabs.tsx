import { theme } from '@medstore/ui'
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'
import styled from 'styled-components'
import { moveActive } from '../domain/suggestions.ts'

const TabList = styled.div`
  display: flex;
  gap: 4px;
  border-bottom: 1px solid ${theme.color.border};

  button {
    padding: 12px 18px;
    border: 0;
    border-bottom: 3px solid transparent;
    background: none;
    color: ${theme.color.muted};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  button[aria-selected='true'] {
    border-bottom-color: ${theme.color.brand};
    color: ${theme.color.brandDark};
  }
`

const Panel = styled.div`
  padding: 20px 0;
`

export interface TabSpec {
  id: string
  label: string
  content: ReactNode
}

/** WAI-ARIA tabs: one tab stop, arrows (and Home/End) move and select, the panel is labelled by its tab. */
export function Tabs({ tabs, label }: { tabs: TabSpec[]; label: string }) {
  const base = useId()
  const [selected, setSelected] = useState(0)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const onKeyDown = (event: KeyboardEvent) => {
    const key = event.key === 'ArrowRight' ? 'ArrowDown' : event.key === 'ArrowLeft' ? 'ArrowUp' : event.key
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key)) return
    event.preventDefault()
    const next = moveActive(selected, key, tabs.length)
    setSelected(next)
    refs.current[next]?.focus()
  }
  const current = tabs[selected]
  return (
    <div>
      <TabList role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[index] = node
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={index === selected}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </TabList>
      {current ? (
        <Panel
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          tabIndex={0}
        >
          {current.content}
        </Panel>
      ) : null}
    </div>
  )
}
