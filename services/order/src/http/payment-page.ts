import { type PaymentStatus, SANDBOX_SIGNATURE_HEADER } from '@medstore/contracts/order'
import { SANDBOX_WEBHOOK_PATH } from '../payment/sandbox'

export type SandboxPageData = {
  number: string
  amountPaise: number
  paymentStatus: PaymentStatus
  /** Cancelled, or its link has lapsed: nothing to pay. */
  cancelled: boolean
  returnUrl: string
  pay: { body: string; signature: string }
  fail: { body: string; signature: string }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** JSON inside a <script>: "<" escaped so no string can close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * The sandbox "hosted payment page": self-contained (inline style and script under a per-response nonce, no
 * external assets). Pay / Fail send the matching pre-signed webhook, then take the buyer to the shop's
 * order-confirmation page.
 */
export function renderSandboxPage(data: SandboxPageData, nonce: string): string {
  const open = data.paymentStatus === 'pending' || data.paymentStatus === 'failed'
  const settled = !open || data.cancelled
  const note = data.cancelled
    ? 'This order was cancelled or its payment time ran out; there is nothing to pay.'
    : !open
      ? 'This order is paid. Thank you!'
      : data.paymentStatus === 'failed'
        ? 'The last payment attempt failed. You can try again.'
        : 'This is a test payment page: no money moves.'
  const config = {
    webhook: SANDBOX_WEBHOOK_PATH,
    header: SANDBOX_SIGNATURE_HEADER,
    returnUrl: data.returnUrl,
    pay: data.pay,
    fail: data.fail,
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay for order ${escapeHtml(data.number)} · Medicine Store</title>
<style nonce="${nonce}">
  /* The card's padding inside its width (it scrolled sideways on phones); the shop's brand green, on which
     white text has AA contrast (the lighter green it replaced had 4.4:1). */
  body { font-family: system-ui, sans-serif; background: #f3f7f4; margin: 0; display: grid; place-items: center; min-height: 100vh; color: #17301f; }
  main { box-sizing: border-box; background: #fff; border-radius: 12px; box-shadow: 0 4px 24px rgba(0,0,0,.08); padding: 2rem; width: min(26rem, 90vw); text-align: center; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 1rem 0; }
  .note { color: #51645a; min-height: 1.5em; }
  button { font: inherit; border: 0; border-radius: 8px; padding: .75rem 1.5rem; margin: .5rem; cursor: pointer; }
  #pay { background: #15803d; color: #fff; }
  #fail { background: #eee; color: #7a1f1f; }
  button:disabled { opacity: .5; cursor: default; }
  a { color: #15803d; }
</style>
</head>
<body>
<main>
  <p>Medicine Store · Sandbox payment</p>
  <h1>Order ${escapeHtml(data.number)}</h1>
  <p class="amount" data-testid="amount">${rupees(data.amountPaise)}</p>
  <p class="note" id="note" role="status">${escapeHtml(note)}</p>
  ${
    settled
      ? `<p><a href="${escapeHtml(data.returnUrl)}">Back to your order</a></p>`
      : '<div><button id="pay" type="button">Pay</button><button id="fail" type="button">Fail</button></div>'
  }
</main>
<script nonce="${nonce}">
(() => {
  const config = ${scriptJson(config)};
  const note = document.getElementById('note');
  async function report(choice) {
    for (const b of document.querySelectorAll('button')) b.disabled = true;
    note.textContent = 'Processing…';
    try {
      const res = await fetch(config.webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [config.header]: config[choice].signature },
        body: config[choice].body,
      });
      if (!res.ok) throw new Error('status ' + res.status);
      location.assign(config.returnUrl);
    } catch {
      note.textContent = 'Something went wrong. Please try again.';
      for (const b of document.querySelectorAll('button')) b.disabled = false;
    }
  }
  document.getElementById('pay')?.addEventListener('click', () => report('pay'));
  document.getElementById('fail')?.addEventListener('click', () => report('fail'));
})();
</script>
</body>
</html>`
}
