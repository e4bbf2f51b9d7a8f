import { DISTRICTS, PIN_CODES } from './pin-directory-data'

/** Where a PIN code is, as India Post lists it: its district (the city we show) and state. */
export type PinPlace = { pincode: string; city: string; state: string }

export type PinDirectory = {
  /** The place of a 6-digit PIN code, or undefined when India Post does not list it. */
  find(pincode: string): PinPlace | undefined
  readonly size: number
}

/**
 * Decodes the compact directory (see scripts/build-pin-directory.ts) into two typed arrays: the sorted
 * codes and each one's district. About 115 kB, found by binary search; no Map of 19,000 objects.
 */
export function decodePinDirectory(districtText: string, codeText: string): PinDirectory {
  const places = districtText.split(';').map((entry) => {
    const [city, state] = entry.split('|') as [string, string]
    return { city, state }
  })
  const entries = codeText.split(',')
  const codes = new Uint32Array(entries.length)
  const districtOf = new Uint16Array(entries.length)
  let code = 0
  let district = 0
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!
    const colon = entry.indexOf(':')
    if (colon < 0) code += Number.parseInt(entry, 36)
    else {
      code += Number.parseInt(entry.slice(0, colon), 36)
      district = Number.parseInt(entry.slice(colon + 1), 36)
    }
    codes[i] = code
    districtOf[i] = district
  }
  return {
    size: codes.length,
    find(pincode) {
      if (!/^[1-9]\d{5}$/.test(pincode)) return undefined
      const wanted = Number(pincode)
      let low = 0
      let high = codes.length - 1
      while (low <= high) {
        const middle = (low + high) >>> 1
        const at = codes[middle]!
        if (at === wanted) return { pincode, ...places[districtOf[middle]!]! }
        if (at < wanted) low = middle + 1
        else high = middle - 1
      }
      return undefined
    },
  }
}

let loaded: PinDirectory | undefined

/** India Post's PIN directory, decoded on first use (about 5 ms) and kept for the life of the process. */
export function pinDirectory(): PinDirectory {
  loaded ??= decodePinDirectory(DISTRICTS, PIN_CODES)
  return loaded
}
