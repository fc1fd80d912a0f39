/**
 * /profile/:userId/favorite-guides/ (v2.profile.favoriteGuides): the gift guides a member marked
 * as favourites, as cards leading to each guide; none yet leads to the shop.
 */
import { Button } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { GiftIcon } from '../../app/icons';
import { CardGrid } from '../../kit/card-grid';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { CardGridSkeleton, EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { GiftGuideCard } from '../home/gift-guide-grid';
import { useMyUserId } from '../people/people-parts';

export default function FavoriteGuidesScreen() {
  const { userId = '' } = useParams();
  const isMe = useMyUserId() === userId;
  const guides = trpc.shop.favoriteGuides.useQuery({ userId }, { retry: false });
  const person = trpc.people.get.useQuery({ userId }, { enabled: !isMe, retry: false });
  const name = person.data && !person.data.isDeleted ? person.data.displayName : null;

  return (
    <PageLayout
      title={isMe ? 'My favourite gift guides' : name ? `${name}'s favourite gift guides` : 'Favourite gift guides'}
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: isMe ? 'Profile' : (name ?? 'Profile'), to: href('v2.profile.main', { userId }) },
        { label: 'Favourite guides' },
      ]}
      testId="favorite-guides-screen"
    >
      <QueryView
        query={guides}
        skeleton={<CardGridSkeleton count={3} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<GiftIcon size={24} />}
            title={isMe ? 'No favourite guides yet' : 'No favourite guides to show'}
            description={
              isMe
                ? 'Browse the gift guides in the shop and mark the ones you like: they gather here.'
                : 'The shop has gift guides for every kind of person.'
            }
            action={
              <Button component={Link} to={href('v2.shop.root')} variant="light" data-testid="favorite-guides-shop">
                Browse the shop
              </Button>
            }
          />
        }
      >
        {(list) => (
          <CardGrid data-testid="favorite-guides">
            {list.map((guide) => (
              <GiftGuideCard key={guide.giftGuideId} guide={guide} />
            ))}
          </CardGrid>
        )}
      </QueryView>
    </PageLayout>
  );
}
