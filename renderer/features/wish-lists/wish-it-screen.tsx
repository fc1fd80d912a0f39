/**
 * /wish-it/ (v2.wishIt): paste a product page's address (or arrive with `?url=`), "Read page" asks
 * the server to read it (wishLists.importUrl), then a preview of what it found (picture, title,
 * price, shop) and the wish form, filled in, to check before "Save wish" puts it on one of my
 * lists. Pages the server refuses or cannot read say so in the server's words.
 */
import { Button, Card, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ZImportUrlInput } from '../../../server/contracts/wish-lists';
import { FormFailure } from '../../kit/form-parts';
import { useSchemaForm } from '../../kit/forms';
import { PageLayout } from '../../kit/page-layout';
import { ErrorState, ListSkeleton } from '../../kit/states';
import { href } from '../../routes/route-table';
import { trpc, type TRouterOutputs } from '../../trpc';
import { formatPrice } from '../shop/format-price';
import { AddWishForm, LogInToAddWishes, useMyListsFor } from './add-wish-screen';
import { isCurrency, wishValues, type TWishValues } from './wish-forms';

type TImported = TRouterOutputs['wishLists']['importUrl'];

/** A wish to fill in by hand when a page cannot be read: only the pasted link (and its site) kept. */
export function byHand(url: string): TImported {
  let merchant: string | null = null;
  try {
    merchant = new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    merchant = null;
  }
  return { url, title: null, description: null, price: null, imageUrl: null, merchant };
}

function ReadPageForm({
  initialUrl,
  onRead,
  onByHand,
}: {
  initialUrl: string;
  onRead: (imported: TImported) => void;
  onByHand: (url: string) => void;
}) {
  const read = trpc.wishLists.importUrl.useMutation();
  // The address the server could not read (a valid one): offered to add by hand.
  const [unread, setUnread] = useState<string | null>(null);
  const sent = useRef('');
  const form = useSchemaForm(
    ZImportUrlInput,
    { url: initialUrl },
    async (values) => {
      const url = values.url.trim();
      setUnread(null);
      sent.current = url;
      const imported = await read.mutateAsync({ url });
      onRead({ ...imported, url: imported.url || url });
    },
    (error) => {
      // A page that could not be read (a reason given, or refused): the wish can still be added by hand.
      const data = (error as { data?: { details?: { reason?: unknown } } | null } | null)?.data;
      if (data?.details?.reason) setUnread(sent.current);
    },
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate onSubmit={form.onSubmit} data-testid="wish-it-form">
        <Stack gap="md">
          <TextInput
            label="Product page address"
            description="Copy it from your browser's address bar on the shop's page."
            placeholder="https://shop.example/product"
            type="url"
            inputMode="url"
            autoComplete="url"
            {...form.field('url')}
            data-testid="wish-it-url"
          />
          <FormFailure message={form.failure} testId="wish-it-failure" />
          <Group>
            <Button type="submit" loading={form.busy} data-testid="wish-it-read">
              {unread ? 'Try again' : 'Read page'}
            </Button>
            {unread ? (
              <Button variant="light" onClick={() => onByHand(unread)} data-testid="wish-it-by-hand">
                Add it by hand
              </Button>
            ) : null}
          </Group>
          {unread ? (
            <Text size="sm" c="dimmed">
              You can still wish for it: fill in its name and price yourself, and we keep the link on the wish.
            </Text>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

/** What the page gave, as the form's values (a price only in a currency we know). */
function importedValues(imported: TImported): TWishValues {
  return wishValues({
    title: imported.title,
    description: imported.description,
    merchant: imported.merchant,
    url: imported.url,
    imageUrl: imported.imageUrl,
    price: imported.price && isCurrency(imported.price.currency) ? imported.price : null,
  });
}

function Preview({ imported }: { imported: TImported }) {
  const title = imported.title ?? 'A page without a title';
  return (
    <Card withBorder radius="md" padding="md" data-testid="wish-it-preview">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {imported.imageUrl ? (
          <Image src={imported.imageUrl} alt={title} w={120} h={120} radius="sm" fit="contain" />
        ) : null}
        <Stack gap={4} miw={0}>
          <Title order={2} fz="lg" data-testid="wish-it-title">
            {title}
          </Title>
          {imported.price ? (
            <Text fw={700} data-testid="wish-it-price">
              {formatPrice(imported.price, null)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No price found: add one below if you know it.
            </Text>
          )}
          {imported.merchant ? (
            <Text size="sm" data-testid="wish-it-merchant">
              Shop: {imported.merchant}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {imported.url}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

export default function WishItScreen() {
  const [params] = useSearchParams();
  const initialUrl = params.get('url') ?? '';
  const [imported, setImported] = useState<TImported | null>(null);
  // Filled in by hand after a page could not be read: no preview of what was not found.
  const [manual, setManual] = useState(false);
  const [round, setRound] = useState(0);
  const { member, lists } = useMyListsFor();

  let content;
  if (!member) content = <LogInToAddWishes />;
  else if (!imported)
    content = (
      <ReadPageForm
        key={round}
        initialUrl={round === 0 ? initialUrl : ''}
        onRead={(value) => {
          setManual(false);
          setImported(value);
        }}
        onByHand={(url) => {
          setManual(true);
          setImported(byHand(url));
        }}
      />
    );
  else if (lists.isError)
    content = <ErrorState error={lists.error} onRetry={() => void lists.refetch()} retrying={lists.isFetching} />;
  else if (!lists.data) content = <ListSkeleton rows={5} />;
  else
    content = (
      <Stack gap="md">
        {manual ? (
          <Text size="sm" data-testid="wish-it-manual">
            {`Add the details yourself. The link stays on the wish: ${imported.url}`}
          </Text>
        ) : (
          <Preview imported={imported} />
        )}
        <Card withBorder radius="md" padding="lg">
          <AddWishForm
            lists={lists.data}
            initial={importedValues(imported)}
            submitLabel="Save wish"
            submitTestId="wish-it-save"
            testId="wish-it-confirm"
            extraActions={
              <Button
                variant="subtle"
                size="sm"
                onClick={() => {
                  setImported(null);
                  setRound((value) => value + 1);
                }}
                data-testid="wish-it-restart"
              >
                Start over
              </Button>
            }
          />
        </Card>
      </Stack>
    );

  return (
    <PageLayout
      title="Wish it from a web page"
      description="Paste the address of a product page from any shop: we read its name, price and picture for you."
      breadcrumbs={[
        { label: 'Home', to: href('v2.home') },
        { label: 'My wish lists', to: href('v2.wishLists.own') },
        { label: 'Import from a link' },
      ]}
      testId="wish-it-screen"
      size="sm"
    >
      {content}
    </PageLayout>
  );
}
