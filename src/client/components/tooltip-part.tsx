// Loaded on the first hover or focus of a Hint (hint.tsx): Mantine's tooltip brings Floating UI.
export { Tooltip } from '@mantine/core';
