import { CATEGORY_NAME_EMPTY, type Category } from '@medstore/contracts/catalogue'

/** Categories per page (spec section 9). */
export const CATEGORIES_PAGE_SIZE = 5

/** Live search: case-insensitive substring of the name. */
export function searchCategories(categories: readonly Category[], search: string): Category[] {
  const needle = search.trim().toLowerCase()
  return needle ? categories.filter((c) => c.name.toLowerCase().includes(needle)) : [...categories]
}

/** Spec: an empty or blank name is refused with 'Category name cannot be empty'. */
export function categoryNameError(name: string): string | undefined {
  if (!name.trim()) return CATEGORY_NAME_EMPTY
  if (name.trim().length > 60) return 'Category name must be at most 60 characters'
  return undefined
}

/** The catalogue answers 409 when products still use a category; say what to do about it. */
export function deleteRefusal(status: number, message: string): string {
  return status === 409 ? `${message} Move those products to another category or delete them first.` : message
}
