/**
 * The invite hub: the frame of every invite tab, under two route families. In an exchange
 * (/gift-exchanges/:exchangeId/invite/…) it sits in the exchange's page with its sub-navigation;
 * in the Secret Santa generator (/secret-santa-generator/invite/:exchangeId/…) it is a step of the
 * flow, with "Done" leading to the exchange. Beside the tab: the copyable sign-up link and who is
 * invited so far. Only the organizer and assistants (signed in with a password) invite.
 */
import { Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { PageLayout } from '../../../kit/page-layout';
import { QueryView } from '../../../kit/query-view';
import { ListSkeleton } from '../../../kit/states';
import { useToast } from '../../../kit/toast';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { TabLinks } from '../../../kit/tab-links';
import { ExchangeHeader, ExchangePage, useExchangeQuery } from '../manage/exchange-page';
import {
  ExchangeAccessError,
  ManagersOnly,
  ParticipantStatusBadge,
  PersonLine,
  type TExchangeDetail,
} from '../manage/exchange-parts';
import { countOf } from '../../../kit/format';
import { LogInPrompt, useAuthState, useRouteNameStartsWith } from './join-parts';

export type TInviteTab = 'ways' | 'email' | 'bulk' | 'addressBook' | 'contacts' | 'group' | 'theme';

export interface TInviteTabLink {
  tab: TInviteTab;
  label: string;
  /** What the way is good for (the hub's front page). */
  blurb: string;
  to: string;
}

const BLURBS: Record<TInviteTab, string> = {
  ways: '',
  email: 'Type a few names and e-mail addresses.',
  bulk: 'Paste a list from a spreadsheet or an e-mail: one person per line.',
  addressBook: 'Tick people you know on Gifting and contacts you saved.',
  contacts: 'Pick from your phone’s contacts, or import a .vcf or .csv file.',
  group: 'Invite the members of a group you belong to.',
  theme: 'Choose how the invitation looks.',
};

function link(tab: TInviteTab, label: string, to: string): TInviteTabLink {
  return { tab, label, blurb: BLURBS[tab], to };
}

/** The tabs of one family, in order. */
export function inviteTabs(exchangeId: string, generator: boolean): TInviteTabLink[] {
  const id = { exchangeId };
  if (generator)
    return [
      link('ways', 'Ways to invite', href('v2.generator.invite', id)),
      link('email', 'By e-mail', href('v2.generator.invite.email', id)),
      link('bulk', 'Paste a list', href('v2.generator.invite.bulk', id)),
      link('contacts', 'Contacts', href('v2.generator.invite.contacts', id)),
      link('addressBook', 'Address book', href('v2.generator.invite.addressBook', id)),
      link('group', 'Group members', href('v2.generator.invite.groupMembers', id)),
      link('theme', 'Theme', href('v2.generator.invite.theme', id)),
    ];
  return [
    link('ways', 'Ways to invite', href('v2.giftExchanges.invite', id)),
    link('email', 'By e-mail', href('v2.giftExchanges.invite.email', id)),
    link('bulk', 'Paste a list', href('v2.giftExchanges.invite.bulk', id)),
    link('addressBook', 'Address book', href('v2.giftExchanges.invite.addressBook', id)),
    link('group', 'Groups', href('v2.giftExchanges.invite.group', id)),
    link('contacts', 'Contacts', href('v2.giftExchanges.invite.contacts', id)),
  ];
}

/** Whether the current invite screen runs inside the generator's flow. */
export function useInGenerator(): boolean {
  return useRouteNameStartsWith('v2.generator.');
}

function SignUpLink({ url }: { url: string }) {
  const toast = useToast();
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Sign-up link copied');
    } catch {
      toast.error('Copying is not allowed here: select the link and copy it yourself');
    }
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="invite-signup-link">
      <Stack gap="xs">
        <TextInput
          label="Sign-up link"
          description="Share it in a chat or an e-mail: whoever has an account and opens it can join."
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="invite-signup-url"
        />
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void copy()} data-testid="invite-copy-link">
            Copy the link
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const INVITED_SHOWN = 50;

function InvitedSoFar({ exchangeId, generator }: { exchangeId: string; generator: boolean }) {
  const people = trpc.exchanges.participants.useQuery({ exchangeId, limit: INVITED_SHOWN, offset: 0 });
  return (
    <Stack gap="xs" data-testid="invite-invited">
      <Title order={2} fz="h4">
        Invited so far
      </Title>
      <QueryView
        query={people}
        skeleton={<ListSkeleton rows={3} height={48} />}
        isEmpty={(page) => page.items.length === 0}
        empty={<Text c="dimmed">Nobody yet: the people you invite show up here with their answer.</Text>}
      >
        {(page) => (
          <Stack gap="xs">
            <Text size="sm" c="dimmed" data-testid="invite-invited-count">
              {countOf(page.paging.total ?? page.items.length, 'person', 'people')}
            </Text>
            {page.items.map((participant) => (
              <PersonLine
                key={participant.person.userId}
                person={participant.person}
                testId="invite-invited-person"
                detail={
                  <Stack gap={2}>
                    <ParticipantStatusBadge status={participant.status} />
                    {participant.email ? (
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {participant.email}
                      </Text>
                    ) : null}
                  </Stack>
                }
              />
            ))}
            {(page.paging.total ?? 0) > page.items.length && !generator ? (
              <Anchor component={Link} to={href('v2.giftExchanges.participants', { exchangeId })} size="sm">
                See all the participants
              </Anchor>
            ) : null}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

interface THubProps {
  tab: TInviteTab;
  /** The tab's h1. */
  title: string;
  testId: string;
  children: (exchange: TExchangeDetail) => ReactNode;
}

function HubBody({
  exchange,
  tab,
  generator,
  children,
}: Omit<THubProps, 'title' | 'testId'> & {
  exchange: TExchangeDetail;
  generator: boolean;
}) {
  const tabs = inviteTabs(exchange.exchangeId, generator).map((item) => ({
    label: item.label,
    to: item.to,
    active: item.tab === tab,
    testId: `invite-tab-${item.tab}`,
  }));
  return (
    <ManagersOnly exchange={exchange}>
      <Stack gap="lg">
        <TabLinks label="Ways to invite" tabs={tabs} />
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>{children(exchange)}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {exchange.signUpUrl ? <SignUpLink url={exchange.signUpUrl} /> : null}
              <InvitedSoFar exchangeId={exchange.exchangeId} generator={generator} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </ManagersOnly>
  );
}

/** The generator's frame: a flow step, signed in with a password, "Done" to the exchange. */
function GeneratorHub({ exchangeId, tab, title, testId, children }: THubProps & { exchangeId: string }) {
  const auth = useAuthState();
  const exchange = useExchangeQuery(auth.isAuthenticated ? exchangeId : '');
  let content: ReactNode;
  if (!auth.ready) content = <ListSkeleton rows={3} />;
  else if (!auth.isAuthenticated)
    content = (
      <LogInPrompt
        title="Log in to invite people"
        description="Invitations go out in your name: log in, and you come straight back to this step."
      />
    );
  else if (exchange.isError)
    content = (
      <ExchangeAccessError
        error={exchange.error}
        onRetry={() => void exchange.refetch()}
        retrying={exchange.isFetching}
      />
    );
  else if (!exchange.data)
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Loading the exchange">
        <Skeleton h={76} radius="md" />
        <ListSkeleton rows={3} />
      </Stack>
    );
  else
    content = (
      <Stack gap="lg">
        <ExchangeHeader exchange={exchange.data} />
        <HubBody exchange={exchange.data} tab={tab} generator>
          {children}
        </HubBody>
      </Stack>
    );
  return (
    <PageLayout
      title={title}
      description="Invite everyone who should draw a name. You can come back and invite more until the draw."
      breadcrumbs={[{ label: 'Secret Santa generator', to: href('v2.generator.root') }, { label: title }]}
      actions={
        exchangeId ? (
          <Button component={Link} to={href('v2.giftExchanges.main', { exchangeId })} data-testid="invite-done">
            Done
          </Button>
        ) : undefined
      }
      testId={testId}
    >
      {content}
    </PageLayout>
  );
}

/** One invite tab in its family's frame; `children` gets the loaded exchange. */
export function InviteHub({ tab, title, testId, children }: THubProps) {
  const { exchangeId = '' } = useParams();
  const generator = useInGenerator();
  if (generator)
    return (
      <GeneratorHub exchangeId={exchangeId} tab={tab} title={title} testId={testId}>
        {children}
      </GeneratorHub>
    );
  return (
    <ExchangePage exchangeId={exchangeId} title={title} testId={testId}>
      {(exchange) => (
        <HubBody exchange={exchange} tab={tab} generator={false}>
          {children}
        </HubBody>
      )}
    </ExchangePage>
  );
}
