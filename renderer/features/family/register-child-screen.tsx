/**
 * /family-manager/members/register/ and /family-manager/members/add/ (v2.familyManager.registerMember,
 * .addMember): a family manager adds a child account — first and last name, an optional birthday —
 * and lands on the member-created page.
 */
import { Anchor, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ZCreateChild } from '../../../server/contracts/people';
import { FormFailure } from '../../kit/form-parts';
import { serverFieldErrors, validateFields } from '../../kit/forms';
import { PageLayout } from '../../kit/page-layout';
import { errorText } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { birthdayInput, formFieldErrors } from '../people/people-parts';

interface TValues {
  firstName: string;
  lastName: string;
  birthdayMonth: string;
  birthdayDay: string;
}

const EMPTY: TValues = { firstName: '', lastName: '', birthdayMonth: '', birthdayDay: '' };

function childInput(values: TValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    birthday: birthdayInput(values.birthdayMonth, values.birthdayDay),
  };
}

export default function RegisterChildScreen() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.people.create.useMutation();
  const [values, setValues] = useState<TValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const check = (next: TValues) => formFieldErrors(validateFields(ZCreateChild, childInput(next)));

  function set(name: keyof TValues, value: string): void {
    const next = { ...values, [name]: value };
    setValues(next);
    if (attempted) setErrors(check(next));
  }

  const field = (name: keyof TValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => set(name, event.currentTarget.value),
  });

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setAttempted(true);
    setFailure(null);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const child = await create.mutateAsync(childInput(values));
      void utils.people.children.invalidate();
      void utils.auth.switchTargets.invalidate();
      await navigate(href('v2.familyManager.memberCreated', { userId: child.userId }));
    } catch (error) {
      const fields = formFieldErrors(serverFieldErrors(error));
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? null : errorText(error));
    }
  }

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
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="register-child-form">
          <Stack gap="md">
            <TextInput label="First name" autoComplete="off" {...field('firstName')} data-testid="child-first-name" />
            <TextInput label="Last name" autoComplete="off" {...field('lastName')} data-testid="child-last-name" />
            <Group grow align="flex-start">
              <TextInput
                label="Birthday month (optional)"
                description="1 to 12"
                type="number"
                inputMode="numeric"
                min={1}
                max={12}
                {...field('birthdayMonth')}
                data-testid="child-birthday-month"
              />
              <TextInput
                label="Birthday day (optional)"
                description="1 to 31"
                type="number"
                inputMode="numeric"
                min={1}
                max={31}
                {...field('birthdayDay')}
                data-testid="child-birthday-day"
              />
            </Group>
            <FormFailure message={failure} testId="register-child-failure" />
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
