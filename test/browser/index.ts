/** Browser-test harness: the whole shop on free ports, Chromium, accounts. See README.md beside this. */
export { ADMIN, signInAdmin, signUpCustomer } from '../../gateway/test/support.ts'
export { axeViolations, seriousAxeProblems, WCAG_AND_BEST_PRACTICE } from './axe.ts'
export { fillShippingForm, placeCashOrder, SHIPPING_FORM } from './checkout-steps.ts'
export {
  appTookOver,
  CHROMIUM,
  hasChromium,
  horizontalOverflow,
  launchChromium,
  openPage,
  type PageOptions,
  SCREENSHOT_DIR,
  type StoredProfile,
  saveScreenshot,
  sidewaysScrollers,
  type TestPage,
} from './chromium.ts'
export { callGateway } from './gateway-api.ts'
export { type DemoProduct, orderableProducts } from './products.ts'
export { type Shop, type ShopOptions, startShop } from './shop.ts'
export { useShopInBrowser } from './use-shop.ts'
export { ensureWebBuilt } from './web-build.ts'
