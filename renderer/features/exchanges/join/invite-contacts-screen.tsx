/**
 * …/invite/contacts/ (v2.giftExchanges.invite.contacts, v2.generator.invite.contacts): people from
 * the organizer's own contacts. Where the browser has the Contact Picker (phones), they pick names
 * and addresses there; anywhere, they can import an export of their address book (.vcf or .csv),
 * read in the browser and never uploaded. The people found are ticked → `exchanges.inviteByEmail`.
 */
import { Alert, Button, Card, FileInput, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorText } from '../../../kit/states';
import { InviteHub } from './invite-hub';
import { InviteResults, PickAndInviteForm, useInviteByEmail } from './invite-parts';
import { readContactsFile, type TFoundPerson } from './contacts-file';

/** The Contact Picker API (not in TypeScript's DOM library yet). */
interface TContactsManager {
  select(properties: string[], options?: { multiple?: boolean }): Promise<{ name?: string[]; email?: string[] }[]>;
}

function contactPicker(): TContactsManager | null {
  if (typeof navigator === 'undefined' || !('contacts' in navigator)) return null;
  return (navigator as Navigator & { contacts: TContactsManager }).contacts;
}

function mergePeople(current: TFoundPerson[], found: TFoundPerson[]): TFoundPerson[] {
  const seen = new Set(current.map((person) => person.email));
  return [...current, ...found.filter((person) => !seen.has(person.email) && seen.add(person.email))];
}

function ContactsInvite({ exchangeId }: { exchangeId: string }) {
  const [people, setPeople] = useState<TFoundPerson[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const sending = useInviteByEmail(exchangeId);
  const picker = contactPicker();

  function found(list: TFoundPerson[], skipped: number, source: string): void {
    setPeople((current) => mergePeople(current, list));
    setSelected((current) => new Set([...current, ...list.map((person) => person.email)]));
    setNote(
      `${list.length} ${list.length === 1 ? 'person' : 'people'} found in ${source}` +
        (skipped > 0 ? `; ${skipped} without a usable e-mail address left out.` : '.'),
    );
  }

  async function pick(): Promise<void> {
    if (!picker) return;
    setProblem(null);
    try {
      const chosen = await picker.select(['name', 'email'], { multiple: true });
      const list = chosen.flatMap((contact) => {
        const email = contact.email
          ?.find((value) => value.includes('@'))
          ?.trim()
          .toLowerCase();
        return email ? [{ name: contact.name?.[0]?.trim() || email, email }] : [];
      });
      found(list, chosen.length - list.length, 'your contacts');
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  async function importFile(chosen: File | null): Promise<void> {
    setFile(chosen);
    if (!chosen) return;
    setProblem(null);
    setReading(true);
    try {
      const result = await readContactsFile(chosen);
      found(result.people, result.skipped, chosen.name);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setReading(false);
    }
  }

  async function send(): Promise<void> {
    const invitees = people.filter((person) => selected.has(person.email));
    const results = await sending.send(invitees, message);
    if (results) setSelected(new Set());
  }

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {picker ? (
            <Group justify="space-between" align="center">
              <Text>Pick people from the contacts on this device.</Text>
              <Button onClick={() => void pick()} data-testid="invite-contacts-pick">
                Choose from my contacts
              </Button>
            </Group>
          ) : null}
          <FileInput
            label="Import a contacts file"
            description="A .vcf (vCard) or .csv export of your address book (Google Contacts, Outlook, Apple Contacts, a phone). It is read on this device and never uploaded."
            placeholder="Choose a .vcf or .csv file"
            accept=".vcf,.vcard,.csv,text/vcard,text/x-vcard,text/csv"
            value={file}
            onChange={(chosen) => void importFile(chosen)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
            disabled={reading}
            data-testid="invite-contacts-file"
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert" data-testid="invite-contacts-problem">
              {problem}
            </Alert>
          ) : null}
          {note ? (
            <Text size="sm" role="status" data-testid="invite-contacts-found">
              {note}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {people.length > 0 ? (
        <PickAndInviteForm
          label="People found"
          people={people.map((person) => ({ key: person.email, name: person.name, email: person.email }))}
          selected={selected}
          onSelect={setSelected}
          message={message}
          onMessage={setMessage}
          busy={sending.busy}
          onSend={() => void send()}
          testId="invite-contacts"
        />
      ) : null}
      <InviteResults results={sending.results} />
    </Stack>
  );
}

export default function InviteContactsScreen() {
  return (
    <InviteHub tab="contacts" title="Invite from your contacts" testId="invite-contacts-screen">
      {(exchange) => <ContactsInvite exchangeId={exchange.exchangeId} />}
    </InviteHub>
  );
}
