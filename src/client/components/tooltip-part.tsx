// Loaded on first hover (tooltip.tsx): Mantine's tooltip brings Floating UI.
export { Tooltip } from '@mantine/core';
