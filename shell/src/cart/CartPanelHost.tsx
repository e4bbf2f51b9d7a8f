import { DialogHeader, theme, useDialogFocus } from '@medstore/ui'
import { useCartSummaryStore } from '@medstore/web-client'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'
import { Loading } from '../federation/Loading.tsx'
import { RemoteArea } from '../federation/RemoteArea.tsx'
import { useRemoteModule } from '../federation/useRemoteModule.ts'
import { useT } from '../i18n.ts'

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: rgba(15, 23, 42, 0.4);
`

const Drawer = styled.aside`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  z-index: 901;
  width: min(420px, 100vw);
  overflow-y: auto;
  background: ${theme.color.surface};
  box-shadow: ${theme.shadow};

  .cart-body {
    padding: 16px 20px;
  }
`

function CartPanelContent({ onClose }: { onClose: () => void }) {
  const module = useRemoteModule('mfe_checkout/CartPanel')
  if (!module) return <Loading />
  const { CartPanel } = module
  return <CartPanel onClose={onClose} />
}

/**
 * The side cart the header's cart button opens. Its content is mfe-checkout's `./CartPanel`, loaded on
 * first opening; if checkout is down the panel says so with a Retry, and the page stays usable.
 */
export function CartPanelHost() {
  const t = useT()
  const open = useCartSummaryStore((state) => state.panelOpen)
  const close = useCartSummaryStore((state) => state.closePanel)
  const { pathname } = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: navigating away (e.g. to /checkout) closes it
  useEffect(() => close(), [pathname])
  const drawer = useDialogFocus<HTMLElement>(open, close)

  if (!open) return null
  return (
    <>
      {/* A press here is a press outside the drawer: useDialogFocus closes it. */}
      <Backdrop />
      <Drawer ref={drawer} role="dialog" aria-modal="true" aria-labelledby="cart-panel-title" tabIndex={-1}>
        <DialogHeader
          titleId="cart-panel-title"
          title={t('cart.title')}
          closeLabel={t('cart.close')}
          onClose={close}
        />
        <div className="cart-body">
          <RemoteArea remote="mfe_checkout" compact>
            <CartPanelContent onClose={close} />
          </RemoteArea>
        </div>
      </Drawer>
    </>
  )
}
