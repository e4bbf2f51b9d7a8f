/**
 * `@medstore/ui`: the Medicine Store UI kit, shared by the shell and every remote as one Module
 * Federation singleton (one theme, one styled-components registry). The components only later screens
 * use (tables of orders, the file viewer, the tax invoice button, star ratings) are `@medstore/ui/later`,
 * a singleton of its own, so the first render of `/` does not download them.
 */
export { Button, type ButtonProps, type ButtonVariant } from './Button.tsx'
export { DialogHeader, type DialogHeaderProps, useDialogFocus } from './dialog.tsx'
export { FilterBar, SearchFilter, type SearchFilterProps } from './FilterBar.tsx'
export {
  FieldMessage,
  Input,
  Select,
  SelectField,
  type SelectFieldProps,
  type SelectOption,
  TextArea,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
} from './fields.tsx'
export {
  formatDate,
  formatDateTime,
  formatItemCount,
  formatLongDate,
  formatWeekdayDate,
  INDIAN_DATE_HINT,
  INDIAN_DATE_INVALID,
  parseIndianDate,
} from './format.ts'
export { HeroSearchBox, HomeHero, StaticHeroSearch, StorePageSection } from './HomeHero.tsx'
export { Icon } from './Icon.tsx'
export {
  type Catalogue,
  cataloguesReady,
  cataloguesShown,
  defineCatalogue,
  type Message,
  type MessageLoaders,
  type Messages,
  type MessageValues,
  type Translate,
} from './i18n/catalogue.ts'
export {
  browserLanguage,
  currentLocale,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  LOCALES,
  useLanguage,
  useLanguageStore,
} from './i18n/language.ts'
export { ListState, type ListStateProps } from './ListState.tsx'
export { Modal, type ModalProps } from './Modal.tsx'
export {
  focusableIn,
  KEEP_OVERLAYS_OPEN,
  nextTrapTarget,
  type OverlayOptions,
  useOverlay,
} from './overlay.ts'
export { Pager, type PagerProps } from './Pager.tsx'
export { type PagerItem, pageCountOf, pagerItems, pageSlice } from './pager-items.ts'
export { paymentText, refundSentence, refundSentences } from './payment.ts'
export { formatRupees, Price } from './price.tsx'
export { type FieldProblem, problemText, type ServerText, serverText } from './problems.ts'
export { StatusBadge } from './StatusBadge.tsx'
export { EmptyState, ErrorState, LoadingState } from './states.tsx'
export { contrastRatio, STATUS_COLOURS, type StatusColour, statusColour } from './status.ts'
export { StackedTable, Table, TableWrap } from './Table.tsx'
export { Toaster, type ToastView } from './Toaster.tsx'
export { GlobalStyle, theme } from './theme.ts'
export { type Load, useLoad } from './use-load.ts'
