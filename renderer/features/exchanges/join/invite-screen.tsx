/**
 * /gift-exchanges/:exchangeId/invite/ and /secret-santa-generator/invite/:exchangeId/
 * (v2.giftExchanges.invite, v2.generator.invite): the invite hub's front page, every way to invite
 * with what it is good for, beside the sign-up link and the people invited so far.
 */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../routes/link';
import { CardGrid } from '../../../kit/card-grid';
import { InviteHub, inviteTabs, useInGenerator } from './invite-hub';

export default function InviteScreen() {
  const generator = useInGenerator();
  return (
    <InviteHub tab="ways" title="Invite people" testId="invite-screen">
      {(exchange) => (
        <CardGrid cols={{ base: 1, sm: 2 }} gap="md" data-testid="invite-ways">
          {inviteTabs(exchange.exchangeId, generator)
            .filter((way) => way.tab !== 'ways')
            .map((way) => (
              <Card key={way.tab} withBorder radius="md" padding="md" data-testid={`invite-way-${way.tab}`}>
                <Stack gap="xs" h="100%" justify="space-between">
                  <Stack gap={4}>
                    <Title order={2} fz="h5">
                      {way.label}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {way.blurb}
                    </Text>
                  </Stack>
                  <Button component={Link} to={way.to} variant="light" size="xs" style={{ alignSelf: 'flex-start' }}>
                    {way.tab === 'theme' ? 'Choose the theme' : `Invite: ${way.label.toLowerCase()}`}
                  </Button>
                </Stack>
              </Card>
            ))}
        </CardGrid>
      )}
    </InviteHub>
  );
}
