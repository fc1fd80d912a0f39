/**
 * /family-manager/members/:userId/add-to-exchanges/ (v2.familyManager.addToExchanges): a family
 * manager puts their child in the gift exchanges they organize (or assist) that are still open for
 * sign-up; the manager answers for the child. The legacy add-to-my-groups page
 * (legacy.familyManager.addToMyGroups) shares the screen: the manager's groups
 * (`groups.childChoices`), each with "Add" (`groups.addChild`) unless the child is in it already (or
 * asked: in a private group a plain member's add is a request its owner or an assistant approves).
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { GiftIcon, UsersIcon } from '../../app/icons';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';

function ExchangeChoices({ userId, name }: { userId: string; name: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const choices = trpc.exchanges.childChoices.useQuery({ userId });
  const add = trpc.exchanges.addChild.useMutation({
    onSuccess: async (_, input) => {
      toast.success(`${name} is in`);
      await utils.exchanges.childChoices.invalidate({ userId: input.userId });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <QueryView
      query={choices}
      skeleton={<ListSkeleton rows={2} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<GiftIcon size={24} />}
          title="No open gift exchanges of yours"
          description={`Start a Secret Santa and you can put ${name} in it from here (the names must not be drawn yet).`}
          action={
            <Button component={Link} to={href('v2.generator.root')} variant="light">
              Start a Secret Santa
            </Button>
          }
        />
      }
    >
      {(list) => (
        <Stack gap="sm" data-testid="child-exchange-choices">
          {list.map((choice) => (
            <Card key={choice.exchangeId} withBorder padding="md">
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600} component={Link} to={href('v2.giftExchanges.main', { exchangeId: choice.exchangeId })}>
                    {choice.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Gifts exchanged on {choice.exchangeDate}
                  </Text>
                </div>
                {choice.childIsIn ? (
                  <Badge variant="light" color="green">
                    {name} is in
                  </Badge>
                ) : (
                  <Button
                    loading={add.isPending && add.variables?.exchangeId === choice.exchangeId}
                    onClick={() => add.mutate({ exchangeId: choice.exchangeId, userId })}
                    aria-label={`Add ${name} to ${choice.title}`}
                  >
                    Add {name}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

function GroupChoices({ userId, name }: { userId: string; name: string }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const choices = trpc.groups.childChoices.useQuery({ childId: userId });
  const add = trpc.groups.addChild.useMutation({
    onSuccess: async (result, input) => {
      // In a private group only its owner and assistants admit people: the child's place waits for them.
      toast.success(
        result.status === 'pending'
          ? `Asked the group’s owner and assistants to let ${name} in`
          : `${name} is in the group`,
      );
      await Promise.all([
        utils.groups.childChoices.invalidate({ childId: input.childId }),
        utils.groups.get.invalidate({ groupId: input.groupId }),
        utils.groups.members.invalidate({ groupId: input.groupId }),
      ]);
    },
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <QueryView
      query={choices}
      skeleton={<ListSkeleton rows={2} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="No groups to add to yet"
          description={`You are not in any groups that ${name} can join. Start a group, or join one, and you can add ${name} to it from here.`}
          action={
            <Button component={Link} to={href('v2.groups.list')} variant="light">
              See groups
            </Button>
          }
        />
      }
    >
      {(list) => (
        <Stack gap="sm" data-testid="child-group-choices">
          {list.map((choice) => (
            <Card
              key={choice.groupId}
              withBorder
              padding="md"
              data-testid="child-group-choice"
              data-group-id={choice.groupId}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} component={Link} to={href('v2.groups.main', { groupId: choice.groupId })}>
                  {choice.name}
                </Text>
                {choice.isMember ? (
                  <Badge variant="light" color="green">
                    {name} is in
                  </Badge>
                ) : choice.isPending ? (
                  <Badge variant="light" color="yellow">
                    Waiting for approval
                  </Badge>
                ) : (
                  <Button
                    loading={add.isPending && add.variables?.groupId === choice.groupId}
                    onClick={() => add.mutate({ groupId: choice.groupId, childId: userId })}
                    aria-label={`Add ${name} to ${choice.name}`}
                    data-testid={`add-child-to-${choice.groupId}`}
                  >
                    Add {name}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </QueryView>
  );
}

export default function AddToExchangesScreen() {
  const { userId = '' } = useParams();
  const { routeName } = useCurrentRouteHandle();
  const groups = routeName === 'legacy.familyManager.addToMyGroups';
  const profile = trpc.people.get.useQuery({ userId });
  const name = profile.data && !profile.data.isDeleted ? profile.data.displayName : 'your child';
  const title = groups ? 'Add to my groups' : 'Add to gift exchanges';
  return (
    <PageLayout
      title={title}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Family manager', to: href('v2.familyManager.root') },
        { label: title },
      ]}
      testId="add-to-exchanges-screen"
    >
      {groups ? <GroupChoices userId={userId} name={name} /> : <ExchangeChoices userId={userId} name={name} />}
    </PageLayout>
  );
}
