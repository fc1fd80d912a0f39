/**
 * /profile/:userId/purchases/ (v2.profile.purchases): what I marked as bought, and for whom — the
 * wish, how many, the recipient (to their profile), the price, "Received" once it arrived, and
 * Undo (wishLists.unclaim) while it has not; with nothing bought yet, a way to my friends.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { GiftIcon } from '../../app/icons';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../kit/states';
import { useToast } from '../../kit/toast';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { formatPrice } from '../shop/format-price';
import { useMyUserId } from '../people/people-parts';
import { formatDate } from '../../kit/format';

type TPurchase = TRouterOutputs['wishLists']['purchases'][number];

function PurchaseRow({ purchase, canUndo }: { purchase: TPurchase; canUndo: boolean }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const unclaim = trpc.wishLists.unclaim.useMutation();
  const { wish, recipient } = purchase;

  async function undo(): Promise<void> {
    try {
      await unclaim.mutateAsync({ wishId: wish.wishId });
      toast.success(`“${wish.title}” is no longer marked as bought`);
      void utils.wishLists.purchases.invalidate();
      void utils.wishLists.get.invalidate({ wishlistId: wish.wishlistId });
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="purchase" data-wish-id={wish.wishId}>
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Anchor
            component={Link}
            to={href('v2.profile.wishList', { userId: recipient.userId, wishlistId: wish.wishlistId })}
            fw={700}
            data-testid="purchase-title"
          >
            {wish.title}
          </Anchor>
          <Text size="sm" data-testid="purchase-recipient">
            For{' '}
            <Anchor component={Link} to={href('v2.profile.main', { userId: recipient.userId })} inherit>
              {recipient.displayName}
            </Anchor>
            {purchase.quantity > 1 ? ` · ${purchase.quantity} of them` : ' · 1'}
          </Text>
          <Text size="sm" c="dimmed">
            Marked as bought on {formatDate(purchase.claimedAt)}
          </Text>
        </Stack>
        <Stack gap={6} align="flex-end">
          {wish.price ? (
            <Text fw={700} data-testid="purchase-price">
              {formatPrice(wish.price, null)}
            </Text>
          ) : null}
          {wish.isReceived ? (
            <Badge color="green" variant="light" data-testid="purchase-received">
              Received
            </Badge>
          ) : canUndo ? (
            <Button
              size="xs"
              variant="default"
              loading={unclaim.isPending}
              onClick={() => void undo()}
              data-testid="purchase-undo"
            >
              Undo
              <VisuallyHidden>: {wish.title}</VisuallyHidden>
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

export default function PurchasesScreen() {
  const { userId = '' } = useParams();
  const me = useMyUserId();
  const isMe = me === userId;
  const purchases = trpc.wishLists.purchases.useQuery({ userId }, { retry: false });

  return (
    <PageLayout
      title={isMe ? 'My purchases' : 'Purchases'}
      description="The gifts marked as bought, and for whom. Until a gift is received you can undo it."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'Profile', to: href('v2.profile.main', { userId }) },
        { label: 'Purchases' },
      ]}
      testId="purchases-screen"
    >
      <QueryView
        query={purchases}
        skeleton={<ListSkeleton rows={3} height={88} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<GiftIcon size={24} />}
            title="Nothing bought yet"
            description="Open a friend's wish list and mark what you buy: it shows here, and they will not see who it was until they receive it."
            action={
              <Button component={Link} to={href('v2.profile.friends', { userId })} variant="light">
                See my friends
              </Button>
            }
          />
        }
      >
        {(list) => (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="purchases">
            {list.map((purchase) => (
              <PurchaseRow key={purchase.claimId} purchase={purchase} canUndo={isMe} />
            ))}
          </Stack>
        )}
      </QueryView>
    </PageLayout>
  );
}
