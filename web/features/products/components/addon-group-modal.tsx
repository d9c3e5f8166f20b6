import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_GROUP_OPTIONS } from '../../../../shared/menu';
import type { AddonGroup } from '../../../../shared/schemas/menu.schemas';
import type { InventoryItem } from '../../../../shared/schemas/inventory.schemas';
import { QueryError } from '../../../components/query-error';
import { formFeedback } from '../../../lib/form-feedback';
import { useBelow } from '../../../lib/use-below';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useSaveAddonGroup } from '../api/addon-groups';
import { useIngredientChoices } from '../api/get-ingredient-choices';
import {
  addonGroupBody,
  addonGroupFields,
  addonGroupFormValues,
  emptyAddonGroupForm,
  emptyOption,
  type AddonGroupFormValues,
} from '../addon-group-form';
import { emptyRecipeRow } from '../recipe-rows';
import { PRODUCT_TEXT } from '../product-text';
import { RecipeRows } from './recipe-rows';

type Props = {
  opened: boolean;
  /** The group to edit; null for a new one. */
  group: AddonGroup | null;
  onClose: () => void;
};

/** Add or edit an add-on group: name, minimum and maximum choices, options with prices and recipes. */
export function AddonGroupModal({ opened, group, onClose }: Props) {
  const phone = useBelow('sm');
  const save = useSaveAddonGroup();
  const choices = useIngredientChoices();
  const form = useForm<AddonGroupFormValues>({
    mode: 'controlled',
    initialValues: group ? addonGroupFormValues(group) : emptyAddonGroupForm(),
    validate: (values) => addonGroupBody(values).errors ?? {},
  });
  const fields = addonGroupFields(form.values);
  const { formRef, focusFirstError } = useFocusFirstError(fields);

  const submit = form.onSubmit((values) => {
    const result = addonGroupBody(values);
    if (!result.body) return;
    save.mutate(
      { id: group?.id, body: result.body },
      formFeedback<AddonGroup>({
        success: (saved) =>
          group ? PRODUCT_TEXT.groupSaved(saved.name) : PRODUCT_TEXT.groupAdded(saved.name),
        onDone: onClose,
        fields,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: PRODUCT_TEXT.groupNotSaved,
        rename: result.rename,
      }),
    );
  }, focusFirstError);

  const optionsError = form.errors.options;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? PRODUCT_TEXT.editGroupTitle(group.name) : PRODUCT_TEXT.newGroupTitle}
      size="xl"
      fullScreen={phone}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('name')}
            name="name"
            label={PRODUCT_TEXT.groupName}
            placeholder={PRODUCT_TEXT.groupNamePlaceholder}
            autoComplete="off"
            maxLength={40}
            required
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberInput
              {...form.getInputProps('minChoices')}
              name="minChoices"
              label={PRODUCT_TEXT.minChoices}
              description={PRODUCT_TEXT.minChoicesHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              min={0}
              max={MAX_GROUP_OPTIONS}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberInput
              {...form.getInputProps('maxChoices')}
              name="maxChoices"
              label={PRODUCT_TEXT.maxChoices}
              description={PRODUCT_TEXT.maxChoicesHint}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              min={1}
              max={MAX_GROUP_OPTIONS}
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>

          <Title order={3} size="h5" mt="xs">
            {PRODUCT_TEXT.optionsTitle}
          </Title>
          {optionsError && (
            <Text size="sm" c="red" role="alert">
              {optionsError}
            </Text>
          )}
          {choices.isError && (
            <QueryError
              title={PRODUCT_TEXT.choicesLoadFailed}
              error={choices.error}
              onRetry={() => void choices.refetch()}
            />
          )}
          {form.values.options.map((option, index) => (
            <OptionRow
              key={option.key}
              form={form}
              index={index}
              items={choices.data ?? []}
              loading={choices.isPending}
            />
          ))}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => form.insertListItem('options', emptyOption())}
              disabled={form.values.options.length >= MAX_GROUP_OPTIONS}
            >
              {PRODUCT_TEXT.addOption}
            </Button>
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {PRODUCT_TEXT.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {PRODUCT_TEXT.saveGroup}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function OptionRow({
  form,
  index,
  items,
  loading,
}: {
  form: UseFormReturnType<AddonGroupFormValues>;
  index: number;
  items: InventoryItem[];
  loading: boolean;
}) {
  const { options } = form.values;
  const option = options[index]!;
  const label = PRODUCT_TEXT.option(index + 1);
  const named = option.name.trim() || label;
  const path = `options.${index}`;
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={700} c="var(--tf-ink)">
            {label}
          </Text>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={PRODUCT_TEXT.moveUp(label)}
              disabled={index === 0}
              onClick={() => form.reorderListItem('options', { from: index, to: index - 1 })}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={PRODUCT_TEXT.moveDown(label)}
              disabled={index === options.length - 1}
              onClick={() => form.reorderListItem('options', { from: index, to: index + 1 })}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={PRODUCT_TEXT.removeOption(label)}
              disabled={options.length === 1}
              onClick={() => form.removeListItem('options', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            {...form.getInputProps(`${path}.name`)}
            name={`${path}.name`}
            label={PRODUCT_TEXT.optionName}
            aria-label={`${PRODUCT_TEXT.optionName} ${index + 1}`}
            autoComplete="off"
            maxLength={40}
            required
          />
          <TextInput
            {...form.getInputProps(`${path}.price`)}
            name={`${path}.price`}
            label={PRODUCT_TEXT.optionPrice}
            aria-label={`${PRODUCT_TEXT.optionPrice} ${index + 1}`}
            inputMode="decimal"
            autoComplete="off"
            leftSection="₹"
            required
          />
        </SimpleGrid>
        {option.ingredients.length === 0 ? (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem(`${path}.ingredients`, emptyRecipeRow())}
            >
              {PRODUCT_TEXT.optionRecipe(named)}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {PRODUCT_TEXT.optionRecipe(named)}{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                {PRODUCT_TEXT.optionRecipeHint}
              </Text>
            </Text>
            <RecipeRows
              form={form}
              path={`${path}.ingredients`}
              rows={option.ingredients}
              items={items}
              loading={loading}
              labelPrefix={`${label} `}
              addLabel={PRODUCT_TEXT.addIngredient}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
