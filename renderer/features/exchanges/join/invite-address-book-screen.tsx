/**
 * …/invite/address-book/ (v2.giftExchanges.invite.addressBook, v2.generator.invite.addressBook):
 * the organizer's address book (`people.addressBook`): members they know on Gifting, invited by
 * account (their addresses stay private, `exchanges.inviteUsers`), and contacts they saved with an
 * e-mail (`exchanges.inviteByEmail`). Tick people, add a message, send.
 */
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../routes/link';
import { UsersIcon } from '../../../app/icons';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { Pager } from '../../../kit/pager';
import { InviteHub, useInGenerator } from './invite-hub';
import { InviteResults, PickAndInviteForm, useInviteSending, type TPickablePerson } from './invite-parts';

const PAGE = 100;

type TEntry = TPickablePerson & { userId: string | null };

function AddressBookInvite({ exchangeId }: { exchangeId: string }) {
  const [offset, setOffset] = useState(0);
  const book = trpc.people.addressBook.useQuery({ limit: PAGE, offset });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  const byEmail = trpc.exchanges.inviteByEmail.useMutation();
  const byAccount = trpc.exchanges.inviteUsers.useMutation();
  const sending = useInviteSending(exchangeId);
  const generator = useInGenerator();
  const emailTab = generator
    ? href('v2.generator.invite.email', { exchangeId })
    : href('v2.giftExchanges.invite.email', { exchangeId });

  const people: TEntry[] = (book.data?.items ?? [])
    .filter((item) => item.kind === 'member' || item.email)
    .map((item) => ({
      key: `${item.kind}:${item.id}`,
      name: item.name,
      email: item.email,
      userId: item.kind === 'member' ? item.id : null,
      detail: item.kind === 'member' ? 'On Gifting: invited to their account' : (item.email ?? undefined),
    }));

  async function send(): Promise<void> {
    const chosen = people.filter((entry) => selected.has(entry.key));
    const userIds = chosen.flatMap((entry) => (entry.userId ? [entry.userId] : []));
    const invitees = chosen.flatMap((entry) =>
      !entry.userId && entry.email ? [{ name: entry.name, email: entry.email }] : [],
    );
    const results = await sending.run(async () => [
      ...(userIds.length ? [await byAccount.mutateAsync({ exchangeId, userIds, message })] : []),
      ...(invitees.length ? [await byEmail.mutateAsync({ exchangeId, invitees, message })] : []),
    ]);
    if (results) setSelected(new Set());
  }

  return (
    <QueryView
      query={book}
      skeleton={<ListSkeleton rows={4} height={40} />}
      isEmpty={(page) => page.items.length === 0 && offset === 0}
      empty={
        <EmptyState
          icon={<UsersIcon size={24} />}
          title="Your address book is empty"
          description="People you follow and contacts you save show up here. Invite people by e-mail instead."
          action={
            <Button component={Link} to={emailTab} variant="light">
              Invite by e-mail
            </Button>
          }
        />
      }
    >
      {(page) => (
        <Stack gap="lg">
          <PickAndInviteForm
            label="People in your address book"
            people={people}
            selected={selected}
            onSelect={setSelected}
            message={message}
            onMessage={setMessage}
            busy={sending.busy}
            onSend={() => void send()}
            testId="invite-address-book"
          >
            <Pager
              offset={offset}
              limit={PAGE}
              total={page.paging.total}
              onChange={(next) => {
                // A choice is made on one page at a time.
                setSelected(new Set());
                setOffset(next);
              }}
              label="Pages of the address book"
            />
          </PickAndInviteForm>
          <InviteResults results={sending.results} />
        </Stack>
      )}
    </QueryView>
  );
}

export default function InviteAddressBookScreen() {
  return (
    <InviteHub tab="addressBook" title="Invite from your address book" testId="invite-address-book-screen">
      {(exchange) => <AddressBookInvite exchangeId={exchange.exchangeId} />}
    </InviteHub>
  );
}
