/**
 * …/invite/group/ and …/invite/group-members/ (v2.giftExchanges.invite.group,
 * v2.generator.invite.groupMembers): inviting the members of a group. Groups are not part of the
 * product yet, so nobody is in one: the screen says so and offers the other ways to invite.
 */
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { UsersIcon } from '../../../app/icons';
import { EmptyState } from '../../../kit/states';
import { InviteHub, inviteTabs, useInGenerator } from './invite-hub';

export default function InviteGroupsScreen() {
  const generator = useInGenerator();
  return (
    <InviteHub tab="group" title="Invite a group" testId="invite-group-screen">
      {(exchange) => (
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="You’re not in any groups yet"
          description="When you belong to a group, you can invite all its members here at once. Meanwhile, invite people one of these ways, or share the sign-up link."
          action={
            <Group gap="xs" justify="center">
              {inviteTabs(exchange.exchangeId, generator)
                .filter((way) => way.tab === 'email' || way.tab === 'bulk' || way.tab === 'contacts')
                .map((way) => (
                  <Button
                    key={way.tab}
                    component={Link}
                    to={way.to}
                    variant="light"
                    data-testid={`invite-group-${way.tab}`}
                  >
                    {way.label}
                  </Button>
                ))}
            </Group>
          }
        />
      )}
    </InviteHub>
  );
}
