import { Button, FieldMessage, theme } from '@medstore/ui'
import { type FormEvent, useId, useRef, useState } from 'react'
import styled from 'styled-components'
import { ACCEPTED_TYPES, checkPickedFiles, PAGES_MAX } from '../domain/prescriptions.ts'
import { failureMessage } from '../failure.ts'
import { useT } from '../i18n.ts'
import { type Prescription, prescriptionCalls } from './calls.ts'

const Form = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 8px;

  label {
    font-weight: 600;
  }
  input[type='file'] {
    width: 100%;
    padding: 8px;
    border: 1px dashed ${theme.color.brand};
    border-radius: ${theme.radius};
    background: ${theme.color.brandLighter};
    font: inherit;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    overflow-wrap: anywhere;
  }
  button {
    justify-self: start;
  }
`

const kb = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`

/**
 * Upload one prescription (one or more pages): the files are checked here first (type, size, count) with
 * a message naming the file; the server checks their bytes and has the last word.
 */
export function PrescriptionUpload({
  onUploaded,
  label,
}: {
  onUploaded: (prescription: Prescription) => void
  label?: string
}) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string>()
  const [sending, setSending] = useState(false)

  const pick = (list: FileList | null) => {
    const picked = [...(list ?? [])]
    setFiles(picked)
    const check = checkPickedFiles(picked)
    setError(picked.length > 0 && !check.ok ? check.message : undefined)
  }

  async function upload(event: FormEvent) {
    event.preventDefault()
    const check = checkPickedFiles(files)
    if (!check.ok) {
      setError(check.message)
      input.current?.focus()
      return
    }
    setSending(true)
    setError(undefined)
    try {
      const uploaded = await prescriptionCalls.upload(files)
      setFiles([])
      if (input.current) input.current.value = ''
      onUploaded(uploaded)
    } catch (failure) {
      setError(failureMessage(failure, t('rx.tryAgain')))
    } finally {
      setSending(false)
    }
  }

  return (
    // A form of its own: inside the checkout it sits outside the order's form (no nested forms).
    <Form onSubmit={upload} noValidate aria-label={t('rx.upload.form')}>
      <label htmlFor={id}>{label ?? t('rx.upload.label')}</label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={ACCEPTED_TYPES.join(',')}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => pick(event.target.files)}
      />
      <FieldMessage id={`${id}-hint`}>{t('rx.upload.hint', { max: PAGES_MAX })}</FieldMessage>
      {files.length > 0 ? (
        <ul aria-label={t('rx.upload.chosen')}>
          {files.map((file) => (
            <li key={`${file.name}-${file.size}`}>
              {file.name} ({kb(file.size)})
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <FieldMessage $error id={`${id}-error`} role="alert">
          {error}
        </FieldMessage>
      ) : null}
      <Button type="submit" variant="secondary" disabled={sending || files.length === 0}>
        {sending ? t('rx.upload.sending') : t('rx.upload.submit')}
      </Button>
    </Form>
  )
}
