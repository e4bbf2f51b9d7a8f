import type { ButtonHTMLAttributes } from 'react'
import styled, { css } from 'styled-components'
import { theme } from './theme.ts'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

const variants = {
  primary: css`
    background: ${theme.color.brand};
    color: #fff;
    &:hover:not(:disabled) {
      background: ${theme.color.brandHover};
    }
  `,
  secondary: css`
    background: ${theme.color.surface};
    color: ${theme.color.brandDark};
    border-color: ${theme.color.brand};
    &:hover:not(:disabled) {
      background: ${theme.color.brandLighter};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${theme.color.text};
    &:hover:not(:disabled) {
      background: ${theme.color.brandLighter};
    }
  `,
  danger: css`
    background: ${theme.color.danger};
    color: #fff;
    &:hover:not(:disabled) {
      background: #991b1b;
    }
  `,
}

const StyledButton = styled.button<{ $variant: ButtonVariant; $block: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: ${(p) => (p.$block ? '100%' : 'auto')};
  padding: 10px 20px;
  border: 1px solid transparent;
  border-radius: ${theme.radius};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${(p) => variants[p.$variant]}

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  /** Full width. */
  block?: boolean
}

/** A button; `type="button"` unless said otherwise, so it never submits a form by accident. */
export function Button({ variant = 'primary', block = false, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton $variant={variant} $block={block} type={type} {...rest} />
}
