/**
 * /profile/:userId/gift-recived/ (v2.profile.giftsReceived): the gifts marked received, each with
 * who gave it ("From Sam Rivera and Kim Lee", or "Giver unknown") and when it arrived, with a
 * gentle nudge to say thank you. Until a gift is received its givers stay a surprise; once shown
 * they stay listed, also when the gift is no longer marked received (the givers were told).
 */
import { Alert, Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { GiftIcon } from '../../app/icons';
import { CardPhoto } from '../../kit/card-photo';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { formatPrice } from '../shop/format-price';
import { useMyUserId } from '../people/people-parts';
import { formatDate } from '../../kit/format';

type TGift = TRouterOutputs['wishLists']['giftsReceived'][number];

function Givers({ givers }: { givers: TGift['givers'] }) {
  if (givers.length === 0)
    return (
      <Text size="sm" data-testid="gift-givers">
        Giver unknown
      </Text>
    );
  return (
    <Text size="sm" data-testid="gift-givers">
      From{' '}
      {givers.map((giver, index) => (
        <Fragment key={giver.person.userId}>
          {index === 0 ? '' : index === givers.length - 1 ? ' and ' : ', '}
          <Anchor component={Link} to={href('v2.profile.main', { userId: giver.person.userId })} inherit>
            {giver.person.displayName}
          </Anchor>
        </Fragment>
      ))}
    </Text>
  );
}

function GiftRow({ gift, userId }: { gift: TGift; userId: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="gift-received" data-wish-id={gift.wishId}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        {gift.imageUrl ? (
          <CardPhoto src={gift.imageUrl} alt={gift.title} w={64} h={64} radius="sm" fit="contain" />
        ) : null}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Anchor
            component={Link}
            to={href('v2.profile.wishList', { userId, wishlistId: gift.wishlistId })}
            fw={700}
            data-testid="gift-title"
          >
            {gift.title}
          </Anchor>
          <Givers givers={gift.givers} />
          <Text size="sm" c="dimmed" data-testid="gift-received-at">
            {gift.receivedAt
              ? `Received on ${formatDate(gift.receivedAt)}`
              : `No longer marked received; its givers were shown on ${formatDate(gift.giversRevealedAt)}`}
          </Text>
        </Stack>
        {gift.price ? (
          <Text fw={700} data-testid="gift-price">
            {formatPrice(gift.price, null)}
          </Text>
        ) : null}
      </Group>
    </Card>
  );
}

export default function GiftsReceivedScreen() {
  const { userId = '' } = useParams();
  const isMe = useMyUserId() === userId;
  const gifts = trpc.wishLists.giftsReceived.useQuery({ userId }, { retry: false });

  return (
    <PageLayout
      title={isMe ? 'Gifts I received' : 'Gifts received'}
      description="Now that they have arrived, you can see who gave them."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Profile', to: href('v2.profile.main', { userId }) },
        { label: 'Gifts received' },
      ]}
      testId="gifts-received-screen"
    >
      <QueryView
        query={gifts}
        skeleton={<ListSkeleton rows={3} height={88} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<GiftIcon size={24} />}
            title="No gifts received yet"
            description="When a gift from your list arrives, mark it received on the list: it shows here with the names of who gave it."
            action={
              <Anchor component={Link} to={href('v2.wishLists.own')}>
                Go to my wish lists
              </Anchor>
            }
          />
        }
      >
        {(list) => (
          <Stack gap="md">
            <Alert variant="light" color="blue" title="Say thank you" data-testid="gifts-thank-you">
              A short note or a photo of the gift in use means a lot to the people who picked it.
            </Alert>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="gifts-received">
              {list.map((gift) => (
                <GiftRow key={gift.wishId} gift={gift} userId={userId} />
              ))}
            </Stack>
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}
