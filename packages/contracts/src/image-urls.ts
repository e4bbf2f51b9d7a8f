/**
 * The catalogue's picture URLs (zod-free: front ends use them on their first render). A product's
 * `image` is the upload, `{image}/card` its 400 px WebP (`thumbnail`), `{image}/large` its 800 px WebP
 * (`picture`). The cart's, orders' and reviews' copies of a product carry only `image`, so a thumbnail
 * there is derived here rather than making a phone download the upload (up to 10 MB) for a 48 px box.
 */
const CATALOGUE_IMAGE = /\/product\/image\/[a-f0-9]{32}$/

export const imageUrl = (publicApiUrl: string, imageId: string) => `${publicApiUrl}/product/image/${imageId}`

const CATALOGUE_IMAGE_PATH = /^\/product\/image\/[a-f0-9]{32}(\/card|\/large)?$/

/**
 * A catalogue image (or its variant) on the gateway the browser actually uses: the catalogue writes its
 * URLs with PUBLIC_API_URL (`http://localhost:8080` by default), which a phone that opened the shop at a
 * LAN address cannot reach. Any other URL as it is.
 */
export function imageOnApi(image: string, apiUrl: string): string {
  const url = URL.parse(image)
  return url && CATALOGUE_IMAGE_PATH.test(url.pathname) && !url.search ? `${apiUrl}${url.pathname}` : image
}

/** The 400 px WebP of a catalogue image URL; any other URL as it is. */
export const cardImageOf = (image: string) => (CATALOGUE_IMAGE.test(image) ? `${image}/card` : image)

/** The 800 px WebP of a catalogue image URL; any other URL as it is. */
export const largeImageOf = (image: string) => (CATALOGUE_IMAGE.test(image) ? `${image}/large` : image)
