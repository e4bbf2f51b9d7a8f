import { createGlobalStyle } from 'styled-components'

/** The storefront and back-office palette and measures. Import it directly (no ThemeProvider needed). */
export const theme = {
  color: {
    brand: '#15803d',
    brandDark: '#14532d',
    brandHover: '#166534',
    brandLight: '#dcfce7',
    brandLighter: '#f0fdf4',
    text: '#0f172a',
    muted: '#475569',
    subtle: '#64748b',
    border: '#e2e8f0',
    surface: '#ffffff',
    background: '#f8fafc',
    danger: '#b91c1c',
    /** Neutral notices (info toasts). */
    info: '#1d4ed8',
    dangerLight: '#fef2f2',
    warningLight: '#fffbeb',
    warningBorder: '#fde68a',
    star: '#f59e0b',
    /** The keyboard focus ring on light surfaces (at least 3:1 against them). */
    focus: '#14532d',
    /** The focus ring on dark surfaces (footer, back-office sidebar). */
    focusOnDark: '#ffffff',
  },
  radius: '8px',
  shadow: '0 10px 30px rgba(15, 23, 42, 0.15)',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  /** Breakpoint below which layouts switch to their mobile form. */
  mobile: '768px',
} as const

export const GlobalStyle = createGlobalStyle`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  body {
    margin: 0;
    font-family: ${theme.font};
    color: ${theme.color.text};
    background: ${theme.color.background};
  }

  a {
    color: ${theme.color.brand};
  }

  /* Dark green on the light surfaces (about 9:1 on white); dark surfaces switch it to white. */
  :focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }

  .skip-link {
    position: absolute;
    top: 8px;
    left: 8px;
    z-index: 3000;
    padding: 10px 16px;
    border-radius: ${theme.radius};
    background: ${theme.color.brandDark};
    color: #fff;
    font-weight: 700;
    text-decoration: none;
    transform: translateY(-200%);
  }

  .skip-link:focus {
    transform: none;
    outline-color: ${theme.color.star};
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`
