/** The human-friendly order number shown to customers and the pharmacist: MS-000123. */
export const formatOrderNumber = (seq: number): string => `MS-${String(seq).padStart(6, '0')}`
