/**
 * /family-manager/members/:userId/add-to-exchanges/ (v2.familyManager.addToExchanges): a family
 * manager puts their child in the gift exchanges they organize (or assist) that are still open for
 * sign-up; the manager answers for the child. The legacy add-to-my-groups page shares the screen:
 * groups are not built yet, so that page says so honestly.
 */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { GiftIcon } from '../../app/icons';
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
      {groups ? (
        <EmptyState
          icon={<GiftIcon size={24} />}
          title="No groups to join yet"
          description={`You have no groups that ${name} can join. Once you are in groups, you can add ${name} to them from here.`}
          action={
            <Button component={Link} to={href('v2.familyManager.root')} variant="light">
              Back to the family manager
            </Button>
          }
        />
      ) : (
        <ExchangeChoices userId={userId} name={name} />
      )}
    </PageLayout>
  );
}
