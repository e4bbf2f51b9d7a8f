import type { DeliveryEstimate } from '@medstore/contracts/delivery'
import { deliveryApi } from '@medstore/contracts/endpoints'
import { useEffect, useState } from 'react'
import { ApiError } from './api.ts'
import { api } from './client.ts'

/**
 * The shopper's PIN-code check, shared by the product page and checkout: what `GET /delivery/estimate`
 * says of a PIN code, and the last PIN code the shopper checked (kept in this browser, so checkout starts
 * with the one checked on a product page). Each screen words the answer itself.
 */
export type DeliveryCheck =
  /** Nothing to ask yet: not a 6-digit PIN code. */
  | { status: 'idle' }
  | { status: 'checking'; pincode: string }
  /** A known PIN code: served (with the promise) or not. */
  | { status: 'known'; estimate: DeliveryEstimate }
  /** India Post lists no such PIN code (404 pincode_unknown). */
  | { status: 'unknown'; pincode: string }
  | { status: 'failed'; pincode: string; message: string }

const PIN_CODE = /^[1-9]\d{5}$/

/** Whether text is a PIN code worth asking about (6 digits, not starting with 0). */
export const isPinCode = (text: string): boolean => PIN_CODE.test(text.trim())

export async function checkDelivery(pincode: string, signal?: AbortSignal): Promise<DeliveryCheck> {
  try {
    const estimate = await api.call(deliveryApi.estimate, { query: { pincode }, signal, quiet: true })
    rememberPincode(pincode)
    return { status: 'known', estimate }
  } catch (error) {
    if (error instanceof ApiError && error.code === 'pincode_unknown') return { status: 'unknown', pincode }
    return { status: 'failed', pincode, message: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * The check of `pincode` whenever it is a whole PIN code ('idle' otherwise); a newer code cancels the
 * older request. `attempt` changes to ask again (a retry after a failure).
 */
export function useDeliveryCheck(pincode: string, attempt = 0): DeliveryCheck {
  const code = pincode.trim()
  const [check, setCheck] = useState<DeliveryCheck>({ status: 'idle' })
  useEffect(() => {
    void attempt // asking again is what a new attempt is for
    if (!isPinCode(code)) {
      setCheck({ status: 'idle' })
      return
    }
    const controller = new AbortController()
    setCheck({ status: 'checking', pincode: code })
    void checkDelivery(code, controller.signal).then((result) => {
      if (!controller.signal.aborted) setCheck(result)
    })
    return () => controller.abort()
  }, [code, attempt])
  return check
}

const PINCODE_STORAGE_KEY = 'medstore.pincode'

/** The PIN code the shopper last checked in this browser ('' when none). */
export function rememberedPincode(): string {
  try {
    const stored = localStorage.getItem(PINCODE_STORAGE_KEY) ?? ''
    return isPinCode(stored) ? stored : ''
  } catch {
    return ''
  }
}

function rememberPincode(pincode: string): void {
  try {
    localStorage.setItem(PINCODE_STORAGE_KEY, pincode)
  } catch {
    // Storage blocked: remembering is a convenience only.
  }
}
