import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import styled from 'styled-components'
import { theme } from './theme.ts'

const control = `
  width: 100%;
  padding: 10px 12px;
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font: inherit;

  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`

export const Input = styled.input`
  ${control}
`

export const TextArea = styled.textarea`
  ${control}
  min-height: 96px;
  resize: vertical;
`

export const Select = styled.select`
  ${control}
`

const FieldBox = styled.div`
  display: grid;
  /* Stretched to its row in a form grid (a neighbour showing an error is taller), the field keeps its label
     and control at the top rather than spreading them, so the controls of a row stay level. */
  align-content: start;
  gap: 6px;
  margin-bottom: 14px;

  label {
    font-weight: 600;
    font-size: 0.9rem;
  }
`

export const FieldMessage = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: 0.85rem;
  color: ${(p) => (p.$error ? theme.color.danger : theme.color.subtle)};
`

interface FieldFrameProps {
  id: string
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  children: ReactNode
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? <FieldMessage id={`${id}-hint`}>{hint}</FieldMessage> : null}
      {error ? (
        <FieldMessage $error id={`${id}-error`}>
          {error}
        </FieldMessage>
      ) : null}
    </FieldBox>
  )
}

/**
 * The id and ARIA wiring of a field's control: the given id or a generated one, `aria-invalid` while
 * there is an error, and `aria-describedby` pointing at the message FieldFrame shows (error, else hint).
 */
function useFieldControl(id: string | undefined, error?: string, hint?: ReactNode) {
  const generated = useId()
  const fieldId = id ?? generated
  const message = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined
  return { id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': message }
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode
  /** Shown under the field, linked to it for screen readers, and marks it invalid. */
  error?: string | undefined
  hint?: ReactNode
}

/** A labelled input with its validation message next to it. */
export function TextField({ label, error, hint, id, ...rest }: TextFieldProps) {
  const control = useFieldControl(id, error, hint)
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint}>
      <Input {...control} {...rest} />
    </FieldFrame>
  )
}

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode
  options: readonly SelectOption[]
  error?: string | undefined
  hint?: ReactNode
}

/** A labelled select. */
export function SelectField({ label, options, error, hint, id, ...rest }: SelectFieldProps) {
  const control = useFieldControl(id, error, hint)
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint}>
      <Select {...control} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FieldFrame>
  )
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
}

/** A labelled textarea with its validation message next to it. */
export function TextAreaField({ label, error, hint, id, ...rest }: TextAreaFieldProps) {
  const control = useFieldControl(id, error, hint)
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint}>
      <TextArea {...control} {...rest} />
    </FieldFrame>
  )
}
