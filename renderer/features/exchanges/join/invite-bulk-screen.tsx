/**
 * …/invite/bulk/ (v2.giftExchanges.invite.bulk, v2.generator.invite.bulk): a list pasted from a
 * spreadsheet or an e-mail, one person per line ("Ann Lee <ann@example.com>", "Ann Lee,
 * ann@example.com", tab-separated rows, a bare address). A live preview reads it as the server will
 * (`parseInviteLines`) and flags what will not go; `exchanges.inviteBulk` answers row by row.
 */
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { normalizeEmail } from '../../../../server/contracts/validation-values';
import { INVITES_PER_REQUEST_MAX, parseInviteLines } from '../../../../server/contracts/exchange-values';
import { serverFieldErrors } from '../../../kit/forms';
import { trpc } from '../../../trpc';
import { countOf } from '../../../kit/format';
import { InviteHub } from './invite-hub';
import {
  InviteResults,
  InviteRowsTable,
  PersonalMessageField,
  emailProblem,
  useInviteSending,
  type TInviteRowView,
} from './invite-parts';

const PASTE_MAX = 50_000;

/** The paste as the server will read it, each line checked: ready, a repeat, or not an address. */
function previewRows(text: string): TInviteRowView[] {
  const seen = new Set<string>();
  return parseInviteLines(text).map((line) => {
    const problem = line.email ? emailProblem(line.email) : 'No e-mail address on this line';
    if (problem) return { ...line, label: 'Will not be sent', color: 'red', message: problem };
    const key = normalizeEmail(line.email);
    if (seen.has(key))
      return { ...line, label: 'Duplicate', color: 'yellow', message: 'This address is on an earlier line' };
    seen.add(key);
    return { ...line, label: 'Ready', color: 'green', message: '' };
  });
}

function BulkInviteForm({ exchangeId }: { exchangeId: string }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const bulk = trpc.exchanges.inviteBulk.useMutation();
  const sending = useInviteSending(exchangeId);
  const deferred = useDeferredValue(text);
  const preview = useMemo(() => previewRows(deferred), [deferred]);
  const ready = preview.filter((row) => row.label === 'Ready').length;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (!text.trim()) {
      setFailure('Value is required');
      return;
    }
    setFailure(null);
    const results = await sending.run(async () => [await bulk.mutateAsync({ exchangeId, text, message })]);
    if (results && results.every((result) => result.status !== 'invalid')) setText('');
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="invite-bulk-form">
          <Stack gap="md">
            <Textarea
              label="People, one per line"
              description="“Ann Lee <ann@example.com>”, “Ann Lee, ann@example.com” or rows copied from a spreadsheet (name and e-mail columns)."
              placeholder={'Ann Lee <ann@example.com>\nBob Baker, bob@example.com'}
              autosize
              minRows={5}
              maxRows={16}
              maxLength={PASTE_MAX}
              value={text}
              error={failure ?? serverFieldErrors(sending.error).text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                sending.clear();
              }}
              data-testid="invite-bulk-text"
            />
            <PersonalMessageField value={message} onChange={setMessage} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="invite-bulk-count">
                {preview.length === 0
                  ? 'Nothing pasted yet.'
                  : `${countOf(preview.length, 'line', 'lines')}: ${ready} ready to send` +
                    (preview.length > INVITES_PER_REQUEST_MAX
                      ? ` (at most ${INVITES_PER_REQUEST_MAX} lines at once)`
                      : '')}
              </Text>
              <Button type="submit" loading={sending.busy} disabled={ready === 0} data-testid="invite-bulk-send">
                Send the invitations
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {sending.results ? (
        <InviteResults results={sending.results} />
      ) : preview.length > 0 ? (
        <InviteRowsTable caption="Preview: how each line is read" rows={preview} testId="invite-bulk-preview" />
      ) : null}
    </Stack>
  );
}

export default function InviteBulkScreen() {
  return (
    <InviteHub tab="bulk" title="Paste a list" testId="invite-bulk-screen">
      {(exchange) => <BulkInviteForm exchangeId={exchange.exchangeId} />}
    </InviteHub>
  );
}
