/**
 * /family-manager/members/register/ and /family-manager/members/add/ (v2.familyManager.registerMember,
 * .addMember): a family manager adds a child account — first and last name, an optional birthday —
 * and lands on the member-created page.
 */
import { Anchor, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { Link } from '../../routes/link';
import { useAppNavigate } from '../../routes/app-navigate';
import { ZCreateChild } from '../../../server/contracts/people';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { PageLayout } from '../../kit/page-layout';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { BirthdayInputs } from '../people/birthday-inputs';
import { birthdayField, birthdayInput } from '../people/birthdays';

type TValues = {
  firstName: string;
  lastName: string;
  birthdayMonth: string;
  birthdayDay: string;
};

const EMPTY: TValues = { firstName: '', lastName: '', birthdayMonth: '', birthdayDay: '' };

function childInput(values: TValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    birthday: birthdayInput(values.birthdayMonth, values.birthdayDay),
  };
}

export default function RegisterChildScreen() {
  const navigate = useAppNavigate();
  const utils = trpc.useUtils();
  const create = trpc.people.create.useMutation();
  const form = useSchemaForm(
    ZCreateChild,
    EMPTY,
    async (values) => {
      const child = await create.mutateAsync(childInput(values));
      void utils.people.children.invalidate();
      void utils.auth.switchTargets.invalidate();
      await navigate(href('v2.familyManager.memberCreated', { userId: child.userId }));
    },
    undefined,
    { toInput: childInput, fieldOf: birthdayField },
  );
  const field = form.field;

  return (
    <PageLayout
      title="Add a child"
      description="A child account needs no e-mail address or password: you manage it from your own account."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Family manager', to: href('v2.familyManager.root') },
        { label: 'Add a child' },
      ]}
      testId="register-child-screen"
      size="sm"
    >
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={form.onSubmit} data-testid="register-child-form">
          <Stack gap="md">
            <TextInput label="First name" autoComplete="off" {...field('firstName')} data-testid="child-first-name" />
            <TextInput label="Last name" autoComplete="off" {...field('lastName')} data-testid="child-last-name" />
            <BirthdayInputs
              month={field('birthdayMonth')}
              day={field('birthdayDay')}
              onChange={form.set}
              optional
              testIdPrefix="child"
            />
            <FormFailure message={form.failure} testId="register-child-failure" />
            <Group justify="space-between">
              <Anchor component={Link} to={href('v2.familyManager.root')} size="sm">
                Cancel
              </Anchor>
              <Button type="submit" loading={create.isPending} data-testid="register-child-submit">
                Add child
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </PageLayout>
  );
}
