/**
 * The group's open invitations by e-mail on the invite page (issue 29): each address, and what
 * mail does there. "This address bounced": the mail server refused it for good, so invite the right
 * address with the form above; "Doesn't accept invitations": its owner asked for none.
 */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../trpc';

export function EmailInvitations({ groupId }: { groupId: string }) {
  const invitations = trpc.groups.emailInvitations.useQuery({ groupId }, { retry: false });
  const rows = invitations.data ?? [];
  if (rows.length === 0) return null;
  const bounced = rows.some((row) => row.deliveryProblem === 'bounced');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="group-email-invitations">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Invited by e-mail
        </Title>
        {bounced ? (
          <Text size="sm" data-testid="group-bounced-help">
            Mail to an address marked “This address bounced” was refused for good: check it, and invite the right
            address above.
          </Text>
        ) : null}
        <Stack gap={6}>
          {rows.map((row) => (
            <Group key={row.email} gap="sm" data-testid="group-email-invitation" data-email={row.email}>
              <Text size="sm">{row.email}</Text>
              {row.deliveryProblem === 'bounced' ? (
                <Badge variant="filled" color="red" data-testid="invitation-bounced">
                  This address bounced
                </Badge>
              ) : null}
              {row.deliveryProblem === 'no-invitations' ? (
                <Badge variant="light" color="gray" data-testid="invitation-no-invitations">
                  Doesn’t accept invitations
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
