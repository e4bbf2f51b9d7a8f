/**
 * What shoppers type: molecule and herb names, a strength, a form, a maker, a fragment, a broad
 * two-letter fragment, a broad word, a misspelling, and a term that matches nothing.
 */
export const SHOPPER_SEARCH_TERMS = [
  'paracetamol',
  'ashwagandha',
  'vitamin d3',
  'cetirizine 10',
  'syrup',
  'zenova',
  'tulsi',
  'cef',
  'mg',
  'tablet',
  'paracetmol',
  'xyzzy',
] as const
