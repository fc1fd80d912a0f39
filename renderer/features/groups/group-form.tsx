/**
 * A group's fields (name, description, private switch) as one form, validated by the contract's
 * ZGroupFields: the create dialog of /groups/ and the settings page use it.
 */
import { Button, Group, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  ZGroupFields,
  type TGroupFields,
} from '../../../server/contracts/social';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';

type TGroupFormValues = { name: string; description: string; isPrivate: string };

function toFields(values: TGroupFormValues): { name: string; description: string; isPrivate: boolean } {
  return { name: values.name, description: values.description, isPrivate: values.isPrivate === 'true' };
}

export function GroupForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
  testId,
}: {
  initial?: Partial<Pick<TGroupFields, 'name' | 'description' | 'isPrivate'>>;
  submitLabel: string;
  /** Gets the checked values; throws with the server's error when refused. */
  onSave: (fields: { name: string; description: string; isPrivate: boolean }) => Promise<void>;
  onCancel?: () => void;
  testId: string;
}) {
  const form = useSchemaForm<TGroupFormValues>(
    ZGroupFields,
    {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      isPrivate: String(initial?.isPrivate ?? true),
    },
    (values) => onSave(toFields(values)),
    undefined,
    { toInput: toFields },
  );
  const isPrivate = form.values.isPrivate === 'true';
  return (
    <form noValidate onSubmit={form.onSubmit} data-testid={testId}>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={GROUP_NAME_MAX}
          {...form.field('name')}
          data-testid={`${testId}-name`}
        />
        <Textarea
          label="Description (optional)"
          description="What the group is for: a family, a team, a book club…"
          autosize
          minRows={2}
          maxLength={GROUP_DESCRIPTION_MAX}
          {...form.field('description')}
          data-testid={`${testId}-description`}
        />
        <Switch
          label="Private group"
          description={
            isPrivate
              ? 'Only members see its members, activity and discussion; people ask to join and you approve them.'
              : 'Anyone can find the group, see its members and join it.'
          }
          checked={isPrivate}
          onChange={(event) => form.set('isPrivate', String(event.currentTarget.checked))}
          data-testid={`${testId}-private`}
        />
        <FormFailure message={form.failure} testId={`${testId}-failure`} />
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={form.busy} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
