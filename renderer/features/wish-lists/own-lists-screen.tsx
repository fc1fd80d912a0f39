/**
 * /wish-lists/ (v2.wishLists.own): my lists as cards (title, who can see it, event date, wish
 * count, default), "New list" and the ways to add wishes (by hand, from a web page); with no list
 * yet, an empty state leading to the create form.
 */
import { Button } from '@mantine/core';
import { Link } from '../../routes/link';
import { ListIcon } from '../../app/icons';
import { CardGrid } from '../../kit/card-grid';
import { PageLayout } from '../../kit/page-layout';
import { QueryView } from '../../kit/query-view';
import { CardGridSkeleton, EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { WishListCard } from './wish-list-parts';

export default function OwnListsScreen() {
  const lists = trpc.wishLists.mine.useQuery();

  return (
    <PageLayout
      title="My wish lists"
      description="A list for every occasion, to share with the people who ask what you would like."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'My wish lists' }]}
      actions={
        <>
          <Button component={Link} to={href('v2.wishIt')} variant="default" data-testid="own-lists-wish-it">
            Import from a link
          </Button>
          <Button component={Link} to={href('v2.addWish')} variant="light" data-testid="own-lists-add-wish">
            Add a wish
          </Button>
          <Button component={Link} to={href('v2.wishLists.create')} data-testid="own-lists-create">
            New list
          </Button>
        </>
      }
      testId="own-lists-screen"
    >
      <QueryView
        query={lists}
        skeleton={<CardGridSkeleton count={3} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon={<ListIcon size={24} />}
            title="You have no wish list yet"
            description="Make a list for your birthday or the holidays, then add what you would like: by hand, from the shop or from any web page."
            action={
              <Button component={Link} to={href('v2.wishLists.create')} data-testid="own-lists-empty-create">
                Make my first list
              </Button>
            }
          />
        }
      >
        {(list) => (
          <CardGrid data-testid="own-lists">
            {list.map((item) => (
              <WishListCard key={item.wishlistId} list={item} />
            ))}
          </CardGrid>
        )}
      </QueryView>
    </PageLayout>
  );
}
