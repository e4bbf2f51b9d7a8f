import type { DeliveryEstimate, DeliverySettings } from '@medstore/contracts/delivery'
import { NotFound, Unprocessable } from '@medstore/service-kit'
import { coverageOf, type DeliveryRules, deliveryWindow } from './delivery-promise'
import type { DeliverySettingsStore } from './delivery-settings-store'
import type { PinDirectory, PinPlace } from './pin-directory'

const unknownPinCode = (pincode: string) =>
  `We don't know this PIN code (${pincode}). Please check it: India Post lists no such PIN code.`
const notServed = (place: PinPlace) =>
  `Sorry, we do not deliver to ${place.pincode} (${place.city}, ${place.state}) yet.`

/** The delivery promise for a PIN code, and the administrator's settings behind it. */
export function deliveryUseCases(store: DeliverySettingsStore, directory: PinDirectory) {
  function estimateWith(pincode: string, rules: DeliveryRules, at: Date): DeliveryEstimate | undefined {
    const place = directory.find(pincode)
    if (!place) return undefined
    const coverage = coverageOf(pincode, rules)
    const window = coverage.served ? deliveryWindow(at, coverage.speed, rules) : undefined
    return {
      ...place,
      served: coverage.served,
      speed: window?.speed ?? null,
      dispatchDate: window?.dispatchDate ?? null,
      earliestDate: window?.earliestDate ?? null,
      deliveryBy: window?.deliveryBy ?? null,
      cutoffTime: rules.cutoffTime,
    }
  }

  return {
    /** GET /delivery/estimate: an unknown PIN code is a 404 (pincode_unknown); an unserved one says so. */
    async estimate(pincode: string, at = new Date()): Promise<DeliveryEstimate> {
      const estimate = estimateWith(pincode, await store.read(), at)
      if (!estimate) throw new NotFound(unknownPinCode(pincode), { code: 'pincode_unknown' })
      return estimate
    },

    /**
     * The day an order to this PIN code placed at `at` promises (YYYY-MM-DD) under these settings (placing
     * reads them with its prices); an unknown or unserved PIN code cannot be ordered to (422,
     * pincode_unknown / pincode_not_served).
     */
    promiseWith(pincode: string, settings: DeliverySettings, at: Date): string {
      const estimate = estimateWith(pincode, settings, at)
      if (!estimate) throw new Unprocessable(unknownPinCode(pincode), { code: 'pincode_unknown' })
      if (!estimate.deliveryBy) throw new Unprocessable(notServed(estimate), { code: 'pincode_not_served' })
      return estimate.deliveryBy
    },

    settings: (): Promise<DeliverySettings> => store.read(),
    updateSettings: (settings: DeliverySettings): Promise<DeliverySettings> => store.save(settings),
  }
}
export type DeliveryUseCases = ReturnType<typeof deliveryUseCases>
