/**
 * /admin/ (v2.admin.root): the support console's home. The admin tools with what each is for, the
 * staff member's role, and in the desktop console the support windows open now (one per identity,
 * each in its own storage partition), to switch between them.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../routes/link';
import { CardGrid } from '../../kit/card-grid';
import { PageLayout } from '../../kit/page-layout';
import { useToast } from '../../kit/toast';
import { currentPlatform } from '../../platform/browser';
import { href } from '../../routes/route-table';
import { ADMIN_TOOLS, StaffRoleBadge } from './admin-page';
import { failureText } from './admin-parts';

function SupportWindows() {
  const platform = currentPlatform();
  const toast = useToast();
  const windows = useQuery({
    queryKey: ['desktop', 'identity-windows'],
    queryFn: () => platform.listIdentityWindows(),
    enabled: platform.supportsIdentityWindows,
    refetchInterval: 5_000,
  });
  if (!platform.supportsIdentityWindows) return null;
  return (
    <Stack gap="sm" data-testid="admin-identity-windows">
      <Title order={2} fz="lg">
        Open support windows
      </Title>
      {(windows.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          None. Find a member and open a support window: it gets its own sign-in, and closing it ends the session.
        </Text>
      ) : (
        (windows.data ?? []).map((entry) => (
          <Group key={entry.windowId} justify="space-between">
            <Text size="sm">{entry.label}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() =>
                void platform
                  .focusIdentityWindow(entry.windowId)
                  .catch((error: unknown) => toast.error(failureText(error, 'That window is gone')))
              }
            >
              Switch to {entry.label}
            </Button>
          </Group>
        ))
      )}
    </Stack>
  );
}

export default function AdminHomeScreen() {
  return (
    <PageLayout
      title="Support console"
      description="Tools for support staff. What you do here is audited."
      breadcrumbs={[{ label: 'Home', to: href('v2.home') }, { label: 'Admin' }]}
      testId="admin-home"
      size="xl"
    >
      <StaffRoleBadge />
      <CardGrid cols={{ base: 1, sm: 2, lg: 4 }} gap="md" data-testid="admin-tools">
        {ADMIN_TOOLS.map((tool) => (
          <Card key={tool.route} withBorder radius="md" padding="lg">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={4}>
                <Title order={2} fz="md">
                  {tool.label}
                </Title>
                <Text size="sm" c="dimmed">
                  {tool.description}
                </Text>
              </Stack>
              <Button component={Link} to={href(tool.route)} variant="light" data-testid={`admin-home-${tool.testId}`}>
                Open {tool.label.toLowerCase()}
              </Button>
            </Stack>
          </Card>
        ))}
      </CardGrid>
      <SupportWindows />
    </PageLayout>
  );
}
