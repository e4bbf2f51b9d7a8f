/** The policy routes (kept apart from the pages' text, which loads only when one is opened). */
export const policyPaths = ['/privacy-policy', '/terms', '/cancellation', '/shipping-delivery'] as const

export type PolicyPath = (typeof policyPaths)[number]
