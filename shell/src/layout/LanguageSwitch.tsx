import { LANGUAGE_NAMES, LANGUAGES, theme, useLanguage } from '@medstore/ui'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { chooseLanguage } from '../language/accountLanguage.ts'

const Group = styled.div`
  display: inline-flex;
  gap: 2px;

  button {
    min-height: 24px;
    padding: 0 8px;
    border: 1px solid transparent;
    border-radius: 999px;
    background: transparent;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }

  button[aria-pressed='true'] {
    border-color: ${theme.color.brandDark};
    font-weight: 700;
  }
`

/** The header's language choice: each language named in itself (and marked as such for screen readers). */
export function LanguageSwitch() {
  const t = useT()
  const language = useLanguage()
  return (
    <Group role="group" aria-label={t('language.switch')}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          onClick={() => chooseLanguage(option)}
        >
          {LANGUAGE_NAMES[option]}
        </button>
      ))}
    </Group>
  )
}
