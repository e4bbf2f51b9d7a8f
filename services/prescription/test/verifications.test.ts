import { eventRecorder, until } from '@medstore/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGISTER_CSV_HEADER } from '../src/use-cases/records'
import { time, usePrescriptionService } from './helpers'

const { sut, customer, admin, call, uploadPhoto, submitOrder } = usePrescriptionService()
let events: Awaited<ReturnType<typeof eventRecorder>>
beforeAll(async () => {
  events = await eventRecorder(sut.service.bus)
})
afterAll(async () => {
  time.offsetMs = 0
  await events.close()
})

const APPROVAL = {
  doctorName: 'Dr. Kavita Menon',
  doctorRegistration: 'KMC-45821',
  patientName: 'Asha Rao',
  issuedOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
}

const approve = (token: string, orderId: string, body: unknown = APPROVAL) =>
  call(`/prescription/admin/order/${orderId}/approve`, token, { method: 'POST', json: body })
const reject = (token: string, orderId: string, reason: string) =>
  call(`/prescription/admin/order/${orderId}/reject`, token, { method: 'POST', json: { reason } })

describe("the pharmacist's queue", () => {
  it('lists orders awaiting verification oldest first, with how long each has waited', async () => {
    const pharmacist = admin()
    const asha = customer()
    const { id } = await uploadPhoto(asha.token)
    const older = await submitOrder(asha, id, undefined, new Date(Date.now() - 90 * 60_000))
    const newer = await submitOrder(asha, id, undefined, new Date(Date.now() - 5 * 60_000))
    const res = await call('/prescription/admin/queue?limit=100', pharmacist.token)
    expect(res.status).toBe(200)
    const ours = res.body.filter((v: { orderId: string }) =>
      [older.orderId, newer.orderId].includes(v.orderId),
    )
    expect(ours.map((v: { orderNumber: string }) => v.orderNumber)).toEqual([older.number, newer.number])
    expect(ours[0]).toMatchObject({
      status: 'awaiting_verification',
      customerName: 'Asha Rao',
      prescription: { id, state: 'awaiting_review', pages: [{ number: 1 }] },
      lines: [{ name: 'Amoxicillin 500', schedule: 'H', quantity: 1 }],
    })
    expect(ours[0].waitingMinutes).toBeGreaterThanOrEqual(89)
    expect(ours[1].waitingMinutes).toBeLessThan(10)
  })
})

describe('approval', () => {
  it('records the pharmacist, the doctor, the registration number, the patient and the date, and announces it', async () => {
    const pharmacist = admin()
    const asha = customer()
    const { id } = await uploadPhoto(asha.token)
    const { orderId, number } = await submitOrder(asha, id)
    const res = await approve(pharmacist.token, orderId)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      status: 'approved',
      prescription: { state: 'approved', ...APPROVAL, usable: true },
    })
    await events.until((all) =>
      all.some(
        (e) => e.type === 'prescription.approved' && (e.data as { orderId: string }).orderId === orderId,
      ),
    )
    const event = events
      .ofType('prescription.approved')
      .find((e) => (e.data as { orderId: string }).orderId === orderId)!
    expect(event.data).toMatchObject({
      orderId,
      userId: asha.id,
      number,
      prescriptionId: id,
      pharmacistId: pharmacist.id,
      pharmacistName: 'Pharmacist Meera',
      ...APPROVAL,
    })
    // The customer sees it approved until six months after its date, less a day.
    const mine = await call(`/prescription/${id}`, asha.token)
    expect(mine.body.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(mine.body.validUntil > APPROVAL.issuedOn).toBe(true)
    // Decided once.
    expect((await approve(pharmacist.token, orderId)).status).toBe(409)
  })

  it('refuses a missing field, a future date (400) and a prescription past its validity (422)', async () => {
    const pharmacist = admin()
    const asha = customer()
    const { id } = await uploadPhoto(asha.token)
    const { orderId } = await submitOrder(asha, id)
    const missing = await approve(pharmacist.token, orderId, { ...APPROVAL, doctorRegistration: '  ' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe("Doctor's registration number is required")
    const future = await approve(pharmacist.token, orderId, { ...APPROVAL, issuedOn: '2999-01-01' })
    expect(future.status).toBe(400)
    expect(future.body.message).toBe('The prescription date cannot be in the future')
    const old = await approve(pharmacist.token, orderId, { ...APPROVAL, issuedOn: '2020-01-01' })
    expect(old.status).toBe(422)
    expect(old.body).toEqual({
      message: 'The prescription is older than 6 months and can no longer be used',
      code: 'prescription_not_usable',
    })
    expect((await call(`/prescription/admin/order/${orderId}`, pharmacist.token)).body.status).toBe(
      'awaiting_verification',
    )
  })
})

describe('rejection', () => {
  it('needs a reason, announces it with the 48-hour window, and lets the customer attach another prescription within it', async () => {
    const pharmacist = admin()
    const asha = customer()
    const first = await uploadPhoto(asha.token)
    const { orderId, number } = await submitOrder(asha, first.id)
    expect((await reject(pharmacist.token, orderId, ' ')).body.message).toBe('Reason is required')

    const before = Date.now()
    const res = await reject(pharmacist.token, orderId, 'The prescription is not signed')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'The prescription is not signed' })
    const reattachBy = Date.parse(res.body.reattachBy)
    expect(reattachBy - before).toBeGreaterThanOrEqual(48 * 3_600_000 - 1_000)
    expect(reattachBy - before).toBeLessThan(48 * 3_600_000 + 60_000)
    await events.until((all) =>
      all.some(
        (e) => e.type === 'prescription.rejected' && (e.data as { orderId: string }).orderId === orderId,
      ),
    )
    expect(
      events.ofType('prescription.rejected').find((e) => (e.data as { orderId: string }).orderId === orderId)!
        .data,
    ).toMatchObject({
      userId: asha.id,
      number,
      prescriptionId: first.id,
      reason: 'The prescription is not signed',
      reattachBy: res.body.reattachBy,
    })
    expect((await call(`/prescription/${first.id}`, asha.token)).body).toMatchObject({
      state: 'rejected',
      rejectionReason: 'The prescription is not signed',
      usable: false,
    })

    // The rejected one cannot go back on; a new one can, and the order waits in the queue again.
    const again = await call(`/prescription/${first.id}/attach`, asha.token, {
      method: 'POST',
      json: { orderId },
    })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('prescription_not_usable')
    const second = await uploadPhoto(asha.token)
    const ravi = customer('Ravi Kumar')
    const stranger = await call(`/prescription/${second.id}/attach`, ravi.token, {
      method: 'POST',
      json: { orderId },
    })
    expect(stranger.status).toBe(404)
    const attached = await call(`/prescription/${second.id}/attach`, asha.token, {
      method: 'POST',
      json: { orderId },
    })
    expect(attached.status).toBe(200)
    expect(attached.body).toMatchObject({
      status: 'awaiting_verification',
      reason: null,
      prescription: { id: second.id },
    })
    await events.until((all) =>
      all.some(
        (e) => e.type === 'prescription.attached' && (e.data as { orderId: string }).orderId === orderId,
      ),
    )
  })

  it('refuses another prescription once the grace period is over', async () => {
    const pharmacist = admin()
    const asha = customer()
    const first = await uploadPhoto(asha.token)
    const { orderId } = await submitOrder(asha, first.id)
    await reject(pharmacist.token, orderId, 'Illegible')
    const second = await uploadPhoto(asha.token)
    time.offsetMs = 49 * 3_600_000
    try {
      const late = await call(`/prescription/${second.id}/attach`, asha.token, {
        method: 'POST',
        json: { orderId },
      })
      expect(late.status).toBe(409)
      expect(late.body.message).toBe('The time to attach another prescription to this order is over')
    } finally {
      time.offsetMs = 0
    }
  })
})

describe('the dispensing register', () => {
  it('keeps a row for every H1 line shipped, filters by day and exports CSV safe for spreadsheets', async () => {
    const pharmacist = admin()
    const asha = customer()
    const { id } = await uploadPhoto(asha.token)
    const { orderId, number } = await submitOrder(asha, id, [
      { name: 'Alprazolam 0.5 mg', schedule: 'H1', quantity: 2 },
      { name: 'Amoxicillin 500', schedule: 'H', quantity: 1 },
      { name: '=HYPERLINK("http://x.example","Codeine, "syrup"")', schedule: 'H1', quantity: 1 },
    ])
    const approval = { ...APPROVAL, patientName: '+Asha "AR" Rao', doctorName: 'Dr. Menon, K.' }
    expect((await approve(pharmacist.token, orderId, approval)).status).toBe(200)
    await sut.bus.publish('order.status_changed', { orderId, userId: asha.id, number, status: 'shipped' })
    // The same line shipped by its item's event as well is written once.
    await sut.bus.publish('order.item_status_changed', {
      orderId,
      userId: asha.id,
      number,
      itemId: `${orderId}-item-1`,
      productId: 'product-1',
      status: 'shipped',
    })
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' })
    const rowsOfOrder = async () =>
      (
        await call(`/prescription/admin/register?from=${day}&to=${day}&limit=100`, pharmacist.token)
      ).body.filter((r: { orderId: string }) => r.orderId === orderId)
    await until(async () => (await rowsOfOrder()).length === 2)
    const rows = await rowsOfOrder()
    // Each line is dated by the first shipped event that reached it: the order's and the item's may be
    // applied in either order, so the two lines' order is not fixed (the API and the CSV agree on it).
    expect(rows.map((r: { medicine: string; quantity: number }) => [r.medicine, r.quantity]).sort()).toEqual([
      ['=HYPERLINK("http://x.example","Codeine, "syrup"")', 1],
      ['Alprazolam 0.5 mg', 2],
    ])
    expect(rows[0]).toMatchObject({
      orderNumber: number,
      patientName: '+Asha "AR" Rao',
      prescriberName: 'Dr. Menon, K.',
      prescriberRegistration: 'KMC-45821',
      prescriptionId: id,
    })

    const csv = await fetch(`${sut.service.url}/prescription/admin/register.csv?from=${day}&to=${day}`, {
      headers: { authorization: `bearer ${pharmacist.token}` },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="dispensing-register-${day}-to-${day}.csv"`,
    )
    const lines = (await csv.text()).split('\r\n')
    expect(lines[0]).toBe(REGISTER_CSV_HEADER.join(','))
    expect(lines.at(-1)).toBe('')
    const ours = lines.filter((l) => l.includes(number))
    type Row = { dispensedAt: string; medicine: string }
    const line = (r: Row) => {
      const at = new Date(r.dispensedAt).toLocaleString('sv-SE', { timeZone: 'Asia/Kolkata' }).slice(0, 16)
      const who = `${at},${number},"'+Asha ""AR"" Rao","Dr. Menon, K.",KMC-45821`
      return r.medicine.startsWith('Alprazolam')
        ? `${who},Alprazolam 0.5 mg,2,${id}`
        : `${who},"'=HYPERLINK(""http://x.example"",""Codeine, ""syrup"""")",1,${id}`
    }
    // The CSV is the API's list, in its order (whichever line was dated first leads).
    expect(ours).toEqual((rows as Row[]).map(line))

    // A day without dispensing has the header alone; the database refuses to delete a row.
    const empty = await fetch(
      `${sut.service.url}/prescription/admin/register.csv?from=2020-01-01&to=2020-01-01`,
      {
        headers: { authorization: `bearer ${pharmacist.token}` },
      },
    )
    expect(await empty.text()).toBe(`${REGISTER_CSV_HEADER.join(',')}\r\n`)
    await expect(
      sut.service.pool.query('DELETE FROM dispensing_register WHERE order_id = $1', [orderId]),
    ).rejects.toThrow(/keeps its rows/)
  })

  it('refuses a range the wrong way round or over a year', async () => {
    const pharmacist = admin()
    const back = await call('/prescription/admin/register?from=2026-02-01&to=2026-01-01', pharmacist.token)
    expect(back.status).toBe(400)
    expect(back.body.message).toBe('from must not be after to')
    const long = await call(
      '/prescription/admin/register.csv?from=2024-01-01&to=2026-01-01',
      pharmacist.token,
    )
    expect(long.status).toBe(400)
    expect(long.body.message).toBe('The range can be at most 366 days')
  })
})
