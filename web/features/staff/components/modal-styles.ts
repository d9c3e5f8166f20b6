/** Field descriptions darker than Mantine's dimmed grey, for 4.5:1 contrast on white. */
export const FIELD_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } };
