import { Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '../../routes/link';
import { CardGrid } from '../../kit/card-grid';
import { CardPhoto } from '../../kit/card-photo';
import { href } from '../../routes/route-table';
import type { TGiftGuide } from './use-landing-summary';

const GRID_COLS = { base: 1, xs: 2, md: 3 } as const;

function childGuidesLabel(count: number): string {
  if (count === 0) return 'No sub-guides';
  return count === 1 ? '1 guide inside' : `${count} guides inside`;
}

export function GiftGuideCard({ guide }: { guide: TGiftGuide }) {
  return (
    <Card
      component={Link}
      to={href('v2.giftGuide', { giftGuideId: guide.giftGuideId })}
      withBorder
      padding="lg"
      radius="md"
      shadow="xs"
      data-testid="gift-guide-card"
      data-gift-guide-id={guide.giftGuideId}
    >
      <Card.Section>
        <CardPhoto src={guide.imageUrl} alt="" h={140} testId="gift-guide-photo" />
      </Card.Section>

      <Stack gap={6} mt="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={700} fz="lg" lh={1.3} data-testid="gift-guide-title">
            {guide.title}
          </Text>
          {guide.isTrending && (
            <Badge color="orange" variant="light" data-testid="gift-guide-trending">
              Trending
            </Badge>
          )}
        </Group>
        {guide.description && (
          <Text size="sm" c="dimmed" lineClamp={3} data-testid="gift-guide-description">
            {guide.description}
          </Text>
        )}
        <Group mt={4}>
          <Badge
            variant="dot"
            color="green"
            data-testid="gift-guide-child-count"
            data-count={guide.childGiftGuidesCount}
          >
            {childGuidesLabel(guide.childGiftGuidesCount)}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}

export function GiftGuideGrid({ guides }: { guides: readonly TGiftGuide[] }) {
  if (guides.length === 0) {
    return (
      <Text c="dimmed" data-testid="gift-guides-empty">
        No gift guides for this market yet. Check back soon!
      </Text>
    );
  }
  return (
    <CardGrid cols={GRID_COLS} data-testid="gift-guides">
      {guides.map((guide) => (
        <GiftGuideCard key={guide.giftGuideId} guide={guide} />
      ))}
    </CardGrid>
  );
}

export function GiftGuideGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <CardGrid cols={GRID_COLS} data-testid="gift-guides-loading" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder padding="lg" radius="md">
          <Card.Section>
            <Skeleton h={140} radius={0} />
          </Card.Section>
          <Skeleton h={18} mt="md" w="70%" />
          <Skeleton h={12} mt="sm" />
          <Skeleton h={12} mt={6} w="85%" />
          <Skeleton h={20} mt="md" w={120} radius="xl" />
        </Card>
      ))}
    </CardGrid>
  );
}
