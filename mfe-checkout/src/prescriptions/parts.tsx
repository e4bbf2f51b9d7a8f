// Small pieces the prescription screens share (My prescriptions, the checkout's step, My orders).
import { theme } from '@medstore/ui'
import styled from 'styled-components'
import type { Tone } from '../domain/prescriptions.ts'
import { t } from '../i18n.ts'

const toneColours: Record<Tone, { fg: string; bg: string; border: string }> = {
  waiting: { fg: '#92400e', bg: theme.color.warningLight, border: theme.color.warningBorder },
  good: { fg: theme.color.brandDark, bg: theme.color.brandLighter, border: theme.color.brandLight },
  bad: { fg: theme.color.danger, bg: theme.color.dangerLight, border: '#fecaca' },
}

/** A state in words on its colour (the words say it all; the colour only helps). */
export const StateText = styled.p<{ $tone: Tone }>`
  margin: 0;
  padding: 6px 10px;
  border: 1px solid ${(p) => toneColours[p.$tone].border};
  border-radius: ${theme.radius};
  background: ${(p) => toneColours[p.$tone].bg};
  color: ${(p) => toneColours[p.$tone].fg};
  font-size: 0.9rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`

export const Muted = styled.small`
  display: block;
  color: ${theme.color.muted};
`

/** "2 pages", "1 page" (called while rendering, in the page's language). */
export const pagesText = (count: number) => t('rx.pages', { count })
