/**
 * "You're the Secret Santa for X": the caller's own recipient (`exchanges.myAssignment`), the only
 * pairing anyone but an allowed organizer ever sees: their exchange wish list, their answers to
 * the ice-breaker questions, and their shipping address, or why it is not shown.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../routes/link';
import type { ADDRESS_HIDDEN_REASONS } from '../../../../server/contracts/exchanges';
import { countryName } from '../../../kit/countries';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../../trpc';
import { PersonAvatar } from '../../../kit/person-avatar';
import { countOf } from '../../../kit/format';

type TAssignment = TRouterOutputs['exchanges']['myAssignment'];
type TAddressHiddenReason = (typeof ADDRESS_HIDDEN_REASONS)[number];

const HIDDEN_REASONS: Record<TAddressHiddenReason, string> = {
  'in-person': 'Gifts are exchanged in person, so no address is needed.',
  incomplete: 'Their shipping address is not complete yet. Ask them through a message below, or check back later.',
  international:
    'They live in another country and you did not say you would ship abroad, so their address is not shown. Hand the gift over in person, or ask the organizer.',
};

function Address({ assignment }: { assignment: TAssignment }) {
  const address = assignment.shippingAddress;
  if (!address)
    return (
      <Text size="sm" c="dimmed" data-testid="assignment-address-hidden">
        {assignment.addressHiddenReason ? HIDDEN_REASONS[assignment.addressHiddenReason] : 'No address to show.'}
      </Text>
    );
  return (
    <Text component="address" size="sm" style={{ fontStyle: 'normal' }} data-testid="assignment-address">
      {[
        address.address1,
        address.address2,
        `${address.city}, ${address.state} ${address.postalCode}`,
        countryName(address.country ?? ''),
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
    </Text>
  );
}

function AssignmentBody({ assignment }: { assignment: TAssignment }) {
  const { recipient, wishList } = assignment;
  const answered = assignment.answers.filter((item) => item.answer);
  return (
    <Stack gap="md">
      <Group gap="md" wrap="nowrap">
        <PersonAvatar name={recipient.displayName} pictureUrl={recipient.pictureUrl} size={56} />
        <Title order={2} fz="h3" data-testid="assignment-title">
          {`You’re the Secret Santa for ${recipient.displayName}`}
        </Title>
      </Group>
      <Stack gap={4}>
        <Title order={3} fz="md">
          Their wish list
        </Title>
        {wishList ? (
          <Group gap="sm">
            <Button
              component={Link}
              to={href('v2.profile.wishList', { userId: wishList.ownerId, wishlistId: wishList.wishlistId })}
              variant="light"
              size="sm"
              data-testid="assignment-wish-list"
            >
              {`See “${wishList.title}”`}
            </Button>
            <Text size="sm" c="dimmed">
              {countOf(wishList.wishCount, 'wish', 'wishes')}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="assignment-no-wish-list">
            {`${recipient.shortName || recipient.displayName} has not picked a wish list yet. Ask them for ideas in a message.`}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="md">
          Ice-breaker answers
        </Title>
        {answered.length === 0 ? (
          <Text size="sm" c="dimmed">
            No answers yet.
          </Text>
        ) : (
          <Stack gap={6} component="dl" m={0} data-testid="assignment-answers">
            {answered.map((item) => (
              <div key={item.questionId}>
                <Text component="dt" size="sm" fw={600}>
                  {item.text}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                  {item.answer}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="md">
          Shipping address
        </Title>
        <Address assignment={assignment} />
      </Stack>
    </Stack>
  );
}

export function AssignmentCard({ exchangeId }: { exchangeId: string }) {
  const assignment = trpc.exchanges.myAssignment.useQuery({ exchangeId }, { retry: false });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="assignment-card">
      <QueryView query={assignment} skeleton={<ListSkeleton rows={3} height={56} />}>
        {(data) => <AssignmentBody assignment={data} />}
      </QueryView>
      {assignment.data?.recipient ? (
        <Anchor
          component={Link}
          to={href('v2.giftExchanges.iceBreakerQuestions', { exchangeId })}
          size="sm"
          mt="sm"
          display="inline-block"
        >
          Answer the questions yourself
        </Anchor>
      ) : null}
    </Card>
  );
}
