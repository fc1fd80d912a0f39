/**
 * What the family manager screens share: switching into a child account (the same POST
 * /auth/v2/switch/ as the switch-identity screen, then the new tokens), and a child's card with
 * "Manage" (the manager's screen for the child) and "Switch to".
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '../../routes/link';
import type { z } from 'zod';
import type { ZChildAccount } from '../../../server/contracts/people';
import { useSwitchIdentity } from '../../auth/use-switch-identity';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { formatBirthday } from '../people/birthdays';
import { PersonAvatar } from '../../kit/person-avatar';
import { manageHref } from './manage-child-route';

export type TChild = z.infer<typeof ZChildAccount>;

/** Switches this tab into a child account (or back), then goes to `returnurl` (home by default). */
export function useSwitchInto() {
  const toast = useToast();
  const { switchTo, pendingUid } = useSwitchIdentity({
    onError: (message) => toast.error(message, 'Could not switch accounts'),
  });
  return { switchTo: (uid: string, returnurl: string = href('v2.home')) => switchTo(uid, returnurl), pendingUid };
}

export function ChildCard({
  child,
  onSwitch,
  switching,
  disabled,
}: {
  child: TChild;
  onSwitch: () => void;
  switching: boolean;
  disabled: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="child-card" data-user-id={child.userId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <PersonAvatar name={child.displayName} pictureUrl={child.pictureUrl} />
          <Stack gap={0} miw={0}>
            <Anchor
              component={Link}
              to={href('v2.profile.main', { userId: child.userId })}
              fw={600}
              truncate
              data-testid="child-name"
            >
              {child.displayName}
            </Anchor>
            <Group gap={6}>
              <Badge size="xs" variant="light" color="blue">
                Child account
              </Badge>
              {child.birthday ? (
                <Text size="xs" c="dimmed">
                  Birthday {formatBirthday(child.birthday)}
                </Text>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={manageHref(child.userId)}
            size="xs"
            variant="default"
            aria-label={`Manage ${child.displayName}`}
            data-testid="child-manage"
          >
            Manage
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={switching}
            disabled={disabled}
            onClick={onSwitch}
            aria-label={`Switch to ${child.displayName}`}
            data-testid="child-switch"
          >
            Switch to
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
