import { CheckIcon, ColorSwatch, Group, Input, Text, UnstyledButton } from '@mantine/core';
import { PRODUCT_COLOURS, type ProductColour } from '../../../../shared/menu';
import { PRODUCT_TEXT } from '../product-text';

/** The CSS colour of a product's card colour (the theme palette's shade 6). */
export const colourVar = (colour: string) => `var(--mantine-color-${colour}-6)`;

const nameOf = (colour: string) => colour.charAt(0).toUpperCase() + colour.slice(1);

/** A product's colour as a small dot beside its name; nothing when it has none. */
export function ColourDot({ colour }: { colour: string | null }) {
  if (!colour) return null;
  return (
    <ColorSwatch
      color={colourVar(colour)}
      size={12}
      withShadow={false}
      role="img"
      aria-label={PRODUCT_TEXT.colourNamed(nameOf(colour))}
      style={{ flexShrink: 0 }}
    />
  );
}

/** The card colour: one of PRODUCT_COLOURS or none, as toggle buttons (Tab and Space). */
export function ColourPicker({
  value,
  onChange,
}: {
  value: ProductColour | null;
  onChange: (colour: ProductColour | null) => void;
}) {
  return (
    <Input.Wrapper
      label={PRODUCT_TEXT.colour}
      description={PRODUCT_TEXT.colourHint}
      inputWrapperOrder={['label', 'input', 'description']}
    >
      <Group gap={6} mt={4} role="group" aria-label={PRODUCT_TEXT.colour} data-field="colour">
        <UnstyledButton
          onClick={() => onChange(null)}
          aria-pressed={value === null}
          px="xs"
          h={32}
          style={{
            borderRadius: 16,
            border: `2px solid ${value === null ? 'var(--tf-ink)' : 'var(--tf-line)'}`,
          }}
        >
          <Text size="sm">{PRODUCT_TEXT.noColour}</Text>
        </UnstyledButton>
        {PRODUCT_COLOURS.map((colour) => (
          <ColorSwatch
            key={colour}
            component="button"
            type="button"
            color={colourVar(colour)}
            size={32}
            aria-label={nameOf(colour)}
            aria-pressed={value === colour}
            onClick={() => onChange(colour)}
            style={{
              cursor: 'pointer',
              color: 'white',
              outline: value === colour ? '2px solid var(--tf-ink)' : undefined,
              outlineOffset: 2,
            }}
          >
            {value === colour && <CheckIcon size={12} />}
          </ColorSwatch>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
