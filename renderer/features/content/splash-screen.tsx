/**
 * /splash/ (v2.splash): the product's opening card, shown without the header (route flags), so it
 * carries its own mark and its ways on. Its words come from the content screen "splash" (loaded by
 * the router before the screen shows, as for the other content screens); the buttons follow who is
 * looking: a member goes on to their home page, a visitor signs up, logs in or looks around the shop.
 */
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../routes/link';
import { AppLogo, PRODUCT_NAME } from '../../app/app-logo';
import { useRouteData } from '../../app/route-data';
import { useIdentity } from '../../auth/identity-provider';
import { href } from '../../routes/route-table';
import { isContent } from './content-screen';

export default function SplashScreen() {
  const content = useRouteData();
  const { identity, isReady } = useIdentity();
  const title = isContent(content) ? content.title : PRODUCT_NAME;
  const lines = isContent(content) ? content.sections.map((section) => section.body) : [];
  return (
    <Center
      mih="100dvh"
      p="md"
      bg="linear-gradient(160deg, var(--mantine-color-red-0), var(--mantine-color-green-0))"
      data-testid="splash-screen"
    >
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 40 }} maw={480} w="100%">
        <Stack gap="lg" align="center" ta="center">
          <AppLogo />
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {title}
          </Title>
          {lines.map((line) => (
            <Text key={line} size="lg" c="dimmed">
              {line}
            </Text>
          ))}
          {!isReady ? null : identity ? (
            <Button component={Link} to={href('v2.home')} size="md" fullWidth data-testid="splash-home">
              Go to your home page
            </Button>
          ) : (
            <Stack gap="sm" w="100%">
              <Button component={Link} to={href('v2.authSignUp')} size="md" fullWidth data-testid="splash-sign-up">
                Get started, it’s free
              </Button>
              <Button
                component={Link}
                to={href('v2.authLogin')}
                variant="default"
                size="md"
                fullWidth
                data-testid="splash-log-in"
              >
                Log in
              </Button>
              <Button
                component={Link}
                to={href('v2.landing')}
                variant="subtle"
                size="md"
                data-testid="splash-look-around"
              >
                See what Gifting does
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
