import type { CartItem } from '@medstore/contracts/cart'
import { ApiError } from '@medstore/web-client'
import { useState } from 'react'
import { cartNeedsPrescription } from '../domain/prescriptions.ts'
import { useT } from '../i18n.ts'
import { Note } from '../screens/ui.tsx'
import { CheckoutPrescription } from './CheckoutPrescription.tsx'

/**
 * The checkout's prescription: needed when the cart holds H or H1 medicines (or when the server refused the
 * order for want of one), the one chosen, and what the checkout shows for it — the step, and beside Place
 * Order the reason it is disabled.
 */
export function usePrescriptionStep(items: readonly CartItem[]) {
  const t = useT()
  const [chosen, setChosen] = useState<string>()
  const [requiredByServer, setRequiredByServer] = useState(false)
  const needed = requiredByServer || cartNeedsPrescription(items)
  const missing = needed && !chosen
  return {
    /** Goes with the order (undefined when no line needs one). */
    prescriptionId: needed ? chosen : undefined,
    /** Place Order waits for a prescription. */
    missing,
    /** After a failed placement: the server's `prescription_required` shows the step. */
    refused(error: unknown) {
      if (error instanceof ApiError && error.code === 'prescription_required') setRequiredByServer(true)
    },
    step: needed ? <CheckoutPrescription chosen={chosen} onChoose={setChosen} /> : null,
    notice: missing ? (
      <Note role="status" data-testid="prescription-needed">
        {t('rx.step.missing')}
      </Note>
    ) : null,
  }
}
