import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'understanding',
  colors: {
    understanding: [
      '#e8f1fa',
      '#cfe0f1',
      '#9dbfe3',
      '#689cd5',
      '#3f7fc9',
      '#2a6cc1',
      '#1c5fae',
      '#124f93',
      '#0a4584',
      '#003a75',
    ],
  },
  primaryShade: 7,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
});

/**
 * Mantine's default "dimmed" and disabled greys, and its error red, fail WCAG AA contrast on white and on the disabled
 * background; secondary and disabled text use darker greys so every page passes the axe
 * colour-contrast rule, also while controls are disabled during a load.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantine) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': mantine.colors.gray[7],
    // 5.1:1 on the disabled background (gray-2), 5.5:1 on a segmented control (gray-1).
    '--mantine-color-disabled-color': '#5c636a',
    // Field error messages: red-9 is 5.5:1 on white (Mantine's red-6 is 3.3:1).
    '--mantine-color-error': mantine.colors.red[9],
  },
  dark: { '--mantine-color-dimmed': mantine.colors.dark[1] },
});
