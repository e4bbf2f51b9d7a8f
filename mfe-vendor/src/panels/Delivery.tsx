import {
  DELIVERY_HOLIDAYS_MAX,
  DELIVERY_PREFIXES_MAX,
  type DeliverySettings,
} from '@medstore/contracts/delivery'
import {
  Button,
  ErrorState,
  formatWeekdayDate,
  LoadingState,
  TextAreaField,
  TextField,
  theme,
  useLoad,
} from '@medstore/ui'
import { toast } from '@medstore/web-client'
import { type FormEvent, useState } from 'react'
import styled from 'styled-components'
import { vendorApi } from '../api.ts'
import { addHoliday, type Holiday, parsePrefixes, prefixesProblem, prefixesText } from '../domain/delivery.ts'
import { ErrorText, Panel } from './common.tsx'

const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 760px;

  fieldset {
    min-width: 0;
    margin: 0;
    padding: 16px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius};
    background: ${theme.color.surface};
  }
  legend {
    padding: 0 4px;
    font-weight: 700;
  }
`

const Holidays = styled.ul`
  list-style: none;
  margin: 0 0 12px;
  padding: 0;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px 12px;
    padding: 6px 0;
    border-bottom: 1px solid ${theme.color.border};
  }
  .day {
    min-width: 0;
    flex: 1 1 200px;
    overflow-wrap: anywhere;
  }
  .empty {
    color: ${theme.color.muted};
  }
`

const NewHoliday = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 8px;

  > div {
    flex: 1 1 160px;
    min-width: 0;
  }
  > button {
    margin-top: 1.6rem;
  }
`

/** The back-office's Delivery page: which PIN codes are served and by express, the cut-off, the holidays. */
export function Delivery() {
  const [load, reload, update] = useLoad(() => vendorApi.deliverySettings(), 'delivery')
  return (
    <Panel title="Delivery">
      {load.status === 'error' ? (
        <ErrorState message={load.error} failure="Failed to get delivery settings." onRetry={reload} />
      ) : load.status === 'loading' ? (
        <LoadingState label="Loading delivery settings..." />
      ) : (
        <DeliveryForm settings={load.data} onSaved={(saved) => update(() => saved)} />
      )}
    </Panel>
  )
}

type Errors = Partial<Record<'unserved' | 'express' | 'cutoffTime' | 'holiday', string>>

function DeliveryForm({
  settings,
  onSaved,
}: {
  settings: DeliverySettings
  onSaved: (settings: DeliverySettings) => void
}) {
  const [unserved, setUnserved] = useState(prefixesText(settings.unservedPrefixes))
  const [express, setExpress] = useState(prefixesText(settings.expressPrefixes))
  const [cutoffTime, setCutoffTime] = useState(settings.cutoffTime)
  const [holidays, setHolidays] = useState<Holiday[]>(settings.holidays)
  const [newHoliday, setNewHoliday] = useState<Holiday>({ date: '', name: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string>()
  const [saving, setSaving] = useState(false)

  const add = () => {
    const added = addHoliday(holidays, newHoliday, DELIVERY_HOLIDAYS_MAX)
    if ('problem' in added) {
      setErrors((e) => ({ ...e, holiday: added.problem }))
      return
    }
    setHolidays(added.holidays)
    setNewHoliday({ date: '', name: '' })
    setErrors((e) => ({ ...e, holiday: undefined }))
  }

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = {
      unserved: prefixesProblem(unserved, DELIVERY_PREFIXES_MAX),
      express: prefixesProblem(express, DELIVERY_PREFIXES_MAX),
      cutoffTime: /^([01]\d|2[0-3]):[0-5]\d$/.test(cutoffTime) ? undefined : 'Enter the time as HH:MM',
    }
    setErrors(found)
    if (found.unserved || found.express || found.cutoffTime) return
    setSaving(true)
    setFailure(undefined)
    try {
      const saved = await vendorApi.saveDeliverySettings({
        unservedPrefixes: parsePrefixes(unserved).prefixes,
        expressPrefixes: parsePrefixes(express).prefixes,
        cutoffTime,
        holidays,
      })
      setUnserved(prefixesText(saved.unservedPrefixes))
      setExpress(prefixesText(saved.expressPrefixes))
      onSaved(saved)
      toast.success('Delivery settings saved.')
    } catch (error) {
      setFailure(`Failed to save delivery settings. ${error instanceof Error ? error.message : ''}`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Form onSubmit={save} noValidate aria-label="Delivery settings">
      <fieldset>
        <legend>Where we deliver</legend>
        <TextAreaField
          label="PIN codes we do not deliver to"
          hint="PIN codes or their first digits, separated by commas: 744 is every PIN code starting 744 (the Andaman & Nicobar Islands). Every other PIN code India Post lists is served."
          rows={3}
          value={unserved}
          error={errors.unserved}
          onChange={(e) => setUnserved(e.target.value)}
        />
        <TextAreaField
          label="Express PIN codes (2–4 business days)"
          hint="PIN codes or their first digits, e.g. 110 for Delhi. The rest get standard delivery (5–7 business days)."
          rows={3}
          value={express}
          error={errors.express}
          onChange={(e) => setExpress(e.target.value)}
        />
      </fieldset>
      <fieldset>
        <legend>When we dispatch</legend>
        <TextField
          label="Order cut-off time (India time)"
          hint="Orders after this time are dispatched the next business day."
          type="time"
          value={cutoffTime}
          error={errors.cutoffTime}
          onChange={(e) => setCutoffTime(e.target.value)}
        />
      </fieldset>
      <fieldset>
        <legend>Holidays (no deliveries; Sundays are always off)</legend>
        <Holidays aria-label="Holidays">
          {holidays.length === 0 ? <li className="empty">No holidays: only Sundays are off.</li> : null}
          {holidays.map((holiday) => (
            <li key={holiday.date}>
              <span className="day">
                <strong>{formatWeekdayDate(holiday.date)}</strong> · {holiday.name}
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove ${holiday.name} (${holiday.date})`}
                onClick={() => setHolidays((list) => list.filter((h) => h.date !== holiday.date))}
              >
                Remove
              </Button>
            </li>
          ))}
        </Holidays>
        <NewHoliday>
          <TextField
            label="Day"
            type="date"
            value={newHoliday.date}
            onChange={(e) => setNewHoliday((h) => ({ ...h, date: e.target.value }))}
          />
          <TextField
            label="Holiday name"
            maxLength={60}
            value={newHoliday.name}
            error={errors.holiday}
            onChange={(e) => setNewHoliday((h) => ({ ...h, name: e.target.value }))}
          />
          <Button variant="secondary" onClick={add}>
            Add holiday
          </Button>
        </NewHoliday>
      </fieldset>
      {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save delivery settings'}
        </Button>
      </div>
    </Form>
  )
}
