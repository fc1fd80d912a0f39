/**
 * /auth/related-accounts/ (v2.relatedAccounts, guard 'known'): the other accounts that share the
 * person's e-mail (spec §3), with a way to merge one into this account.
 */
import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '../../routes/link';
import { href } from '../../routes/route-table';
import { trpc } from '../../trpc';
import { EmailProofRequired, RelatedAccountSummary } from './account-list';
import { useMe } from '../../auth/use-me';
import { QueryView } from '../../kit/query-view';
import { ListSkeleton } from '../../kit/states';
import { AuthPage } from './auth-page';

export default function RelatedAccountsScreen() {
  // One page holds them all in practice: a handful of accounts ever share an e-mail.
  const me = useMe();
  const proven = me.data?.emailProven === true;
  const related = trpc.auth.relatedAccounts.useQuery({ limit: 100 }, { enabled: proven });

  return (
    <AuthPage
      title="Related accounts"
      subtitle="Accounts that use the same e-mail address as this one."
      testId="related-accounts-screen"
      width={560}
      footer={
        <Anchor component={Link} to={href('v2.home')} size="sm">
          Back to home
        </Anchor>
      }
    >
      {me.data && !proven ? (
        <EmailProofRequired isRegistered={me.data.flags.isRegistered} />
      ) : (
        <QueryView
          query={related}
          skeleton={<ListSkeleton rows={2} />}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <Alert color="gray" variant="light" data-testid="related-accounts-empty">
              No other account uses your e-mail address.
            </Alert>
          }
        >
          {(data) => (
            <Stack gap="sm" data-testid="related-accounts-list">
              {data.items.map((account) => (
                <Card key={account.userId} withBorder radius="md" padding="md" data-testid="related-account">
                  <Group justify="space-between" wrap="nowrap">
                    <RelatedAccountSummary account={account} registeredLabel="Registered" />
                    <Button
                      component={Link}
                      to={href('v2.mergeAccounts', null, { uid: account.userId })}
                      variant="light"
                      size="xs"
                      data-testid="related-account-merge"
                    >
                      Merge…
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </QueryView>
      )}
      <Text size="xs" c="dimmed" ta="center">
        Merging moves a related account&apos;s sign-ins into this one and closes it.
      </Text>
    </AuthPage>
  );
}
