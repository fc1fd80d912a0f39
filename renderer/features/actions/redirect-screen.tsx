/**
 * /actions/redirect/?url= (v2.actions.redirect) and /external-redirect/?url= (v2.externalRedirect):
 * "Taking you to <host>…", then, after a short wait, on to the target; a Continue link does it at
 * once. A link-redirector address (/v1/links/click?url=) is unwrapped first (spec §7).
 *
 * Spec §5: a URL is opened only if it is a valid http, https or ftp URL or an app-scheme link.
 * Those leave through the link redirector, so the server's merchant allowlist decides between
 * going straight on and its "You are leaving Gifting" page. An address of this site (/path)
 * stays in the app. Anything else is an error state.
 */
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Link } from '../../routes/link';
import { PageLayout } from '../../kit/page-layout';
import { EmptyState } from '../../kit/states';
import { href } from '../../routes/route-table';
import { redirectTargetOf, type TRedirectTarget } from './redirect-target';

/** How long "Taking you to …" shows before leaving. */
export const REDIRECT_DELAY_MS = 1500;

function Leaving({ target }: { target: Extract<TRedirectTarget, { kind: 'external' }> }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(target.leaveVia), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [target.leaveVia]);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="redirect-leaving" data-target={target.url}>
      <Stack gap="md">
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            You are leaving Gifting for <strong>{target.host}</strong>.
          </Text>
        </Group>
        <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {target.url}
        </Text>
        <Group gap="sm">
          <Button
            component="a"
            href={target.leaveVia}
            rel="noopener noreferrer nofollow"
            data-testid="redirect-continue"
          >
            Continue
          </Button>
          <Anchor component={Link} to={href('v2.home')} size="sm">
            Stay on Gifting
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

export default function RedirectScreen() {
  const [search] = useSearchParams();
  const target = redirectTargetOf(search.get('url'));

  if (target.kind === 'internal') return <Navigate to={target.path} replace />;

  if (target.kind === 'invalid') {
    return (
      <PageLayout
        title="This link cannot be opened"
        breadcrumbs={[{ label: 'Home', to: href('v2.landing') }, { label: 'Link' }]}
        testId="redirect-screen"
      >
        <div data-testid="redirect-error" data-reason={target.reason}>
          <EmptyState
            title={target.reason === 'missing' ? 'The link has no address' : 'This address is not one we open'}
            description={
              target.reason === 'missing'
                ? 'The link looks cut short. Open it again from where you found it.'
                : 'We only open web (http, https, ftp) and Gifting app links, so this one stays closed for your safety.'
            }
            action={
              <Button component={Link} to={href('v2.home')}>
                Back to Gifting
              </Button>
            }
          />
        </div>
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={`Taking you to ${target.host}…`}
      breadcrumbs={[{ label: 'Home', to: href('v2.landing') }, { label: 'Leaving Gifting' }]}
      testId="redirect-screen"
    >
      <Leaving target={target} />
    </PageLayout>
  );
}
