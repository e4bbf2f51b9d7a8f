/** Where a PIN code is, as the delivery check answers it. */
export type Place = { city: string; state: string }

/**
 * The form with the PIN code's city and state filled in: a field is filled when it is empty or still holds
 * what the previous PIN code filled in, so what the shopper typed themselves stays.
 */
export function withPlace<F extends Place>(form: F, place: Place, previous?: Place): F {
  const replaces = (current: string, filled: string | undefined) =>
    current.trim() === '' || current === filled
  return {
    ...form,
    city: replaces(form.city, previous?.city) ? place.city : form.city,
    state: replaces(form.state, previous?.state) ? place.state : form.state,
  }
}
