/**
 * /personal-link/?token= (v2.personalLink): where a private link of a person without e-mail lands
 * when it cannot sign this browser in (issue 31). The link works on the first browser that opened
 * it only, so here it says "This link was already opened on another device" and lets the person ask
 * the organizer for a new link (which ends the old one); a replaced link says so; a link nobody has
 * opened yet is opened from here. Public: the link itself is the credential.
 */
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PERSON_LINK_PATH, ZPersonLinkToken, type TPersonLinkState } from '../../../../server/contracts/person-links';
import { PageLayout } from '../../../kit/page-layout';
import { EmptyState, ErrorState, ListSkeleton } from '../../../kit/states';
import { trpc } from '../../../trpc';
import { useExchangeToast } from '../manage/exchange-parts';
import { formatDate } from '../../../kit/format';

function AskForNewLink({ token, state }: { token: string; state: TPersonLinkState }) {
  const ask = trpc.exchanges.requestNewPersonLink.useMutation();
  const toast = useExchangeToast();
  const [askedAt, setAskedAt] = useState<string | null>(state.newLinkRequestedAt);
  const organizer = state.organizerName ?? 'The organizer';
  async function request(): Promise<void> {
    try {
      const answer = await ask.mutateAsync({ token });
      setAskedAt(answer.newLinkRequestedAt);
    } catch (error) {
      toast.failed('Could not ask for a new link', error);
    }
  }
  if (askedAt)
    return (
      <Text role="status" data-testid="personal-link-requested">
        {`You asked ${organizer} for a new link on ${formatDate(askedAt)}. ${organizer} sees the request; once they send you the new link, this one stops working.`}
      </Text>
    );
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">
        {`If this is your link and you did not open it elsewhere, someone else may have. Ask ${organizer} for a new link: the old one then stops working everywhere.`}
      </Text>
      <Button onClick={() => void request()} loading={ask.isPending} data-testid="personal-link-request">
        Ask the organizer for a new link
      </Button>
    </Stack>
  );
}

function LinkState({ token }: { token: string }) {
  const state = trpc.exchanges.personLinkState.useQuery({ token }, { retry: false });
  if (state.isError)
    return <ErrorState error={state.error} onRetry={() => void state.refetch()} retrying={state.isFetching} />;
  if (!state.data) return <ListSkeleton rows={2} />;
  const data = state.data;
  if (data.state === 'unknown')
    return (
      <EmptyState
        title="This link does not work"
        description="It may have been copied only in part, or the person was taken out of the exchange. Ask the organizer for your link."
      />
    );
  const about = `${data.personName ?? 'Someone'} in “${data.exchangeTitle ?? 'a gift exchange'}”`;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="personal-link-state" data-state={data.state}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">{`A private link for ${about}`}</Text>
        {data.state === 'opened-elsewhere' ? (
          <>
            <Alert color="orange" variant="light" title="This link was already opened on another device">
              A private link works only on the browser that opened it first, so that nobody else can read it unnoticed.
            </Alert>
            <AskForNewLink token={token} state={data} />
          </>
        ) : data.state === 'replaced' ? (
          <Alert color="gray" variant="light" title="This link was replaced by a new one">
            {`${data.organizerName ?? 'The organizer'} made a new link for ${data.personName ?? 'this person'}, so this one no longer works. Ask them for the new one.`}
          </Alert>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text>Nobody has opened this link yet. It will work on this browser only.</Text>
            <Button component="a" href={`${PERSON_LINK_PATH}?token=${token}`} data-testid="personal-link-open">
              Open it here
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export default function PersonalLinkScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = ZPersonLinkToken.safeParse(token).success;
  return (
    <PageLayout
      title="Your private link"
      description="For people who take part in a gift exchange without an e-mail address."
      testId="personal-link-screen"
      size="sm"
    >
      {valid ? (
        <LinkState token={token} />
      ) : (
        <EmptyState
          title="This link does not work"
          description="It may have been copied only in part. Ask the organizer to send it again."
        />
      )}
    </PageLayout>
  );
}
