/**
 * The gallery (issue 31): after the exchange date, the thank-yous that carry a photo, for everyone
 * in the exchange. A photo is read with the person's token (only people in the exchange may read
 * it), so it is fetched as a blob rather than linked.
 */
import { Card, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { TGalleryItem } from '../../../../server/contracts/exchanges';
import { useAppRuntime } from '../../../app/runtime-context';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';

/** A photo read with the person's token, shown from an object URL (released when it goes). */
export function useProtectedImage(url: string | null): string | null {
  const { requester } = useAppRuntime();
  const blob = useQuery({
    queryKey: ['protected-image', url],
    enabled: Boolean(url),
    staleTime: Infinity,
    queryFn: () => requester.request<Blob>({ method: 'GET', url: url!, responseType: 'blob' }),
  });
  const objectUrl = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return objectUrl;
}

function GalleryPhoto({ item }: { item: TGalleryItem }) {
  const src = useProtectedImage(item.photoUrl);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="gallery-item">
      <Card.Section>
        {src ? (
          <Image
            src={src}
            alt={`Photo from ${item.from.displayName}’s thank-you`}
            h={200}
            fit="cover"
            data-testid="gallery-photo"
          />
        ) : (
          <Skeleton h={200} />
        )}
      </Card.Section>
      <Stack gap={2} mt="sm">
        <Text fw={600} size="sm">
          {`${item.from.displayName} said thank you`}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
          {item.body}
        </Text>
      </Stack>
    </Card>
  );
}

export function GalleryPanel({ exchangeId }: { exchangeId: string }) {
  const query = trpc.exchanges.gallery.useQuery({ exchangeId });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="exchange-gallery">
      <Stack gap="md">
        <Title order={2} fz="h3">
          Gallery
        </Title>
        <QueryView query={query} skeleton={<ListSkeleton rows={1} height={120} />}>
          {(gallery) =>
            gallery.notYetReason ? (
              <Text c="dimmed" size="sm">
                {gallery.notYetReason}
              </Text>
            ) : gallery.items.length === 0 ? (
              <Text c="dimmed" size="sm" data-testid="gallery-empty">
                No photos yet: a thank-you may carry a photo of the gift.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {gallery.items.map((item) => (
                  <GalleryPhoto key={item.thankYouId} item={item} />
                ))}
              </SimpleGrid>
            )
          }
        </QueryView>
      </Stack>
    </Card>
  );
}
