import type { SendMessageRequest } from '@medstore/contracts/messaging'
import { Button, type FieldProblem, problemText, TextAreaField, TextField, theme } from '@medstore/ui'
import { failureText, toast } from '@medstore/web-client'
import { type FormEvent, useId, useState } from 'react'
import styled from 'styled-components'
import { storeApi } from '../data/api.ts'
import { useT } from '../i18n.ts'

const Box = styled.section`
  display: grid;
  gap: 16px;
  margin-top: 40px;
  padding: 24px 16px;
  border-radius: 16px;
  background: ${theme.color.brandLighter};
  border: 1px solid ${theme.color.brandLight};

  @media (min-width: ${theme.mobile}) {
    grid-template-columns: 1fr 1.4fr;
    padding: 32px;
  }

  h2 {
    margin: 0 0 8px;
    font-size: 1.35rem;
    color: ${theme.color.brandDark};
  }

  p {
    margin: 0;
    color: ${theme.color.muted};
  }

  form label {
    font-weight: 600;
  }
`

type Field = 'phoneNumber' | 'message'

/**
 * Checks with the contract's own schema (the same rules and messages the messaging service applies) and
 * gives the body to send. The schema is loaded on the first send, so zod is not part of the home page's
 * first render.
 */
export async function checkContact(
  values: Record<Field, string>,
): Promise<
  { body: SendMessageRequest; errors?: undefined } | { errors: Partial<Record<Field, FieldProblem>> }
> {
  const [{ sendMessageRequest }, { problemOf }] = await Promise.all([
    import('@medstore/contracts/messaging'),
    import('@medstore/contracts/problems'),
  ])
  const result = sendMessageRequest.safeParse(values)
  if (result.success) return { body: result.data }
  const errors: Partial<Record<Field, FieldProblem>> = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field
    errors[field] ??= { message: issue.message, path: field, ...problemOf(issue) }
  }
  return { errors }
}

/** 'Contact with Vendor / Send request for medicine' (spec: Contact box); clears only after sending. */
export function ContactBox() {
  const t = useT()
  const id = useId()
  const [values, setValues] = useState<Record<Field, string>>({ phoneNumber: '', message: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, FieldProblem>>>({})
  const problem = (field: Field) => {
    const shown = errors[field]
    return shown && problemText(shown, t)
  }
  const [sending, setSending] = useState(false)
  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = await checkContact(values)
    setErrors(checked.errors ?? {})
    if (checked.errors) {
      document.getElementById(`${id}-${Object.keys(checked.errors)[0]}`)?.focus()
      return
    }
    setSending(true)
    try {
      await storeApi.sendMessage(checked.body)
      toast.success(t('contact.sent'))
      setValues({ phoneNumber: '', message: '' })
    } catch (error) {
      toast.error(t('contact.failed'), failureText(error))
    } finally {
      setSending(false)
    }
  }
  return (
    // Not id="contact": the footer's contact section has it on every page (the header's #contact link).
    <Box id="contact-vendor" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`}>{t('contact.title')}</h2>
        <p>{t('contact.lead')}</p>
      </div>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <TextField
          id={`${id}-phoneNumber`}
          label={t('contact.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="98765 43210"
          required
          value={values.phoneNumber}
          onChange={change('phoneNumber')}
          error={problem('phoneNumber')}
        />
        <TextAreaField
          id={`${id}-message`}
          label={t('contact.message')}
          placeholder={t('contact.messagePlaceholder')}
          value={values.message}
          onChange={change('message')}
          error={problem('message')}
        />
        <Button type="submit" disabled={sending}>
          {sending ? t('contact.sending') : t('contact.send')}
        </Button>
      </form>
    </Box>
  )
}
