/**
 * /family-manager/members/:userId/created/ (v2.familyManager.memberCreated): the child account is
 * made; what next — switch into it, start its wish list, or go back to the family manager.
 */
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { CheckIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { PersonAvatar } from '../../kit/person-avatar';
import { useSwitchInto } from './family-parts';

export default function MemberCreatedScreen() {
  const { userId = '' } = useParams();
  const profile = trpc.people.get.useQuery({ userId });
  const { switchTo, pendingUid } = useSwitchInto();
  return (
    <PageLayout
      title="Child account added"
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Family manager', to: href('v2.familyManager.root') },
        { label: 'Child account added' },
      ]}
      testId="member-created-screen"
      size="sm"
    >
      <QueryView
        query={profile}
        skeleton={
          <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading">
            <Skeleton h={80} />
          </Card>
        }
      >
        {(child) =>
          !child.relation.isManagedByMe ? (
            <Alert color="gray" variant="light" data-testid="member-created-not-yours">
              {child.displayName} is not one of the child accounts you manage.
            </Alert>
          ) : (
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Group gap="md">
                  <PersonAvatar name={child.displayName} pictureUrl={child.pictureUrl} size={64} />
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Text c="green.9" lh={0} aria-hidden>
                        <CheckIcon size={18} />
                      </Text>
                      <Text fw={700} data-testid="member-created-name">
                        {child.displayName}
                      </Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      is now part of your family on Gifting.
                    </Text>
                  </Stack>
                </Group>
                <Title order={2} fz="md">
                  Next steps
                </Title>
                <Stack gap="xs">
                  <Button
                    loading={pendingUid === child.userId}
                    onClick={() => void switchTo(child.userId)}
                    data-testid="member-created-switch"
                  >
                    Switch to {child.displayName}
                  </Button>
                  <Button
                    component={Link}
                    to={href('v2.profile.createWishList', { userId: child.userId })}
                    variant="light"
                    data-testid="member-created-wish-list"
                  >
                    Start a wish list for {child.displayName}
                  </Button>
                  <Button component={Link} to={href('v2.familyManager.root')} variant="default">
                    Back to the family manager
                  </Button>
                </Stack>
              </Stack>
            </Card>
          )
        }
      </QueryView>
    </PageLayout>
  );
}
