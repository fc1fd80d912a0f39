/**
 * The screen of route-table routes whose own screen is not built yet (`/gift-exchanges/`, `/shop/`…):
 * it names the area (the route handle's `comingSoon.title`, derived from the route name) instead of
 * showing "Page not found", and leads back home. The route keeps its guard and UUID checks.
 */
import { Badge, Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import {
  GiftIcon,
  HomeIcon,
  ListIcon,
  MessageIcon,
  ShoppingBagIcon,
  SparklesIcon,
  UsersIcon,
  WrenchIcon,
  type TIconProps,
} from '../../app/icons';
import { useCurrentRouteHandle } from '../../app/route-handle';
import { href } from '../../routes/route-table';
import { routeArea, routeAreaTitle } from '../../routes/route-title';

const AREA_ICONS: Readonly<Record<string, ComponentType<TIconProps>>> = {
  giftExchanges: GiftIcon,
  giftExchangeGenerator: GiftIcon,
  generator: GiftIcon,
  wishLists: ListIcon,
  addWish: ListIcon,
  wishIt: ListIcon,
  profile: ListIcon,
  shop: ShoppingBagIcon,
  giftGuide: ShoppingBagIcon,
  groups: UsersIcon,
  friends: UsersIcon,
  familyManager: UsersIcon,
  messages: MessageIcon,
  settings: WrenchIcon,
  admin: WrenchIcon,
};

export default function ComingSoonScreen() {
  const { routeName, comingSoon } = useCurrentRouteHandle();
  const title = comingSoon?.title ?? routeAreaTitle(routeName);
  const AreaIcon = AREA_ICONS[routeArea(routeName)] ?? SparklesIcon;

  return (
    <Container size="sm" py={64} data-testid="coming-soon" data-route={routeName}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius="xl" color="red" variant="light" aria-hidden>
          <AreaIcon size={44} />
        </ThemeIcon>
        <Badge variant="light" color="green" radius="xl" leftSection={<SparklesIcon size={12} />}>
          Coming soon
        </Badge>
        <Title order={1} data-testid="coming-soon-title">
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          This part of Gifting is being built. Your wish lists and exchanges will live here soon.
        </Text>
        <Button
          component={Link}
          to={href('v2.home')}
          size="md"
          leftSection={<HomeIcon size={18} />}
          data-testid="coming-soon-home-link"
        >
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
