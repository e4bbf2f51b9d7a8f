import type { Composition } from '@medstore/contracts/medicine'

/** A LIKE/ILIKE pattern matching `text` anywhere: the user's % and _ are literal characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The lookup key of a category name: names are unique ignoring case and surrounding spaces. */
export function categoryKey(name: string): string {
  return name.trim().toLowerCase()
}

/**
 * What a search matches after the name: the salts of the composition and the key ingredients, without
 * strengths ('Aceclofenac + Paracetamol'), so 'paracetamol' finds every product holding it while '500' or
 * 'mg' find what their names say, not every tablet. At most 12 salts and 20 key ingredients (the
 * contract's field rules), so a product's text stays under 2,300 characters.
 */
export function ingredientsText(composition: Composition, keyIngredients: readonly string[]): string {
  return [...composition.map((ingredient) => ingredient.salt), ...keyIngredients].join(' + ')
}
