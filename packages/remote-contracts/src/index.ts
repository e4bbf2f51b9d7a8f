/**
 * The seam between the shell and its remotes, as types only (nothing here reaches a bundle). The shell
 * compiles against these, never against a remote's code, so a remote changes and redeploys alone:
 *
 * - the shell's runtime `/remotes.json` ({@link RemotesTable}) says where each remote's manifest is and
 *   which path prefixes it owns; the shell knows nothing else about a remote's pages;
 * - each remote exposes `./routes` ({@link RemoteRoutesModule}): the routes it answers below its
 *   prefixes (a path under a prefix that none of them matches is "not mine": the shop's not-found page)
 *   and its entries in its frame's navigation (the back-office sidebar);
 * - each remote's build publishes `routes.json` ({@link RemoteRoutesManifest}) beside its manifest: its
 *   route patterns, early reads, first paints and its entries in the storefront's account menu;
 * - mfe-checkout also exposes the cart panel and the cart badge's sync ({@link CartPanelModule},
 *   {@link CartSyncModule}).
 *
 * A change here is a change to every side: make it additive (a new optional field, a new module) and
 * ship the remotes that provide it before the shell that needs it.
 */
import type { ComponentType, ReactNode } from 'react'

/** Federation names of the three remotes (JS identifiers: they are also global variable names). */
export type RemoteName = 'mfe_store' | 'mfe_checkout' | 'mfe_vendor'

/** The page frame the shell draws around a remote's screens. */
export type RemoteFrame = 'store' | 'back-office'

/** One remote in the shell's runtime `/remotes.json`. */
export interface RemoteTableEntry {
  /** URL of the remote's `mf-manifest.json`; its `routes.json` sits next to it. */
  entry: string
  /**
   * Route patterns (react-router syntax: `:param` is one segment, a trailing `*` any rest) that belong
   * to this remote, e.g. `/vendor/*`. The remote owns every route below them.
   */
  prefixes: string[]
  frame: RemoteFrame
}

/** The shell's runtime `/remotes.json`. */
export type RemotesTable = Record<RemoteName, RemoteTableEntry>

/**
 * The module behind every remote's `./routes` expose: route pattern → element, rendered by the shell's
 * router inside the remote's frame (elements use the shared router: `useParams`, `<Link>`...). Each
 * pattern must lie under one of the remote's prefixes; the remote's build also publishes the patterns
 * as `routes.json` so the shell's server can answer 404 for a path no remote owns.
 */
export interface RemoteRoutesModule {
  routes: Readonly<Record<string, ReactNode>>
  /**
   * The remote's entries in its frame's navigation (the back-office sidebar), read by the shell at run
   * time: a remote adds a panel to the menu by redeploying itself. The shell sorts them by `order`, and
   * the top bar shows the entry of the open path. Optional: a remote without any adds none.
   */
  navigation?: readonly NavigationEntry[]
  /**
   * Settles once the element of the path the page was opened at renders without suspending (its screen's
   * code and the remote's messages in the page's language are in). The shell's first render waits for it where index.html painted the remote's page
   * (`PagePaint`), so React replaces that paint with the same page rather than with a Loading box.
   */
  ready?: () => Promise<void>
}

/** One link in a frame's navigation, published by the remote whose page it opens. */
export interface NavigationEntry {
  /** The page's path, e.g. `/vendor/allOrders` (under the remote's prefixes). */
  path: string
  /** The link's text, also the top bar's title while the page is open. */
  label: string
  /** Its place in the menu: lower first. */
  order: number
}

/**
 * One link in the storefront's account menu (the signed-in user's menu in the header and in the mobile
 * menu), published by the remote whose page it opens in its `routes.json`: the shell's boot reads that file
 * before the header's first render, so the menu holds the same entries from the moment it can be opened.
 */
export interface AccountMenuEntry {
  /** The page's path, e.g. `/my-orders` (under the remote's prefixes). */
  path: string
  /**
   * The link's text per language code (`en`, `hi`), taken from the remote's own message catalogue at
   * build time; the shell shows the page's language, else `en`.
   */
  label: Readonly<Record<string, string>>
  /** Its place in the menu: lower first (the shell's own entries, Account and Log Out, come after). */
  order: number
}

/**
 * An API read a page starts with, declared by the remote that owns the page: the shell's index.html
 * starts it before any script has arrived and hands the answer to the page's API client (web-client's
 * early-request seam), so the page's data is in when its code is. A declaration the page's code does not
 * match exactly costs one unused request, never a wrong answer.
 */
export interface EarlyRequest {
  /**
   * The API path and query exactly as the page's client asks for it (its parameters in that order);
   * `{name}` is the page URL's query parameter `name`. Not started when the page URL has a parameter
   * the path does not use (the page then asks for something else).
   */
  path: string
  /**
   * Where in the JSON answer the URL of the page's largest picture is (dotted, e.g. `products.0.thumbnail`):
   * it is preloaded at high priority as soon as the answer is in.
   */
  image?: string
  /**
   * Only with a stored sign-in: the read answers 401 to a guest (the page then shows its own sign-in
   * prompt without asking), so index.html does not start it for one.
   */
  signedIn?: boolean
}

/**
 * A page's first paint, drawn by the remote's own screen at build time with stand-in data and filled by
 * the shell's index.html from the page's early read before any of the app's code has arrived (the
 * template format and its fill: @medstore/mf-config's `paint.ts` and `paint-fill.ts`). index.html shows
 * it in place of its Loading box, starts the app's code once the page's high-priority pictures are in,
 * and the remote's first render draws the same page from the same answer (web-client's `api.peek`).
 */
export interface PagePaint {
  /** Which of the route's early reads (index into `early[route]`) fills it. */
  read: number
  /** The screen's markup with slots: what goes into `<main>`. */
  html: string
  /** The CSS its elements use (class names of the build's own render). */
  css: string
}

/** The published `routes.json` next to a remote's manifest. */
export interface RemoteRoutesManifest {
  routes: string[]
  /** Per route (a pattern without parameters, as in `routes`): the reads its page starts with. */
  early?: Record<string, EarlyRequest[]>
  /**
   * Per route: the script files (beside the manifest) of the screen its element loads on demand, which
   * the shell's index.html preloads with the remote's `./routes` code when the page opens at that route.
   */
  code?: Record<string, string[]>
  /** Per route: its first paint (additive: a shell that knows none shows its Loading box). */
  paint?: Record<string, PagePaint>
  /** The remote's entries in the storefront's account menu (additive: an older remote publishes none). */
  account?: AccountMenuEntry[]
}

export interface CartPanelProps {
  /** Close the panel (Continue Shopping, or after Checkout navigated to /checkout). */
  onClose: () => void
}

/** `mfe_checkout/CartPanel`: the side cart the shell's header opens. */
export interface CartPanelModule {
  CartPanel: ComponentType<CartPanelProps>
}

/**
 * `mfe_checkout/CartSync`: renders nothing; keeps the header's badge count
 * (`useCartSummaryStore.itemCount`) equal to the signed-in customer's cart, reloading on sign-in and
 * whenever `cartChanged()` is called. The shell mounts it once in the storefront frame.
 */
export interface CartSyncModule {
  CartSync: ComponentType
}

/** Every module the shell loads from a remote, by federation id. */
export interface RemoteModules {
  'mfe_store/routes': RemoteRoutesModule
  'mfe_checkout/routes': RemoteRoutesModule
  'mfe_checkout/CartPanel': CartPanelModule
  'mfe_checkout/CartSync': CartSyncModule
  'mfe_vendor/routes': RemoteRoutesModule
}

export type RemoteModuleId = keyof RemoteModules
