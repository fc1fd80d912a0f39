/**
 * …/invite/email/ (v2.giftExchanges.invite.email, v2.generator.invite.email): rows of a name and an
 * e-mail address and an optional personal message → `exchanges.inviteByEmail`. Each row is checked
 * on its own: the answer's table shows the invited and the refused side by side, and the rows that
 * were not sent stay in the form to be fixed.
 */
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { INVITES_PER_REQUEST_MAX } from '../../../../server/contracts/exchange-values';
import { FormFailure } from '../../../kit/form-parts';
import { InviteHub } from './invite-hub';
import { InviteResults, PersonalMessageField, useInviteByEmail } from './invite-parts';

interface TRow {
  key: number;
  name: string;
  email: string;
}

const blankRows = (from: number, count: number): TRow[] =>
  Array.from({ length: count }, (_, index) => ({ key: from + index, name: '', email: '' }));

function EmailInviteForm({ exchangeId }: { exchangeId: string }) {
  const [rows, setRows] = useState<TRow[]>(() => blankRows(0, 3));
  const [nextKey, setNextKey] = useState(3);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useInviteByEmail(exchangeId);

  function change(key: number, field: 'name' | 'email', value: string): void {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  }

  function addRow(): void {
    setRows((list) => [...list, ...blankRows(nextKey, 1)]);
    setNextKey((key) => key + 1);
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const filled = rows.filter((row) => row.name.trim() || row.email.trim());
    if (filled.length === 0) {
      setFailure('Add at least one person with an e-mail address');
      return;
    }
    setFailure(null);
    const results = await sending.send(
      filled.map((row) => ({ name: row.name.trim() || null, email: row.email })),
      message,
    );
    if (!results) return;
    // Rows the server refused stay, to be fixed; the others are done.
    const refused = new Set(results.filter((result) => result.status === 'invalid').map((result) => result.row));
    const kept = filled.filter((_, index) => refused.has(index + 1));
    setRows(kept.length > 0 ? kept : blankRows(nextKey, 1));
    setNextKey((key) => key + 1);
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="invite-email-form">
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Each person gets an e-mail with a link to answer; they need no account.
            </Text>
            {rows.map((row, index) => (
              <Group key={row.key} align="flex-end" gap="xs" wrap="wrap" data-testid="invite-email-row">
                <TextInput
                  label={`Name ${index + 1}`}
                  value={row.name}
                  maxLength={50}
                  autoComplete="off"
                  onChange={(event) => change(row.key, 'name', event.currentTarget.value)}
                  style={{ flex: '1 1 160px' }}
                  data-testid="invite-email-name"
                />
                <TextInput
                  label={`E-mail ${index + 1}`}
                  type="email"
                  value={row.email}
                  maxLength={320}
                  autoComplete="off"
                  onChange={(event) => change(row.key, 'email', event.currentTarget.value)}
                  style={{ flex: '2 1 220px' }}
                  data-testid="invite-email-address"
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mb={2}
                  aria-label={`Remove person ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((list) => list.filter((entry) => entry.key !== row.key))}
                >
                  <span aria-hidden>×</span>
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                onClick={addRow}
                disabled={rows.length >= INVITES_PER_REQUEST_MAX}
                data-testid="invite-email-add-row"
              >
                Add another person
              </Button>
            </Group>
            <PersonalMessageField value={message} onChange={setMessage} />
            <FormFailure message={failure} testId="invite-email-failure" />
            <Group justify="flex-end">
              <Button type="submit" loading={sending.busy} data-testid="invite-email-send">
                Send the invitations
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <InviteResults results={sending.results} />
    </Stack>
  );
}

export default function InviteEmailScreen() {
  return (
    <InviteHub tab="email" title="Invite by e-mail" testId="invite-email-screen">
      {(exchange) => <EmailInviteForm exchangeId={exchange.exchangeId} />}
    </InviteHub>
  );
}
