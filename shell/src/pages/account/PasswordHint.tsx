import { theme } from '@medstore/ui'
import styled from 'styled-components'
import { useT } from '../i18n.ts'
import { passwordStrength, type StrengthLevel } from './password-strength.ts'

const BAR_COLOUR: Record<StrengthLevel, string> = {
  empty: theme.color.border,
  weak: theme.color.danger,
  fair: '#b45309',
  good: theme.color.brand,
  strong: theme.color.brandDark,
}

const Meter = styled.span<{ $level: StrengthLevel; $score: number }>`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 4px;
  max-width: 180px;
  margin: 6px 0 4px;

  i {
    height: 5px;
    border-radius: 3px;
    background: ${theme.color.border};
  }

  i:nth-child(-n + ${(p) => Math.max(p.$score, p.$level === 'weak' ? 1 : 0)}) {
    background: ${(p) => BAR_COLOUR[p.$level]};
  }
`

const Level = styled.span<{ $level: StrengthLevel }>`
  display: block;
  color: ${(p) => (p.$level === 'weak' ? theme.color.danger : theme.color.text)};
  font-weight: 600;
`

/**
 * Under a new-password field: the server's rule, and once something is typed a strength meter with the
 * first thing that would make it stronger. Read out with the field (it is the field's hint); the level
 * is announced politely as it changes.
 */
export function PasswordHint({
  password,
  personal = [],
}: {
  password: string
  personal?: readonly string[]
}) {
  const t = useT()
  const { level, score, advice } = passwordStrength(password, personal)
  return (
    <>
      <span>{t('password.rule')}</span>
      {level === 'empty' ? null : (
        <span aria-live="polite">
          <Meter $level={level} $score={score} aria-hidden="true">
            <i />
            <i />
            <i />
          </Meter>
          <Level $level={level}>{t('password.strength', { level })}</Level>
          {advice[0] ? <span>{t(`password.advice.${advice[0]}`)}</span> : null}
        </span>
      )}
    </>
  )
}
