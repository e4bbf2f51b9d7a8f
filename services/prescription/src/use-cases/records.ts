import type { Page } from '@medstore/contracts/api'
import type { AccessLogEntry, RegisterEntry } from '@medstore/contracts/prescription'
import type { ListPage, RawSql } from '@medstore/service-kit'
import { listAccess } from '../data/audit'
import { listRegister, type RegisterRow } from '../data/register'
import { csvText } from '../domain/csv'
import { nextDay, startOfIndianDay } from '../domain/validity'
import { presentAccess, presentRegisterEntry } from '../presenters/prescription'

type DayRange = { from: string; to: string }

/** [start of `from`, start of the day after `to`) in India. */
const instants = ({ from, to }: DayRange) => ({
  from: startOfIndianDay(from),
  to: startOfIndianDay(nextDay(to)),
})

export const REGISTER_CSV_HEADER = [
  'Dispensed at (IST)',
  'Order number',
  'Patient',
  'Prescriber',
  'Registration number',
  'Medicine',
  'Quantity',
  'Prescription id',
] as const

/** India time as an inspector reads it: 2026-11-28 14:05. */
const istText = (at: Date) =>
  at.toLocaleString('sv-SE', { timeZone: 'Asia/Kolkata', hour12: false }).slice(0, 16)

const csvRow = (r: RegisterRow) => [
  istText(r.dispensedAt),
  r.orderNumber,
  r.patientName,
  r.prescriberName,
  r.prescriberRegistration,
  r.medicine,
  r.quantity,
  r.prescriptionId,
]

/** What administrators read: the access log and the dispensing register. */
export function recordUseCases(sql: RawSql) {
  return {
    async accessLog(page: Page): Promise<ListPage<AccessLogEntry[]>> {
      const { rows, total } = await listAccess(sql, page)
      return { items: rows.map(presentAccess), page, total }
    },
    async register(range: DayRange, page: Page): Promise<ListPage<RegisterEntry[]>> {
      const { rows, total } = await listRegister(sql, instants(range), page)
      return { items: rows.map(presentRegisterEntry), page, total }
    },
    async registerCsv(range: DayRange): Promise<{ filename: string; text: string }> {
      const { rows } = await listRegister(sql, instants(range))
      return {
        filename: `dispensing-register-${range.from}-to-${range.to}.csv`,
        text: csvText(REGISTER_CSV_HEADER, rows.map(csvRow)),
      }
    },
  }
}
