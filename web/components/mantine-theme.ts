import {
  Button,
  Card,
  createTheme,
  Menu,
  Modal,
  Notification,
  Paper,
  PasswordInput,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** The landing page's palette (web/features/landing/landing.css), for the signed-in app too. */
export const PALETTE = {
  brand: '#b4441f',
  brandStrong: '#8d3113',
  ink: '#2a1e17',
  text: '#3b2a20',
  muted: '#6b5547',
  cream: '#fffaf3',
  sand: '#fbf0e3',
  line: '#ecdccb',
  /** The one error red: 6.6:1 on white, 6.2:1 on cream (AA for small text). */
  danger: '#b42318',
  /** The focus ring: dark ink, never red, so it is not read as an error. */
  focus: '#2a1e17',
} as const;

// The brand's terracotta, the same as the landing page, with AA contrast on white at shade 7.
const brand: MantineColorsTuple = [
  '#fdf1ec',
  '#f8e0d6',
  '#f0bea8',
  '#e89a77',
  '#e17b4e',
  '#dc6834',
  '#d95e27',
  '#b4441f',
  '#a23c1a',
  '#8d3113',
];

// One red for errors and destructive buttons, with the landing page's #b42318 at shade 7 (the
// shade filled buttons and toasts use), so red text and red buttons pass AA on white.
const red: MantineColorsTuple = [
  '#fef3f2',
  '#fee4e2',
  '#fecdca',
  '#fda29b',
  '#f97066',
  '#f04438',
  '#d92d20',
  '#b42318',
  '#912018',
  '#7a271a',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand, red },
  black: PALETTE.ink,
  defaultRadius: 'md',
  // The landing page's cards are 18 px round.
  radius: { lg: '1.125rem' },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '750' },
  focusRing: 'auto',
  components: {
    // Pill buttons, as on the landing page.
    Button: Button.extend({ defaultProps: { radius: 'xl' } }),
    // No focus placeholder (a focusable role=presentation div) inside role=menu: it breaks the
    // menu's allowed children (axe: aria-required-children). The first item takes focus instead.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
    Card: Card.extend({ defaultProps: { radius: 'lg' } }),
    // Show/hide is reachable with Tab (Mantine leaves it out of the tab order by default).
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show or hide the password' },
      },
    }),
    // Toasts: a white card with a border and the landing page's radius, the colour as a bar at
    // the start (the landing page's own toast copies this look, web/features/landing/landing.css);
    // the close button has a name.
    Notification: Notification.extend({
      defaultProps: { withBorder: true, radius: 'lg', closeButtonProps: { 'aria-label': 'Close' } },
    }),
    // Every dialog: its title reads as a heading and its close button has a name.
    Modal: Modal.extend({
      defaultProps: { radius: 'lg', closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
  },
});

/**
 * Mantine's "dimmed" grey (gray.6 on white, about 3.3:1) is below the WCAG AA contrast for
 * small text; the landing page's muted brown passes (about 7:1). The error colour is the one
 * red above. (The `--tf-*` variables of the landing palette are plain CSS: web/app/app.css.)
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': PALETTE.muted,
    '--mantine-color-error': PALETTE.danger,
    '--mantine-color-text': PALETTE.text,
  },
  dark: {},
});
