/**
 * Activity items as the feed (/activity/) and /home/'s "Recent activity" show them: the actor's
 * avatar, what happened (leading where it happened), and when.
 */
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '../../routes/link';
import type { TActivityItem } from '../../../server/contracts/social';
import { href } from '../../routes/route-table';
import { PersonAvatar } from '../../kit/person-avatar';
import { appPath } from './app-path';
import { RelativeTime } from './relative-time';

export function ActivityRow({ item }: { item: TActivityItem }) {
  const path = appPath(item.path);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="activity-item"
      data-activity-id={item.activityId}
      data-kind={item.kind}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PersonAvatar name={item.actor.displayName} pictureUrl={item.actor.pictureUrl} size={36} />
        <Stack gap={2} miw={0}>
          <Text size="sm">
            <Anchor
              component={Link}
              to={href('v2.profile.main', { userId: item.actor.userId })}
              fw={600}
              inherit
              underline="always"
            >
              {item.actor.displayName}
            </Anchor>{' '}
            {path ? (
              <Anchor component={Link} to={path} inherit c="inherit" underline="always" data-testid="activity-link">
                {item.action}
              </Anchor>
            ) : (
              item.action
            )}
          </Text>
          <RelativeTime iso={item.createdAt} />
        </Stack>
      </Group>
    </Card>
  );
}

export function ActivityList({
  items,
  testId = 'activity-list',
}: {
  items: readonly TActivityItem[];
  testId?: string;
}) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId}>
      {items.map((item) => (
        <li key={item.activityId}>
          <ActivityRow item={item} />
        </li>
      ))}
    </Stack>
  );
}
