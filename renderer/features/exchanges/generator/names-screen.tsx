/**
 * /secret-santa-generator/names/ (v2.generator.names): the names entry page. The organizer types a
 * title, the exchange date and rows of names and e-mails (at least three people), and creates the
 * exchange in one call: they speak for the people typed (`participantsConfirmed`), who are in the
 * draw at once and told by e-mail. Visitors make an account first (the classic register step).
 */
import { Stack } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useAppNavigate } from '../../../routes/app-navigate';
import { FormFailure } from '../../../kit/form-parts';
import { serverFieldErrors } from '../../../kit/forms';
import { href } from '../../../routes/route-table';
import { CreateFailure, useCreateExchange } from './create-exchange';
import { readDraft, startDraft, typedPeople, writeDraft } from './draft';
import { useDraftForm } from './draft-form';
import { DraftDateField, OrganizerTakesPartField, TitleField } from './draft-fields';
import { afterCreateHref, namesPlan } from './flow-steps';
import { MIN_DRAW_PEOPLE, PeopleRows, usePeopleRows, withBlankRows } from './people-rows';
import { StepFrame, StepNav, useStep } from './step-frame';

export default function NamesScreen() {
  // A draft of another flow, or one already created, gives way to a new one (before the form reads it).
  useState(() => {
    const draft = readDraft();
    if (draft.flow !== 'names' || draft.created) startDraft('names');
    return null;
  });
  const { draft, signedIn, plan, position } = useStep('details', namesPlan);
  const navigate = useAppNavigate();
  const creator = useCreateExchange();
  const [createError, setCreateError] = useState<unknown>(null);
  const people = usePeopleRows(withBlankRows(draft.people, MIN_DRAW_PEOPLE), {
    needed: MIN_DRAW_PEOPLE,
    onRowsChange: (rows) => writeDraft({ people: rows }),
  });
  // The rows' verdict of this very submit (state would only show it on the next render).
  const problemRef = useRef<string | null>(null);

  const form = useDraftForm(['title', 'exchangeDate', 'organizerParticipates'] as const, async () => {
    if (problemRef.current) return;
    const saved = writeDraft({ people: typedPeople(people.rows) });
    if (!signedIn) {
      writeDraft({ withAccountStep: true });
      await navigate(href('v2.generator.register'));
      return;
    }
    setCreateError(null);
    try {
      const exchangeId = await creator.run(saved);
      await navigate(afterCreateHref(saved, exchangeId));
    } catch (error) {
      setCreateError(error);
      people.showServerErrors(serverFieldErrors(error));
    }
  });

  function submit(event: FormEvent<HTMLFormElement>): void {
    problemRef.current = people.check();
    form.onSubmit(event);
  }

  return (
    <StepFrame
      title="Type everyone's names"
      description="Everyone you type is in the draw: they get an e-mail to say so, and later, who they give to."
      plan={plan}
      position={position}
      testId="generator-names"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TitleField form={form} />
          <DraftDateField form={form} name="exchangeDate" label="Exchange date" required />
          <PeopleRows rows={people.rows} onChange={people.change} errors={people.errors} />
          <OrganizerTakesPartField form={form} />
          <FormFailure message={people.problem} testId="names-failure" />
          <CreateFailure error={createError} draft={draft} />
          <StepNav
            back={position.back}
            nextLabel={signedIn ? 'Create the exchange' : 'Next'}
            busy={form.busy || creator.busy}
          />
        </Stack>
      </form>
    </StepFrame>
  );
}
