/**
 * /gift-exchanges/:exchangeId/manage-assistants/ (v2.giftExchanges.manageAssistants) and the
 * legacy assistants page: the exchange's assistants (co-organizers, who may do everything the
 * organizer does but delete the exchange), and adding one among its people (`setAssistant`).
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { QueryView } from '../../../kit/query-view';
import { SelectField } from '../../../kit/select-field';
import { EmptyState, ListSkeleton } from '../../../kit/states';
import { ExchangePage } from './exchange-page';
import { ManagersOnly, PersonLine, type TExchangeDetail, type TExchangeParticipant } from './exchange-parts';
import { useSetAssistant } from './participant-actions';
import { useAllParticipants } from './restriction-parts';

function AddAssistant({ exchange, candidates }: { exchange: TExchangeDetail; candidates: TExchangeParticipant[] }) {
  const [chosen, setChosen] = useState('');
  const assistant = useSetAssistant(exchange.exchangeId);
  const value = candidates.some((candidate) => candidate.person.userId === chosen) ? chosen : '';
  if (candidates.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="assistants-no-candidates">
        Everyone who can help is an assistant already. Invite more people to choose from.
      </Text>
    );
  return (
    <Group align="flex-end" gap="sm">
      <SelectField
        label="Add an assistant"
        value={value}
        onChange={setChosen}
        options={[
          { value: '', label: 'Choose a person…' },
          ...candidates.map((candidate) => ({ value: candidate.person.userId, label: candidate.person.displayName })),
        ]}
        width={280}
        data-testid="assistants-candidate"
      />
      <Button
        disabled={!value}
        loading={assistant.busy}
        onClick={() => {
          const candidate = candidates.find((item) => item.person.userId === value);
          if (candidate) void assistant.set(candidate, true).then((ok) => ok && setChosen(''));
        }}
        data-testid="assistants-add"
      >
        Add assistant
      </Button>
    </Group>
  );
}

function Assistants({ exchange }: { exchange: TExchangeDetail }) {
  const people = useAllParticipants(exchange.exchangeId);
  const assistant = useSetAssistant(exchange.exchangeId);
  return (
    <QueryView query={people} skeleton={<ListSkeleton rows={3} />}>
      {(list) => {
        const assistants = list.filter((participant) => participant.isAssistant);
        const candidates = list.filter(
          (participant) => !participant.isAssistant && !participant.isOrganizer && participant.status !== 'declined',
        );
        return (
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <AddAssistant exchange={exchange} candidates={candidates} />
            </Card>
            <Stack gap="sm">
              <Title order={2} fz="h3">
                Assistants
              </Title>
              {assistants.length === 0 ? (
                <EmptyState
                  title="No assistants yet"
                  description="Assistants help you run the exchange: invite people, set restrictions, draw the names. Add someone you trust above."
                />
              ) : (
                <Stack gap="sm" data-testid="assistants-list">
                  {assistants.map((participant) => (
                    <PersonLine
                      key={participant.person.userId}
                      person={participant.person}
                      testId="assistant-row"
                      actions={
                        <Button
                          size="xs"
                          variant="default"
                          loading={assistant.busy}
                          onClick={() => void assistant.set(participant, false)}
                          aria-label={`Remove ${participant.person.displayName} as assistant`}
                          data-testid="assistant-remove"
                        >
                          Remove
                        </Button>
                      }
                    />
                  ))}
                </Stack>
              )}
            </Stack>
          </Stack>
        );
      }}
    </QueryView>
  );
}

export default function AssistantsScreen() {
  const { exchangeId = '' } = useParams();
  return (
    <ExchangePage exchangeId={exchangeId} title="Assistants" testId="exchange-assistants-screen">
      {(exchange) => (
        <ManagersOnly exchange={exchange}>
          <Stack gap="md">
            <Text c="dimmed">
              {`Assistants may do everything ${exchange.organizer.displayName} does, except delete the exchange.`}
            </Text>
            <Assistants exchange={exchange} />
          </Stack>
        </ManagersOnly>
      )}
    </ExchangePage>
  );
}
