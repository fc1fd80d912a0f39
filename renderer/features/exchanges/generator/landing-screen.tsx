/**
 * The generators' front pages. /secret-santa-generator/ (v2.generator.root): what it is and the
 * ways in (the classic steps, people first, the names entry page, and for members, repeating last
 * year's exchange). /gift-exchange-generator/ and /gift-exchange-generator/:themeId/ (the theme
 * chosen ahead; an unknown one falls back to the classic theme): the flow with a friends step.
 * Each way in starts a fresh draft.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { exchangeTheme } from '../../../../server/contracts/exchange-values';
import { useCurrentRouteHandle } from '../../../app/route-handle';
import { CardGrid } from '../../../kit/card-grid';
import { PageLayout } from '../../../kit/page-layout';
import { href } from '../../../routes/route-table';
import { isThemeId, startDraft } from './draft';
import { useSignedIn } from './step-frame';
import { ThemeBadge } from './theme-picker';

const HOW_IT_WORKS = [
  { title: 'Set it up', text: 'Name the exchange, pick the day, the budget and a theme.' },
  { title: 'Invite everyone', text: 'Each person gets an e-mail, answers, and makes a wish list.' },
  { title: 'Draw names', text: 'Everyone learns who they give to. Nobody else does, not even you.' },
];

function HowItWorks() {
  return (
    <section aria-labelledby="generator-how">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="generator-how">
          How it works
        </Title>
        <CardGrid cols={{ base: 1, sm: 3 }} gap="md">
          {HOW_IT_WORKS.map((item, index) => (
            <Card key={item.title} withBorder radius="md" padding="md">
              <Text fw={700}>
                {index + 1}. {item.title}
              </Text>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </Card>
          ))}
        </CardGrid>
      </Stack>
    </section>
  );
}

function SecretSantaLanding() {
  const { signedIn } = useSignedIn();
  return (
    <PageLayout
      title="Secret Santa generator"
      description="Draw names online for your family, friends or office: free, and nobody has to pull names from a hat."
      testId="generator-landing"
      actions={
        <Button
          component={Link}
          to={href('v2.generator.create')}
          size="md"
          onClick={() => startDraft('classic')}
          data-testid="generator-start"
        >
          Start
        </Button>
      }
    >
      <HowItWorks />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Other ways to start
          </Title>
          <Anchor component={Link} to={href('v2.generator.names')} data-testid="generator-names-link">
            Type everyone's names and e-mails on one page
          </Anchor>
          <Anchor
            component={Link}
            to={href('v2.generator.light.invite')}
            onClick={() => startDraft('light')}
            data-testid="generator-light-link"
          >
            Quick set-up: people first, details after
          </Anchor>
          {signedIn ? (
            <Anchor
              component={Link}
              to={href('v2.generator.light.repeat')}
              onClick={() => startDraft('light')}
              data-testid="generator-repeat-link"
            >
              Repeat last year's exchange
            </Anchor>
          ) : null}
        </Stack>
      </Card>
    </PageLayout>
  );
}

function GiftExchangeLanding() {
  const { themeId } = useParams();
  const theme = exchangeTheme(themeId);
  // An unknown theme falls back to the classic one, and its address to the plain friends step.
  const friendsHref = isThemeId(themeId)
    ? href('v2.giftExchangeGenerator.themeFriends', { themeId })
    : href('v2.giftExchangeGenerator.friends');
  return (
    <PageLayout
      title="Gift exchange generator"
      description="Invite people you follow and anyone by e-mail, set a budget, and let us draw the names."
      testId="gift-exchange-landing"
      actions={
        <Button
          component={Link}
          to={friendsHref}
          size="md"
          onClick={() => startDraft('friends', { themeId: theme.id })}
          data-testid="generator-start"
        >
          Start
        </Button>
      }
    >
      <Card withBorder radius="md" padding="lg" data-testid="gift-exchange-theme">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            Theme
          </Text>
          <ThemeBadge themeId={theme.id} />
          <Text size="sm">You can pick another theme before the exchange is created.</Text>
        </Stack>
      </Card>
      <HowItWorks />
      <Group>
        <Anchor component={Link} to={href('v2.generator.root')}>
          Prefer the classic Secret Santa generator?
        </Anchor>
      </Group>
    </PageLayout>
  );
}

export default function GeneratorLandingScreen() {
  const { routeName } = useCurrentRouteHandle();
  return routeName === 'v2.generator.root' ? <SecretSantaLanding /> : <GiftExchangeLanding />;
}
