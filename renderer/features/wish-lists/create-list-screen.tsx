/**
 * /wish-lists/create/ (v2.wishLists.create) and /profile/:userId/wish-lists/create/
 * (v2.profile.createWishList): a new list — title, description, who can see it, event date,
 * default. A family manager making one for their child sends the child as its owner. Saved, the
 * new list opens.
 */
import { Anchor, Button, Card, Group, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ZWishListCreate } from '../../../server/contracts/wish-lists';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { PageLayout } from '../../kit/page-layout';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { useMyUserId } from '../people/people-parts';
import { ListFields, emptyListValues, listInput, wishListHref } from './list-form';

export default function CreateListScreen() {
  const { userId } = useParams();
  const me = useMyUserId();
  const forSomeoneElse = Boolean(userId && me && userId !== me);
  const person = trpc.people.get.useQuery({ userId: userId ?? '' }, { enabled: forSomeoneElse });
  const name = forSomeoneElse && person.data && !person.data.isDeleted ? person.data.displayName : null;
  const navigate = useNavigate();
  const toast = useToast();
  const utils = trpc.useUtils();
  const create = trpc.wishLists.create.useMutation();
  const ownerId = forSomeoneElse ? userId : undefined;
  const toInput = (values: ReturnType<typeof emptyListValues>) => ({ ...listInput(values), ownerId });
  const form = useSchemaForm(
    ZWishListCreate,
    emptyListValues(),
    async (values) => {
      const list = await create.mutateAsync(toInput(values));
      toast.success(`“${list.title}” is ready: add your first wish`);
      void utils.wishLists.mine.invalidate();
      void utils.wishLists.ofUser.invalidate({ userId: list.ownerId });
      await navigate(wishListHref(list));
    },
    undefined,
    { toInput },
  );
  const backTo = forSomeoneElse && userId ? href('v2.profile.wishLists', { userId }) : href('v2.wishLists.own');

  return (
    <PageLayout
      title={forSomeoneElse ? `New list for ${name ?? 'this person'}` : 'New wish list'}
      description="Give it a name, choose who can see it and, if it is for an occasion, its date."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        forSomeoneElse
          ? { label: name ? `${name}'s lists` : 'Their lists', to: backTo }
          : { label: 'My wish lists', to: backTo },
        { label: 'New list' },
      ]}
      testId="create-list-screen"
      size="sm"
    >
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={form.onSubmit} data-testid="create-list-form">
          <Stack gap="md">
            <ListFields form={form} />
            <FormFailure message={form.failure} testId="create-list-failure" />
            <Group justify="space-between">
              <Anchor component={Link} to={backTo} size="sm">
                Cancel
              </Anchor>
              <Button type="submit" loading={form.busy} data-testid="create-list-submit">
                Create list
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </PageLayout>
  );
}
