/**
 * Rows of people typed by the organizer (a name and an e-mail each), for the names entry page and
 * the light flow's invite step. Each row is checked with the server's ZInvitee (spec §5 messages);
 * an address typed twice is "Listed more than once", as the server says it.
 */
import { Button, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { isPartyGame, PARTY_GAME_MIN_PLAYERS } from '../../../../server/contracts/exchange-values';
import { ZInvitee } from '../../../../server/contracts/exchanges';
import { fieldErrorsFromZod } from '../../../../server/contracts/validation';
import { normalizeEmail } from '../../../../server/contracts/validation-values';
import type { TFieldErrors } from '../../../kit/forms';
import type { TDraftPerson } from './draft';

/** The fewest people a draw can have. */
export const MIN_DRAW_PEOPLE = 3;

/** The fewest people an exchange of this game can draw: a party game's turn order needs two. */
export function minDrawPeople(gameType: string): number {
  return isPartyGame(gameType) ? PARTY_GAME_MIN_PLAYERS : MIN_DRAW_PEOPLE;
}

export const EMPTY_PERSON: TDraftPerson = { name: '', email: '' };

function isBlank(person: TDraftPerson): boolean {
  return !person.name.trim() && !person.email.trim();
}

/** At least `count` rows: the typed ones, then blank ones to fill. */
export function withBlankRows(people: readonly TDraftPerson[], count: number): TDraftPerson[] {
  const typed = people.filter((person) => !isBlank(person));
  return [...typed, ...Array.from({ length: Math.max(0, count - typed.length) }, () => ({ ...EMPTY_PERSON }))];
}

/**
 * Errors per row (`0.email`, `2.name`; blank rows are ignored) and how many people are typed.
 * A row whose e-mail is a server field error (`participants.1.email`) maps with `rowErrorsFrom`.
 */
export function checkPeople(rows: readonly TDraftPerson[]): { errors: TFieldErrors; count: number } {
  const errors: TFieldErrors = {};
  const seen = new Set<string>();
  let count = 0;
  rows.forEach((row, index) => {
    if (isBlank(row)) return;
    count += 1;
    const parsed = ZInvitee.safeParse({ name: row.name, email: row.email });
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrorsFromZod(parsed.error)))
        errors[`${index}.${field}`] ??= message;
      return;
    }
    const email = normalizeEmail(row.email);
    if (seen.has(email)) errors[`${index}.email`] = 'Listed more than once';
    seen.add(email);
  });
  return { errors, count };
}

/** The server's `participants.N.field` errors as row errors (rows are sent without blank ones). */
export function rowErrorsFrom(serverErrors: TFieldErrors, rows: readonly TDraftPerson[]): TFieldErrors {
  const typedIndexes = rows.flatMap((row, index) => (isBlank(row) ? [] : [index]));
  const out: TFieldErrors = {};
  for (const [path, message] of Object.entries(serverErrors)) {
    const match = /^participants\.(\d+)\.(name|email)$/.exec(path);
    const row = match ? typedIndexes[Number(match[1])] : undefined;
    if (match && row !== undefined) out[`${row}.${match[2]}`] = message;
  }
  return out;
}

/** What stops the rows from going on (bad rows, too few people), or null. */
function rowsProblem(
  result: ReturnType<typeof checkPeople>,
  needed: number,
  others: string,
  minimum: number,
): string | null {
  if (Object.keys(result.errors).length > 0) return 'Some rows need fixing: see the messages above.';
  const missing = needed - result.count;
  return missing > 0 ? `A draw needs at least ${minimum} people${others}: add ${missing} more.` : null;
}

/**
 * The rows' state. `check()` before going on marks the bad rows and says what stops the form
 * (`problem`, null when nothing does); after that first check, both follow the typing.
 * `needed`: how many people must be typed; `others`: who else counts (", you included");
 * `minimum`: the draw's fewest people, as the message names it (MIN_DRAW_PEOPLE unless given).
 */
export function usePeopleRows(
  initial: TDraftPerson[],
  options: { needed: number; others?: string; minimum?: number; onRowsChange?: (rows: TDraftPerson[]) => void },
) {
  const { needed, others = '', minimum = MIN_DRAW_PEOPLE, onRowsChange } = options;
  const [rows, setRows] = useState(initial);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);

  function judge(next: TDraftPerson[]): string | null {
    const result = checkPeople(next);
    const found = rowsProblem(result, needed, others, minimum);
    setErrors(result.errors);
    setProblem(found);
    return found;
  }

  return {
    rows,
    errors,
    problem,
    change(next: TDraftPerson[]): void {
      setRows(next);
      onRowsChange?.(next);
      if (attempted) judge(next);
    },
    check(): string | null {
      setAttempted(true);
      return judge(rows);
    },
    /** The server's `participants.N.*` field errors, on their rows. */
    showServerErrors(fieldErrors: TFieldErrors): void {
      setErrors(rowErrorsFrom(fieldErrors, rows));
    },
  };
}

export function PeopleRows({
  rows,
  onChange,
  errors,
  minRows = 1,
}: {
  rows: TDraftPerson[];
  onChange: (rows: TDraftPerson[]) => void;
  errors: TFieldErrors;
  /** Rows below this count cannot be removed (they can be left blank). */
  minRows?: number;
}) {
  const update = (index: number, patch: Partial<TDraftPerson>): void =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Stack gap="sm" data-testid="people-rows">
      {rows.map((row, index) => (
        <Group key={index} align="flex-start" gap="sm" wrap="nowrap" data-testid="person-row">
          <TextInput
            label={`Name of person ${index + 1}`}
            autoComplete="off"
            maxLength={50}
            value={row.name}
            error={errors[`${index}.name`]}
            onChange={(event) => update(index, { name: event.currentTarget.value })}
            style={{ flex: 1 }}
            data-testid="person-name-input"
          />
          <TextInput
            label={`E-mail of person ${index + 1}`}
            type="email"
            autoComplete="off"
            value={row.email}
            error={errors[`${index}.email`]}
            onChange={(event) => update(index, { email: event.currentTarget.value })}
            style={{ flex: 1.3 }}
            data-testid="person-email-input"
          />
          <Button
            variant="subtle"
            color="gray"
            mt={25}
            disabled={rows.length <= minRows}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
            data-testid="person-remove"
          >
            Remove<VisuallyHidden> person {index + 1}</VisuallyHidden>
          </Button>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="light" onClick={() => onChange([...rows, { ...EMPTY_PERSON }])} data-testid="person-add">
          Add a person
        </Button>
        <Text size="sm" c="dimmed">
          Blank rows are left out.
        </Text>
      </Group>
    </Stack>
  );
}
