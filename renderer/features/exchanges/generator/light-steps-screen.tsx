/**
 * The light generator flow under /secret-santa-generator/light/ (people first), and the gift-exchange
 * generator's friends step (/gift-exchange-generator/friends/ and /:themeId/friends/) that leads into
 * it: friends → invite (names and e-mails) → exclusions prompt → exclusions → details → theme →
 * register → confirm-code; or repeat (an earlier exchange's people) → details → …; repeat-group.
 * Everything is kept in the draft until the exchange is created (without e-mails: the organizer
 * reads the invitation first, on the steps of light-exchange-steps-screen.tsx).
 */
import { Anchor, Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Link } from '../../../routes/link';
import { useAppNavigate } from '../../../routes/app-navigate';
import { useCurrentRouteHandle } from '../../../app/route-handle';
import { FormFailure } from '../../../kit/form-parts';
import { QueryView } from '../../../kit/query-view';
import { EmptyState, ListSkeleton, errorText } from '../../../kit/states';
import { href } from '../../../routes/route-table';
import { trpc } from '../../../trpc';
import { useIdentity } from '../../../auth/identity-provider';
import { formatDate } from '../../../kit/format';
import {
  isThemeId,
  personLabel,
  readDraft,
  startDraft,
  typedPeople,
  writeDraft,
  type TDraftFriend,
  type TGeneratorFlow,
} from './draft';
import { useDraftForm } from './draft-form';
import {
  BudgetFields,
  DeliveryTypeField,
  DraftDateField,
  GameTypeField,
  OrganizerTakesPartField,
  TitleField,
} from './draft-fields';
import { lightPlan } from './flow-steps';
import { isPartyGame } from '../../../../server/contracts/exchange-values';
import { minDrawPeople, PeopleRows, usePeopleRows, withBlankRows } from './people-rows';
import { ConfirmCodeStep, RegisterStep, ThemeStep } from './shared-steps';
import { BackButton, StepFrame, StepNav, submitWith, useStep } from './step-frame';
import { SelectField } from '../../../kit/select-field';

/** On a flow's first step: a draft of another flow, or one already created, gives way to a new one. */
function useFreshDraft(flow: Extract<TGeneratorFlow, 'light' | 'friends'>, themeId?: string) {
  useState(() => {
    const draft = readDraft();
    const fits = draft.flow === flow || (flow === 'light' && draft.flow === 'friends');
    if (!fits || draft.created) startDraft(flow, isThemeId(themeId) ? { themeId } : {});
    return null;
  });
}

// ---- Friends (gift-exchange generator) ----

function FriendChoices({
  userId,
  selected,
  onChange,
}: {
  userId: string;
  selected: TDraftFriend[];
  onChange: (friends: TDraftFriend[]) => void;
}) {
  const followed = trpc.people.followedUsers.useQuery({ userId, limit: 100, offset: 0 });
  return (
    <QueryView
      query={followed}
      skeleton={<ListSkeleton rows={3} height={40} />}
      isEmpty={(page) => page.items.length === 0}
      empty={
        <EmptyState
          title="You don't follow anyone yet"
          description="People you follow show up here. Go on and type the names and e-mails of everyone taking part."
        />
      }
    >
      {(page) => (
        <Checkbox.Group
          label="People you follow"
          value={selected.map((friend) => friend.userId)}
          onChange={(ids) =>
            onChange(
              page.items
                .filter((person) => ids.includes(person.userId))
                .map((person) => ({ userId: person.userId, name: person.displayName })),
            )
          }
          data-testid="friend-choices"
        >
          <Stack gap="xs" mt="xs">
            {page.items.map((person) => (
              <Checkbox
                key={person.userId}
                value={person.userId}
                label={person.displayName}
                data-testid="friend-choice"
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </QueryView>
  );
}

function FriendsStep() {
  const { themeId } = useParams();
  useFreshDraft('friends', themeId);
  const { draft, signedIn, plan, position } = useStep('friends', lightPlan);
  const { identity } = useIdentity();
  const { pathname } = useLocation();
  const navigate = useAppNavigate();
  const [selected, setSelected] = useState<TDraftFriend[]>(draft.friends);

  return (
    <StepFrame
      title="Who do you want to invite?"
      description="Pick people you follow; you can type names and e-mails of others next."
      plan={plan}
      position={position}
      testId="generator-friends-step"
    >
      <form
        noValidate
        onSubmit={submitWith(async () => {
          writeDraft({ friends: selected });
          await navigate(position.next ?? href('v2.generator.light.invite'));
        })}
      >
        <Stack gap="md">
          {signedIn && identity ? (
            <FriendChoices userId={identity.userId} selected={selected} onChange={setSelected} />
          ) : (
            <EmptyState
              title="Log in to add people you follow"
              description="Members can invite the people they follow in one tap. Or go on and type everyone's names and e-mails."
              action={
                <Button component={Link} to={href('v2.authLogin', null, { returnurl: pathname })} variant="light">
                  Log in
                </Button>
              }
            />
          )}
          <StepNav back={position.back} />
        </Stack>
      </form>
    </StepFrame>
  );
}

// ---- Repeat ----

function RepeatChoices({ onChosen }: { onChosen: () => Promise<void> }) {
  const candidates = trpc.exchanges.repeatCandidates.useQuery();
  const draft = readDraft();
  const [choice, setChoice] = useState(draft.repeatOfExchangeId ?? '');
  const [excludePrevious, setExcludePrevious] = useState(draft.excludePreviousPairs);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <QueryView
      query={candidates}
      skeleton={<ListSkeleton rows={3} height={48} />}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState
          title="No earlier exchange to repeat"
          description="Exchanges you organized show up here. Start a new one instead: you can repeat it next year."
          action={
            <Button component={Link} to={href('v2.generator.light.invite')} variant="light">
              Start a new exchange
            </Button>
          }
        />
      }
    >
      {(list) => (
        <form
          noValidate
          onSubmit={submitWith(async () => {
            const chosen = list.find((item) => item.exchangeId === choice);
            if (!chosen) {
              setFailure('Choose the exchange to repeat.');
              return;
            }
            const current = readDraft();
            writeDraft({
              repeatOfExchangeId: chosen.exchangeId,
              repeatTitle: chosen.title,
              excludePreviousPairs: excludePrevious,
              title: current.title || chosen.title,
            });
            await onChosen();
          })}
        >
          <Stack gap="md">
            <Radio.Group label="Exchange to repeat" value={choice} onChange={setChoice} data-testid="repeat-choices">
              <Stack gap="xs" mt="xs">
                {list.map((item) => (
                  <Radio
                    key={item.exchangeId}
                    value={item.exchangeId}
                    label={item.title}
                    description={`${formatDate(item.exchangeDate)} · ${item.participantCount} people`}
                    data-testid="repeat-choice"
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Checkbox
              label="Don't let anyone draw the same person as last time"
              checked={excludePrevious}
              onChange={(event) => setExcludePrevious(event.currentTarget.checked)}
              data-testid="repeat-exclude-previous"
            />
            <FormFailure message={failure} testId="repeat-failure" />
            <StepNav back={href('v2.generator.root')} />
          </Stack>
        </form>
      )}
    </QueryView>
  );
}

function RepeatStep() {
  useFreshDraft('light');
  // Until an exchange is chosen the plan is the repeat one all the same.
  const { signedIn, plan, position } = useStep('repeat', (draft, member) =>
    lightPlan({ ...draft, repeatOfExchangeId: draft.repeatOfExchangeId ?? 'pending' }, member),
  );
  const navigate = useAppNavigate();
  const { pathname } = useLocation();

  return (
    <StepFrame
      title="Repeat an exchange"
      description="The same people and the same exclusions as last time, with new dates."
      plan={plan}
      position={position}
      testId="generator-repeat-step"
    >
      <Stack gap="md">
        {signedIn ? (
          <RepeatChoices
            onChosen={async () => {
              await navigate(position.next ?? href('v2.generator.light.details'));
            }}
          />
        ) : (
          <EmptyState
            title="Log in to repeat an exchange"
            description="Your earlier exchanges are in your account."
            action={
              <Button component={Link} to={href('v2.authLogin', null, { returnurl: pathname })} variant="light">
                Log in
              </Button>
            }
          />
        )}
        <Group gap="md">
          <Anchor component={Link} to={href('v2.generator.light.repeatGroup')} size="sm">
            Repeat with a group instead
          </Anchor>
          <Anchor
            component={Link}
            to={href('v2.generator.light.invite')}
            size="sm"
            onClick={() => writeDraft({ repeatOfExchangeId: null, repeatTitle: null })}
          >
            Start a new exchange instead
          </Anchor>
        </Group>
      </Stack>
    </StepFrame>
  );
}

/** Every active member of a group but the organizer, as draft friends (at most MAX_GROUP_FRIENDS). */
const GROUP_MEMBERS_PAGE = 100;
const MAX_GROUP_FRIENDS = 500;

function useGroupFriends() {
  const utils = trpc.useUtils();
  const { identity } = useIdentity();
  return async (groupId: string): Promise<TDraftFriend[]> => {
    const friends: TDraftFriend[] = [];
    for (let offset = 0; offset < MAX_GROUP_FRIENDS; offset += GROUP_MEMBERS_PAGE) {
      const page = await utils.groups.members.fetch({ groupId, status: 'active', limit: GROUP_MEMBERS_PAGE, offset });
      for (const member of page.items)
        if (member.person.userId !== identity?.userId)
          friends.push({ userId: member.person.userId, name: member.person.displayName });
      if (!page.paging.token || page.items.length === 0) break;
    }
    return friends.slice(0, MAX_GROUP_FRIENDS);
  };
}

function GroupChoices({ onChosen }: { onChosen: () => Promise<void> }) {
  const groups = trpc.groups.list.useQuery({ scope: 'mine', limit: 100, offset: 0 });
  const [search] = useSearchParams();
  const [choice, setChoice] = useState(search.get('groupId') ?? readDraft().groupId ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupFriends = useGroupFriends();

  return (
    <QueryView
      query={groups}
      skeleton={<ListSkeleton rows={3} height={48} />}
      isEmpty={(page) => page.items.every((group) => group.myStatus !== 'active')}
      empty={
        <EmptyState
          title="You're not in any groups yet"
          description="Groups keep the same people together from one exchange to the next. Find or start one, or go on without a group and type everyone's names."
          action={
            <Button component={Link} to={href('v2.groups.list')} variant="default">
              See groups
            </Button>
          }
        />
      }
    >
      {(page) => {
        const mine = page.items.filter((group) => group.myStatus === 'active');
        return (
          <form
            noValidate
            onSubmit={submitWith(async () => {
              const chosen = mine.find((group) => group.groupId === choice);
              if (!chosen) {
                setFailure('Choose the group to run the exchange with.');
                return;
              }
              setFailure(null);
              setBusy(true);
              try {
                const friends = await groupFriends(chosen.groupId);
                if (friends.length === 0) {
                  setFailure(`Nobody else is in ${chosen.name} yet: invite people to it, or choose another group.`);
                  return;
                }
                const current = readDraft();
                writeDraft({
                  groupId: chosen.groupId,
                  friends,
                  repeatOfExchangeId: null,
                  repeatTitle: null,
                  title: current.title || `${chosen.name} gift exchange`,
                });
                await onChosen();
              } catch (error) {
                setFailure(errorText(error));
              } finally {
                setBusy(false);
              }
            })}
          >
            <Stack gap="md">
              <Radio.Group label="Group" value={choice} onChange={setChoice} data-testid="repeat-group-choices">
                <Stack gap="xs" mt="xs">
                  {mine.map((group) => (
                    <Radio
                      key={group.groupId}
                      value={group.groupId}
                      label={group.name}
                      description={`${group.memberCount} ${group.memberCount === 1 ? 'member' : 'members'}`}
                      data-testid="repeat-group-choice"
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <FormFailure message={failure} testId="repeat-group-failure" />
              <StepNav back={href('v2.generator.light.repeat')} busy={busy} />
            </Stack>
          </form>
        );
      }}
    </QueryView>
  );
}

function RepeatGroupStep() {
  useFreshDraft('light');
  const { signedIn, plan, position } = useStep('repeat', lightPlan);
  const navigate = useAppNavigate();
  const { pathname, search } = useLocation();

  return (
    <StepFrame
      title="Repeat with a group"
      description="Run the exchange with the members of one of your groups."
      plan={plan}
      position={{ ...position, number: 0 }}
      testId="generator-repeat-group-step"
    >
      <Stack gap="md">
        {signedIn ? (
          <GroupChoices
            onChosen={async () => {
              await navigate(href('v2.generator.light.invite'));
            }}
          />
        ) : (
          <EmptyState
            title="Log in to use a group"
            description="Your groups are in your account."
            action={
              <Button
                component={Link}
                to={href('v2.authLogin', null, { returnurl: `${pathname}${search}` })}
                variant="light"
              >
                Log in
              </Button>
            }
          />
        )}
        <Group gap="md">
          <Anchor
            component={Link}
            to={href('v2.generator.light.invite')}
            size="sm"
            onClick={() => {
              const draft = readDraft();
              writeDraft({
                repeatOfExchangeId: null,
                repeatTitle: null,
                groupId: undefined,
                ...(draft.groupId ? { friends: [] } : {}),
              });
            }}
            data-testid="repeat-group-continue"
          >
            Continue without a group
          </Anchor>
        </Group>
      </Stack>
    </StepFrame>
  );
}

// ---- People ----

function InviteStep() {
  useFreshDraft('light');
  const { draft, plan, position } = useStep('invite', lightPlan);
  const navigate = useAppNavigate();
  const friendCount = draft.friends.length;
  // A party game (chosen on the details step, when the organizer comes back here) needs fewer.
  const minimum = minDrawPeople(draft.gameType);
  const people = usePeopleRows(withBlankRows(draft.people, minimum), {
    needed: minimum - 1 - friendCount,
    others: ', you included',
    minimum,
    onRowsChange: (rows) => writeDraft({ people: rows }),
  });

  return (
    <StepFrame
      title="Who takes part?"
      description="Type everyone's name and e-mail. Nobody gets an e-mail yet: you will read the invitation first."
      plan={plan}
      position={position}
      testId="generator-invite-step"
    >
      <form
        noValidate
        onSubmit={submitWith(async () => {
          if (people.check()) return;
          writeDraft({ people: typedPeople(people.rows) });
          await navigate(position.next ?? href('v2.generator.light.exclusionsPrompt'));
        })}
      >
        <Stack gap="md">
          {friendCount > 0 ? (
            <Text size="sm" data-testid="invite-friends-note">
              Also invited: {draft.friends.map((friend) => friend.name).join(', ')}.
            </Text>
          ) : null}
          <PeopleRows rows={people.rows} onChange={people.change} errors={people.errors} />
          <FormFailure message={people.problem} testId="invite-failure" />
          <StepNav back={position.back} />
        </Stack>
      </form>
    </StepFrame>
  );
}

function ExclusionsPromptStep() {
  const { draft, plan, position } = useStep('exclusions', lightPlan);
  const canChoose = typedPeople(draft.people).length >= 2;
  return (
    <StepFrame
      title="Should anyone not draw someone?"
      description="Couples, housemates, or whoever drew each other last year."
      plan={plan}
      position={position}
      testId="generator-exclusions-prompt-step"
    >
      <Stack gap="md">
        {canChoose ? null : (
          <Text size="sm" c="dimmed">
            Exclusions are set between the people you typed. Once everyone has joined, set more on the exchange's draw
            restrictions page.
          </Text>
        )}
        <Group grow>
          {canChoose ? (
            <Button
              component={Link}
              to={href('v2.generator.light.exclusions')}
              variant="light"
              data-testid="exclusions-yes"
            >
              Yes, choose who
            </Button>
          ) : (
            <Button variant="light" disabled data-testid="exclusions-yes">
              Yes, choose who
            </Button>
          )}
          <Button component={Link} to={href('v2.generator.light.details')} variant="light" data-testid="exclusions-no">
            No, anyone can draw anyone
          </Button>
        </Group>
        {position.back ? (
          <Group>
            <BackButton to={position.back} />
          </Group>
        ) : null}
      </Stack>
    </StepFrame>
  );
}

function ExclusionsStep() {
  const { draft, plan, position } = useStep('exclusions', lightPlan);
  const navigate = useAppNavigate();
  const people = typedPeople(draft.people);
  const options = people.map((person) => ({ value: person.email, label: personLabel(person) }));
  // Both start unchosen, and the second never offers the first: nobody is set against themselves.
  const [giver, setGiver] = useState('');
  const [receiver, setReceiver] = useState('');
  const choose = { value: '', label: 'Choose a person' };
  const receiverOptions = [choose, ...options.filter((option) => option.value !== giver)];
  const [bothWays, setBothWays] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const labelOf = (email: string): string => options.find((option) => option.value === email)?.label ?? email;
  const exclusions = draft.exclusions.filter(
    (pair) => options.some((option) => option.value === pair.a) && options.some((option) => option.value === pair.b),
  );

  function add(): void {
    if (!giver || !receiver || giver === receiver) {
      setFailure('Choose two different people');
      return;
    }
    if (exclusions.some((pair) => pair.a === giver && pair.b === receiver)) {
      setFailure('That pair is on the list already');
      return;
    }
    setFailure(null);
    writeDraft({ exclusions: [...exclusions, { a: giver, b: receiver, bothWays }] });
    setGiver('');
    setReceiver('');
  }

  /** A pair chosen but not added yet is kept when the person goes on ("Next" adds it). */
  function next(): void {
    const pending =
      giver && receiver && giver !== receiver && !exclusions.some((pair) => pair.a === giver && pair.b === receiver);
    if (pending) writeDraft({ exclusions: [...exclusions, { a: giver, b: receiver, bothWays }] });
    void navigate(href('v2.generator.light.details'));
  }

  return (
    <StepFrame
      title="Who should not draw whom?"
      description="Add each pair once. Both ways means neither draws the other."
      plan={plan}
      position={position}
      testId="generator-exclusions-step"
    >
      <form noValidate onSubmit={submitWith(next)}>
        <Stack gap="md">
          <Group grow align="flex-end">
            <SelectField
              label="This person"
              value={giver}
              onChange={(value) => {
                setGiver(value);
                if (value === receiver) setReceiver('');
              }}
              options={[choose, ...options]}
              data-testid="exclusion-giver"
            />
            <SelectField
              label="should not draw"
              value={receiver}
              onChange={setReceiver}
              options={receiverOptions}
              data-testid="exclusion-receiver"
            />
          </Group>
          <Checkbox
            label="Both ways"
            description="Neither of them draws the other."
            checked={bothWays}
            onChange={(event) => setBothWays(event.currentTarget.checked)}
            data-testid="exclusion-both-ways"
          />
          <FormFailure message={failure} testId="exclusion-failure" />
          <Group>
            <Button variant="light" onClick={add} data-testid="exclusion-add">
              Add this pair
            </Button>
          </Group>
          {exclusions.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="exclusions-empty">
              No pairs yet: anyone can draw anyone.
            </Text>
          ) : (
            <Stack gap="xs" data-testid="exclusions-list">
              {exclusions.map((pair) => (
                <Group key={`${pair.a}|${pair.b}`} justify="space-between" wrap="nowrap" data-testid="exclusion">
                  <Text size="sm">
                    {pair.bothWays
                      ? `${labelOf(pair.a)} and ${labelOf(pair.b)} will not draw each other`
                      : `${labelOf(pair.a)} will not draw ${labelOf(pair.b)}`}
                  </Text>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => writeDraft({ exclusions: exclusions.filter((item) => item !== pair) })}
                  >
                    Remove
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
          <StepNav back={position.back} />
        </Stack>
      </form>
    </StepFrame>
  );
}

// ---- Details ----

function DetailsStep() {
  const { draft, plan, position } = useStep('details', lightPlan);
  const navigate = useAppNavigate();
  const form = useDraftForm(
    [
      'title',
      'exchangeDate',
      'signUpDate',
      'budgetAmount',
      'budgetCurrency',
      'gameType',
      'deliveryType',
      'organizerParticipates',
    ] as const,
    async (saved) => {
      const count = typedPeople(saved.people).length + saved.friends.length + (saved.organizerParticipates ? 1 : 0);
      // A Secret Santa draw needs three people; a party game's turn order two.
      const minimum = minDrawPeople(saved.gameType);
      if (!saved.repeatOfExchangeId && count < minimum)
        throw new Error(
          isPartyGame(saved.gameType)
            ? `A turn order needs at least ${minimum} people: take part yourself, or go back and add someone.`
            : `A draw needs at least ${minimum} people: take part yourself, or go back and add someone.`,
        );
      await navigate(position.next ?? href('v2.generator.light.theme'));
    },
  );

  return (
    <StepFrame
      title="The details"
      description={draft.repeatTitle ? `Repeating “${draft.repeatTitle}”.` : 'The name, the day and the budget.'}
      plan={plan}
      position={position}
      testId="generator-details-step"
    >
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          <TitleField form={form} />
          <Group grow align="flex-start">
            <DraftDateField form={form} name="exchangeDate" label="Exchange date" required />
            <DraftDateField form={form} name="signUpDate" label="Sign-up closes (optional)" />
          </Group>
          <BudgetFields form={form} />
          <GameTypeField form={form} />
          <DeliveryTypeField form={form} />
          <OrganizerTakesPartField form={form} />
          <FormFailure message={form.failure} testId="details-failure" />
          <StepNav back={position.back} busy={form.busy} />
        </Stack>
      </form>
    </StepFrame>
  );
}

const STEPS: Record<string, () => ReactNode> = {
  'v2.giftExchangeGenerator.friends': () => <FriendsStep />,
  'v2.giftExchangeGenerator.themeFriends': () => <FriendsStep />,
  'v2.generator.light.repeat': () => <RepeatStep />,
  'v2.generator.light.repeatGroup': () => <RepeatGroupStep />,
  'v2.generator.light.invite': () => <InviteStep />,
  'v2.generator.light.exclusionsPrompt': () => <ExclusionsPromptStep />,
  'v2.generator.light.exclusions': () => <ExclusionsStep />,
  'v2.generator.light.details': () => <DetailsStep />,
  'v2.generator.light.theme': () => <ThemeStep planFor={lightPlan} />,
  'v2.generator.light.register': () => <RegisterStep flow="light" />,
  'v2.generator.light.confirmCode': () => <ConfirmCodeStep />,
};

export default function LightStepsScreen() {
  const { routeName } = useCurrentRouteHandle();
  const render = STEPS[routeName] ?? STEPS['v2.generator.light.invite'];
  return <>{render?.()}</>;
}
