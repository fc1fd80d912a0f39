/**
 * Creating the exchange from the draft (`exchanges.create`, one call), and what a refusal looks
 * like: the server's message, then each field it refused with a link to the step that asks it.
 */
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from '../../../routes/link';
import { serverFieldErrors } from '../../../kit/forms';
import { errorText } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { toCreateInput, typedPeople, writeDraft, type TGeneratorDraft } from './draft';
import { planOf, type TStepKey } from './flow-steps';

/**
 * Creates the draft's exchange once and records it in the draft (the later steps read its id and
 * the friends to invite); a draft whose exchange exists already just gives its id back.
 */
export function useCreateExchange() {
  const create = trpc.exchanges.create.useMutation();
  const utils = trpc.useUtils();
  return {
    busy: create.isPending,
    async run(draft: TGeneratorDraft): Promise<string> {
      if (draft.created) return draft.created.exchangeId;
      const exchange = await create.mutateAsync(toCreateInput(draft));
      utils.exchanges.get.setData({ exchangeId: exchange.exchangeId }, exchange);
      void utils.exchanges.mine.invalidate();
      writeDraft({
        created: { exchangeId: exchange.exchangeId, friendIds: draft.friends.map((friend) => friend.userId) },
      });
      return exchange.exchangeId;
    },
  };
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  signUpDate: 'Sign-up closes',
  exchangeDate: 'Exchange date',
  location: 'Place',
  partyTime: 'Party time',
  deliveryType: 'How gifts are exchanged',
  budget: 'Budget',
  themeId: 'Theme',
  organizerParticipates: 'You take part',
  restrictions: 'Who should not draw whom',
  repeatOfExchangeId: 'The exchange you repeat',
};

const CLASSIC_STEP_OF: Record<string, TStepKey> = {
  title: 'create',
  signUpDate: 'signup',
  exchangeDate: 'event',
  location: 'event',
  partyTime: 'event',
  deliveryType: 'eventType',
  budget: 'budget',
  themeId: 'theme',
};
const LIGHT_STEP_OF: Record<string, TStepKey> = {
  participants: 'invite',
  restrictions: 'exclusions',
  repeatOfExchangeId: 'repeat',
  themeId: 'theme',
};

function fieldLabel(path: string, draft: TGeneratorDraft): string {
  const [head = '', index, field] = path.split('.');
  if (head === 'participants' && index !== undefined) {
    const person = typedPeople(draft.people)[Number(index)];
    const who = person ? person.name.trim() || person.email : `person ${Number(index) + 1}`;
    return `${field === 'name' ? 'Name' : 'E-mail'} of ${who}`;
  }
  return FIELD_LABELS[head] ?? head;
}

/** The step where a refused field is asked. */
function fixHref(path: string, draft: TGeneratorDraft): string | null {
  if (draft.flow === 'names') return href('v2.generator.names');
  const head = path.split('.')[0] ?? '';
  const key = draft.flow === 'classic' ? CLASSIC_STEP_OF[head] : (LIGHT_STEP_OF[head] ?? 'details');
  return planOf(draft, true).steps.find((item) => item.key === key)?.to ?? null;
}

export function CreateFailure({ error, draft }: { error: unknown; draft: TGeneratorDraft }) {
  if (!error) return null;
  const fields = Object.entries(serverFieldErrors(error));
  return (
    <Alert color="red" variant="light" role="alert" title="The exchange was not created" data-testid="create-failure">
      <Stack gap="xs">
        {fields.length === 0 ? <Text size="sm">{errorText(error)}</Text> : null}
        {fields.length > 0 ? (
          <List size="sm" spacing={4}>
            {fields.map(([path, message]) => {
              const to = fixHref(path, draft);
              return (
                <List.Item key={path}>
                  {fieldLabel(path, draft)}: {message}
                  {to ? (
                    <>
                      {' '}
                      <Anchor component={Link} to={to} size="sm">
                        Fix it
                      </Anchor>
                    </>
                  ) : null}
                </List.Item>
              );
            })}
          </List>
        ) : null}
      </Stack>
    </Alert>
  );
}
